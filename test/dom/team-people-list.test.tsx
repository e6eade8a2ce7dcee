// Settings → Team ledger → "People on the team ledger" below "Add a person": who is on the team
// with their group, read again after each person added, in English and Arabic (logins left to
// right). Walk 7: the admin who added Layla and Omar had nothing to confirm it by but the last
// "… was added" line. Main's side against the real server: test/ledger/postgres/team-people-list.test.ts.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { stubMain } from '../support/stub-main';

const people: Array<{ login: string; role: 'staff' | 'support' | 'finance' | 'admin' }> = [{ login: 'noura', role: 'admin' }];
const main = stubMain({
  listTeamPeople: () => ({ ok: true, value: [...people] }),
  addTeamPerson: (input) => {
    people.push({ login: input.login, role: input.role });
    return { ok: true, value: { login: input.login, role: input.role } };
  },
});
const { TeamPeopleSection } = await import('../../renderer/src/features/settings/team-people');
const { useLanguage } = await import('../../renderer/src/i18n');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

// Login and group (the third column, Change group and Remove: team-people-manage.test.tsx).
const rows = (table: HTMLElement) => within(table).getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].slice(0, 2).map((cell) => cell.textContent));

it('lists who is on the team with their group, and lists a person as soon as they are added', async () => {
  render(<TeamPeopleSection />);
  const list = () => within(screen.getByRole('region', { name: 'People on the team ledger' })).getByRole('table');
  await waitFor(() => expect(rows(list())).toEqual([['Login', 'Group'], ['noura', 'admin']]));

  fireEvent.change(screen.getByLabelText('Login'), { target: { value: 'layla' } });
  fireEvent.change(screen.getByLabelText('Group'), { target: { value: 'support' } });
  fireEvent.change(screen.getByLabelText('First password'), { target: { value: 'sunrise at the souq' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add the person' }));
  await waitFor(() => expect(rows(list())).toEqual([['Login', 'Group'], ['noura', 'admin'], ['layla', 'support']]));
  expect(main.asked('listTeamPeople')).toHaveLength(2);

  act(() => useLanguage.getState().setLanguage('ar'));
  const arabic = within(screen.getByRole('region', { name: 'الأشخاص في سجل الفريق' })).getByRole('table');
  expect(rows(arabic)).toEqual([['اسم الدخول', 'الدور'], ['noura', 'مسؤول'], ['layla', 'دعم']]);
  expect(within(arabic).getByText('layla').getAttribute('dir')).toBe('ltr');
});
