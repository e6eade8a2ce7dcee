// The check-up section on the team ledger: only support and admins are offered Run (its steps
// capture, void and refund); staff and finance see why instead, in their language. The database
// refuses them anyway (test/ledger/checkup.test.ts). With the role not known (main could not check
// it), Run is not offered either, saying why. main is a recording stub here; the role comes with the
// session's first call (getAppInfo), put in the session store as main.tsx would.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import type { ProfileView } from '../../contract/methods/profiles';
import { appInfo } from '../support/session';
import { stubMain } from '../support/stub-main';

const main = stubMain({ getCheckup: () => ({ ok: true, value: { run: null } }) });
const { CheckupSection } = await import('../../renderer/src/features/checkup/checkup-section');
const { useSession } = await import('../../renderer/src/app/session-store');
const { useLanguage } = await import('../../renderer/src/i18n');

const practice = { id: 'practice', name: 'Practice', environment: 'practice', baseUrl: 'http://127.0.0.1:9/api/v1', defaultCurrency: 'SAR', key: { configured: true, lastFour: 'abcd' }, pathOverrides: {}, successUrl: null, failureUrl: null } as unknown as ProfileView;

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

it.each([
  ['finance', false], ['staff', false], ['support', true], ['admin', true],
] as const)('on the team ledger as %s, Run check-up is offered: %s', async (role, offered) => {
  useSession.setState({ info: appInfo({ role }) });
  render(<CheckupSection profile={practice} />);
  const run = screen.getByTestId('checkup-run') as HTMLButtonElement;
  expect(run.disabled).toBe(!offered);
  if (offered) expect(screen.queryByTestId('checkup-unusable')).toBeNull();
  else expect(screen.getByTestId('checkup-unusable').textContent).toBe('On the team ledger only support and admins run the check-up: its steps capture, void and refund.');
  await main.settled();
});

it('on this laptop\'s own ledger, Run check-up is offered', async () => {
  useSession.setState({ info: appInfo(null) });
  render(<CheckupSection profile={practice} />);
  expect((screen.getByTestId('checkup-run') as HTMLButtonElement).disabled).toBe(false);
  expect(screen.queryByTestId('checkup-unusable')).toBeNull();
  await main.settled();
});

it('on the team ledger with the role not known, Run is not offered and says why', async () => {
  useSession.setState({ info: appInfo({ role: null }) });
  render(<CheckupSection profile={practice} />);
  expect((screen.getByTestId('checkup-run') as HTMLButtonElement).disabled).toBe(true);
  expect(screen.getByTestId('checkup-unusable').textContent).toMatch(/^Paydesk could not check your role in the team ledger/);
  await main.settled();
});

it('says why in Arabic too', async () => {
  useSession.setState({ info: appInfo({ role: 'finance' }) });
  act(() => useLanguage.getState().setLanguage('ar'));
  render(<CheckupSection profile={practice} />);
  expect(screen.getByTestId('checkup-unusable').textContent).toBe('في سجل الفريق لا يُجري الفحص إلا الدعم والمسؤولون: فخطواته تحصّل وتلغي التفويض وتسترد.');
  await main.settled();
});

it('calls the practice profile\'s gateway what it is, not "this sandbox" (production is never checked up)', async () => {
  useSession.setState({ info: appInfo(null) });
  render(<CheckupSection profile={practice} />);
  const intro = document.querySelector('.checkup-intro')!.textContent!;
  expect(intro).toContain('against this profile’s gateway');
  expect(intro).not.toContain('this sandbox');
  expect(intro).toContain('Try the check-up on the practice gateway');
  await main.settled();
});
