// A new sandbox key offers the gateway check-up once, right under it (docs/check-up.md), but only
// when the gateway could be reached: a key saved unchecked because the gateway could not be reached
// or did not answer in time would fail the check-up's first step (a refused key is not saved). The offer then said "Key saved.
// Run a check-up now?" under "the server name was not found". main is a recording stub here.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { MethodOutput } from '../../contract/methods';
import type { ProfileView } from '../../contract/methods/profiles';
import { appInfo } from '../support/session';
import { stubMain } from '../support/stub-main';

const shop = { id: 'shop', name: 'Shop', environment: 'sandbox', baseUrl: 'https://sandbox.example/api/v1', defaultCurrency: 'SAR', key: { configured: false, lastFour: null }, pathOverrides: {}, successUrl: null, failureUrl: null } as unknown as ProfileView;
type Check = MethodOutput<'setProfileKey'>['check'];
let check: Check = null;
const main = stubMain({
  getCheckup: () => ({ ok: true, value: { run: null } }),
  listProfiles: () => ({ ok: true, value: { profiles: [{ ...shop, key: { configured: true, lastFour: '1234' } }], activeId: 'practice' } }),
  setProfileKey: () => ({ ok: true, value: { profile: { ...shop, key: { configured: true, lastFour: '1234' } }, check } }),
});
const { KeyForm } = await import('../../renderer/src/features/settings/key-form');
const { CheckupSection } = await import('../../renderer/src/features/checkup/checkup-section');
const { useCheckups } = await import('../../renderer/src/features/checkup/checkup-store');
const { useSession } = await import('../../renderer/src/app/session-store');
useSession.setState({ info: appInfo(null) });

beforeEach(() => useCheckups.setState({ runs: {}, offered: {} }));
afterEach(() => cleanup());

async function saveKey(testConnection: boolean) {
  const calls = main.calls.length;
  render(<><KeyForm profile={shop} onDone={() => undefined} onCancel={() => undefined} /><CheckupSection profile={{ ...shop, key: { configured: true, lastFour: '1234' } }} /></>);
  fireEvent.change(screen.getByTestId('key-input'), { target: { value: 'sk_test_abcdefghijklmnop1234' } });
  if (!testConnection) fireEvent.click(screen.getByRole('checkbox')); // ticked unless unticked (walk23)
  fireEvent.click(screen.getByRole('button', { name: 'Save key' }));
  await waitFor(() => expect(main.calls.slice(calls).some((c) => c.name === 'listProfiles')).toBe(true));
  await waitFor(() => expect(document.querySelector('form[data-answers="1"]')).not.toBeNull());
}

it.each([
  ['saved without a check', false, null],
  ['checked and accepted by the gateway', true, { outcome: 'accepted', message: 'accepted', reason: { key: 'connection.accepted' } }],
] as const)('offers the check-up under a sandbox key %s', async (_how, testConnection, answer) => {
  check = answer as Check;
  await saveKey(testConnection);
  expect(await screen.findByTestId('checkup-offer')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Run the check-up now' })).toBeTruthy();
});

it.each([
  ['not checked: the gateway could not be reached', { outcome: 'unreachable', message: 'ENOTFOUND', reason: null }],
  ['not checked: the gateway did not answer in time', { outcome: 'timeout', message: 'timeout', reason: null }],
] as const)('does not offer the check-up under a sandbox key %s', async (_how, answer) => {
  check = answer as unknown as Check;
  await saveKey(true);
  expect(screen.queryByTestId('checkup-offer')).toBeNull();
  expect(useCheckups.getState().offered.shop).toBeFalsy();
  // Run check-up stays there for when the gateway can be reached.
  expect(screen.getByTestId('checkup-run')).toBeTruthy();
});
