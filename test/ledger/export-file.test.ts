// Exports written to a file by main: one snapshot (payments added during the export are not
// in it, none is repeated or skipped), in sort order, progress then done, a cancel leaves no
// file, the worker thread and the in-slices path write the same bytes, and the audit log too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { openLedgerDb, type LedgerDb } from '../../main/ledger/database';
import { createExportJobs } from '../../main/ledger/export-jobs';
import { seedLedger } from '../../scripts/seed-ledger';
import type { AppEvent } from '../../contract/events';

let dir: string;
let db: LedgerDb;
let workerFile: string;
const n = 12_000;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-export-'));
  db = openLedgerDb(dir);
  seedLedger(db, { payments: n, seed: 3 });
  workerFile = resolve(`node_modules/.export-worker-${process.pid}.cjs`);
  await build({ entryPoints: [resolve('main/ledger/export-worker.ts')], outfile: workerFile, bundle: true, platform: 'node', format: 'cjs', packages: 'external', logLevel: 'silent' });
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(workerFile, { force: true });
});

const orderIds = (csv: string) => {
  const lines = csv.slice(1).trimEnd().split('\r\n');
  const column = lines[0]!.split(',').indexOf('order_id');
  return lines.slice(1).map((line) => line.split(',')[column]);
};

describe('exporting to a file', () => {
  it('writes one snapshot in order while payments are added, with progress', async () => {
    const events: AppEvent[] = [];
    const exportDir = join(dir, 'out-slices');
    const jobs = createExportJobs({ db, emit: (e) => events.push(e), exportDir });
    const before = (db.prepare('SELECT order_id FROM payments ORDER BY created_at DESC, rowid DESC').all() as Array<{ order_id: string }>).map((r) => r.order_id);
    const started = jobs.start({ kind: 'payments', filter: {}, sort: { by: 'createdAt', direction: 'desc' } });
    // Payments arrive while the export runs (between its windows).
    const insert = db.prepare(`INSERT INTO payments (id, profile_id, environment, kind, order_id, amount_minor, currency, state, created_by, created_at, updated_at)
      VALUES (?, 'practice', 'practice', 'link', ?, 100, 'SAR', 'pending', 't', ?, ?)`);
    for (let i = 0; i < 20; i++) {
      await new Promise((r) => setImmediate(r));
      const at = new Date(Date.parse('2026-11-02T00:00:00Z') + i).toISOString();
      insert.run(`new-${i}`, `NEW-${i}`, at, at);
    }
    await jobs.idle();
    expect(orderIds(readFileSync(started.path, 'utf8'))).toEqual(before);
    const progress = events.filter((e) => e.type === 'export.progress');
    expect(progress.some((e) => !e.done)).toBe(true);
    expect(progress.at(-1)).toMatchObject({ exportId: started.exportId, rows: n, total: n, done: true });
    expect(started.fileName).toMatch(/^paydesk-payments-\d{8}-\d{6}\.csv$/);
  });

  it('writes the same file from a worker thread, filtered and sorted', async () => {
    const filter = { currency: 'SAR' as const, states: ['paid' as const, 'refunded' as const] };
    const sort = { by: 'amount' as const, direction: 'asc' as const };
    const inSlices = createExportJobs({ db, emit: () => {}, exportDir: join(dir, 'a') });
    const inWorker = createExportJobs({ db, emit: () => {}, exportDir: join(dir, 'b'), workerFile });
    const one = inSlices.start({ kind: 'payments', filter, sort });
    const two = inWorker.start({ kind: 'payments', filter, sort });
    await Promise.all([inSlices.idle(), inWorker.idle()]);
    const text = readFileSync(two.path, 'utf8');
    expect(text).toBe(readFileSync(one.path, 'utf8'));
    // Main's automatic checkpoint, paused while the worker held its snapshot, is back.
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    const expected = (db.prepare("SELECT order_id FROM payments WHERE currency = 'SAR' AND state IN ('paid', 'refunded') ORDER BY amount_minor, rowid").all() as Array<{ order_id: string }>).map((r) => r.order_id);
    expect(orderIds(text)).toEqual(expected);
  });

  it('leaves nothing behind when cancelled', async () => {
    const events: AppEvent[] = [];
    const exportDir = join(dir, 'cancelled');
    const jobs = createExportJobs({ db, emit: (e) => events.push(e), exportDir, workerFile });
    const started = jobs.start({ kind: 'payments', filter: {}, sort: { by: 'createdAt', direction: 'desc' } });
    expect(jobs.cancel(started.exportId)).toBe(true);
    await jobs.idle();
    expect(events.at(-1)).toMatchObject({ type: 'export.progress', done: true, cancelled: true });
    expect(existsSync(started.path)).toBe(false);
    expect(readdirSync(exportDir)).toEqual([]);
  });

  it('exports the audit log in seq order', async () => {
    const jobs = createExportJobs({ db, emit: () => {}, exportDir: join(dir, 'audit') });
    const started = jobs.start({ kind: 'audit' });
    await jobs.idle();
    const lines = readFileSync(started.path, 'utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('seq,at,os_user,profile_id,environment,action,payment_id,order_id,amount,currency,reason,result,hash');
    const count = (db.prepare('SELECT count(*) AS n FROM audit_log').get() as { n: number }).n;
    expect(lines.length - 1).toBe(count);
    expect(lines.slice(1, 4).map((l) => l.split(',')[0])).toEqual(['1', '2', '3']);
  });
});
