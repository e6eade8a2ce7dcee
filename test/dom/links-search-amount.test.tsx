// Payment links walked as staff and finance (2026-11-29): "the link for 125.50" typed in Search links
// found nothing ("0 links"): the search looked in order references, names, e-mails and phones only,
// and main's amount filter needs a currency. Now an amount finds the links of that amount in each
// currency the list has shown (and the profile's), as written in that currency: 12.345 is a KWD
// amount and no SAR one, Arabic-Indic digits read as the forms read them. main is a stub that applies
// the filter as the ledger does (exact amount in minor units, in its currency; text in ids and names).
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { appInfo } from '../support/session';
import { paymentView } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';
import { parseAmount, type CurrencyCode } from '../../contract/money';
import type { PaymentFilter, PaymentView } from '../../contract/methods/payments';

const link = (orderId: string, amountMinor: number, currency: string, name: string, createdAt: string) =>
  paymentView({ id: orderId, kind: 'link', orderId, amountMinor, currency, customer: { name, email: null, phone: null }, state: 'pending', capturedMinor: 0, url: `http://127.0.0.1:9/link?linkId=${orderId}`, createdAt });
const links: PaymentView[] = [
  link('INV-1013', 33_250, 'KWD', 'Yousef Al Kandari', '2026-11-29T10:05:00Z'),
  link('INV-1007', 12_550, 'SAR', 'Noura Saleh', '2026-11-29T10:04:00Z'),
  link('INV-1006', 125_000, 'AED', 'Sara Al Mansouri', '2026-11-29T10:03:00Z'),
  link('INV-1002', 12_345, 'KWD', 'فاطمة الزهراء العنزي', '2026-11-29T10:02:00Z'),
  link('INV-1001', 12_550, 'SAR', 'Layla Haddad', '2026-11-29T10:01:00Z'),
];
const matches = (p: PaymentView, f: PaymentFilter) => {
  if (f.query && !p.orderId.includes(f.query) && !(p.customer.name ?? '').includes(f.query)) return false;
  if (f.currency && p.currency !== f.currency) return false;
  const exact = (text: string | undefined) => text === undefined || (parseAmount(text, f.currency as CurrencyCode) as { minor: number }).minor === p.amountMinor;
  return exact(f.minAmount) && exact(f.maxAmount);
};
stubMain({
  listPaymentLinks: () => ({ ok: true, value: unchecked({ total: links.length, rows: links }) }),
  searchPayments: (input) => {
    if ((input.filter?.minAmount || input.filter?.maxAmount) && !input.filter.currency) return { ok: false, error: { code: 'invalid_input', message: 'An amount needs its currency.' } };
    const rows = links.filter((p) => matches(p, input.filter ?? {}));
    return { ok: true, value: unchecked({ total: rows.length, rows }) };
  },
  invoiceNumbers: () => ({ ok: true, value: {} }),
});
const { LinksList } = await import('../../renderer/src/features/get-paid/links-list');
const { useLanguage } = await import('../../renderer/src/i18n');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null), profile: { defaultCurrency: 'SAR' } as never });

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

const shown = () => [...document.querySelectorAll<HTMLElement>('[data-testid="link-row"]')].map((r) => r.dataset.orderId);
async function search(text: string, label = 'Search links') {
  fireEvent.change(screen.getByLabelText(label), { target: { value: '' } }); // kept from the test before
  await waitFor(() => expect(shown()).toHaveLength(links.length)); // the whole list first: its currencies seen
  fireEvent.change(screen.getByLabelText(label), { target: { value: text } });
}

describe('Search links by amount', () => {
  it('finds the links of 125.50 in every currency it can be, newest first', async () => {
    render(<LinksList />);
    await search('125.50');
    await waitFor(() => expect(shown()).toEqual(['INV-1007', 'INV-1001']));
    expect(screen.getByTestId('links-count').textContent).toBe('2 links');
  });

  it('finds a KWD amount by its three decimals, and no SAR link for it', async () => {
    render(<LinksList />);
    await search('12.345');
    await waitFor(() => expect(shown()).toEqual(['INV-1002']));
  });

  it('reads an amount typed in Arabic-Indic digits on the Arabic screen, and still searches names', async () => {
    act(() => useLanguage.getState().setLanguage('ar'));
    render(<LinksList />);
    await search('١٬٢٥٠', 'البحث في الروابط');
    await waitFor(() => expect(shown()).toEqual(['INV-1006']));
    fireEvent.change(screen.getByLabelText('البحث في الروابط'), { target: { value: 'فاطمة' } });
    await waitFor(() => expect(shown()).toEqual(['INV-1002']));
    expect(screen.getByText('مرجع الطلب أو اسم العميل أو بريده أو هاتفه أو المبلغ.')).toBeTruthy();
  });
});
