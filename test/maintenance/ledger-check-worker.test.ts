// A backup's or a restore's check of a large ledger takes seconds: it runs in a worker thread
// (the bundle npm test builds), with the same answers as the check itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { threadId } from 'node:worker_threads';
import { checkOffMain } from '../../main/maintenance/ledger-check-off-main';
import { checkLedgerFile } from '../../main/maintenance/ledger-check';
import { ledgerFileName } from '../../main/ledger/database';
import { makeLedger } from './support';

const workerFile = resolve('dist/main/ledger-check-worker.cjs');
let dir: string;
let file: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-check-'));
  mkdirSync(join(dir, 'good'));
  makeLedger(join(dir, 'good'), 3000, 'w');
  file = join(dir, 'good', ledgerFileName);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the ledger check off main', () => {
  it('runs in a worker thread and answers what the check answers', async () => {
    const run = await checkOffMain({ kind: 'file', file }, workerFile);
    expect(run.threadId).not.toBe(threadId);
    expect(run.threadId).toBeGreaterThan(0);
    expect(run.result).toEqual(checkLedgerFile(file));
    expect(run.result).toMatchObject({ ok: true, payments: 3000, auditRows: 3000 });
  });

  it('keeps main answering while it checks', async () => {
    let turns = 0;
    const ticking = setInterval(() => turns++, 1);
    await checkOffMain({ kind: 'file', file }, workerFile);
    clearInterval(ticking);
    expect(turns).toBeGreaterThan(0);
  });

  it('reports a broken chain, and a file that is not a ledger, as codes', async () => {
    const tampered = join(dir, 'tampered.sqlite');
    copyFileSync(file, tampered);
    const db = new Database(tampered);
    db.prepare('UPDATE audit_log SET amount_minor = 1 WHERE seq = 2').run();
    db.close();
    expect((await checkOffMain({ kind: 'file', file: tampered }, workerFile)).result).toEqual({ ok: false, problem: { problem: 'chainBroken', entry: 2 } });
    expect((await checkOffMain({ kind: 'file', file: join(dir, 'missing.sqlite') }, workerFile)).result).toEqual({ ok: false, problem: { problem: 'cannotOpen', code: 'SQLITE_CANTOPEN' } });
  });

  it('migrates and checks a staged restore in the worker', async () => {
    const staging = join(dir, 'staging');
    mkdirSync(staging);
    copyFileSync(file, join(staging, ledgerFileName));
    const run = await checkOffMain({ kind: 'staged', stagingDir: staging, file: join(staging, ledgerFileName) }, workerFile);
    expect(run.threadId).toBeGreaterThan(0);
    expect(run.result).toMatchObject({ ok: true, payments: 3000 });
  });
});
