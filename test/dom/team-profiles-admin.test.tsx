// Settings → Team ledger → "The team's profiles": an admin sees what the team's laptops published
// (name, environment, gateway address, who published it and when, who renamed or removed it; never a
// key), renames one and removes one after a confirmation that says what removing means; another
// role reads the list without the buttons; main's refusal is said in words; a colleague's change
// told by main (teamProfiles.changed) is read again without reopening anything. Main is stood in
// (what the database does: test/ledger/postgres/team-profiles.test.ts).
import { afterEach, beforeEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TeamProfile } from '../../contract/methods/profiles';
import type { MethodOutput } from '../../contract/methods';
import { appInfo } from '../support/session';
import { stubMain, unchecked } from '../support/stub-main';

const teamProfile = (id: string, name: string, environment: 'sandbox' | 'production', extra: Partial<TeamProfile> = {}): TeamProfile =>
  ({ id, name, environment, baseUrl: `https://${environment}.gateway.example/api/v1`, addedBy: 'sam', addedAt: '2026-11-29T10:00:00.000Z', removed: false, ...extra });
let list: TeamProfile[];
let role: 'admin' | 'support';
let refuseRename = false;
const teamView = (): MethodOutput<'getTeamLedger'> => ({
  settings: { host: 'db.example.com', port: 5432, database: 'paydesk', user: role === 'admin' ? 'ada' : 'sue', tls: true, caPinned: false, caSubject: null },
  passwordSaved: true, inUse: true, chosen: true, savedRole: role, session: { login: role === 'admin' ? 'ada' : 'sue', role, reason: null },
});
const main = stubMain({
  getAppInfo: () => ({ ok: true, value: appInfo({ role }) }),
  getTeamLedger: () => ({ ok: true, value: teamView() }),
  getTeamLedgerCopy: () => ({ ok: true, value: unchecked({ state: 'idle', progress: null, report: null, reason: null }) }),
  listTeamProfiles: () => ({ ok: true, value: { profiles: list } }),
  renameTeamProfile: ({ id, name }) => {
    if (refuseRename) return { ok: false, error: unchecked({ code: 'forbidden', message: 'refused', reason: { key: 'profile.teamRenameRefused', values: { person: 'ada', profile: 'Shop' } } }) };
    list = list.map((p) => (p.id === id ? { ...p, name, changedBy: 'ada', changedAt: '2026-11-30T09:15:00.000Z' } : p));
    return { ok: true, value: { profile: list.find((p) => p.id === id)! } };
  },
  removeTeamProfile: ({ id }) => {
    list = list.map((p) => (p.id === id ? { ...p, removed: true, removedBy: 'ada', removedAt: '2026-11-30T09:20:00.000Z' } : p));
    return { ok: true, value: { profile: list.find((p) => p.id === id)! } };
  },
});
const { TeamLedgerSection } = await import('../../renderer/src/features/settings/team-ledger-section');
const { useSession } = await import('../../renderer/src/app/session-store');
const { useTeamProfiles } = await import('../../renderer/src/features/settings/team-profiles-store');
const { useLanguage } = await import('../../renderer/src/i18n');

const plain = (text: string | null | undefined) => text!.replace(/[\u2066-\u2069\u200e\u200f]/g, '').replace(/\u00a0/g, ' ');
const open = async () => {
  useSession.setState({ info: appInfo({ role }) });
  useTeamProfiles.setState({ profiles: [], loaded: false });
  render(<TeamLedgerSection />);
  return screen.findByTestId('team-profiles');
};
const row = (id: string) => screen.getByTestId(`team-list-${id}`);

beforeEach(() => {
  role = 'admin';
  refuseRename = false;
  list = [teamProfile('shop-sam', 'Shop', 'sandbox'), teamProfile('live-ada', 'Shop live', 'production', { addedBy: 'ada' })];
});
afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

