// The 3-D Secure challenge window, through the fake `electron`: its own in-memory session, no
// preload, sandboxed; the only window allowed to navigate (to http(s) pages), while the app's
// window still may not; new windows and permissions denied; closing it is reported.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { app, BrowserWindow, resetFakeElectron, session, shell } from './fake-electron';
import { startShell } from '../../main/electron/shell';
import { openChallengeWindow } from '../../main/electron/challenge-window';
import type { PaydeskApp } from '../../main/composition';

let dataDir: string;
let paydesk: PaydeskApp;
beforeEach(async () => {
  resetFakeElectron();
  dataDir = mkdtempSync(join(tmpdir(), 'paydesk-3ds-'));
  app.userData = dataDir;
  paydesk = await startShell(join(dataDir, 'dist'));
});
afterEach(async () => {
  await paydesk.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the challenge window', () => {
  it('has no preload, a sandbox and an in-memory session of its own', () => {
    let closed = 0;
    const handle = openChallengeWindow('http://127.0.0.1:5555/3ds/abcdefghijklmnopqrstuv', () => closed++);
    const win = BrowserWindow.created.at(-1)!;
    const prefs = win.options.webPreferences!;
    expect(prefs.preload).toBeUndefined();
    expect(prefs).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false, webviewTag: false, devTools: false });
    expect(prefs.partition).toMatch(/^paydesk-3ds-[0-9a-f]{16}$/); // no "persist:": nothing outlives the window
    expect(win.loadedUrl).toBe('http://127.0.0.1:5555/3ds/abcdefghijklmnopqrstuv');
    const own = session.partitions.get(prefs.partition!)!;
    let granted: boolean | undefined;
    own.permissionRequest!({}, 'geolocation', (g) => (granted = g));
    expect(granted).toBe(false);
    expect(own.permissionCheck!()).toBe(false);

    handle.close();
    expect(closed).toBe(1);
    handle.close(); // closing twice is harmless
    expect(closed).toBe(1);
  });

  it("is titled in the user's language", () => {
    openChallengeWindow('http://127.0.0.1:5555/3ds/abcdefghijklmnopqrstuv', () => undefined);
    openChallengeWindow('http://127.0.0.1:5555/3ds/abcdefghijklmnopqrstuv', () => undefined, 'ar');
    expect(BrowserWindow.created.slice(-2).map((w) => w.options.title)).toEqual(['3-D Secure verification', 'التحقق بـ \u20663-D Secure\u2069']);
  });

  // The bank's and gateway's pages follow Accept-Language: it was the operating system's, not Paydesk's.
  it("asks the bank's page in the user's language, for every request of the window", () => {
    for (const [language, expected] of [['ar', 'ar,en'], ['en', 'en,ar']] as const) {
      const windowsBefore = BrowserWindow.created.length;
      openChallengeWindow('http://127.0.0.1:5555/3ds/abcdefghijklmnopqrstuv', () => undefined, language);
      const own = session.partitions.get(BrowserWindow.created.at(-1)!.options.webPreferences!.partition!)!;
      expect(own.acceptLanguages).toBe(expected);
      expect(own.userAgent).toBe('Mozilla/5.0 FakeChrome'); // the user agent itself unchanged
      expect(own.windowsWhenLanguagesSet).toBe(windowsBefore); // set before its window is made
    }
  });

  it('may navigate to the bank and back, while the app window still may not', () => {
    openChallengeWindow('http://127.0.0.1:5555/3ds/abcdefghijklmnopqrstuv', () => undefined);
    const appWindow = BrowserWindow.created[0]!.webContents;
    const challenge = BrowserWindow.created.at(-1)!.webContents;
    expect(challenge.attempt('will-navigate', 'https://acs.bank.example/challenge')).toBe(false);
    expect(challenge.attempt('will-redirect', 'http://127.0.0.1:5555/3ds/abcdefghijklmnopqrstuv/done?result=success')).toBe(false);
    expect(challenge.attempt('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(challenge.attempt('will-navigate', 'https://user:pw@bank.example/')).toBe(true);
    expect(appWindow.attempt('will-navigate', 'https://acs.bank.example/challenge')).toBe(true);
    expect(challenge.windowOpenHandler!({ url: 'https://popup.example/' })).toEqual({ action: 'deny' });
    expect(shell.opened).toEqual([]);
  });

  it('is what the openChallengeWindow method opens in Electron; an unknown challenge is refused', async () => {
    const result = await paydesk.handlers.openChallengeWindow({ challengeId: 'no-such-challenge-id' }, { transport: 'direct', osUser: 't' });
    expect(result).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(BrowserWindow.created).toHaveLength(1);
  });
});
