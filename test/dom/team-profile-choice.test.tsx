// Adding a profile on the team ledger offers the team's profiles of the chosen environment ("Use the
// team's profile Shop (Sandbox)"): chosen, its name and gateway address are filled in and the new
// profile takes the team's id, so a colleague's payments made with it are this profile's here
// (docs/profiles-and-keys.md). Main's real profile handlers and store, in-process; the team
// database stood in by a list (its real one: test/ledger/postgres/team-profiles.test.ts).
import { afterEach, beforeEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TeamProfile } from '../../contract/methods/profiles';
import { installDirectApi } from '../support/direct-api';
import { createHandlers, type Implementations } from '../../main/api/create-handlers';
import { appHandlers } from '../../main/api/app-handlers';
import { profileHandlers } from '../../main/api/profile-handlers';
import { createEventHub } from '../../main/core/event-hub';
import { createMemoryLogger } from '../../main/log/logger';
import { createProfileStore } from '../../main/profiles/profile-store';
import { absentKeychainVault, practice, tempDir } from '../profiles/support';
import { createUiLanguage } from '../../main/core/ui-language';

const teamProfile = (id: string, name: string, environment: 'sandbox' | 'production', extra: Partial<TeamProfile> = {}): TeamProfile =>
  ({ id, name, environment, baseUrl: `https://${environment}.gateway.example/api/v1`, addedBy: 'ada', addedAt: '2026-11-29T10:00:00.000Z', removed: false, ...extra });
const teamList = [
  teamProfile('shop-sandbox-ada', 'Shop', 'sandbox'),
  teamProfile('live-ada', 'Shop live', 'production'),
  teamProfile('old-sandbox', 'Old shop', 'sandbox', { removed: true }),
];

function directBackend(onTeamLedger: boolean) {
  const logger = createMemoryLogger();
  const events = createEventHub();
  const store = createProfileStore({ dataDir: tempDir(), practice, vault: absentKeychainVault(logger), logger, events });
  let published = 0;
  const team = onTeamLedger ? { list: async () => teamList, publish: async () => void (published += 1), renamed: async () => undefined, renameTeamRow: async () => { throw new Error('not here'); }, removeTeamRow: async () => { throw new Error('not here'); } } : undefined;
  const handlers = createHandlers({
    ...appHandlers({ name: 'Paydesk', version: '1.2.3', runtime: 'test' }, createUiLanguage(tempDir()), () => undefined, () => (onTeamLedger ? { role: 'support', login: 'sue', reconnecting: false } : null)),
    ...profileHandlers({ profiles: store, team }),
  } as unknown as Implementations, logger);
  return { handlers, events, store, published: () => published };
}
let backend = directBackend(true);
installDirectApi(() => backend);
const { App } = await import('../../renderer/src/app/app');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useLanguage } = await import('../../renderer/src/i18n');
const { useSession } = await import('../../renderer/src/app/session-store');
const { useProfiles } = await import('../../renderer/src/features/settings/settings-store');
const { useTeamProfiles } = await import('../../renderer/src/features/settings/team-profiles-store');

async function openNewProfileForm() {
  render(<App />);
  await screen.findByTestId('active-profile-name');
  act(() => useNavigation.getState().go('settings'));
  fireEvent.click(await screen.findByTestId('add-profile'));
  return (await screen.findByRole('heading', { name: 'New profile', level: 3 })).closest('form')!;
}
const plain = (text: string | null | undefined) => text!.replace(/[\u2066-\u2069\u200e\u200f]/g, '');

// Each test's main is new: the page's lists are asked for again.
const fresh = async (onTeamLedger: boolean) => {
  backend = directBackend(onTeamLedger);
  useProfiles.setState({ profiles: [], loaded: false });
  useTeamProfiles.setState({ profiles: [], loaded: false });
  await act(() => useSession.getState().load());
};
beforeEach(() => fresh(true));
afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
  act(() => useNavigation.getState().go('home'));
});

