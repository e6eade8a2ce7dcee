// A payment page the gateway gave on plain http at a host other than this computer (walk32 left it,
// walk34): customers would type card numbers into a page anyone on the way can read. The link exists
// at the gateway, so the ledger keeps it; the screens say what is wrong and what to do, and offer
// nothing to send it with: no address to copy, no QR code, no e-mail or WhatsApp message, no Open.
// A page on https, or on http at this computer (the practice gateway), is offered as before.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { appInfo } from '../support/session';
import type { PaymentView } from '../../contract/methods/payments';
import { paymentDetail, paymentView } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';

const insecure = 'http://pay.gateway.example/p/W34-HTTP';
const customer = { name: 'Sara Al-Harbi', email: 'sara@example.com', phone: '+966500000001' };
const link = (over: Partial<PaymentView> = {}) => paymentView({ id: 'pay-http', kind: 'link', orderId: 'W34-HTTP', amountMinor: 12_500, currency: 'SAR', url: insecure, transactionId: null, capturedMinor: 0, state: 'pending', customer, ...over });
const session = (orderId: string, url: string) => paymentView({ id: orderId, kind: 'checkout', orderId, amountMinor: 7_525, currency: 'SAR', url, transactionId: null, capturedMinor: 0, state: 'pending', description: null, customer });
let shown: PaymentView = link();
const sessions = [session('CO-HTTP', 'http://pay.gateway.example/s?sessionId=1'), session('CO-HTTPS', 'https://pay.gateway.example/s?sessionId=2')];
stubMain({
  getPayment: () => ({ ok: true, value: unchecked(paymentDetail(shown)) }),
  getInvoice: () => ({ ok: true, value: unchecked({ invoice: null }) }),
  searchPayments: () => ({ ok: true, value: unchecked({ total: sessions.length, rows: sessions }) }),
  listCustomers: () => ({ ok: true, value: unchecked({ customers: [] }) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
const { CheckoutScreen } = await import('../../renderer/src/features/get-paid/checkout-screen');
const { SharePanel } = await import('../../renderer/src/features/get-paid/share-panel');
const { linksWording } = await import('../../renderer/src/features/get-paid/bulk-file');
const { useLanguage } = await import('../../renderer/src/i18n');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

const words = {
  en: {
    title: 'Not safe to send: this payment page is not encrypted',
    body: 'The gateway gave the payment page of W34-HTTP on plain http, without encryption: a card number typed there could be read on its way. Paydesk keeps it in the ledger but does not offer it to send. Do not send this address to the customer: ask the gateway’s support for payment pages on https, then make a new one.',
    button: 'Not safe to send', buttonFor: 'Why the payment page of CO-HTTP is not offered to send', copyFor: 'Copy link CO-HTTPS',
    bulk: 'Not offered to send: the gateway gave this payment page on plain http, without encryption. Ask the gateway’s support for payment pages on https.',
  },
  ar: {
    title: 'لا يصلح للإرسال: صفحة الدفع هذه غير مشفّرة',
    body: 'أعطت البوابة صفحة الدفع للطلب W34-HTTP عبر http دون تشفير: رقم البطاقة المكتوب فيها قد يُقرأ في طريقه. يحتفظ بها بايدسك في السجل لكنه لا يعرضها للإرسال. لا ترسل هذا العنوان إلى العميل: اطلب من دعم البوابة صفحات دفع عبر https، ثم أنشئ واحدة جديدة.',
    button: 'لا يصلح للإرسال', buttonFor: 'لماذا لا تُعرض صفحة الدفع للطلب CO-HTTP للإرسال', copyFor: 'نسخ الرابط CO-HTTPS',
    bulk: 'لا يُعرض للإرسال: أعطت البوابة صفحة الدفع هذه عبر http دون تشفير. اطلب من دعم البوابة صفحات دفع عبر https.',
  },
} as const;
/** The text as read, without the isolation marks around values. */
const read = (element: Element) => element.textContent!.replace(/[\u2066-\u2069]/g, '');

/** Nothing in `box` sends the page: no address field, copy, QR code, message or Open. */
function offersNothing(box: HTMLElement) {
  for (const id of ['share-url', 'share-copy', 'share-email', 'share-whatsapp', 'share-open', 'detail-copy', 'detail-resend', 'row-copy', 'row-resend']) expect(within(box).queryByTestId(id), id).toBeNull();
  expect(box.querySelector('svg, canvas, img'), 'a QR code').toBeNull();
  expect(box.querySelector(`a[href*="pay.gateway.example"]`)).toBeNull();
}

describe.each(['en', 'ar'] as const)('a payment page on plain http (%s)', (language) => {
  const said = words[language];

  it('a link\'s result says what is wrong and what to do, with the address for the gateway\'s support, and offers nothing to send', () => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<SharePanel item={{ url: insecure, orderId: 'W34-HTTP', amountMinor: 12_500, currency: 'SAR', description: 'Order', customer }} />);
    const panel = screen.getByTestId('share-panel');
    expect(read(panel.querySelector('.gp-insecure-title')!)).toBe(said.title);
    expect(read(panel)).toContain(said.body);
    expect(within(panel).getByTestId('insecure-url').textContent).toBe(insecure);
    // The order id a left-to-right run of its own in the sentence, as main's reasons isolate an orderId.
    expect(read(panel.querySelectorAll('p')[1]!.querySelector('bdi')!)).toBe('W34-HTTP');
    offersNothing(panel);
  });

  it('the link\'s detail says it at once, in place of Copy link and Resend link', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    shown = link();
    render(<PaymentDetailPanel paymentId="pay-http" onClose={() => undefined} />);
    const offer = await screen.findByTestId('detail-share-offer');
    expect(read(within(offer).getByTestId('detail-insecure-page'))).toContain(said.body);
    offersNothing(offer);
  });

  it('a recent session\'s row offers "Not safe to send", which opens why under it; an https session beside is offered as before', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<CheckoutScreen />);
    const row = (orderId: string) => document.querySelector<HTMLElement>(`[data-testid="session-row"][data-order-id="${orderId}"]`)!;
    await waitFor(() => expect(row('CO-HTTP')).toBeTruthy());
    const why = within(row('CO-HTTP')).getByRole('button', { name: said.buttonFor });
    expect(why.textContent).toBe(said.button);
    offersNothing(row('CO-HTTP'));
    fireEvent.click(why);
    expect(why.getAttribute('aria-expanded')).toBe('true');
    expect(read(within(row('CO-HTTP')).getByTestId('row-share').querySelector('.gp-insecure-title')!)).toBe(said.title);
    offersNothing(row('CO-HTTP'));
    expect(within(row('CO-HTTPS')).getByRole('button', { name: said.copyFor })).toBeTruthy();
  });

  it('a bulk batch\'s links file says why in the message, not a message with the page', () => {
    const made = [{ line: 2, orderId: 'W34-HTTP', amountMinor: 12_500, currency: 'SAR', description: 'Order', customer, state: 'pending', url: insecure, invoiceNumber: null }];
    expect(linksWording(language, made)['2']!.message).toBe(said.bulk);
  });
});
