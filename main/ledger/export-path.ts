// Where a file export goes: its name in the export folder, never one an earlier export holds; and
// what is left of one that failed.
// A name carries the second the export started (export.ts's exportFileName), so two exports in
// the same second (KWD's refunds, then the currency switched to SAR and exported again) had one
// name, and the second's file replaced the first's while both said "Saved N rows to" that path.
// A name taken on disk, being written (its `.part`) or claimed by an export still starting gets
// "-2", "-3"… before ".csv". Used by both backends (export-jobs.ts, postgres/pg-export.ts).
import { createWriteStream, existsSync, rmSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';

const claimed = new Set<string>();

/** A free path for `fileName` in `dir`, held until `release` (call it once the export has ended). */
export function claimExportPath(dir: string, fileName: string): { fileName: string; path: string; release: () => void } {
  const dot = fileName.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [fileName.slice(0, dot), fileName.slice(dot)] : [fileName, ''];
  for (let n = 1; ; n++) {
    const name = n === 1 ? fileName : `${stem}-${n}${extension}`;
    const path = join(dir, name);
    if (claimed.has(path) || existsSync(path) || existsSync(`${path}.part`)) continue;
    claimed.add(path);
    return { fileName: name, path, release: () => void claimed.delete(path) };
  }
}

/**
 * A failed export's unfinished file, removed once its stream has closed: the stream opens its file
 * after a turn, so one that failed at once (its first read refused) and was removed straight away
 * was created after the removal, and a 0-byte `.part` stayed in the user's Downloads under
 * "The export failed and left no file."
 */
export async function discardPartial(out: WriteStream, partial: string): Promise<void> {
  if (!out.closed) await new Promise<void>((resolve) => out.destroy().once('close', () => resolve()));
  rmSync(partial, { force: true });
}

/**
 * A file export's stream whose write failure (a full disk: ENOSPC) is thrown by the next `write` or
 * by `end`, for the export to end "failed" and remove its `.part`. Unheard, the stream's 'error'
 * event ended the whole app (the preview's process, from the export's worker thread), and a write
 * waiting for 'drain' would have waited for ever.
 */
export function exportStream(partial: string): { out: WriteStream; write(text: string): Promise<void>; end(): Promise<void> } {
  const out = createWriteStream(partial, { encoding: 'utf8' });
  let failure: Error | undefined;
  const failed = new Promise<never>((_, reject) => out.on('error', (e) => reject((failure = e))));
  failed.catch(() => undefined); // heard here; thrown by the next write or end
  const orFailed = async (wait?: Promise<void>) => {
    if (wait) await Promise.race([wait, failed]);
    if (failure) throw failure;
  };
  return {
    out,
    write: (text) => orFailed(out.write(text) ? undefined : new Promise<void>((resolve) => out.once('drain', () => resolve()))),
    end: () => orFailed(new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())))),
  };
}
