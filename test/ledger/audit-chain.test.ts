// The audit chain is verified once per entry: opening the log checks only what was added since,
// yet an edit after or at the last verified entry is still caught; the full check runs off
// main's event loop (a worker thread, or slices), reports progress and the first broken link;
// the audit screen pages by seq at any depth.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { openLedgerDb, type LedgerDb } from '../../main/ledger/database';
import { appendAudit } from '../../main/ledger/audit-log';
import { checkAuditChain } from '../../main/ledger/audit-chain';
import { listAudit } from '../../main/ledger/audit-query';
import { createAuditVerifier } from '../../main/ledger/audit-verify';
import { settle } from '../../main/ledger/search';
import type { AppEvent } from '../../contract/events';

let dir: string;
let db: LedgerDb;
let workerFile: string;
const at = '2026-11-20T10:00:00.000Z';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-audit-'));
  db = openLedgerDb(dir);
  db.transaction(() => {
    for (let i = 0; i < 2_500; i++) appendAudit(db, { osUser: i % 2 ? 'omar' : 'layla', action: i % 3 ? 'refund' : 'create_link', orderId: `PD-${i}`, amountMinor: 100 + i, currency: 'SAR', result: 'succeeded' }, at);
  })();
  // The worker as the app ships it: one bundled file next to main's.
  workerFile = resolve(`node_modules/.audit-verify-worker-${process.pid}.cjs`);
  await build({ entryPoints: [resolve('main/ledger/audit-verify-worker.ts')], outfile: workerFile, bundle: true, platform: 'node', format: 'cjs', packages: 'external', logLevel: 'silent', absWorkingDir: resolve('.') });
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(workerFile, { force: true });
});

const note = (result: string) => appendAudit(db, { osUser: 'tester', action: 'note', result }, at);

describe('checking the chain as the log is opened', () => {
  it('checks a slice now and the rest in the background, then only new entries', async () => {
    const first = checkAuditChain(db);
    expect(first).toMatchObject({ intact: true, last: 2_500 });
    expect(first.checkedThrough).toBeLessThan(2_500);
    await settle();
    expect(checkAuditChain(db)).toEqual({ intact: true, checkedThrough: 2_500, last: 2_500 });
    note('a');
    expect(checkAuditChain(db)).toEqual({ intact: true, checkedThrough: 2_501, last: 2_501 });
  });

  it('catches an entry edited after the last verified one, and one rewritten at it', () => {
    note('b');
    db.prepare('UPDATE audit_log SET result = ? WHERE seq = 2502').run('edited');
    expect(checkAuditChain(db)).toMatchObject({ intact: false, brokenAt: 2_502 });
    expect(checkAuditChain(db)).toMatchObject({ intact: false, brokenAt: 2_502 });
  });
});

describe('the full check', () => {
  it('runs in a worker thread, reports progress and the first broken link; a repaired chain is intact again', async () => {
    const events: AppEvent[] = [];
    const verifier = createAuditVerifier({ db, emit: (e) => events.push(e), workerFile });
    expect(verifier.start()).toEqual({ started: true, entries: 2_502 });
    expect(verifier.start().started).toBe(false);
    await verifier.idle();
    expect(events.at(-1)).toMatchObject({ type: 'audit.verify', done: true, intact: false, brokenAt: 2_502 });

    db.prepare('UPDATE audit_log SET result = ? WHERE seq = 2502').run('b');
    verifier.start();
    await verifier.idle();
    expect(events.at(-1)).toMatchObject({ type: 'audit.verify', done: true, intact: true, checked: 2_502 });
    expect(checkAuditChain(db)).toEqual({ intact: true, checkedThrough: 2_502, last: 2_502 });
  });

  it('without the worker bundle, runs in slices on the event loop and still finds a deleted entry', async () => {
    db.prepare('DELETE FROM audit_log WHERE seq = 1234').run();
    const events: AppEvent[] = [];
    const verifier = createAuditVerifier({ db, emit: (e) => events.push(e) });
    verifier.start();
    let answered = 0;
    const timer = setInterval(() => answered++, 0);
    await verifier.idle();
    clearInterval(timer);
    expect(events.filter((e) => e.type === 'audit.verify' && !e.done).length).toBeGreaterThan(0);
    expect(events.at(-1)).toMatchObject({ done: true, intact: false, brokenAt: 1_234 });
    expect(answered).toBeGreaterThan(0);
  });
});

describe('the audit screen window', () => {
  it('pages by seq at any depth, and searches newest first without counting', () => {
    const newest = listAudit(db, { offset: 0, limit: 10 });
    expect(newest.total).toBe(2_502);
    expect(newest.rows.map((r) => r.seq)).toEqual([2502, 2501, 2500, 2499, 2498, 2497, 2496, 2495, 2494, 2493]);
    expect(listAudit(db, { offset: 2_000, limit: 3 }).rows.map((r) => r.seq)).toEqual([502, 501, 500]);
    expect(listAudit(db, { offset: 0, limit: 3, beforeSeq: 100 }).rows.map((r) => r.seq)).toEqual([99, 98, 97]);
    const found = listAudit(db, { query: 'PD-24', offset: 0, limit: 5 });
    expect(found.rows.map((r) => r.order_id)).toEqual(['PD-2499', 'PD-2498', 'PD-2497', 'PD-2496', 'PD-2495']);
    expect(found.totalExact).toBe(false);
    const rest = listAudit(db, { query: 'PD-24', offset: 0, limit: 500, beforeSeq: found.rows.at(-1)!.seq });
    expect(rest.rows.length).toBe(111 - 5);
    expect(rest.totalExact).toBe(true);
  });
});
