// Invoice PDFs in the desktop app: the document's HTML loaded in a hidden window of its own
// (locked down like every window, JavaScript off, an in-memory session, nothing else loaded)
// and printed with webContents.printToPDF; capturePage gives the PNG the app shows first.
import { BrowserWindow, shell } from 'electron';
import { randomBytes } from 'node:crypto';
import { lockedDown } from './window';

export const documentWindowOptions = (partition: string): Electron.BrowserWindowConstructorOptions => ({
  show: false,
  width: 794,
  height: 1123,
  webPreferences: { ...lockedDown, javascript: false, partition, offscreen: true },
});

export async function renderDocumentPdf(html: string): Promise<{ pdf: Uint8Array; png: Uint8Array }> {
  const window = new BrowserWindow(documentWindowOptions(`paydesk-documents-${randomBytes(8).toString('hex')}`));
  try {
    await window.loadURL(`data:text/html;charset=utf-8;base64,${Buffer.from(html, 'utf8').toString('base64')}`);
    const pdf = await window.webContents.printToPDF({ printBackground: true, pageSize: 'A4', preferCSSPageSize: true });
    const png = (await window.webContents.capturePage()).toPNG();
    return { pdf: new Uint8Array(pdf), png: new Uint8Array(png) };
  } finally {
    if (!window.isDestroyed()) window.destroy();
  }
}

/** Opens a saved PDF with the system's viewer; Electron answers an error text, or '' when it worked. */
export async function openPath(path: string): Promise<void> {
  const problem = await shell.openPath(path);
  if (problem) throw new Error(problem);
}
