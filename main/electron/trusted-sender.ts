// Who may call main over IPC: a webContents this app created, from its main frame (not an
// iframe), showing a page of the app's own origin. Everything else is refused.
import type { IpcMainInvokeEvent, WebContents } from 'electron';
import { isAppUrl } from './app-origin';

export type TrustedWindows = {
  add(contents: WebContents): void;
  has(contents: WebContents): boolean;
  all(): WebContents[];
};

export function createTrustedWindows(): TrustedWindows {
  const trusted = new Map<number, WebContents>();
  return {
    add(contents) {
      trusted.set(contents.id, contents);
      contents.once('destroyed', () => trusted.delete(contents.id));
    },
    has: (contents) => trusted.get(contents.id) === contents,
    all: () => [...trusted.values()],
  };
}

export function isTrustedSender(event: Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>, windows: TrustedWindows): boolean {
  const frame = event.senderFrame;
  if (!frame || !windows.has(event.sender)) return false;
  if (frame !== event.sender.mainFrame || frame.parent) return false;
  return isAppUrl(frame.url);
}
