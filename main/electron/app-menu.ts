// The window's menu bar, in the language chosen in the window (Electron's default menu is English
// only, has Reload, which throws away a half-filled form, and its Zoom in answers Ctrl+Shift+=
// but not Ctrl+= on Windows and Linux: electron/electron#40674). Zoom goes through window-zoom.ts
// so the size chosen is kept for the next start. File, Edit, View and Window keep the default
// menu's initials (Alt+L, the language shortcut, starts none of them: docs/keyboard.md).
import { Menu, type MenuItemConstructorOptions, type WebContents } from 'electron';
import { reason, reasonText, type Language } from '../core/fail';
import type { ReasonKey } from '../../contract/reasons';
import type { WindowZoom } from './window-zoom';

/** The app's windows (never the 3-D Secure one) are drawn at the size chosen. */
export function menuTemplate(language: Language, zoom: WindowZoom, appWindows: () => WebContents[], development: boolean, platform = process.platform): MenuItemConstructorOptions[] {
  const word = (key: ReasonKey) => reasonText(language, reason(key));
  const apply = (factor: number) => appWindows().forEach((contents) => contents.setZoomFactor(factor));
  const zoomIn = () => apply(zoom.zoomIn());
  return [
    // On macOS the first menu is the application's own (Hide, Services, Quit), named by the OS.
    platform === 'darwin' ? { role: 'appMenu' } : { label: word('os.menuFile'), submenu: [{ role: 'quit', label: word('os.menuQuit') }] },
    {
      label: word('os.menuEdit'),
      submenu: [
        { role: 'undo', label: word('os.menuUndo') },
        { role: 'redo', label: word('os.menuRedo') },
        { type: 'separator' },
        { role: 'cut', label: word('os.menuCut') },
        { role: 'copy', label: word('os.menuCopy') },
        { role: 'paste', label: word('os.menuPaste') },
        { role: 'selectAll', label: word('os.menuSelectAll') },
      ],
    },
    {
      label: word('os.menuView'),
      submenu: [
        { label: word('os.menuZoomIn'), accelerator: 'CommandOrControl+=', click: zoomIn },
        // The same, for the key that types "+" (Shift+= or the keypad's): one accelerator per item.
        { label: word('os.menuZoomIn'), accelerator: 'CommandOrControl+Plus', click: zoomIn, visible: false, acceleratorWorksWhenHidden: true },
        { label: word('os.menuZoomIn'), accelerator: 'CommandOrControl+numadd', click: zoomIn, visible: false, acceleratorWorksWhenHidden: true },
        { label: word('os.menuZoomOut'), accelerator: 'CommandOrControl+-', click: () => apply(zoom.zoomOut()) },
        { label: word('os.menuZoomOut'), accelerator: 'CommandOrControl+numsub', click: () => apply(zoom.zoomOut()), visible: false, acceleratorWorksWhenHidden: true },
        { label: word('os.menuZoomReset'), accelerator: 'CommandOrControl+0', click: () => apply(zoom.reset()) },
        { type: 'separator' },
        { role: 'togglefullscreen', label: word('os.menuFullScreen') },
        ...(development ? [{ type: 'separator' as const }, { role: 'reload' as const }, { role: 'toggleDevTools' as const }] : []),
      ],
    },
    {
      label: word('os.menuWindow'),
      submenu: [
        { role: 'minimize', label: word('os.menuMinimize') },
        { role: 'close', label: word('os.menuClose') },
      ],
    },
  ];
}

export function setAppMenu(language: Language, zoom: WindowZoom, appWindows: () => WebContents[], development: boolean): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(language, zoom, appWindows, development)));
}
