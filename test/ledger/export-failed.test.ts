// A file export that fails leaves nothing in the export folder, as its message says ("The export
// failed and left no file."): its unfinished `.part` is removed once its stream has closed. The
// stream opens its file after a turn, so an export that failed at its first read (a refused
// filter) removed the file before it existed, and a 0-byte .part stayed in the user's Downloads.
import { afterEach, expect, it } from 'vitest';
import { createWriteStream, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ledgerFileName, openLedgerDb } from '../../main/ledger/database';
import { runExport } from '../../main/ledger/export-file';
import { discardPartial } from '../../main/ledger/export-path';

const dirs: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-export-failed-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

it('removes a failed export’s unfinished file even when it failed before the file was open', async () => {
  const dir = folder();
  const partial = join(dir, 'paydesk-payments-20261129-043254.csv.part');
  const out = createWriteStream(partial, { encoding: 'utf8' }); // not open yet
  await discardPartial(out, partial);
  if (!out.closed) await once(out, 'close'); // a late open has made its file by the time the stream closes
  expect(readdirSync(dir)).toEqual([]);
});

it('says an export that failed at its first read failed, and leaves its folder empty', async () => {
  const ledger = folder();
  openLedgerDb(ledger).close();
  const exports = folder();
  const job = { kind: 'payments' as const, ledgerFile: join(ledger, ledgerFileName), path: join(exports, 'paydesk-payments-20261129-043254.csv'), filter: { minAmount: '100' }, sort: { by: 'createdAt' as const, direction: 'desc' as const }, timeZone: 'UTC' };
  const ended = await runExport(job, () => undefined, () => false, () => new Promise<void>((resolve) => setImmediate(resolve)));
  expect(ended).toMatchObject({ done: true, failed: true });
  expect(readdirSync(exports)).toEqual([]);
});

// walk26: an export to a full disk ended the whole app (the preview's process died: its write
// stream's ENOSPC was emitted with no one listening). It now ends "failed" for room, its `.part`
// removed, and the app goes on. `/dev/full` answers every write with ENOSPC, as a full disk does.
it('ends an export to a full disk as failed for room, leaves no file, and keeps the app running', async () => {
  const ledger = folder();
  openLedgerDb(ledger).close();
  const exports = folder();
  const path = join(exports, 'paydesk-payments-20261203-081500.csv');
  symlinkSync('/dev/full', `${path}.part`);
  const job = { kind: 'payments' as const, ledgerFile: join(ledger, ledgerFileName), path, filter: {}, sort: { by: 'createdAt' as const, direction: 'desc' as const }, timeZone: 'UTC' };
  const ended = await runExport(job, () => undefined, () => false, () => new Promise<void>((resolve) => setImmediate(resolve)));
  expect(ended).toMatchObject({ done: true, failed: true, diskFull: true });
  expect(readdirSync(exports)).toEqual([]);
});
