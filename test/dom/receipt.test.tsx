// "Send a receipt" on a payment that took money, and "Send a refund confirmation" once Paydesk
// refunded some of it: the message the customer gets, in English and Arabic whatever the UI's
// language (amounts from minor units, KWD's three decimals, Latin digits, the order id left to
// right in Arabic), the invoice named by its number, of the card its last four digits only, and
// the e-mail and WhatsApp addresses it leaves by. Before, only the payment address could be sent.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { appInfo } from '../support/session';
import { paymentDetail, paymentView } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';

const customer = { name: 'Sara Al-Harbi', email: 'sara@example.com', phone: '+966 50 123 4567' };
const paidLink = paymentView({ id: 'LINK-PAID', kind: 'link', orderId: 'PD-1001', amountMinor: 15_000, capturedMinor: 15_000, description: 'Tiles', customer, url: 'http://127.0.0.1:9/link?linkId=lnk_1' });
const kwdSale = paymentView({ id: 'SALE-KWD', orderId: 'PD-2002', amountMinor: 12_345, capturedMinor: 12_345, currency: 'KWD', cardMasked: '512345******0008', customer: { name: null, email: 'buyer@example.com', phone: null } });
const partlyRefunded = paymentView({ id: 'SALE-REF', orderId: 'PD-3003', amountMinor: 15_000, capturedMinor: 15_000, refundedMinor: 5_000, state: 'partially_refunded', cardMasked: '411111******1111', customer });
const unpaidLink = paymentView({ id: 'LINK-OPEN', kind: 'link', orderId: 'PD-4004', state: 'pending', capturedMinor: 0, customer, url: 'http://127.0.0.1:9/link?linkId=lnk_2' });
const refundedElsewhere = paymentView({ id: 'SALE-ELSEWHERE', orderId: 'PD-5005', state: 'refunded', refundedMinor: 0, cardMasked: '411111******1111' });
// Refunded twice (5.000 then 3.000 KWD; a third refund the gateway declined), and refunded in full
// by the gateway's answer after Paydesk's 50.00 (the rest was refunded at its dashboard).
const twiceRefunded = paymentView({ id: 'SALE-TWICE', orderId: 'PD-6006', amountMinor: 10_000, capturedMinor: 10_000, refundedMinor: 8_000, currency: 'KWD', state: 'partially_refunded', cardMasked: '512345******0008', customer: { name: null, email: 'buyer@example.com', phone: null } });
const refundedAtGateway = paymentView({ id: 'SALE-GW', orderId: 'PD-7007', amountMinor: 20_000, capturedMinor: 20_000, refundedMinor: 20_000, state: 'refunded', cardMasked: '411111******1111', customer });
const refundedLink = paymentView({ id: 'LINK-TWICE', kind: 'link', orderId: 'PD-8008', amountMinor: 30_000, capturedMinor: 30_000, refundedMinor: 12_500, state: 'partially_refunded', customer, url: 'http://127.0.0.1:9/link?linkId=lnk_3' });
const refund = (amountMinor: number, outcome = 'succeeded') => ({ id: `op-${amountMinor}`, kind: 'refund', amountMinor, reason: 'Returned', osUser: 'root', outcome, errorCode: null, errorMessage: null, gatewayAnswer: null, createdAt: '2026-11-29T09:00:00.000Z', completedAt: '2026-11-29T09:00:01.000Z', settledBy: null, settledReason: null });
const operationsOf: Record<string, unknown[]> = {
  'SALE-REF': [refund(5_000)],
  'SALE-TWICE': [refund(5_000), refund(3_000), refund(1_000, 'failed')],
  'SALE-GW': [refund(5_000)],
  'LINK-TWICE': [refund(10_000), refund(2_500)],
};
const all = [paidLink, kwdSale, partlyRefunded, unpaidLink, refundedElsewhere, twiceRefunded, refundedAtGateway, refundedLink];
const paidSession = paymentView({ id: 'CO-PAID', kind: 'checkout', orderId: 'CO-1001', amountMinor: 7_500, capturedMinor: 7_500, cardMasked: '411111******1111', customer, url: 'http://127.0.0.1:9/checkout?sessionId=cs_1' });
const openSession = paymentView({ id: 'CO-OPEN', kind: 'checkout', orderId: 'CO-1002', state: 'pending', capturedMinor: 0, customer, url: 'http://127.0.0.1:9/checkout?sessionId=cs_2' });

