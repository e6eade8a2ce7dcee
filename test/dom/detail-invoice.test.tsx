// A payment link's invoice and the credit notes of its refunds, in the transactions detail where
// support refunds it (they were reachable only from Payment links → Resend). A sale has none, and
// its detail asks main for none.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { appInfo } from '../support/session';
import type { PaymentView } from '../../contract/methods/payments';
import { paymentDetail, paymentView } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';

const row = (id: string, kind: PaymentView['kind']) =>
  paymentView({ id, kind, orderId: id, transactionId: `tx-${id}`, amountMinor: 11_500, state: 'partially_refunded', capturedMinor: 11_500, refundedMinor: 2_300 });
const all = [row('LINK-1', 'link'), row('SALE-1', 'sale')];
const invoice = {
  id: 'inv-1', number: 'INV-2026-000007', paymentId: 'LINK-1', orderId: 'LINK-1', currency: 'SAR', state: 'issued', pricesIncludeVat: false, language: 'ar-en',
  netMinor: 10_000, vatMinor: 1_500, totalMinor: 11_500, issuedAt: '2026-11-23T10:00:00.000Z', lines: [], breakdown: [], zatcaQr: '',
  creditNotes: [{ id: 'cn-1', number: 'CN-2026-000002', amountMinor: 2_300, vatMinor: 300 }],
};
const main = stubMain({
  searchPayments: () => ({ ok: true, value: unchecked({ total: all.length, rows: all }) }),
  getPayment: ({ paymentId }) => ({ ok: true, value: unchecked(paymentDetail(all.find((p) => p.id === paymentId))) }),
  getInvoice: ({ paymentId }) => ({ ok: true, value: unchecked({ invoice: paymentId === 'LINK-1' ? invoice : null }) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
  invoiceDocument: (target) => ({ ok: true, value: { fileName: 'doc.pdf', pdfBase64: '', pngBase64: btoa(JSON.stringify(target)) } }),
});
const { TransactionsScreen } = await import('../../renderer/src/features/transactions/transactions-screen');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });

beforeEach(() => void (main.calls.length = 0));
afterEach(cleanup);

it('shows a refunded link\'s invoice and credit note in its detail, with their PDFs one click away', async () => {
  render(<TransactionsScreen />);
  fireEvent.click(await screen.findByTestId('tx-row-LINK-1'));
  const panel = await screen.findByTestId('invoice-panel');
  expect(within(panel).getByTestId('invoice-number').textContent).toBe('INV-2026-000007');
  expect(within(panel).getByTestId('credit-note').getAttribute('data-number')).toBe('CN-2026-000002');
  expect(within(panel).getByTestId('credit-note-save')).toBeTruthy();
  expect(within(panel).getByTestId('invoice-save')).toBeTruthy();
});

it('shows a credit note in the app, as the invoice is, to check its amounts and reference without saving a file', async () => {
  // Brought into view as Chromium does it: its scrollIntoView answers a promise (React once took it for the effect's cleanup, and the screen went blank on leaving).
  const scrolled: Array<string | null> = [];
  Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
    scrolled.push(this.getAttribute('alt'));
    return Promise.resolve() as unknown as void;
  };
  render(<TransactionsScreen />);
  fireEvent.click(await screen.findByTestId('tx-row-LINK-1'));
  const panel = await screen.findByTestId('invoice-panel');
  fireEvent.click(within(panel).getByRole('button', { name: 'Show credit note CN-2026-000002' }));
  const preview = await within(panel).findByRole('img', { name: 'Preview of credit note CN-2026-000002' });
  // Drawn in the business's zone (this computer's), which the document prints its issue time in.
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  expect(main.asked('invoiceDocument')).toEqual([{ creditNoteId: 'cn-1', timeZone }]);
  expect(preview.getAttribute('src')).toBe(`data:image/png;base64,${btoa(JSON.stringify({ creditNoteId: 'cn-1', timeZone }))}`);
  fireEvent.click(within(panel).getByRole('button', { name: 'Show the invoice' }));
  expect(await within(panel).findByRole('img', { name: 'Preview of invoice INV-2026-000007' })).toBeTruthy();
  // Scrolled by an effect after the picture is drawn: under load that comes a turn later.
  await waitFor(() => expect(scrolled).toEqual(['Preview of credit note CN-2026-000002', 'Preview of invoice INV-2026-000007']));
  expect(() => cleanup()).not.toThrow();
});

it('shows no invoice for a card sale, and does not ask for one', async () => {
  render(<TransactionsScreen />);
  fireEvent.click(await screen.findByTestId('tx-row-SALE-1'));
  await screen.findByRole('heading', { name: 'SALE-1' });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.queryByTestId('invoice-panel')).toBeNull();
  expect(main.asked('getInvoice').filter((input) => input.paymentId === 'SALE-1')).toEqual([]);
});

it('says in the refund dialog of an invoiced link that a credit note against its invoice is issued, in English and Arabic', async () => {
  const { useLanguage } = await import('../../renderer/src/i18n');
  render(<TransactionsScreen />);
  fireEvent.click(await screen.findByTestId('tx-row-LINK-1'));
  fireEvent.click(await screen.findByTestId('action-refund'));
  const dialog = await screen.findByTestId('action-dialog');
  expect((await within(dialog).findByTestId('credit-note-line')).textContent).toBe('Paydesk issues a credit note against invoice INV-2026-000007 for this refund.');
  act(() => useLanguage.getState().setLanguage('ar'));
  try {
    await waitFor(() => expect(within(dialog).getByTestId('credit-note-line').textContent).toBe('يُصدر بايدسك إشعارًا دائنًا على الفاتورة INV-2026-000007 لهذا الاسترداد.'));
  } finally {
    act(() => useLanguage.getState().setLanguage('en'));
  }
});

it('says nothing of a credit note when refunding a card sale, and asks main for no invoice', async () => {
  render(<TransactionsScreen />);
  fireEvent.click(await screen.findByTestId('tx-row-SALE-1'));
  fireEvent.click(await screen.findByTestId('action-refund'));
  const dialog = await screen.findByTestId('action-dialog');
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(within(dialog).queryByTestId('credit-note-line')).toBeNull();
  expect(main.asked('getInvoice').filter((input) => input.paymentId === 'SALE-1')).toEqual([]);
});

it('copies the invoice number with one press, in English and Arabic: the reference the customer and the accountant quote', async () => {
  const { useLanguage } = await import('../../renderer/src/i18n');
  for (const [language, name, copiedName] of [['en', 'Copy the invoice number', 'Copied the invoice number'], ['ar', 'انسخ رقم الفاتورة', 'تم نسخ رقم الفاتورة']] as const) {
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void copied.push(text) } });
    useLanguage.getState().setLanguage(language);
    render(<TransactionsScreen />);
    fireEvent.click(await screen.findByTestId('tx-row-LINK-1'));
    const panel = await screen.findByTestId('invoice-panel');
    fireEvent.click(within(panel).getByRole('button', { name }));
    await waitFor(() => expect(copied).toEqual(['INV-2026-000007']));
    // A screen reader hears what the button now shows, as beside the payment's ids.
    expect(await within(panel).findByRole('button', { name: copiedName })).toBeTruthy();
    cleanup();
  }
  useLanguage.getState().setLanguage('en');
});
