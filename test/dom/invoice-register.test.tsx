// Finance's way to last month's invoices and credit notes for the accountant, on Transactions: "Last
// month" fills the list's dates, "Export invoices and credit notes" asks main for exactly that period
// (and the list's profile), saves the CSV it answers and says what it holds, in English and Arabic.
// Before, no screen offered invoices or credit notes by period. main is a recording stub here;
// test/ledger/invoice-register.test.ts drives the real register on both ledgers.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { stubMain, unchecked } from '../support/stub-main';

const saved: string[] = [];
const practice = { id: 'practice', name: 'Practice', environment: 'practice', baseUrl: 'http://127.0.0.1:9/api/v1', defaultCurrency: 'SAR', key: { configured: true, lastFour: 'abcd' }, pathOverrides: {}, successUrl: null, failureUrl: null } as const;
let hasSeller = true;
let refuse = false;
/** Of the file's documents, how many are practice or sandbox ones (main counts them). */
let testDocuments: number | undefined;
// Two SAR invoices and a credit note, one KWD invoice: the sums main answers in minor units.
const totals = [
  { currency: 'KWD', invoices: 1, invoicesTotalMinor: 11_882, invoicesVatMinor: 1_550, creditNotes: 0, creditNotesTotalMinor: 0, creditNotesVatMinor: 0 },
  { currency: 'SAR', invoices: 2, invoicesTotalMinor: 99_625, invoicesVatMinor: 12_995, creditNotes: 1, creditNotesTotalMinor: 5_000, creditNotesVatMinor: 652 },
];
const main = stubMain({
  searchPayments: () => ({ ok: true, value: unchecked({ total: 0, totalExact: true, rows: [] }) }),
  listProfiles: () => ({ ok: true, value: { profiles: [{ ...practice, hasSeller }], activeId: 'practice' } }),
  invoiceRegister: () => refuse ? { ok: false, error: { code: 'invalid_input', message: 'From is after To.' } } : ({ ok: true, value: { fileName: 'paydesk-invoices-2026-10-01-to-2026-10-31.csv', csv: '\uFEFFdocument,number\r\n', invoices: 2, creditNotes: 1, totals, testDocuments } }),
});
const { TransactionsScreen } = await import('../../renderer/src/features/transactions/transactions-screen');
const { periodsOf } = await import('../../renderer/src/features/overview/periods');
const { useTransactions } = await import('../../renderer/src/features/transactions/transactions-store');
const { useLanguage } = await import('../../renderer/src/i18n');
const { useProfiles } = await import('../../renderer/src/features/settings/settings-store');
const { useSession } = await import('../../renderer/src/app/session-store');

beforeAll(() => {
  // The CSV is saved through a download link; jsdom has no object URLs.
  URL.createObjectURL = () => 'blob:register';
  URL.revokeObjectURL = () => undefined;
  HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
    saved.push(this.download);
  };
});
afterEach(() => {
  cleanup();
  hasSeller = true;
  refuse = false;
  testDocuments = undefined;
  act(() => useProfiles.setState({ profiles: [], loaded: false }));
  act(() => useSession.setState({ info: undefined }));
  act(() => useLanguage.getState().setLanguage('en'));
  act(() => useTransactions.getState().clearFilter());
});

