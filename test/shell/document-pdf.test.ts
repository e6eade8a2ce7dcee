// The desktop app's invoice PDFs: the document's HTML in a hidden, locked-down window of its own
// (JavaScript off, an in-memory session), printed with printToPDF, then the window is gone.
import { beforeEach, describe, expect, it } from 'vitest';
import { BrowserWindow, resetFakeElectron, shell } from './fake-electron';
import { openPath, renderDocumentPdf } from '../../main/electron/document-pdf';

describe('invoice PDFs in Electron', () => {
  beforeEach(() => resetFakeElectron());

  it('prints the HTML in a hidden locked-down window and destroys it', async () => {
    const html = '<!doctype html><html lang="ar" dir="rtl"><body>فاتورة</body></html>';
    const { pdf, png } = await renderDocumentPdf(html);
    expect(Buffer.from(pdf).toString().startsWith('%PDF')).toBe(true);
    expect(Buffer.from(png).subarray(1, 4).toString()).toBe('PNG');
    const [window] = BrowserWindow.created;
    expect(window!.options).toMatchObject({ show: false, webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false, javascript: false, devTools: false } });
    expect(window!.options.webPreferences!.preload).toBeUndefined();
    expect(window!.options.webPreferences!.partition).toMatch(/^paydesk-documents-[0-9a-f]{16}$/);
    expect(Buffer.from(window!.loadedUrl!.split(',')[1]!, 'base64').toString('utf8')).toBe(html);
    expect(window!.webContents.printed).toEqual([{ printBackground: true, pageSize: 'A4', preferCSSPageSize: true }]);
    expect(window!.isDestroyed()).toBe(true);
  });

  it('opens a saved PDF with the system viewer', async () => {
    await openPath('/data/invoices/INV-000001.pdf');
    expect(shell.openedPaths).toEqual(['/data/invoices/INV-000001.pdf']);
  });
});
