// Settings → Team ledger: an admin's "Test connection" of a team database an older Paydesk set up
// answers with the psql command that brings it up to date (main/ledger/postgres/connection.ts). The
// command is drawn as a block of its own, left to right, whole: inside an Arabic sentence at 800 px
// its parts wrapped across three lines of the paragraph (walk of the setup, 2026-11-29). The words
// around it stay the reason's. main is a stub here; the reason is main's own words.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { reason } from '../../main/core/fail';
import { stubMain } from '../support/stub-main';

const command = 'psql "host=db.example.com port=5432 user=postgres dbname=paydesk" -v ON_ERROR_STOP=1 -1 -f main/ledger/postgres/card-last4.sql -f main/ledger/postgres/audit-amount.sql';
const oldSchema = reason('teamLedger.oldSchemaAdmin', { host: 'db.example.com', port: 5432, database: 'paydesk', user: 'amal', found: 22, expected: 25, command });
stubMain({
  getTeamLedger: () => ({ ok: true, value: { settings: null, passwordSaved: false, inUse: false, chosen: false, session: null, savedRole: null } }),
  testTeamLedger: () => ({ ok: true, value: { ok: false, problem: 'oldSchema', reason: oldSchema } }),
});
const { TeamLedgerSection } = await import('../../renderer/src/features/settings/team-ledger-section');
const { useLanguage } = await import('../../renderer/src/i18n');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

it.each([
  ['en', { server: 'Server', user: 'User', password: 'Password', test: 'Test connection' }, /run $/, /^ \(docs\/team-ledger\.md, “Upgrading”\), then test the connection again\.$/],
  ['ar', { server: 'الخادم', user: 'المستخدم', password: 'كلمة المرور', test: 'اختبار الاتصال' }, /شغّل $/, /^ \(انظر /],
] as const)('draws the upgrade command as a left-to-right block of its own, whole, in %s', async (language, labels, before, after) => {
  act(() => useLanguage.getState().setLanguage(language));
  render(<TeamLedgerSection />);
  const s = within(await screen.findByTestId('team-ledger'));
  fireEvent.change(s.getByLabelText(labels.server), { target: { value: 'db.example.com' } });
  fireEvent.change(s.getByLabelText(labels.user), { target: { value: 'amal' } });
  fireEvent.change(s.getByLabelText(labels.password), { target: { value: 'amal-password' } });
  fireEvent.click(s.getByRole('button', { name: labels.test }));

  const block = await s.findByTestId('team-outcome-command');
  expect([block.tagName, block.getAttribute('dir'), block.textContent]).toEqual(['CODE', 'ltr', command]);
  // The sentence around it, without the marks that isolated the command inline.
  const line = block.parentElement!;
  const [head, tail] = [line.firstChild!.textContent!, line.lastChild!.textContent!];
  expect(head).toMatch(before);
  expect(tail).toMatch(after);
  expect([head.endsWith('\u2066'), tail.startsWith('\u2069')]).toEqual([false, false]);
  await waitFor(() => expect(s.getByTestId('team-outcome').textContent).toBe(`${head}${command}${tail}`));
});
