// What the page saves (invoice PDFs, CSV exports) goes through Electron's own save dialog. On Linux
// that dialog replaced a file of the same name without a word unless told to ask (Electron's
// `showOverwriteConfirmation`, off by default); Windows and macOS ask anyway. A saved document
// must never silently replace another (docs/invoices.md, "File names").
import type { Session } from 'electron';

export function askBeforeReplacing(session: Session): void {
  session.on('will-download', (_event, item) => {
    const options = item.getSaveDialogOptions();
    const properties = new Set([...(options.properties ?? []), 'showOverwriteConfirmation' as const, 'createDirectory' as const]);
    item.setSaveDialogOptions({ ...options, properties: [...properties] });
  });
}