it('offers the team\'s sandbox profiles (not a removed one); chosen, it fills the name and address and the new profile takes the team\'s id', async () => {
  const form = await openNewProfileForm();
  const choice = await within(form).findByTestId('team-profile-choice');
  expect(within(choice).getAllByRole('radio').map((r) => plain(r.closest('label')!.textContent).trim())).toEqual(['A new profile of this laptop’s own', 'Use the team’s profile Shop (Sandbox)']);
  expect(plain(within(choice).getByText(/The team’s/).textContent)).toBe('The team’s sandbox profiles');
  fireEvent.click(within(choice).getByTestId('team-profile-shop-sandbox-ada'));
  expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('Shop');
  expect((within(form).getByLabelText('Base URL') as HTMLInputElement).value).toBe('https://sandbox.gateway.example/api/v1');
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(backend.store.list().profiles.map((p) => [p.id, p.name, p.environment])).toEqual([['practice', 'Practice', 'practice'], ['shop-sandbox-ada', 'Shop', 'sandbox']]));
  await waitFor(() => expect(backend.published()).toBe(1));
});

it('the production environment offers the team\'s production profiles; a new profile of its own keeps an id of its own; Arabic words', async () => {
  const form = await openNewProfileForm();
  fireEvent.change(within(form).getByLabelText('Environment'), { target: { value: 'production' } });
  const choice = await within(form).findByTestId('team-profile-choice');
  expect(within(choice).getAllByRole('radio').map((r) => plain(r.closest('label')!.textContent).trim())).toEqual(['A new profile of this laptop’s own', 'Use the team’s profile Shop live (Production)']);
  act(() => useLanguage.getState().setLanguage('ar'));
  await waitFor(() => expect(within(choice).getAllByRole('radio').map((r) => plain(r.closest('label')!.textContent).trim())).toEqual(['ملف تعريف جديد خاص بهذا الحاسوب', 'استخدم ملف تعريف الفريق «Shop live (الإنتاج)»']));
  expect(choice.textContent).toContain('ملفات تعريف الإنتاج لدى الفريق');
  act(() => useLanguage.getState().setLanguage('en'));
  // The first choice, a profile of its own: the team's id is not taken.
  fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'My live' } });
  fireEvent.change(within(form).getByLabelText('Base URL'), { target: { value: 'https://gateway.example/api/v1' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(backend.store.list().profiles).toHaveLength(2));
  expect(backend.store.list().profiles[1]).toMatchObject({ name: 'My live', environment: 'production' });
  expect(backend.store.list().profiles[1]!.id).not.toBe('live-ada');
});

it('a team profile already on this laptop is not offered again; on a laptop\'s own ledger nothing is offered', async () => {
  backend.store.create({ name: 'Shop', environment: 'sandbox', baseUrl: 'https://sandbox.gateway.example/api/v1', defaultCurrency: 'SAR', pathOverrides: {}, successUrl: null, failureUrl: null, teamProfileId: 'shop-sandbox-ada' });
  let form = await openNewProfileForm();
  // The team's list is in, with that profile on it.
  await waitFor(() => expect(useTeamProfiles.getState().profiles).toHaveLength(3));
  expect(within(form).queryByTestId('team-profile-choice')).toBeNull();
  cleanup();
  await fresh(false);
  form = await openNewProfileForm();
  await act(async () => undefined);
  expect(within(form).queryByTestId('team-profile-choice')).toBeNull();
});

it('opened from a payment\'s "Add … in Settings": the new profile\'s form comes with that team\'s profile chosen, its environment set; the next Add profile chooses nothing', async () => {
  render(<App />);
  await screen.findByTestId('active-profile-name');
  act(() => useNavigation.getState().go('settings', { open: 'new', teamProfile: 'live-ada' }));
  const form = (await screen.findByRole('heading', { name: 'New profile', level: 3 })).closest('form')!;
  await waitFor(() => expect((within(form).getByTestId('team-profile-live-ada') as HTMLInputElement).checked).toBe(true));
  expect((within(form).getByLabelText('Environment') as HTMLSelectElement).value).toBe('production');
  expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('Shop live');
  expect((within(form).getByLabelText('Base URL') as HTMLInputElement).value).toBe('https://production.gateway.example/api/v1');
  fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
  fireEvent.click(await screen.findByTestId('add-profile'));
  const next = (await screen.findByRole('heading', { name: 'New profile', level: 3 })).closest('form')!;
  const choice = await within(next).findByTestId('team-profile-choice');
  expect((within(next).getByLabelText('Environment') as HTMLSelectElement).value).toBe('sandbox');
  expect(within(choice).getAllByRole('radio').map((r) => (r as HTMLInputElement).checked)).toEqual([true, false]);
});