describe("finance's register of invoices and credit notes", () => {
  it('exports last month’s invoices and credit notes in two presses after More filters, and says what the file holds', async () => {
    render(<TransactionsScreen />);
    fireEvent.click(await screen.findByTestId('more-filters'));
    fireEvent.click(screen.getByTestId('quick-dates-lastMonth'));
    fireEvent.click(screen.getByRole('button', { name: 'Export invoices and credit notes' }));
    await waitFor(() => expect(screen.getByTestId('invoice-register-status').textContent).toBe('2 invoices and 1 credit note from the list’s dates: \u2066paydesk-invoices-2026-10-01-to-2026-10-31.csv\u2069'));
    const lastMonth = periodsOf(new Date(), { from: '', to: '' }).lastMonth;
    expect(main.asked('invoiceRegister')).toEqual([expect.objectContaining({ from: lastMonth.from, to: lastMonth.to })]);
    expect(saved).toEqual(['paydesk-invoices-2026-10-01-to-2026-10-31.csv']);
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(screen.getByRole('button', { name: 'تصدير الفواتير والإشعارات الدائنة' })).toBeTruthy();
    expect(screen.getByTestId('invoice-register-status').textContent).toBe('فاتورتان وإشعار دائن واحد من تواريخ القائمة: \u2066paydesk-invoices-2026-10-01-to-2026-10-31.csv\u2069');
  });

  // Finance read "3 invoices and 0 credit notes" and had to open the file and add its columns to
  // say what was invoiced (walk6). Each currency's sums, with their ISO codes, under the line.
  it('says each currency’s invoiced total and VAT, and the credit notes’, under the file’s line', async () => {
    render(<TransactionsScreen />);
    fireEvent.click(await screen.findByTestId('more-filters'));
    fireEvent.click(screen.getByTestId('quick-dates-lastMonth'));
    fireEvent.click(screen.getByRole('button', { name: 'Export invoices and credit notes' }));
    const lines = async () => (await screen.findAllByTestId('invoice-register-total')).map((line) => line.textContent?.replace(/[\u00a0\u200f\u2066-\u2069]/g, (c) => (c === '\u00a0' ? ' ' : '')));
    expect(await lines()).toEqual(['Invoice: KWD 11.882, of which VAT KWD 1.550', 'Invoices: SAR 996.25, of which VAT SAR 129.95', 'Credit note: SAR 50.00, of which VAT SAR 6.52']);
    act(() => useLanguage.getState().setLanguage('ar'));
    // Each amount isolated left to right in the Arabic line (bare, "996.25 SAR" drew "SAR 996.25"): no digit outside an isolate.
    for (const line of await screen.findAllByTestId('invoice-register-total')) expect(line.textContent?.replace(/\u2066[^\u2069]*\u2069/g, '')).not.toMatch(/\d/);
    expect(await lines()).toEqual(['الفاتورة: 11.882 KWD، منها ضريبة القيمة المضافة 1.550 KWD', 'الفاتورتان: 996.25 SAR، منها ضريبة القيمة المضافة 129.95 SAR', 'الإشعار الدائن: 50.00 SAR، منها ضريبة القيمة المضافة 6.52 SAR']);
  });

  // Numbers are per profile; a file of every profile takes the practice profile's documents with
  // production's, and their sums with them: said, with the way to real money only.
  it('says when the file mixes test documents with production ones, counted in its sums', async () => {
    testDocuments = 1;
    render(<TransactionsScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Export invoices and credit notes' }));
    expect((await screen.findByTestId('invoice-register-mixed')).textContent).toBe('1 of them is a test document (practice or sandbox), counted in the sums below: choose the production profile in More filters for real money only.');
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(screen.getByTestId('invoice-register-mixed').textContent).toBe('منها مستند اختبار واحد (تدريب أو اختبار) تشمله المجاميع أدناه: اختر ملف تعريف الإنتاج في «مزيد من عوامل التصفية» للأموال الحقيقية وحدها.');
  });

  it('says nothing of test documents when the file is all of one kind', async () => {
    testDocuments = 3;
    render(<TransactionsScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Export invoices and credit notes' }));
    await screen.findAllByTestId('invoice-register-total');
    expect(screen.queryByTestId('invoice-register-mixed')).toBeNull();
  });

  it('is not offered where no profile has seller details, so none can have been issued', async () => {
    hasSeller = false;
    render(<TransactionsScreen />);
    await screen.findByTestId('tx-count');
    await waitFor(() => expect(main.asked('listProfiles').length).toBeGreaterThan(0));
    await act(async () => undefined);
    expect(screen.queryByRole('button', { name: 'Export invoices and credit notes' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
  });

  it('is offered on the team ledger, whose invoices other laptops issue', async () => {
    hasSeller = false;
    act(() => useSession.setState({ info: unchecked({ team: { role: 'finance' } }) }));
    render(<TransactionsScreen />);
    expect(await screen.findByRole('button', { name: 'Export invoices and credit notes' })).toBeTruthy();
  });

  it("says main's refusal in place, and keeps nothing saved", async () => {
    refuse = true;
    saved.length = 0;
    render(<TransactionsScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Export invoices and credit notes' }));
    expect((await screen.findByTestId('invoice-register-error')).textContent).toBe('Check what you entered.');
    expect(screen.getByTestId('invoice-register-error').getAttribute('role')).toBe('alert');
    expect(saved).toEqual([]);
  });
});
