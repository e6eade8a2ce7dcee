import type { Implementations } from './create-handlers';
import type { UiLanguage } from '../core/ui-language';

export type AppInfo = { name: string; version: string; runtime: 'electron' | 'preview' | 'test' };

export function appHandlers(info: AppInfo, language: UiLanguage): Pick<Implementations, 'getAppInfo' | 'setLanguage'> {
  return {
    getAppInfo: () => ({ ...info, platform: process.platform }),
    setLanguage: ({ language: chosen }) => {
      language.set(chosen);
      return {};
    },
  };
}
