import type { Implementations } from './create-handlers';
import type { UiLanguage } from '../core/ui-language';
import type { MethodOutput } from '../../contract/methods';

export type AppInfo = { name: string; version: string; runtime: 'electron' | 'preview' | 'test' };

/** Who this laptop is on the team ledger (null: this laptop's own ledger; role null: not checked). */
export type TeamStanding = MethodOutput<'getAppInfo'>['team'];

/**
 * `firstScreenShown` starts the services the first screen did not need (main/composition.ts).
 * `team`: the team ledger's session as main knows it now (team-backend.ts), part of the session's
 * first call so that no screen is ever drawn before its role is known.
 */
export function appHandlers(
  info: AppInfo,
  language: UiLanguage,
  firstScreenShown: () => void = () => undefined,
  team: () => TeamStanding = () => null,
): Pick<Implementations, 'getAppInfo' | 'firstScreenShown' | 'setLanguage'> {
  return {
    getAppInfo: () => ({ ...info, platform: process.platform, language: language.get(), team: team() }),
    setLanguage: ({ language: chosen }) => {
      language.set(chosen);
      return {};
    },
    firstScreenShown: () => {
      firstScreenShown();
      return {};
    },
  };
}
