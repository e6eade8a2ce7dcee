// Settings → Team ledger → "People on the team ledger" (issue 15): an admin moves a person to
// another group and removes a person after a confirmation that names them and says what it does;
// the admin's own row has neither (only another admin changes it); a login of another group sees
// no such buttons at all; main's refusals read in the page's language. The database's side:
// test/ledger/postgres/team-people-manage.test.ts.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { MethodOutput } from '../../contract/methods';
import { stubMain, unchecked } from '../support/stub-main';

type Role = 'staff' | 'support' | 'finance' | 'admin';
let people: Array<{ login: string; role: Role }> = [];
let teamView: MethodOutput<'getTeamLedger'>;
let refuseNext: { key: string; values?: Record<string, string> } | undefined;
const settings = { host: '127.0.0.1', port: 5432, database: 'paydesk', user: 'noura', tls: false, caPinned: false, caSubject: null };
const refusal = () => {
  const why = refuseNext!;
  refuseNext = undefined;
  return { ok: false as const, error: { code: 'invalid_input' as const, message: why.key, reason: why } };
};
const main = stubMain({
  getTeamLedger: () => ({ ok: true, value: teamView }),
  getTeamLedgerCopy: () => ({ ok: true, value: unchecked({ state: 'idle', progress: null, report: null, reason: null }) }),
  getUnsavedTeamPassword: () => ({ ok: true, value: null }),
  listTeamPeople: () => ({ ok: true, value: people.map((p) => ({ ...p })) }),
  changeTeamPersonGroup: (input) => {
    if (refuseNext) return unchecked(refusal());
    people = people.map((p) => (p.login === input.login ? { ...p, role: input.role } : p));
    return { ok: true, value: { login: input.login, role: input.role } };
  },
  removeTeamPerson: (input) => {
    if (refuseNext) return unchecked(refusal());
    people = people.filter((p) => p.login !== input.login);
    return { ok: true, value: { login: input.login } };
  },
});
const { TeamLedgerSection } = await import('../../renderer/src/features/settings/team-ledger-section');
const { useLanguage } = await import('../../renderer/src/i18n');

beforeEach(() => {
  people = [{ login: 'noura', role: 'admin' }, { login: 'omar', role: 'staff' }];
  teamView = { settings, passwordSaved: true, inUse: false, chosen: false, session: null, savedRole: 'admin' };
});
afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

const list = () => within(screen.getByRole('region', { name: 'People on the team ledger' }));
const row = (login: string) => screen.getByTestId(`team-person-${login}`);
const groupOf = (login: string) => row(login).querySelectorAll('td')[1]!.textContent;

it('moves Omar from staff to support: Change group, the new group, Save the group', async () => {
  render(<TeamLedgerSection />);
  await waitFor(() => expect(groupOf('omar')).toBe('staff'));
  // The admin's own row: no buttons, and why.
  expect(within(row('noura')).queryByRole('button')).toBeNull();
  expect(row('noura').textContent).toContain('You (another admin changes your group)');

  fireEvent.click(list().getByRole('button', { name: 'Change the group of omar' }));
  const group = list().getByLabelText('New group');
  await waitFor(() => expect(document.activeElement).toBe(group));
  fireEvent.change(group, { target: { value: 'support' } });
  fireEvent.click(list().getByRole('button', { name: 'Save the group' }));
  await waitFor(() => expect(groupOf('omar')).toBe('support'));
  expect(main.asked('changeTeamPersonGroup')).toEqual([{ login: 'omar', role: 'support' }]);
  expect(screen.getByTestId('team-people-list-outcome').textContent).toBe('omar is now in the support group.');
  expect(list().queryByLabelText('New group')).toBeNull();
});

it('removes Omar only after a confirmation that names him and says what it does', async () => {
  render(<TeamLedgerSection />);
  await waitFor(() => expect(groupOf('omar')).toBe('staff'));
  fireEvent.click(list().getByRole('button', { name: 'Remove omar' }));
  const confirm = list().getByRole('alertdialog', { name: 'Remove omar from the team ledger?' });
  expect(confirm.textContent).toContain('They can no longer log in');
  expect(confirm.textContent).toContain('Their past entries stay in the audit log.');
  // The keyboard starts on the safe choice; nothing is asked before Yes.
  await waitFor(() => expect(document.activeElement?.textContent).toBe('Cancel'));
  expect(main.asked('removeTeamPerson')).toEqual([]);
  fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, remove omar' }));
  await waitFor(() => expect(screen.queryByTestId('team-person-omar')).toBeNull());
  expect(main.asked('removeTeamPerson')).toEqual([{ login: 'omar' }]);
  // The keyboard is not lost with the row: it is on the list's heading.
  expect(document.activeElement).toBe(list().getByRole('heading', { name: 'People on the team ledger' }));
  expect(screen.getByTestId('team-people-list-outcome').textContent).toBe('omar was removed: they can no longer log in. Their past entries stay in the audit log.');
});

it('says the database\'s refusal in Arabic, and changes nothing on the screen', async () => {
  act(() => useLanguage.getState().setLanguage('ar'));
  render(<TeamLedgerSection />);
  const region = () => within(screen.getByRole('region', { name: 'الأشخاص في سجل الفريق' }));
  await waitFor(() => expect(groupOf('omar')).toBe('موظف'));
  refuseNext = { key: 'teamLedger.peopleLastAdmin', values: { login: 'omar' } };
  fireEvent.click(region().getByRole('button', { name: 'إزالة \u2066omar\u2069' }));
  fireEvent.click(region().getByRole('button', { name: 'نعم، أزل \u2066omar\u2069' }));
  await waitFor(() => expect(screen.getByTestId('team-people-list-outcome').textContent).toContain('آخر مسؤول في الفريق: لم يتغير شيء'));
  expect(screen.getByTestId('team-people-list-outcome').textContent).toContain('\u2066omar\u2069');
  expect(groupOf('omar')).toBe('موظف');
});

it('shows no Change group or Remove to a login of another group', async () => {
  teamView = { ...teamView, savedRole: 'support' };
  render(<TeamLedgerSection />);
  await screen.findByTestId('team-ledger');
  await waitFor(() => expect(main.asked('getTeamLedger').length).toBeGreaterThan(0));
  expect(screen.queryByRole('button', { name: /Change the group of|Remove omar/ })).toBeNull();
  expect(screen.queryByTestId('team-people-list')).toBeNull();
});
