// The log file with a size cap: when the next line would take the file past `maxBytes`, the file
// becomes `<name>.1` (the old `.1` becomes `.2`, and so on) and a new one starts; only `keep` old
// files are kept, so the log never takes more than about (keep + 1) × maxBytes. Writes are
// synchronous appends, as before: the last lines before a crash are the ones support needs.
import { appendFileSync, renameSync, rmSync, statSync } from 'node:fs';

export type RollingFileOptions = { file: string; maxBytes?: number; keep?: number };
export const defaultLogCap = { maxBytes: 2 * 1024 * 1024, keep: 3 };

/** The log's files, newest first: `file`, `file.1`, … `file.<keep>`. */
export const logFiles = (file: string, keep = defaultLogCap.keep) => [file, ...Array.from({ length: keep }, (_, i) => `${file}.${i + 1}`)];

export function createRollingFile(options: RollingFileOptions): (line: string) => void {
  const { file, maxBytes = defaultLogCap.maxBytes, keep = defaultLogCap.keep } = options;
  let size: number | undefined;
  const rotate = () => {
    rmSync(`${file}.${keep}`, { force: true });
    for (let i = keep - 1; i >= 1; i--) renameQuietly(`${file}.${i}`, `${file}.${i + 1}`);
    if (keep > 0) renameQuietly(file, `${file}.1`);
    else rmSync(file, { force: true });
    size = 0;
  };
  return (line) => {
    size ??= sizeOf(file);
    const bytes = Buffer.byteLength(line);
    if (size > 0 && size + bytes > maxBytes) rotate();
    appendFileSync(file, line, { mode: 0o600 });
    size += bytes;
  };
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

function renameQuietly(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
}
