// DOM tests' session as main's first call answers it (getAppInfo, renderer/src/app/session-store.ts):
// a component drawn on its own takes the team ledger's role from it, as every screen does.
import type { MethodOutput } from '../../contract/methods';

type AppInfo = MethodOutput<'getAppInfo'>;

type Team = NonNullable<AppInfo['team']>;
/** A test's team session: the login and `reconnecting` may be left out (connected). */
export type TestTeam = (Omit<Team, 'login' | 'reconnecting'> & Partial<Pick<Team, 'login' | 'reconnecting'>>) | null;

/** getAppInfo's answer: `team` null on this laptop's own ledger, else the role main checked (null: not known), the login (omar unless given) and whether it is reconnecting (not unless given). */
export const appInfo = (team: TestTeam = null, language: AppInfo['language'] = 'en'): AppInfo => ({
  name: 'Paydesk', version: '1', runtime: 'test', platform: 'linux', language, team: team && { login: 'omar', reconnecting: false, ...team },
});

/** getActiveProfile's answer for the practice profile, its key configured: what a new laptop's forms see. */
export const practiceProfile = (): MethodOutput<'getActiveProfile'> => ({
  id: 'practice', name: 'Practice', environment: 'practice', baseUrl: 'http://127.0.0.1:9/api/v1', defaultCurrency: 'SAR',
  key: { configured: true, lastFour: 'abcd' }, pathOverrides: {}, successUrl: null, failureUrl: null,
});

/** The whole app's first answers on a new laptop's practice profile with an empty ledger, for `stubMain({ ...newPracticeLaptop(), … })`. */
export const newPracticeLaptop = () => ({
  getAppInfo: () => ({ ok: true as const, value: appInfo() }),
  getActiveProfile: () => ({ ok: true as const, value: practiceProfile() }),
  searchPayments: () => ({ ok: true as const, value: { total: 0, rows: [] } }),
  listProfiles: () => ({ ok: true as const, value: { profiles: [], activeId: 'practice' } }),
});
