// A bulk batch after its run, as a person reads it (found walking the screen, 2026-11-29): it said
// only "Done · 4 created, 2 failed", not where the links were nor how to send the rows not created
// (choosing the corrected file again makes a second link for every row without an order
// reference); Recent batches listed two batches of one file alike; and Alt+8 did not start afresh
// as the other screens' shortcuts do. main is a stub.
import { afterEach, expect, it } from 'vitest';
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
stubMain({
  listBulkBatches: () => ({ ok: true, value: batches }),
  getBulkBatch: ({ batchId }) => ({ ok: true, value: batches.find((b) => b.id === batchId)! }),
});
const { BulkScreen } = await import('../../renderer/src/features/get-paid/bulk-screen');
const { useLanguage } = await import('../../renderer/src/i18n');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
  act(() => useNavigation.getState().go('bulk'));
});

const openBatch = async (index: number) => {
  render(<BulkScreen />);
  fireEvent.click((await screen.findAllByRole('button', { name: /march\.csv/ }))[index]!);
  return screen.findByTestId('bulk-batch');
};

it('says where the links are, with the way there, and how to send the rows not created without making links twice', async () => {
  const done = await openBatch(0);
  expect(within(done).getByTestId('bulk-created-next').textContent).toBe('The 4 links created are in Payment links, each with Copy and Resend to send it to its customer. Open Payment links');
  expect(within(done).getByTestId('bulk-retry-next').textContent).toMatch(/^To create the rows not created, correct them and choose a file with only those rows: a row of this file without an order reference would make a second link/);
  fireEvent.click(within(done).getByRole('button', { name: 'Open Payment links' }));
  expect(useNavigation.getState().screen).toBe('links');
});

it('says it in Arabic, and nothing about rows not created when every row was', async () => {
  act(() => useLanguage.getState().setLanguage('ar'));
  const done = await openBatch(1);
  expect(within(done).getByTestId('bulk-created-next').textContent).toBe('تجد الروابط التي أُنشئت (6 روابط) في «روابط الدفع»، ومع كل رابط «نسخ» و«إعادة الإرسال» لإرساله إلى عميله. فتح روابط الدفع');
  expect(within(done).queryByTestId('bulk-retry-next')).toBeNull();
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
