import type { Implementations } from './create-handlers';

export type AppInfo = { name: string; version: string; runtime: 'electron' | 'preview' | 'test' };

export function appHandlers(info: AppInfo): Pick<Implementations, 'getAppInfo'> {
  return {
    getAppInfo: () => ({ ...info, platform: process.platform }),
  };
}
