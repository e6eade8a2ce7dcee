// The header's environment (its colours and badge) changes with the switch itself. It followed the
// session, read again only when main's `profiles.changed` event came back: for a moment after Switch
// was done (the choice in use, Switch disabled) the header still wore the last profile's colours, a
// sandbox's amber on the practice profile's screens (e2e dark mode read them once, walk34). Here
// main's event is held back, as a slow event stream would: the header changes all the same.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { MethodOutput } from '../../contract/methods';
import { appInfo, practiceProfile } from '../support/session';
import { stubMain } from '../support/stub-main';

type Profile = MethodOutput<'getActiveProfile'>;
const sandbox: Profile = { ...practiceProfile(), id: 'sb', name: 'Shop sandbox', environment: 'sandbox', baseUrl: 'https://sandbox.gw.example/api/v1' };
let active: Profile = practiceProfile();
const main = stubMain({
  listProfiles: () => ({ ok: true, value: { profiles: [practiceProfile(), sandbox], activeId: active.id } }),
  getActiveProfile: () => ({ ok: true, value: active }),
  switchProfile: ({ id }) => {
    active = id === sandbox.id ? sandbox : practiceProfile();
    return { ok: true, value: active };
  },
});
const { useSession } = await import('../../renderer/src/app/session-store');
const { useProfiles } = await import('../../renderer/src/features/settings/settings-store');
const { useLanguage } = await import('../../renderer/src/i18n');
const { Header } = await import('../../renderer/src/app/header');

afterEach(() => {
  cleanup();
  active = practiceProfile();
  useProfiles.setState({ profiles: [], activeId: undefined, error: undefined, loaded: false });
  act(() => useLanguage.getState().setLanguage('en'));
});

const header = () => document.querySelector('header.app-header')!;

it.each(['en', 'ar'] as const)('wears the sandbox colours once Switch is done, without waiting for main\'s event (%s)', async (language) => {
  act(() => useLanguage.getState().setLanguage(language));
  useSession.setState({ info: appInfo(), profile: practiceProfile() });
  render(<Header />);
  const list = (await screen.findByTestId('profile-switch')) as HTMLSelectElement;
  await waitFor(() => expect(list.options).toHaveLength(2));
  expect(header().className).toContain('app-header-practice');

  fireEvent.change(list, { target: { value: 'sb' } });
  const switchButton = list.form!.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  fireEvent.click(switchButton);
  // Switch is done when the choice is the profile in use (its button disabled): the header with it.
  await waitFor(() => expect(switchButton.disabled).toBe(true));
  expect(header().className).toContain('app-header-sandbox');
  expect(header().querySelector('.env-badge')!.className).toContain('env-sandbox');
  expect(screen.getByTestId('active-profile-name').textContent).toBe('Shop sandbox');
  await main.settled();
});
