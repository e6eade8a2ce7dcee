import type { Implementations } from './create-handlers';

export type AppInfo = { name: string; version: string; runtime: 'electron' | 'preview' | 'test' };

/** `firstScreenShown` starts the services the first screen did not need (main/composition.ts). */
export function appHandlers(info: AppInfo, firstScreenShown: () => void = () => undefined): Pick<Implementations, 'getAppInfo' | 'firstScreenShown'> {
  return {
    getAppInfo: () => ({ ...info, platform: process.platform }),
    firstScreenShown: () => {
      firstScreenShown();
      return {};
    },
  };
}