it('an admin sees each team profile (name, environment, address, who published it and when; no key) and renames one for every laptop', async () => {
  const section = await open();
  await waitFor(() => expect(within(section).getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual(['Shop', 'Shop live']));
  expect(plain(row('shop-sam').textContent)).toContain('https://sandbox.gateway.example/api/v1');
  expect(plain(within(row('shop-sam')).getByText(/^Sandbox$/).textContent)).toBe('Sandbox');
  expect(plain(within(row('shop-sam')).getByTestId('team-profile-history').textContent)).toMatch(/^Published by sam on 29\/11\/2026, \d\d:\d\d\.$/);
  // Nothing of a key: the rows say no word of one.
  for (const id of ['shop-sam', 'live-ada']) expect(row(id).textContent).not.toMatch(/key/i);

  fireEvent.click(within(row('shop-sam')).getByRole('button', { name: 'Rename' }));
  const field = within(row('shop-sam')).getByLabelText('New name') as HTMLInputElement;
  expect(document.activeElement).toBe(field);
  expect(field.value).toBe('Shop');
  // Empty: said, nothing asked of main.
  fireEvent.change(field, { target: { value: '  ' } });
  fireEvent.click(within(row('shop-sam')).getByRole('button', { name: 'Save the name' }));
  expect(within(row('shop-sam')).getByText('Type the new name to save it.')).toBeTruthy();
  expect(main.asked('renameTeamProfile')).toHaveLength(0);
  fireEvent.change(field, { target: { value: ' Front desk ' } });
  fireEvent.click(within(row('shop-sam')).getByRole('button', { name: 'Save the name' }));
  await waitFor(() => expect(plain(screen.getByTestId('team-profiles-outcome').textContent)).toBe('“Shop” is now “Front desk” on the team’s list.'));
  expect(main.asked('renameTeamProfile')).toEqual([{ id: 'shop-sam', name: 'Front desk' }]);
  expect(within(row('shop-sam')).getByRole('heading', { level: 4 }).textContent).toBe('Front desk');
  expect(plain(within(row('shop-sam')).getByTestId('team-profile-history').textContent)).toMatch(/^Published by sam on 29\/11\/2026, \d\d:\d\d\. Renamed by ada on 30\/11\/2026, \d\d:\d\d\.$/);
  expect(within(row('shop-sam')).queryByLabelText('New name')).toBeNull();
});

it('removing asks first and says what it means (no longer offered, payments still named, laptops keep theirs); Cancel keeps it; Yes marks it removed, in Arabic too', async () => {
  await open();
  await waitFor(() => expect(row('live-ada')).toBeTruthy());
  fireEvent.click(within(row('live-ada')).getByRole('button', { name: 'Remove from the team’s list' }));
  const confirm = within(row('live-ada')).getByRole('alertdialog');
  expect(plain(confirm.textContent)).toContain('Remove “Shop live (Production)” from the team’s list?');
  expect(plain(confirm.textContent)).toContain('Add profile no longer offers it on any laptop. Payments made with it keep its name in Transactions, and laptops that already have it keep it, with their key, and go on using it.');
  // The keyboard on the safe choice.
  expect(document.activeElement?.textContent).toBe('Cancel');
  fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
  expect(main.asked('removeTeamProfile')).toHaveLength(0);
  fireEvent.click(within(row('live-ada')).getByRole('button', { name: 'Remove from the team’s list' }));
  act(() => useLanguage.getState().setLanguage('ar'));
  await waitFor(() => expect(plain(within(row('live-ada')).getByRole('alertdialog').textContent)).toContain('أتزيل «Shop live (الإنتاج)» من قائمة الفريق؟'));
  expect(plain(within(row('live-ada')).getByRole('alertdialog').textContent)).toContain('لن يعرضه «أضف ملف تعريف» بعد الآن على أي حاسوب.');
  fireEvent.click(within(row('live-ada')).getByRole('button', { name: 'نعم، أزله من القائمة' }));
  await waitFor(() => expect(plain(screen.getByTestId('team-profiles-outcome').textContent)).toBe('أُزيل «Shop live» من قائمة الفريق.'));
  expect(main.asked('removeTeamProfile')).toEqual([{ id: 'live-ada' }]);
  expect(within(row('live-ada')).getByTestId('team-profile-removed').textContent).toBe('أُزيل');
  expect(plain(within(row('live-ada')).getByTestId('team-profile-history').textContent)).toMatch(/أزاله ada من القائمة في .*: لم يعد يُعرض، وما زالت دفعاته تُذكر باسمه\.$/);
  // Removed: nothing more to remove; a rename is still the admin's.
  expect(within(row('live-ada')).queryByRole('button', { name: 'أزله من قائمة الفريق' })).toBeNull();
  expect(within(row('live-ada')).getByRole('button', { name: 'إعادة تسمية' })).toBeTruthy();
});

it('a refusal from the team ledger is said in its words and nothing changes on the screen', async () => {
  refuseRename = true;
  await open();
  await waitFor(() => expect(row('shop-sam')).toBeTruthy());
  fireEvent.click(within(row('shop-sam')).getByRole('button', { name: 'Rename' }));
  fireEvent.change(within(row('shop-sam')).getByLabelText('New name'), { target: { value: 'Mine' } });
  fireEvent.click(within(row('shop-sam')).getByRole('button', { name: 'Save the name' }));
  await waitFor(() => expect(plain(screen.getByTestId('team-profiles-outcome').textContent)).toBe('The team ledger does not let ada rename the team’s profile "Shop": only an admin, or the person who published it, may.'));
  expect(within(row('shop-sam')).getByRole('heading', { level: 4 }).textContent).toBe('Shop');
});

it('another role reads the list without Rename or Remove, and it follows a colleague\'s change told by main', async () => {
  role = 'support';
  const section = await open();
  await waitFor(() => expect(within(section).getAllByRole('heading', { level: 4 })).toHaveLength(2));
  expect(plain(section.textContent)).toContain('Only an admin renames or removes them.');
  expect(within(section).queryByRole('button')).toBeNull();
  list = [...list, teamProfile('new-one', 'Branch two', 'sandbox', { addedBy: 'omar' })];
  main.tell({ type: 'teamProfiles.changed' });
  await waitFor(() => expect(within(section).getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual(['Shop', 'Shop live', 'Branch two']));
});
