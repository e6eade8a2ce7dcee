// The payment request a customer gets from the share panel (e-mail and WhatsApp), in Arabic: the
// order id, the invoice number and the amount isolated left to right, as the receipt's are. Without
// the isolates a mail or WhatsApp client reorders a Latin order id inside the Arabic sentence
// ("PD-20261129-AB12" read "AB12-20261129-PD").
import { afterEach, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { SharePanel } from '../../renderer/src/features/get-paid/share-panel';
import type { Shareable } from '../../renderer/src/features/get-paid/share-messages';

const LRI = '\u2066';
const PDI = '\u2069';
const link: Shareable = { url: 'https://pay.example/l/1', orderId: 'PD-20261129-AB12', amountMinor: 15_000, currency: 'SAR', description: null, customer: { name: 'Sara', email: 'sara@example.com', phone: '+966 50 123 4567' } };
afterEach(cleanup);

/** The panel's messages in Arabic, as its e-mail and WhatsApp addresses carry them (Intl's no-break space and right-to-left marks made plain). */
function arabicMessages(item: Shareable) {
  render(<SharePanel item={item} />);
  fireEvent.change(screen.getByTestId('share-language'), { target: { value: 'ar' } });
  const plain = (text: string | null) => text?.replace(/\u00a0/g, ' ').replace(/[\u200e\u200f]/g, '');
  const mail = new URL(screen.getByTestId('share-email').getAttribute('href')!);
  const whatsapp = new URL(screen.getByTestId('share-whatsapp').getAttribute('href')!);
  return { subject: plain(mail.searchParams.get('subject')), body: plain(mail.searchParams.get('body')), whatsapp: plain(whatsapp.searchParams.get('text')) };
}

it('isolates the order id and the amount of an Arabic payment request; the address stays bare, to be a link', () => {
  const sent = arabicMessages(link);
  expect(sent.subject).toBe(`طلب دفع ${LRI}PD-20261129-AB12${PDI}`);
  // No description (a checkout session has none): the order id is named once, as the reference.
  const body = `مرحبًا Sara، يرجى دفع ${LRI}150.00 SAR${PDI} (المرجع ${LRI}PD-20261129-AB12${PDI}) عبر الرابط: https://pay.example/l/1`;
  expect(sent.body).toBe(body);
  expect(sent.whatsapp).toBe(body);
});

it('isolates an invoiced link\'s invoice number and order id', () => {
  const sent = arabicMessages({ ...link, description: 'بلاط', invoiceNumber: 'INV-000007' });
  expect(sent.subject).toBe(`الفاتورة ${LRI}INV-000007${PDI} (${LRI}PD-20261129-AB12${PDI})`);
  expect(sent.body).toBe(`مرحبًا Sara، يرجى دفع الفاتورة ${LRI}INV-000007${PDI} بمبلغ ${LRI}150.00 SAR${PDI} (بلاط) عبر الرابط: https://pay.example/l/1`);
});

it('leaves the English request without marks', () => {
  render(<SharePanel item={link} />);
  const mail = new URL(screen.getByTestId('share-email').getAttribute('href')!);
  expect(mail.searchParams.get('subject')).toBe('Payment request PD-20261129-AB12');
  expect(mail.searchParams.get('body')).toBe('Hello Sara, please pay SAR\u00a0150.00 (ref. PD-20261129-AB12) here: https://pay.example/l/1');
});

// A checkout session has no description, and its request said "please pay KWD 12.500 for
// PD-… (ref. PD-…)": the order id twice (walkthrough 2026-11-29). A link's description stays.
it.each([
  ['en', 'Hello, please pay KWD 12.500 (ref. PD-20261129-ZEPEZNR2) here: https://pay.example/c/1', 'Hello Sara, please pay SAR 150.00 for Tiles (ref. PD-20261129-AB12) here: https://pay.example/l/1'],
  ['ar', `مرحبًا، يرجى دفع ${LRI}12.500 KWD${PDI} (المرجع ${LRI}PD-20261129-ZEPEZNR2${PDI}) عبر الرابط: https://pay.example/c/1`, `مرحبًا Sara، يرجى دفع ${LRI}150.00 SAR${PDI} مقابل Tiles (المرجع ${LRI}PD-20261129-AB12${PDI}) عبر الرابط: https://pay.example/l/1`],
] as const)('in %s names a session\'s order id once, and a link\'s description', (language, sessionBody, linkBody) => {
  const body = (item: Shareable) => {
    render(<SharePanel item={item} />);
    fireEvent.change(screen.getByTestId('share-language'), { target: { value: language } });
    const text = new URL(screen.getByTestId('share-email').getAttribute('href')!).searchParams.get('body')!.replace(/\u00a0/g, ' ').replace(/[\u200e\u200f]/g, '');
    cleanup();
    return text;
  };
  expect(body({ ...link, url: 'https://pay.example/c/1', orderId: 'PD-20261129-ZEPEZNR2', amountMinor: 12_500, currency: 'KWD', customer: { ...link.customer, name: null } })).toBe(sessionBody);
  expect(body({ ...link, description: 'Tiles' })).toBe(linkBody);
});
