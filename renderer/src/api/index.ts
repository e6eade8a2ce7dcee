// The one place that knows how the renderer reaches main: Electron's preload exposes
// `window.paydesk`; in the browser preview the same API runs over the loopback bridge.
// Components import `api` and never learn which transport they have. Every error main sends
// is worded here in the user's language (main sends a reason key and values, not words).
import type { PaydeskApi } from '../../../contract/methods';
import type { Result } from '../../../contract/result';
import { localizeError, useLanguage } from '../i18n';
import { createBridgeApi, methodsBy } from './bridge-transport';

declare global {
  interface Window {
    paydesk?: PaydeskApi;
  }
}

function worded(transport: PaydeskApi): PaydeskApi {
  return methodsBy((name) => {
    const call = (transport as unknown as Record<string, (input: unknown) => Promise<Result<unknown>>>)[name]!;
    return async (input: unknown) => {
      const result = await call(input);
      return result.ok ? result : { ok: false, error: localizeError(useLanguage.getState().language, result.error) };
    };
  }, transport.subscribe.bind(transport));
}

export const api: PaydeskApi = worded(window.paydesk ?? createBridgeApi());
