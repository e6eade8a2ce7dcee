// A bulk batch after its run, as a person reads it (found walking the screen, 2026-11-29): it said
// only "Done · 4 created, 2 failed", not where the links were nor how to send the rows not created
// (choosing the corrected file again makes a second link for every row without an order
// reference); Recent batches listed two batches of one file alike; and Alt+8 did not start afresh
// as the other screens' shortcuts do. main is a stub.
import { afterEach, beforeAll, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { BulkBatchView } from '../../contract/methods/bulk';
import { stubMain } from '../support/stub-main';

const batch = (id: string, createdAt: string, over: Partial<BulkBatchView> = {}): BulkBatchView => ({
  id, fileName: 'march.csv', profileId: 'practice', state: 'done', total: 6, created: 4, failed: 2, unknown: 0, pending: 0,
  createdAt, updatedAt: createdAt, runner: null, rows: [], ...over,
});
// Hours apart on one day in every time zone the tests may run in.
const batches = [batch('b-2', '2026-11-24T12:30:00.000Z'), batch('b-1', '2026-11-24T10:00:00.000Z', { created: 6, failed: 0 })];
const link = { line: 2, orderId: 'M-1', amountMinor: 123_450, currency: 'SAR', description: 'Rent', customer: { name: 'سارة', email: 'sara@example.com', phone: '+966500001001' }, state: 'pending', url: 'https://pay.example/l/1', invoiceNumber: null };
const linksAsked: unknown[] = [];
stubMain({
  listBulkBatches: () => ({ ok: true, value: batches }),
  getBulkBatch: ({ batchId }) => ({ ok: true, value: batches.find((b) => b.id === batchId)! }),
  bulkLinks: () => ({ ok: true, value: [link] }),
  bulkLinksCsv: (input) => {
    linksAsked.push(input);
    return { ok: true, value: { fileName: 'paydesk-bulk-links-b-2.csv', csv: '\uFEFF…', rows: 1 } };
  },
});
const { BulkScreen } = await import('../../renderer/src/features/get-paid/bulk-screen');
const { useLanguage } = await import('../../renderer/src/i18n');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { shareMessage } = await import('../../renderer/src/features/get-paid/share-messages');

beforeAll(() => {
  // The CSV is saved through a download link; jsdom has no object URLs.
  URL.createObjectURL = () => 'blob:links';
  URL.revokeObjectURL = () => undefined;
  HTMLAnchorElement.prototype.click = () => undefined;
});

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
  act(() => useNavigation.getState().go('bulk'));
});

const openBatch = async (index: number) => {
  render(<BulkScreen />);
  fireEvent.click((await screen.findAllByRole('button', { name: /^(Open batch|فتح المجموعة) march\.csv/ }))[index]!);
  return screen.findByTestId('bulk-batch');
};

it('says where the links are, with the way there, and how to send the rows not created without making links twice', async () => {
  const done = await openBatch(0);
  expect(within(done).getByTestId('bulk-created-next').textContent).toBe('The 4 links created are in Payment links, each with Copy and Resend to send it to its customer. Open Payment links');
  expect(within(done).getByTestId('bulk-retry-next').textContent).toMatch(/^To create the rows not created, download the error report, correct the rows in it and choose that file: it holds only those rows, each with its order reference, so no customer gets a second link/);
  fireEvent.click(within(done).getByRole('button', { name: 'Open Payment links' }));
  expect(useNavigation.getState().screen).toBe('links');
});

it('says it in Arabic, and nothing about rows not created when every row was', async () => {
  act(() => useLanguage.getState().setLanguage('ar'));
  const done = await openBatch(1);
  expect(within(done).getByTestId('bulk-created-next').textContent).toBe('تجد الروابط التي أُنشئت (6 روابط) في «روابط الدفع»، ومع كل رابط «نسخ» و«إعادة الإرسال» لإرساله إلى عميله. فتح روابط الدفع');
  expect(within(done).queryByTestId('bulk-retry-next')).toBeNull();
});

it('downloads the batch\'s links with each customer\'s message in the language chosen, the share panel\'s words', async () => {
  const done = await openBatch(0);
  fireEvent.change(screen.getByLabelText('Language of the customers\' messages'), { target: { value: 'ar' } });
  fireEvent.click(within(done).getByRole('button', { name: 'Download the links (CSV)' }));
  await waitFor(() => expect(linksAsked).toHaveLength(1));
  const message = shareMessage({ ...link, currency: 'SAR' }, 'ar').body;
  expect(message).toContain('https://pay.example/l/1');
  expect(linksAsked[0]).toEqual({ batchId: 'b-2', wording: { 2: { message, state: 'قيد الانتظار' } } });
  // From Recent batches too, for each batch that created links.
  expect(screen.getAllByRole('button', { name: /^Download the links of march\.csv/ })).toHaveLength(2);
});

it('tells two batches of one file apart in Recent batches by when each was made', async () => {
  render(<BulkScreen />);
  const when = (await screen.findAllByTestId('bulk-recent-when')).map((w) => w.textContent);
  expect(when).toHaveLength(2);
  expect(when[0]).not.toBe(when[1]);
  expect(when.every((w) => w!.startsWith('24/11/2026 '))).toBe(true);
});

it('starts afresh on Alt+8, as the other getting-paid screens do, with the keyboard on the file field', async () => {
  await openBatch(0);
  fireEvent.keyDown(window, { key: '8', altKey: true });
  await waitFor(() => expect(document.activeElement?.id).toBe('bulk-file'));
  expect(screen.queryByTestId('bulk-batch')).toBeNull();
});
