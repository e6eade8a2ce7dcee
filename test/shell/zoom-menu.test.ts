// A person who needs larger text zooms the window with Ctrl+= (or the View menu), and the next
// start opens at that size. The menu bar is in the language chosen in the window.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { app, BrowserWindow, ipcMain, Menu, resetFakeElectron, type FakeWebContents } from './fake-electron';
import { startShell } from '../../main/electron/shell';
import type { PaydeskApp } from '../../main/composition';
import { menuTemplate } from '../../main/electron/app-menu';
import { createWindowZoom } from '../../main/electron/window-zoom';

let dataDir: string;
let paydesk: PaydeskApp | undefined;

beforeEach(() => {
  resetFakeElectron();
  dataDir = mkdtempSync(join(tmpdir(), 'paydesk-zoom-'));
  app.userData = dataDir;
});
afterEach(async () => {
  await paydesk?.close();
  paydesk = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

async function start() {
  await paydesk?.close();
  resetFakeElectron();
  app.userData = dataDir;
  paydesk = await startShell(join(dataDir, 'dist'));
  const contents = BrowserWindow.created[0]!.webContents;
  contents.emit('did-finish-load');
  return contents;
}

type Item = Electron.MenuItemConstructorOptions & { submenu?: Item[] };
const allItems = (): Item[] => (Menu.application?.items ?? []).flatMap((menu) => [menu, ...(menu.submenu ?? [])]);
/** What a key press does: the item whose accelerator it is, clicked. */
function press(accelerator: string) {
  const item = allItems().find((candidate) => candidate.accelerator === accelerator);
  if (!item?.click) throw new Error(`no menu item answers ${accelerator}`);
  (item.click as () => void)();
}
const labels = () => allItems().filter((item) => item.visible !== false).map((item) => item.label);

describe('zooming the window', () => {
  it('answers Ctrl+=, Ctrl+Plus and the keypad\'s +, Ctrl+- and Ctrl+0 in Chromium\'s steps', async () => {
    const contents = await start();
    expect(contents.zoomFactor).toBe(1);
    press('CommandOrControl+=');
    expect(contents.zoomFactor).toBe(1.1);
    press('CommandOrControl+Plus');
    press('CommandOrControl+numadd');
    expect(contents.zoomFactor).toBe(1.5);
    press('CommandOrControl+-');
    expect(contents.zoomFactor).toBe(1.25);
    press('CommandOrControl+0');
    expect(contents.zoomFactor).toBe(1);
  });

  it('stops at 300% and at 50%', async () => {
    const contents = await start();
    for (let i = 0; i < 20; i++) press('CommandOrControl+=');
    expect(contents.zoomFactor).toBe(3);
    for (let i = 0; i < 20; i++) press('CommandOrControl+-');
    expect(contents.zoomFactor).toBe(0.5);
  });

  it('opens the next start at the size chosen, and at 100% after Actual size', async () => {
    let contents: FakeWebContents = await start();
    for (let i = 0; i < 5; i++) press('CommandOrControl+=');
    expect(contents.zoomFactor).toBe(2);
    contents = await start();
    expect(BrowserWindow.created[0]!.options.webPreferences!.zoomFactor).toBe(2);
    expect(contents.zoomFactor).toBe(2);
    press('CommandOrControl+0');
    contents = await start();
    expect(contents.zoomFactor).toBe(1);
  });

  it('has no Reload (it would throw away a half-filled form) outside development', async () => {
    // A packaged app starts the real updater, which needs the real Electron: the template is asked.
    const packaged = menuTemplate('en', createWindowZoom(dataDir), () => [], false) as Item[];
    const roles = packaged.flatMap((menu) => [menu, ...(menu.submenu ?? [])]).map((item) => item.role);
    expect(roles).not.toContain('reload');
    expect(roles).not.toContain('forceReload');
    expect(roles).not.toContain('toggleDevTools');
  });

  it('starts with the application menu on macOS (its Quit, Hide and Services), not a File menu', () => {
    const mac = menuTemplate('en', createWindowZoom(dataDir), () => [], false, 'darwin') as Item[];
    expect(mac[0]).toEqual({ role: 'appMenu' });
    expect(mac.map((menu) => menu.label)).not.toContain('&File');
  });
});

describe('the menu bar\'s words', () => {
  it('are English, then Arabic once the window chooses Arabic, and Arabic at the next start', async () => {
    const contents = await start();
    expect(labels()).toEqual(expect.arrayContaining(['&View', 'Zoom in', 'Zoom out', 'Actual size']));
    const setLanguage = ipcMain.handlers.get('paydesk:setLanguage')!;
    await setLanguage({ sender: contents, senderFrame: contents.mainFrame }, { language: 'ar' });
    expect(labels()).toEqual(expect.arrayContaining(['عرض', 'تكبير', 'تصغير', 'الحجم الفعلي']));
    await start();
    expect(labels()).toContain('تكبير');
  });
});
