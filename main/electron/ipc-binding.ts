// Binds every contract method to its own IPC channel, behind one trusted-sender check, and
// forwards main's events to the app's windows. The only place ipcMain is used.
import { ipcMain } from 'electron';
import { channelOf, eventChannel, methodNames } from '../../contract/methods';
import type { CallContext, Handlers } from '../api/create-handlers';
import { fail } from '../core/fail';
import type { EventHub } from '../core/event-hub';
import type { Logger } from '../log/logger';
import { isTrustedSender, type TrustedWindows } from './trusted-sender';

/** `handlers` may still be coming: the window opens while the app starts, and its calls wait. */
export function bindIpc(options: { handlers: Handlers | Promise<Handlers>; windows: TrustedWindows; logger: Logger; osUser: string }): () => void {
  const ctx: CallContext = { transport: 'ipc', osUser: options.osUser };
  for (const name of methodNames) {
    ipcMain.handle(channelOf(name), async (event, input: unknown) => {
      if (!isTrustedSender(event, options.windows)) {
        options.logger.warn(`IPC call to ${name} refused: untrusted sender`);
        return { ok: false, error: fail('forbidden', 'forbidden.window').toError() };
      }
      const handler = (await options.handlers)[name] as (input: unknown, ctx: CallContext) => Promise<unknown>;
      return handler(input, ctx);
    });
  }
  return () => methodNames.forEach((name) => ipcMain.removeHandler(channelOf(name)));
}

export function forwardEvents(events: EventHub, windows: TrustedWindows): () => void {
  return events.subscribe((event) => {
    for (const contents of windows.all()) {
      if (!contents.isDestroyed()) contents.send(eventChannel, event);
    }
  });
}
