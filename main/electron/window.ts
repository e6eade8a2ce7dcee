// The app's one window. Options are exported so the shell's tests can check every one of them.
import { BrowserWindow, nativeTheme } from 'electron';
import { join } from 'node:path';
import { appEntryUrl } from './app-origin';
import type { TrustedWindows } from './trusted-sender';
import type { WindowZoom } from './window-zoom';

/** What every window of Paydesk runs with: isolated, sandboxed, no Node anywhere, no <webview>. */
export const lockedDown = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webviewTag: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  devTools: false,
  spellcheck: false,
} satisfies Electron.WebPreferences;

/**
 * `dark`: the system is in dark mode, which the page follows (renderer/src/styles/app.css): the
 * window's own ground is the page's dark one, not a light flash before the page paints or while
 * it is resized (walk21).
 */
export function windowOptions(preloadPath: string, development: boolean, zoomFactor = 1, dark = false): Electron.BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    title: 'Paydesk',
    show: false,
    backgroundColor: dark ? '#0d1117' : '#f7f7f8',
    webPreferences: { ...lockedDown, preload: preloadPath, devTools: development, zoomFactor },
  };
}

export function createMainWindow(options: { distDir: string; development: boolean; windows: TrustedWindows; zoom: WindowZoom }): BrowserWindow {
  const window = new BrowserWindow(windowOptions(join(options.distDir, 'preload', 'preload.cjs'), options.development, options.zoom.factor(), nativeTheme.shouldUseDarkColors));
  options.windows.add(window.webContents);
  // The size chosen last time, again at each load: Chromium may keep another for the page's address.
  window.webContents.on('did-finish-load', () => window.webContents.setZoomFactor(options.zoom.factor()));
  window.once('ready-to-show', () => window.show());
  void window.loadURL(appEntryUrl);
  return window;
}
