import type { Implementations } from './create-handlers';
import type { UiLanguage } from '../core/ui-language';

export type AppInfo = { name: string; version: string; runtime: 'electron' | 'preview' | 'test' };

/** `firstScreenShown` starts the services the first screen did not need (main/composition.ts). */
export function appHandlers(info: AppInfo, language: UiLanguage, firstScreenShown: () => void = () => undefined): Pick<Implementations, 'getAppInfo' | 'firstScreenShown' | 'setLanguage'> {
  return {
    getAppInfo: () => ({ ...info, platform: process.platform }),
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
