// A result shown on Home, in a payment's detail, in the transactions list, in the audit log and on
// the getting-paid forms follows a change of language made after it came (the header's language
// picker): it is kept as what it says (keys and values, an amount as minor units, main's error) and
// worded at each draw. Before, the line stayed in the language it was shown in ("Refunded SAR
// 57.50." beside an Arabic screen). The amount stays exact and left to right in Arabic. main is a
// stub here; its errors are worded by the page's api as in the app.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ErrorCode } from '../../contract/result';
import { appInfo, practiceProfile } from '../support/session';
import { cardSale, paymentDetail } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';

const sale = cardSale();
let payment: Record<string, unknown> = sale;
const refusal = (code: ErrorCode, key?: string, values?: Record<string, string>) => ({ ok: false as const, error: { code, message: `English words of ${key ?? code}`, ...(key ? { reason: { key, values } } : {}) } });
const auditReason = { key: 'teamLedger.auditReadRefused', values: { person: 'leaver' } };
let settlementAnswers: Array<'refuse' | 'rows'> = [];
const exportsAsked: Array<Record<string, unknown>> = [];

const main = stubMain({
  // Home
  getOverview: (input) => ({ ok: true, value: unchecked({ periods: (input.periods ?? []).map((p) => ({ ...p, totals: [] })), days: [], byBrand: [], byKind: [], unpaidLinks: [], needsAttention: 0 }) }),
  exportSettlement: () => (settlementAnswers.shift() === 'refuse' ? refusal('network') : { ok: true, value: { fileName: 'settlement.csv', csv: 'date\r\n', rows: 2 } }),
  // A payment's detail
  getPayment: () => ({ ok: true, value: unchecked(paymentDetail(payment)) }),
  refundPayment: () => {
    payment = { ...sale, state: 'partially_refunded', refundedMinor: 5_750 };
    return { ok: true, value: unchecked(payment) };
  },
  checkPaymentStatus: () => ({ ok: true, value: unchecked(payment) }),
  // The audit log and the transactions list
  listProfiles: () => ({ ok: true, value: unchecked({ profiles: [], activeId: 'practice' }) }),
  listAuditLog: () => ({ ok: true, value: { total: 0, totalExact: true, chainIntact: true, chain: { intact: true, checkedThrough: 0, last: 0 }, rows: [] } }),
  verifyAuditChain: () => refusal('forbidden', auditReason.key, auditReason.values),
  exportToFile: (input) => {
    exportsAsked.push(input);
    // The file is written before main answers: its end arrives first (export-csv.ts keeps it).
    main.tell({ type: 'export.progress', exportId: input.kind, rows: 3, total: 3, done: true });
    return { ok: true, value: { exportId: input.kind, fileName: `${input.kind}.csv`, path: `/home/layla/${input.kind}.csv` } };
  },
  searchPayments: () => ({ ok: true, value: { total: 0, rows: [] } }),
  lookupPayment: () => refusal('not_found'),
  // Getting paid
  getActiveProfile: () => ({ ok: true, value: practiceProfile() }),
  listPaymentLinks: () => ({ ok: true, value: { total: 0, rows: [] } }),
  createPaymentLink: () => ({
    ok: false, error: {
      code: 'conflict', message: 'Order PD-7 already exists in the ledger.', reason: { key: 'rule.orderExists', values: { orderId: 'PD-7' } },
      fields: { orderId: 'This order reference is already used.' }, fieldReasons: { orderId: { key: 'rule.orderIdUsed' } },
    },
  }),
});
const { OverviewSection } = await import('../../renderer/src/features/overview/overview-section');
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
const { AuditScreen } = await import('../../renderer/src/features/transactions/audit-screen');
const { TransactionsScreen } = await import('../../renderer/src/features/transactions/transactions-screen');
const { LinksScreen } = await import('../../renderer/src/features/get-paid/links-screen');
const { useLanguage, translate, wordReason } = await import('../../renderer/src/i18n');
const { formatAmount } = await import('../../renderer/src/i18n/format');
const { useSession } = await import('../../renderer/src/app/session-store');
const speak = (language: 'en' | 'ar') => act(() => useLanguage.getState().setLanguage(language));
const text = (testId: string) => screen.getByTestId(testId).textContent;

beforeAll(() => {
  // The settlement's CSV is saved through a download link; jsdom has no object URLs.
  URL.createObjectURL = () => 'blob:settlement';
  URL.revokeObjectURL = () => undefined;
  HTMLAnchorElement.prototype.click = () => undefined;
  useSession.setState({ info: appInfo(null), profile: practiceProfile() });
});
afterEach(() => {
  cleanup();
  speak('en');
  payment = sale;
});

