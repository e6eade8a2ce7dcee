// Saves what the page built (CSV exports, templates, error reports, invoice PDFs) through a
// download link: the browser asks where to save it; Electron shows its save dialog.
export function saveFile(fileName: string, parts: BlobPart[], type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob(parts, { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
