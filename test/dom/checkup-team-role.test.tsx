// The check-up section on the team ledger: only support and admins are offered Run (its steps
// capture, void and refund); staff and finance see why instead, in their language. The database
// refuses them anyway (test/ledger/checkup.test.ts). main is a recording stub here.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { PaydeskApi } from '../../contract/methods';
import type { ProfileView } from '../../contract/methods/profiles';

let role: string | null = null;
window.paydesk = new Proxy({} as Record<string, unknown>, {
  get(_target, name: string) {
    if (name === 'subscribe') return () => () => undefined;
    return async () => {
      if (name === 'getTeamLedger') return { ok: true, value: { inUse: role !== null, session: role ? { login: 'fay', role, reason: null } : null } };
      if (name === 'getCheckup') return { ok: true, value: { run: null } };
      return { ok: false, error: { code: 'internal', message: 'not stubbed' } };
    };
  },
}) as unknown as PaydeskApi;
const { CheckupSection } = await import('../../renderer/src/features/checkup/checkup-section');
const { useTeamRole } = await import('../../renderer/src/features/settings/team-role');
const { useLanguage } = await import('../../renderer/src/i18n');

const practice = { id: 'practice', name: 'Practice', environment: 'practice', baseUrl: 'http://127.0.0.1:9/api/v1', defaultCurrency: 'SAR', key: { configured: true, lastFour: 'abcd' }, pathOverrides: {}, successUrl: null, failureUrl: null } as unknown as ProfileView;

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

it.each([
  ['finance', false], ['staff', false], ['support', true], ['admin', true], [null, true],
] as const)('on the team ledger as %s, Run check-up is offered: %s', async (as, offered) => {
  role = as;
  render(<CheckupSection profile={practice} />);
  await waitFor(() => expect(useTeamRole.getState().role).toBe(as));
  const run = screen.getByTestId('checkup-run') as HTMLButtonElement;
  expect(run.disabled).toBe(!offered);
  if (offered) expect(screen.queryByTestId('checkup-unusable')).toBeNull();
  else expect(screen.getByTestId('checkup-unusable').textContent).toBe('On the team ledger only support and admins run the check-up: its steps capture, void and refund.');
});

it('says why in Arabic too', async () => {
  role = 'finance';
  act(() => useLanguage.getState().setLanguage('ar'));
  render(<CheckupSection profile={practice} />);
  await waitFor(() => expect(useTeamRole.getState().role).toBe('finance'));
  expect(screen.getByTestId('checkup-unusable').textContent).toBe('في سجل الفريق لا يُجري الفحص إلا الدعم والمسؤولون: فخطواته تحصّل وتلغي وتسترد.');
});