describe('results after a change of language', () => {
  it('Home: the settlement export’s outcome and main’s refusal', async () => {
    settlementAnswers = ['rows', 'refuse'];
    render(<OverviewSection profileId="practice" />);
    fireEvent.click(await screen.findByTestId('ov-export'));
    await waitFor(() => expect(text('ov-exported')).toBe('2 lines exported.'));
    speak('ar');
    expect(text('ov-exported')).toBe('صُدّر سطران.');

    fireEvent.click(screen.getByTestId('ov-export'));
    await waitFor(() => expect(text('ov-exported')).toBe(translate('ar', 'error.code.network')));
    speak('en');
    expect(text('ov-exported')).toBe('Could not reach the gateway. Nothing was sent.');
  });

  it('a payment’s detail: a refund’s amount, exact and left to right, and a status check', async () => {
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    fireEvent.click(await screen.findByTestId('action-refund'));
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '57.50' } });
    fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: 'Returned' } });
    fireEvent.submit(screen.getByTestId('action-send').closest('form')!);
    await waitFor(() => expect(text('detail-notice')).toBe('Refunded SAR\u00a057.50.'));
    speak('ar');
    const arabic = formatAmount(5_750, 'SAR', 'ar');
    expect(text('detail-notice')).toBe(translate('ar', 'action.done.refund', { amount: arabic }));
    // The amount exact, isolated left to right, one full stop after its own.
    expect(text('detail-notice')).toBe('تم استرداد \u2066\u200f57.50\u00a0SAR\u2069.');

    fireEvent.click(screen.getByTestId('action-status'));
    await waitFor(() => expect(text('detail-notice')).toBe(`فُحصت الحالة: ${translate('ar', 'state.partially_refunded')}.`));
    speak('en');
    expect(text('detail-notice')).toBe('Status checked: Partly refunded.');
  });

  it('the audit log: the export’s file and a refused check of the chain', async () => {
    render(<AuditScreen />);
    await waitFor(() => expect(main.listeners.size).toBeGreaterThan(0));
    fireEvent.click(screen.getByTestId('audit-export'));
    await waitFor(() => expect(text('audit-message')).toBe('Saved 3 entries to \u2066/home/layla/audit.csv\u2069.'));
    speak('ar');
    expect(text('audit-message')).toBe('حُفظت 3 قيود في \u2066/home/layla/audit.csv\u2069.');

    fireEvent.click(screen.getByTestId('audit-verify'));
    await waitFor(() => expect(text('audit-message')).toBe(wordReason('ar', auditReason)));
    speak('en');
    expect(text('audit-message')).toBe(wordReason('en', auditReason));
  });

  it('the audit log: the export follows the search, says so on its button, and says its file is a part of the log', async () => {
    render(<AuditScreen />);
    await waitFor(() => expect(main.listeners.size).toBeGreaterThan(0));
    fireEvent.change(screen.getByLabelText('Search the log (/)'), { target: { value: 'refund' } });
    expect(text('audit-export')).toBe('Export entries matching “refund”');
    fireEvent.click(screen.getByTestId('audit-export'));
    await waitFor(() => expect(text('audit-message')).toBe('Saved 3 entries matching “refund” to \u2066/home/layla/audit.csv\u2069. A part of the log: its chain can be checked only in an export of the whole log (clear the search).'));
    // What the screen searched for is what main is asked to export: the text and the codes it names, in the user's zone.
    expect(exportsAsked.at(-1)).toMatchObject({ kind: 'audit', search: { query: 'refund', actions: expect.arrayContaining(['refund']) }, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
    speak('ar');
    expect(text('audit-export')).toBe('صدّر القيود المطابقة لـ «refund»');
    expect(text('audit-message')).toMatch(/^حُفظت 3 قيود مطابقة لـ «refund» في \u2066\/home\/layla\/audit\.csv\u2069\. هذا جزء من السجل/);
  });

  it('the transactions list: the export’s file and a payment not found', async () => {
    render(<TransactionsScreen />);
    fireEvent.click(await screen.findByTestId('export-csv'));
    await waitFor(() => expect(text('export-status')).toBe('Saved 3 rows to \u2066/home/layla/payments.csv\u2069'));
    fireEvent.change(screen.getByLabelText('Find a payment made elsewhere'), { target: { value: 'ORD-404' } });
    fireEvent.click(screen.getByTestId('lookup-order'));
    await screen.findByText('It was not found.');
    speak('ar');
    expect(text('export-status')).toBe('حُفظت 3 صفوف في \u2066/home/layla/payments.csv\u2069');
    expect(screen.getByText('لم يُعثر عليه.')).toBeTruthy();
  });

  it('getting paid: main’s refusal and its word on a field', async () => {
    render(<LinksScreen />);
    const form = await screen.findByTestId('link-form');
    const type = (id: string, value: string) => fireEvent.change(document.getElementById(id)!, { target: { value } });
    type('link-orderId', 'PD-7');
    type('link-amount', '150.75');
    type('link-customer-name', 'Layla');
    type('link-customer-email', 'layla@example.com');
    type('link-customer-phone', '+966501234567');
    fireEvent.click(within(form).getByTestId('link-submit'));
    await waitFor(() => expect(document.getElementById('link-orderId-error')?.textContent).toBe('This order reference is already used.'));
    expect(text('send-error')).toContain(wordReason('en', { key: 'rule.orderExists', values: { orderId: 'PD-7' } }));
    speak('ar');
    expect(document.getElementById('link-orderId-error')?.textContent).toBe('مرجع الطلب هذا مستخدم.');
    expect(text('send-error')).toContain(wordReason('ar', { key: 'rule.orderExists', values: { orderId: 'PD-7' } }));
  });
});
