// The one place that knows how the renderer reaches main: Electron's preload exposes
// `window.paydesk`; in the browser preview the same API runs over the loopback bridge.
// Components import `api` and never learn which transport they have.
import type { PaydeskApi } from '../../../contract/methods';
import { createBridgeApi } from './bridge-transport';

declare global {
  interface Window {
    paydesk?: PaydeskApi;
  }
}

export const api: PaydeskApi = window.paydesk ?? createBridgeApi();
