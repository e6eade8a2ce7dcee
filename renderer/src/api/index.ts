// The one place that knows how the renderer reaches main: Electron's preload exposes
// `window.paydesk`; in the browser preview the same API runs over the loopback bridge.
// Components import `api` and never learn which transport they have. Every error main sends
// is worded here in the user's language (main sends a reason key and values, not words).
import { methodNames, type PaydeskApi } from '../../../contract/methods';
import type { Result } from '../../../contract/result';
import { localizeError, useLanguage } from '../i18n';
import { createBridgeApi } from './bridge-transport';

declare global {
  interface Window {
    paydesk?: PaydeskApi;
  }
}

function worded(transport: PaydeskApi): PaydeskApi {
  const api = { subscribe: transport.subscribe.bind(transport) } as Record<string, unknown>;
  for (const name of methodNames) {
    const call = transport[name] as (input: unknown) => Promise<Result<unknown>>;
    api[name] = async (input: unknown) => {
      const result = await call(input);
      return result.ok ? result : { ok: false, error: localizeError(useLanguage.getState().language, result.error) };
    };
  }
  return api as PaydeskApi;
}

export const api: PaydeskApi = worded(window.paydesk ?? createBridgeApi());
