// Exposes `window.paydesk`: one function per contract method, each on its own channel, plus
// subscribe() for main's events. Nothing else crosses: no generic invoke, no ipcRenderer.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { channelOf, eventChannel, methodNames, type PaydeskApi } from '../contract/methods';
import type { AppEvent } from '../contract/events';

export function buildApi(): PaydeskApi {
  const api: Record<string, unknown> = {};
  for (const name of methodNames) {
    api[name] = (input: unknown) =>
      ipcRenderer.invoke(channelOf(name), input).catch(() => ({
        ok: false,
        error: { code: 'internal', message: 'Paydesk could not reach its main process. Please restart the app.' },
      }));
  }
  api.subscribe = (listener: (event: AppEvent) => void) => {
    const forward = (_event: IpcRendererEvent, appEvent: AppEvent) => listener(appEvent);
    ipcRenderer.on(eventChannel, forward);
    return () => void ipcRenderer.removeListener(eventChannel, forward);
  };
  return Object.freeze(api) as PaydeskApi;
}

contextBridge.exposeInMainWorld('paydesk', buildApi());