const main = stubMain({
  searchPayments: (input) => {
    const rows = input.filter?.kinds?.[0] === 'checkout' ? [paidSession, openSession] : all; // Recent checkout sessions, or Transactions
    return { ok: true, value: unchecked({ total: rows.length, rows }) };
  },
  listPaymentLinks: () => ({ ok: true, value: unchecked({ total: 3, rows: [paidLink, unpaidLink, refundedLink] }) }),
  getPayment: ({ paymentId }) => ({ ok: true, value: unchecked({ ...paymentDetail(all.find((p) => p.id === paymentId)), operations: operationsOf[paymentId] ?? [] }) }),
  getInvoice: () => ({ ok: true, value: unchecked({ invoice: null }) }),
  invoiceNumbers: ({ paymentIds }) => ({ ok: true, value: Object.fromEntries(paymentIds.filter((id) => id === 'LINK-PAID').map((id) => [id, 'INV-000007'])) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { TransactionsScreen } = await import('../../renderer/src/features/transactions/transactions-screen');
const { LinksList } = await import('../../renderer/src/features/get-paid/links-list');
const { CheckoutScreen } = await import('../../renderer/src/features/get-paid/checkout-screen');
const { useLanguage } = await import('../../renderer/src/i18n');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });

const LRI = '\u2066';
const PDI = '\u2069';
beforeEach(() => void (main.calls.length = 0));
afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

/** Opens the payment's detail (its row is named by its order id), presses its receipt button, and gives the panel. */
async function receiptOf(orderId: string, button: string) {
  render(<TransactionsScreen />);
  fireEvent.click(await screen.findByTestId(`tx-row-${orderId}`));
  fireEvent.click(await screen.findByRole('button', { name: button }));
  const panel = await screen.findByTestId('receipt-panel');
  await within(panel).findByTestId('receipt-text');
  return panel;
}
/** The message as a person reads it: Intl's no-break space and, in Arabic, its right-to-left marks inside an amount made plain. */
const plain = (value: string | null | undefined) => value?.replace(/\u00a0/g, ' ').replace(/[\u200e\u200f]/g, '');
const text = (panel: HTMLElement) => plain(within(panel).getByTestId('receipt-text').textContent);
const sent = plain;
const inArabic = (panel: HTMLElement) => fireEvent.change(within(panel).getByTestId('receipt-language'), { target: { value: 'ar' } });
const mail = (panel: HTMLElement) => new URL(within(panel).getByTestId('receipt-email').getAttribute('href')!);

describe('a receipt for a payment that took money', () => {
  it('names a paid link\'s amount, order and invoice number, and leaves by e-mail and WhatsApp', async () => {
    const panel = await receiptOf('PD-1001', 'Send a receipt');
    expect(text(panel)).toBe('Hello Sara Al-Harbi, we have received your payment of SAR 150.00 for invoice INV-000007 (order PD-1001). Thank you.');
    const email = mail(panel);
    expect(email.protocol + email.pathname).toBe('mailto:sara%40example.com');
    expect(email.searchParams.get('subject')).toBe('Payment received: invoice INV-000007 (PD-1001)');
    expect(sent(email.searchParams.get('body'))).toBe(text(panel));
    const whatsapp = new URL(within(panel).getByTestId('receipt-whatsapp').getAttribute('href')!);
    expect(whatsapp.origin + whatsapp.pathname).toBe('https://wa.me/966501234567');
    expect(sent(whatsapp.searchParams.get('text'))).toBe(text(panel));

    inArabic(panel);
    expect(text(panel)).toBe(`مرحبًا Sara Al-Harbi، استلمنا دفعتك بمبلغ ${LRI}150.00 SAR${PDI} عن الفاتورة ${LRI}INV-000007${PDI} (الطلب ${LRI}PD-1001${PDI}). شكرًا لك.`);
    expect(plain(mail(panel).searchParams.get('subject'))).toBe(`تم استلام الدفعة: الفاتورة ${LRI}INV-000007${PDI} (${LRI}PD-1001${PDI})`);
    expect(screen.getByTestId('receipt-toggle').textContent).toBe('Send a receipt'); // the message's language, not the screen's
  });

  it('words a KWD card sale with its three decimals and the card\'s last four digits only', async () => {
    const panel = await receiptOf('PD-2002', 'Send a receipt');
    expect(text(panel)).toBe('Hello, we have received your payment of KWD 12.345 for order PD-2002, made with the card ending 0008. Thank you.');
    expect(mail(panel).searchParams.get('subject')).toBe('Payment received: order PD-2002');
    expect(within(panel).queryByTestId('receipt-whatsapp')).toBeNull(); // no phone to send it to
    inArabic(panel);
    expect(text(panel)).toBe(`مرحبًا، استلمنا دفعتك بمبلغ ${LRI}12.345 KWD${PDI} عن الطلب ${LRI}PD-2002${PDI}، بالبطاقة المنتهية بـ ${LRI}0008${PDI}. شكرًا لك.`);
    for (const href of [mail(panel).href, decodeURIComponent(mail(panel).href)]) expect(href).not.toContain('512345');
    // No invoice to name: a sale has none, and main is not asked.
    expect(main.asked('invoiceNumbers')).toEqual([]);
  });

  it('confirms the refund of a partly refunded payment, with what stays paid', async () => {
    const panel = await receiptOf('PD-3003', 'Send a refund confirmation');
    expect(text(panel)).toBe('Hello Sara Al-Harbi, a refund of SAR 50.00 for order PD-3003 has been sent to your card ending 1111. The remaining SAR 100.00 stays paid. Your bank may take a few days to show it.');
    expect(mail(panel).searchParams.get('subject')).toBe('Refund for order PD-3003');
    inArabic(panel);
    expect(text(panel)).toBe(`مرحبًا Sara Al-Harbi، أُرسل استرداد بمبلغ ${LRI}50.00 SAR${PDI} عن الطلب ${LRI}PD-3003${PDI} إلى بطاقتك المنتهية بـ ${LRI}1111${PDI}. ويبقى ${LRI}100.00 SAR${PDI} من دفعتك مدفوعًا. قد يستغرق ظهوره لدى بنكك بضعة أيام.`);
    expect(plain(mail(panel).searchParams.get('subject'))).toBe(`استرداد الطلب ${LRI}PD-3003${PDI}`);
  });

  it('names the refund just made, after an earlier one, with the total refunded of the payment, in KWD\'s three decimals', async () => {
    const panel = await receiptOf('PD-6006', 'Send a refund confirmation');
    // It said "a refund of KWD 8.000" (the whole refunded total) when 3.000 went back today.
    expect(text(panel)).toBe('Hello, a refund of KWD 3.000 of your payment of KWD 10.000 for order PD-6006 has been sent to your card ending 0008. In all, KWD 8.000 has been refunded. The remaining KWD 2.000 stays paid. Your bank may take a few days to show it.');
    expect(within(panel).queryByTestId('receipt-total-only')).toBeNull();
    inArabic(panel);
    expect(text(panel)).toBe(`مرحبًا، أُرسل استرداد بمبلغ ${LRI}3.000 KWD${PDI} من دفعتك البالغة ${LRI}10.000 KWD${PDI} عن الطلب ${LRI}PD-6006${PDI} إلى بطاقتك المنتهية بـ ${LRI}0008${PDI}. وبذلك يبلغ مجموع ما استُرد ${LRI}8.000 KWD${PDI}. ويبقى ${LRI}2.000 KWD${PDI} من دفعتك مدفوعًا. قد يستغرق ظهوره لدى بنكك بضعة أيام.`);
    expect(sent(mail(panel).searchParams.get('body'))).toBe(text(panel));
  });

  it('names the total refunded, as a total, and tells the agent why, when the latest refund\'s amount is not known', async () => {
    const panel = await receiptOf('PD-7007', 'Send a refund confirmation');
    expect(text(panel)).toBe('Hello Sara Al-Harbi, a total of SAR 200.00 of your payment of SAR 200.00 for order PD-7007 has been refunded to your card ending 1111. Your bank may take a few days to show it.');
    expect(within(panel).getByTestId('receipt-total-only').textContent).toBe('Paydesk does not know the amount of the latest refund (one made outside Paydesk, at the gateway), so the message names the total refunded.');
    inArabic(panel);
    expect(text(panel)).toBe(`مرحبًا Sara Al-Harbi، استُرد ما مجموعه ${LRI}200.00 SAR${PDI} من دفعتك البالغة ${LRI}200.00 SAR${PDI} عن الطلب ${LRI}PD-7007${PDI} إلى بطاقتك المنتهية بـ ${LRI}1111${PDI}. قد يستغرق ظهوره لدى بنكك بضعة أيام.`);
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(within(panel).getByTestId('receipt-total-only').textContent).toBe('لا يعرف بايدسك مبلغ آخر استرداد (استرداد أُجري خارج بايدسك، لدى البوابة)، لذا تذكر الرسالة مجموع ما استُرد.');
  });

  it('is offered in the Arabic screen with the message in Arabic first', async () => {
    act(() => useLanguage.getState().setLanguage('ar'));
    const panel = await receiptOf('PD-3003', 'إرسال تأكيد الاسترداد');
    expect(text(panel)).toMatch(/^مرحبًا Sara Al-Harbi، أُرسل استرداد بمبلغ/);
  });

  it('is not offered for an unpaid link, nor for a refund whose amount Paydesk does not know', async () => {
    render(<TransactionsScreen />);
    for (const orderId of ['PD-4004', 'PD-5005']) {
      fireEvent.click(await screen.findByTestId(`tx-row-${orderId}`));
      await screen.findByRole('heading', { name: orderId });
      expect(screen.queryByTestId('receipt-toggle')).toBeNull();
    }
  });
});

describe('the links list', () => {
  it('offers a paid row its receipt, named with its order id, and an unpaid row none', async () => {
    render(<LinksList />);
    const row = (orderId: string) => document.querySelector<HTMLElement>(`[data-testid="link-row"][data-order-id="${orderId}"]`)!;
    await waitFor(() => expect(row('PD-1001')).toBeTruthy());
    expect(within(row('PD-4004')).queryByTestId('row-receipt')).toBeNull();
    fireEvent.click(within(row('PD-1001')).getByRole('button', { name: 'Send a receipt for PD-1001' }));
    const panel = await screen.findByTestId('row-receipt-panel');
    await waitFor(() => expect(text(panel)).toBe('Hello Sara Al-Harbi, we have received your payment of SAR 150.00 for invoice INV-000007 (order PD-1001). Thank you.'));
  });

  it('names a refunded row\'s latest refund, its operations asked when the panel opens', async () => {
    render(<LinksList />);
    const row = () => document.querySelector<HTMLElement>('[data-testid="link-row"][data-order-id="PD-8008"]')!;
    await waitFor(() => expect(row()).toBeTruthy());
    fireEvent.click(within(row()).getByRole('button', { name: 'Send a refund confirmation for PD-8008' }));
    const panel = await screen.findByTestId('row-receipt-panel');
    await waitFor(() => expect(text(panel)).toBe('Hello Sara Al-Harbi, a refund of SAR 25.00 of your payment of SAR 300.00 for order PD-8008 has been sent to your card. In all, SAR 125.00 has been refunded. The remaining SAR 175.00 stays paid. Your bank may take a few days to show it.'));
    expect(main.asked('getPayment')).toEqual([{ paymentId: 'LINK-TWICE' }]);
  });
});

describe('the recent checkout sessions', () => {
  it('offers a paid session its receipt, named with its order id, as a paid link\'s row does, and an unpaid one none', async () => {
    render(<CheckoutScreen />);
    const row = (orderId: string) => document.querySelector<HTMLElement>(`[data-testid="session-row"][data-order-id="${orderId}"]`)!;
    await waitFor(() => expect(row('CO-1001')).toBeTruthy());
    expect(within(row('CO-1002')).queryByTestId('row-receipt')).toBeNull();
    const button = within(row('CO-1001')).getByRole('button', { name: 'Send a receipt for CO-1001' });
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const panel = await within(row('CO-1001')).findByTestId('row-receipt-panel');
    await waitFor(() => expect(text(panel)).toBe('Hello Sara Al-Harbi, we have received your payment of SAR 75.00 for order CO-1001, made with the card ending 1111. Thank you.'));
    expect(mail(panel).searchParams.get('subject')).toBe('Payment received: order CO-1001');
    fireEvent.click(button); // pressed again, the panel goes
    expect(within(row('CO-1001')).queryByTestId('row-receipt-panel')).toBeNull();
  });
});
