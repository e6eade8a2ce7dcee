// Finance on the team ledger reads Bulk links (walk of 2026-11-29: the screen had left its
// navigation with the create screens, so its batches, error reports and links exports were not
// reachable): Recent batches, a batch's rows and outcomes, its error report and its links, with
// the role's one line saying why nothing is made here, and nothing that creates or sends.
import { afterEach, beforeAll, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { BulkBatchView } from '../../contract/methods/bulk';
import { appInfo, practiceProfile } from '../support/session';
import { stubMain } from '../support/stub-main';

const batch = (id: string, over: Partial<BulkBatchView> = {}): BulkBatchView => ({
  id, fileName: `${id}.csv`, profileId: 'practice', state: 'done', total: 5, created: 4, failed: 1, unknown: 0, pending: 0,
  createdAt: '2026-11-24T10:00:00.000Z', updatedAt: '2026-11-24T10:05:00.000Z', runner: null,
  rows: [{ line: 5, orderId: 'M-4', amount: '99.5', currency: 'SAR', customerName: 'Khalid Omar', state: 'failed', paymentId: null, problems: [{ column: 'customerPhone', reason: { key: 'input.phone' } }] }], ...over,
});
const batches = [
  batch('march'),
  batch('april', { state: 'interrupted', created: 1, failed: 0, pending: 4, rows: [] }),
  batch('may', { state: 'running', created: 1, failed: 0, pending: 4, rows: [], runner: { person: 'sam', laptop: 'front desk', here: false } }),
];
const asked: string[] = [];
stubMain({
  listBulkBatches: () => ({ ok: true, value: batches }),
  getBulkBatch: ({ batchId }) => ({ ok: true, value: batches.find((b) => b.id === batchId)! }),
  bulkErrorReport: ({ batchId }) => {
    asked.push(`report ${batchId}`);
    return { ok: true, value: { fileName: `paydesk-bulk-errors-${batchId}.csv`, csv: '\uFEFF…', rows: 1 } };
  },
  bulkLinks: () => ({ ok: true, value: [] }),
  bulkLinksCsv: ({ batchId }) => {
    asked.push(`links ${batchId}`);
    return { ok: true, value: { fileName: `paydesk-bulk-links-${batchId}.csv`, csv: '\uFEFF…', rows: 4 } };
  },
});
const { useSession } = await import('../../renderer/src/app/session-store');
const { BulkScreen } = await import('../../renderer/src/features/get-paid/bulk-screen');

beforeAll(() => {
  // The CSV is saved through a download link; jsdom has no object URLs.
  URL.createObjectURL = () => 'blob:csv';
  URL.revokeObjectURL = () => undefined;
  HTMLAnchorElement.prototype.click = () => undefined;
});
afterEach(cleanup);

const asFinance = async () => {
  useSession.setState({ info: appInfo({ role: 'finance' }), profile: practiceProfile() });
  render(<BulkScreen />);
  return screen.findByTestId('bulk-recent');
};
const openBatch = async (name: string) => {
  fireEvent.click(screen.getByRole('button', { name: `Open batch ${name}.csv` }));
  return waitFor(() => {
    const shown = screen.getByTestId('bulk-batch');
    expect(shown.textContent).toContain(`Batch ${name}.csv`);
    return shown;
  });
};
/** Whatever on the screen would make, send, stop or continue a batch. */
const createControls = () => [
  ...document.querySelectorAll('input[type="file"]'),
  ...screen.queryAllByRole('button', { name: /template|Create|Send|Run|Resume|Cancel|Choose a file/i }),
];

it('says why nothing is made here, and offers nothing that makes or sends a batch', async () => {
  await asFinance();
  expect(screen.getByTestId('role-no-create').textContent).toBe('Your role in the team ledger (finance) reads and exports payments; it does not create them. A colleague in staff, support or admin creates them.');
  expect(screen.queryByTestId('bulk-needs')).toBeNull();
  expect(createControls()).toEqual([]);
  // An interrupted batch offers no Resume, one running on another laptop no Cancel.
  for (const name of ['april', 'may']) {
    await openBatch(name);
    expect(createControls()).toEqual([]);
  }
});

it('opens a batch with its rows and outcomes, and downloads its error report and its links', async () => {
  const recent = await asFinance();
  const shown = await openBatch('march');
  // "not created", as the list under it says: "1 failed" read as a gateway's refusal of a row the check had kept back (the second walk).
  expect(within(shown).getByTestId('bulk-status').textContent).toBe('Done · 4 created, 1 not created, 0 unknown, 0 waiting, of 5');
  expect(within(shown).getByTestId('bulk-row-problems').textContent).toMatch(/^Rows not createdLine 5: Customer phone \(customerPhone\): /);
  // Payment links is not offered to finance: no way there that would land on Home.
  expect(within(shown).queryByRole('button', { name: 'Open Payment links' })).toBeNull();
  fireEvent.click(within(shown).getByRole('button', { name: 'Download error report' }));
  fireEvent.click(within(shown).getByRole('button', { name: 'Download the links (CSV)' }));
  fireEvent.click(within(recent).getByRole('button', { name: 'Download the links of march.csv (CSV)' }));
  await waitFor(() => expect(asked).toEqual(['report march', 'links march', 'links march']));
});
