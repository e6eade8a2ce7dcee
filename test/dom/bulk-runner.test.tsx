// The bulk screen says who is sending a batch while it runs, on every laptop, in the user's
// language: "Running on another computer (…), by sam" on the others, "on this computer" on its
// own; and it follows the batch as main says it moved on (bulk.changed: on the team ledger told by
// the database from the laptop that runs it), here to its end. main is a stub answering as a
// second laptop's would; test/ledger/bulk-links.test.ts drives the real ones on both ledgers.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { BulkBatchView } from '../../contract/methods/bulk';
import { appInfo } from '../support/session';
import { stubMain } from '../support/stub-main';

const batch = (state: BulkBatchView['state'], runner: BulkBatchView['runner']): BulkBatchView => ({
  id: 'b-1', fileName: 'march.csv', profileId: 'practice', state, total: 4, created: state === 'done' ? 4 : 1, failed: 0, unknown: 0, pending: state === 'done' ? 0 : 3,
  createdAt: '2026-11-24T10:00:00.000Z', updatedAt: '2026-11-24T10:00:00.000Z', runner, rows: [],
});
let current = batch('running', { person: 'sam', laptop: 'desk-2-ab12cd34', here: false });
const main = stubMain({
  listBulkBatches: () => ({ ok: true, value: [current] }),
  getBulkBatch: () => ({ ok: true, value: current }),
});
const { BulkScreen } = await import('../../renderer/src/features/get-paid/bulk-screen');
const { useLanguage } = await import('../../renderer/src/i18n');
// sue, support on the team ledger, as main's first answer says (session-store.ts).
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo({ role: 'support' }) });

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

const openBatch = async () => {
  render(<BulkScreen />);
  fireEvent.click(await screen.findByRole('button', { name: /^(Open batch|فتح المجموعة) march\.csv/ }));
  return screen.findByTestId('bulk-runner');
};
// The screen subscribes in an effect, which React may run a turn after the batch shows: under
// load testing-library's wait can return between the two, and an event sent then reaches no one
// (CI failed that way once). main.tell runs React's pending effects first, as main would send it later.
const moved = () => main.tell({ type: 'bulk.changed', batchId: 'b-1' });

it('a batch open while ready, run from another computer, shows as sending there and in Recent batches without a click', async () => {
  current = batch('ready', null);
  render(<BulkScreen />);
  fireEvent.click(await screen.findByRole('button', { name: /^Open batch march\.csv/ }));
  await waitFor(() => expect(screen.getByTestId('bulk-batch').getAttribute('data-state')).toBe('ready'));
  expect(screen.queryByTestId('bulk-resume')).toBeTruthy();

  current = batch('running', { person: 'sam', laptop: 'desk-2-ab12cd34', here: false });
  moved();
  expect((await screen.findByTestId('bulk-runner')).textContent).toMatch(/^Running on another computer \(desk-2-ab12cd34\), by sam\./);
  expect(screen.queryByTestId('bulk-resume')).toBeNull();
  await waitFor(() => expect(screen.getByTestId('bulk-recent').textContent).toContain('Sending (sam)'));
});

it('says which computer and person run a batch, and follows it to its end as main says it moved', async () => {
  current = batch('running', { person: 'sam', laptop: 'desk-2-ab12cd34', here: false });
  const runner = await openBatch();
  expect(runner.textContent).toBe('Running on another computer (desk-2-ab12cd34), by sam. Its progress shows here as the links are sent.');
  expect(screen.queryByTestId('bulk-cancel')).toBeTruthy();

  current = batch('done', null);
  moved();
  await waitFor(() => expect(screen.getByTestId('bulk-batch').getAttribute('data-state')).toBe('done'));
  expect(screen.queryByTestId('bulk-runner')).toBeNull();
});

it('says it in Arabic, and "this computer" on the laptop that runs it', async () => {
  act(() => useLanguage.getState().setLanguage('ar'));
  current = batch('running', { person: 'sam', laptop: 'desk-2-ab12cd34', here: false });
  expect((await openBatch()).textContent).toBe('يجري الإرسال من حاسوب آخر (⁦desk-2-ab12cd34⁩)، بواسطة ⁦sam⁩. يظهر التقدم هنا أثناء إرسال الروابط.');
  cleanup();
  current = batch('running', { person: 'sam', laptop: null, here: true });
  expect((await openBatch()).textContent).toBe('يجري الإرسال من هذا الحاسوب، بواسطة ⁦sam⁩.');
});

it('keeps the keyboard on the batch when the button pressed goes away at its end (it fell to the page)', async () => {
  current = batch('running', { person: 'sam', laptop: 'desk-2-ab12cd34', here: false });
  await openBatch();
  // The screen's own first focus (useNewShortcut) is given as it opens, before a person can reach
  // Cancel (it once came two frames later, and in a loaded CI run took the keyboard from the heading).
  const cancel = screen.getByTestId('bulk-cancel');
  cancel.focus();
  current = batch('done', null);
  moved();
  await waitFor(() => expect(screen.getByTestId('bulk-batch').getAttribute('data-state')).toBe('done'));
  expect(screen.queryByTestId('bulk-cancel')).toBeNull();
  // Taken in the effect after the batch's new state is drawn (it may run after the wait above returns).
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: /march\.csv/ })));
});
