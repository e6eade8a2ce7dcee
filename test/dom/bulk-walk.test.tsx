// Bulk links walked as a new staff member would, by visible labels (2026-11-29): what a file must
// hold was told only by the template, opened in a spreadsheet; a batch's rows not created were
// folded away, one more click to learn which row to fix; and Open in Recent batches showed the
// batch above the list, out of view from a lower row, the keyboard left on Open. main is a stub.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { BulkBatchView } from '../../contract/methods/bulk';
import { requiredBulkColumns } from '../../main/bulk/bulk-rows';
import { stubMain } from '../support/stub-main';

const failedRow = (line: number): BulkBatchView['rows'][number] => ({
  line, orderId: `M-${line}`, amount: '10', currency: 'SAR', customerName: 'Sara', state: 'failed', paymentId: null,
  problems: [{ column: 'customerPhone', reason: { key: 'input.phone' } }],
});
const batch = (id: string, failed: number): BulkBatchView => ({
  id, fileName: `${id}.csv`, profileId: 'practice', state: 'done', total: 20, created: 20 - failed, failed, unknown: 0, pending: 0,
  createdAt: '2026-11-24T10:00:00.000Z', updatedAt: '2026-11-24T10:05:00.000Z', runner: null,
  rows: Array.from({ length: failed }, (_, i) => failedRow(i + 2)),
});
const batches = [batch('few', 1), batch('many', 11)];
const main = stubMain({
  listBulkBatches: () => ({ ok: true, value: batches }),
  getBulkBatch: ({ batchId }) => ({ ok: true, value: batches.find((b) => b.id === batchId)! }),
});
const { BulkScreen } = await import('../../renderer/src/features/get-paid/bulk-screen');
const { useLanguage } = await import('../../renderer/src/i18n');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

const openBatch = async (name: string) => {
  const open = await screen.findByRole('button', { name: `Open batch ${name}.csv` });
  open.focus(); // as a press does in a browser (jsdom's click moves no focus)
  fireEvent.click(open);
  return waitFor(() => {
    const title = screen.getByRole('heading', { name: `Batch ${name}.csv` });
    return title.closest<HTMLElement>('[data-testid="bulk-batch"]')!;
  });
};

it('says what a file must hold before one is chosen, naming the columns every row needs and how to write a date, in English and Arabic', async () => {
  render(<BulkScreen />);
  const needs = screen.getByTestId('bulk-needs');
  expect(needs.textContent).toBe('One row per link, under a first line naming the columns, as in the template. Every row needs amount (with its currency’s decimals: 125.50\u00a0SAR, 125.500\u00a0KWD, 125\u00a0JPY), description, customerName, customerEmail and customerPhone (with + and the country code); currency (else the profile’s), orderId (else Paydesk makes one), issueDate and expireDate (year-month-day, as 2026-12-31) may be left empty.');
  // The columns it calls needed are the ones main refuses a file without.
  const named = /Every row needs (.*);/.exec(needs.textContent!)![1]!.replace(/ \([^)]*\)/g, '').split(/, | and /);
  expect(named).toEqual([...requiredBulkColumns]);
  act(() => useLanguage.getState().setLanguage('ar'));
  // Each column name isolated left to right: in a run of Latin names the Arabic commas joined them into one, read backwards from the right.
  const ltr = (name: string) => `\u2066${name}\u2069`;
  expect(needs.textContent).toBe(`صف لكل رابط، تحت سطر أول بأسماء الأعمدة كما في القالب. يلزم كل صف: ${ltr('amount')} (بخانات عملته العشرية: ${ltr('125.50\u00a0SAR')}، ${ltr('125.500\u00a0KWD')}، ${ltr('125\u00a0JPY')})، ${ltr('description')}، ${ltr('customerName')}، ${ltr('customerEmail')}، ${ltr('customerPhone')} (يبدأ بـ + ورمز الدولة)؛ ويجوز ترك هذه فارغة: ${ltr('currency')} (وإلا فعملة ملف التعريف)، ${ltr('orderId')} (وإلا أنشأه بايدسك)، ${ltr('issueDate')}، ${ltr('expireDate')} (بالسنة ثم الشهر ثم اليوم، مثل ${ltr('2026-12-31')}).`);
  await main.settled();
});

it('shows a few rows not created with why at once, and folds a long list', async () => {
  render(<BulkScreen />);
  const few = await openBatch('few');
  const problems = few.querySelector<HTMLDetailsElement>('[data-testid="bulk-row-problems"]')!;
  expect(problems.open).toBe(true);
  expect(problems.textContent).toBe('Rows not createdLine 2: Customer phone (customerPhone): Enter the phone number in international format, starting with + and the country code.');
  const many = await openBatch('many');
  expect(many.querySelector<HTMLDetailsElement>('[data-testid="bulk-row-problems"]')!.open).toBe(false);
});

it('gives the keyboard to the batch opened from Recent batches, each time', async () => {
  render(<BulkScreen />);
  await openBatch('few');
  await waitFor(() => expect(document.activeElement?.textContent).toBe('Batch few.csv'));
  // Another batch in the same state: the title changes in place and still takes the keyboard from Open.
  await openBatch('many');
  await waitFor(() => expect(document.activeElement?.textContent).toBe('Batch many.csv'));
});

it("sets the customers' messages' language just before the links download it words: the batch's, else Recent batches'", async () => {
  render(<BulkScreen />);
  const choice = () => screen.getByRole('combobox', { name: "Language of the customers' messages" });
  // No batch shown: under Recent batches' title, before the batches and their downloads.
  const recent = await screen.findByRole('region', { name: 'Recent batches' });
  await waitFor(() => expect(recent.contains(choice())).toBe(true));
  expect(choice().compareDocumentPosition(screen.getByTestId('bulk-recent')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  // A batch shown: in its actions, right before its "Download the links (CSV)"; one choice on the page.
  const few = await openBatch('few');
  expect(screen.getAllByRole('combobox', { name: "Language of the customers' messages" })).toHaveLength(1);
  expect(few.contains(choice())).toBe(true);
  expect(choice().closest('.field')!.nextElementSibling).toBe(screen.getByTestId('bulk-links-csv'));
});
