// Settings → Team ledger → the copy, as the team ledger walk (walk 7) met it over a laptop of
// 100,000 payments: counts grouped as every other count in the app ("100,000", not "100000"), in
// both languages; and a copy refused for operations still open says where they are settled and
// opens it (the words named Transactions, with nothing to press).
import { afterEach, beforeEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { TeamLedgerCopy } from '../../contract/methods/team-ledger';
import { stubMain } from '../support/stub-main';

const counts = (source: number, copied: number) => ({ source, copied, alreadyThere: source - copied, skipped: 0 });
const none = counts(0, 0);
let answer: TeamLedgerCopy;
stubMain({ getTeamLedgerCopy: () => ({ ok: true, value: answer }), copyToTeamLedger: () => ({ ok: true, value: answer }) });
const { TeamLedgerCopySection } = await import('../../renderer/src/features/settings/team-ledger-copy');
const { useLanguage } = await import('../../renderer/src/i18n');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');

beforeEach(() => act(() => useLanguage.getState().setLanguage('en')));
afterEach(cleanup);

it('groups the digits of the copy\'s progress and report, in English and Arabic', async () => {
  answer = { state: 'running', progress: { part: 'payments', done: 8000, total: 100000 }, report: null, reason: null };
  render(<TeamLedgerCopySection />);
  expect(await screen.findByText('Copying… payments: 8,000 of 100,000')).toBeTruthy();
  cleanup();

  answer = {
    state: 'done', progress: null, reason: null,
    report: { payments: counts(100000, 0), operations: counts(114874, 1250), audit: counts(114874, 0), invoices: none, creditNotes: none, bulkBatches: none, repeatStops: none, skipped: [] },
  };
  render(<TeamLedgerCopySection />);
  expect(await screen.findByText('Payments: 0 copied, 100,000 already there, 0 skipped (of 100,000).')).toBeTruthy();
  expect(screen.getByText('Operations: 1,250 copied, 113,624 already there, 0 skipped (of 114,874).')).toBeTruthy();

  act(() => useLanguage.getState().setLanguage('ar'));
  expect(screen.getByText('المدفوعات: نُسخ 0، وموجود مسبقًا 100,000، وتُرك 0 (من 100,000).')).toBeTruthy();
});

it('says a copy refused for open operations is settled in Needs attention, and opens it', async () => {
  answer = { state: 'failed', progress: null, report: null, reason: { key: 'teamLedger.copyOpenOperations', values: { open: 1013 } } };
  act(() => useNavigation.getState().go('settings'));
  render(<TeamLedgerCopySection />);
  expect(await screen.findByText('1,013 operations on this computer are still being sent or have an unclear outcome, so nothing was copied. Settle them in Needs attention (their outcome is known only on this computer), then copy again.')).toBeTruthy();

  act(() => useLanguage.getState().setLanguage('ar'));
  expect(screen.getByText(/^هناك 1,013 عملية .* احسمها في «تحتاج إلى متابعة»/)).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'افتح «تحتاج إلى متابعة»' }));
  expect(useNavigation.getState().screen).toBe('attention');

  // Any other refusal has no such button.
  cleanup();
  answer = { state: 'failed', progress: null, report: null, reason: { key: 'teamLedger.copyAdminOnly' } };
  render(<TeamLedgerCopySection />);
  await screen.findByTestId('team-copy-status');
  expect(screen.queryByRole('button', { name: 'افتح «تحتاج إلى متابعة»' })).toBeNull();
});
