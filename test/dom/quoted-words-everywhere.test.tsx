// Main's worded errors in the other red spots (Home's overview, Settings, the header's profile
// switcher, a form field) draw a gateway's quoted English words as one unit in Arabic, as the
// payment's detail and the forms do (quoted-words.test.tsx): «No transaction | tx_…». no longer
// splits across two lines. main is a stub refusing with the gateway's "not found".
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { MethodOutput } from '../../contract/methods';
import { stubMain, unchecked } from '../support/stub-main';

const notFound = { code: 'gateway_error' as const, message: 'The gateway has no such order or transaction.', reason: { key: 'gateway.not_found', values: { said: 'No transaction tx_1710ou3i' } } };
const quote = '«\u2068No transaction tx_1710ou3i\u2069».';
const profile = (id: string, name: string): MethodOutput<'getActiveProfile'> => ({
  id, name, environment: 'sandbox', baseUrl: 'https://gw.example/api/v1', defaultCurrency: 'SAR',
  key: { configured: true, lastFour: 'wxyz' }, pathOverrides: {}, successUrl: null, failureUrl: null,
});
let profilesRefused = false;
stubMain({
  getOverview: () => ({ ok: false, error: notFound }),
  listProfiles: () => (profilesRefused ? { ok: false, error: notFound } : { ok: true, value: unchecked({ profiles: [profile('a', 'Riyadh'), profile('b', 'Jeddah')], activeId: 'a' }) }),
  switchProfile: () => ({ ok: false, error: notFound }),
});
const { OverviewSection } = await import('../../renderer/src/features/overview/overview-section');
const { SettingsScreen } = await import('../../renderer/src/features/settings/settings-screen');
const { ProfileSwitcher } = await import('../../renderer/src/features/settings/profile-switcher');
const { Field } = await import('../../renderer/src/features/settings/field');
const { useProfiles } = await import('../../renderer/src/features/settings/settings-store');
const { useLanguage, wordReason } = await import('../../renderer/src/i18n');

afterEach(() => {
  cleanup();
  profilesRefused = false;
  useProfiles.setState({ profiles: [], error: undefined, loaded: false });
  act(() => useLanguage.getState().setLanguage('en'));
});
const arabic = () => act(() => useLanguage.getState().setLanguage('ar'));
const units = (element: Element) => [...element.querySelectorAll('.quoted-words')].map((unit) => unit.textContent);

it("Home's overview, its figures refused", async () => {
  arabic();
  render(<OverviewSection profileId="practice" />);
  const alert = await screen.findByRole('alert');
  expect(units(alert)).toEqual([quote]);
  expect(alert.textContent).toBe(wordReason('ar', notFound.reason));
});

it('Settings, its profiles not read', async () => {
  arabic();
  profilesRefused = true;
  render(<SettingsScreen />);
  expect(units(await screen.findByTestId('settings-error'))).toEqual([quote]);
});

it('the header’s profile switcher, a switch refused', async () => {
  arabic();
  render(<ProfileSwitcher />);
  const select = await screen.findByTestId('profile-switch');
  fireEvent.change(select, { target: { value: 'b' } });
  fireEvent.submit(select.closest('form')!);
  expect(units(await screen.findByRole('alert'))).toEqual([quote]);
});

it('a field main told of (an API key, a payment id looked up)', () => {
  render(<Field id="key" label="Key" error={wordReason('ar', notFound.reason)} />);
  expect(units(screen.getByTestId('error-key'))).toEqual([quote]);
});

it('leaves English as it was: nothing wrapped', async () => {
  render(<OverviewSection profileId="practice" />);
  const alert = await screen.findByRole('alert');
  expect(alert.querySelector('.quoted-words')).toBeNull();
  expect(alert.textContent).toBe(wordReason('en', notFound.reason));
});
