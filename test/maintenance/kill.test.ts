// SIGKILL during a backup and during a restore (the prepare in Settings and the swap at the
// next start): the live ledger is never damaged, it is always either the old ledger or the
// whole restored one, and a half-written backup is never offered for restore.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { openLedgerDb } from '../../main/ledger/database';
import { listBackups } from '../../main/maintenance/backup-files';
import { checkLedger, checkLedgerFile } from '../../main/maintenance/ledger-check';
import { applyPendingRestore } from '../../main/maintenance/restore';
import { createMemoryLogger } from '../../main/log/logger';
import { makeLedger, paymentIds } from './support';

const kills = Number(process.env.PAYDESK_BACKUP_KILLS ?? 8);
// Named by process: checkouts that share one node_modules (worktrees) may run this file at once.
const worker = resolve(`node_modules/.paydesk-kill-worker-${process.pid}.mjs`);
let root: string;
let template: { old: string; backups: string; backupName: string };

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'paydesk-kill-'));
  await build({ entryPoints: ['test/maintenance/kill-worker.ts'], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: worker, packages: 'external', logLevel: 'warning' });
  // The ledger in use ("old") and a bigger one, backed up earlier, to restore.
  const old = join(root, 'old');
  const other = join(root, 'other');
  const backups = join(root, 'backups');
  [old, other, backups].forEach((d) => mkdirSync(d));
  makeLedger(old, 3_000, 'old');
  makeLedger(other, 20_000, 'restored');
  const backupName = 'paydesk-backup-2026-11-01T09-00-00-000Z.sqlite';
  copyFileSync(join(other, 'paydesk.sqlite'), join(backups, backupName));
  template = { old, backups, backupName };
}, 120_000);
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(worker, { force: true });
});

function runWorker(env: Record<string, string>, killAfterMs?: number): Promise<{ lines: string[]; killed: boolean; ms: number }> {
  return new Promise((done, reject) => {
    const child = spawn(process.execPath, [worker], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: string[] = [];
    let startedAt = 0;
    let out = '';
    let err = '';
    child.stderr.on('data', (c) => (err += c));
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const parts = out.split('\n');
      out = parts.pop()!;
      for (const line of parts) {
        lines.push(line);
        if (line !== 'started') continue;
        startedAt = Date.now();
        if (killAfterMs !== undefined) setTimeout(() => child.kill('SIGKILL'), killAfterMs);
      }
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => (signal === 'SIGKILL' || code === 0 ? done({ lines, killed: signal === 'SIGKILL', ms: Date.now() - startedAt }) : reject(new Error(`worker failed (${code}): ${err}`))));
  });
}

function freshDataDir(name: string): string {
  const dir = join(root, name);
  mkdirSync(dir);
  copyFileSync(join(template.old, 'paydesk.sqlite'), join(dir, 'paydesk.sqlite'));
  return dir;
}

describe('killed during backup and restore', () => {
  it(`SIGKILL during a backup ${kills} times: the ledger is intact and only complete backups are offered`, async () => {
    const dataDir = freshDataDir('backup-live');
    const folder = join(root, 'backup-target');
    mkdirSync(folder);
    let partialsSeen = 0;
    let completed = 0;
    for (let i = 0; i < kills; i++) {
      const run = await runWorker({ MODE: 'backup', DATA_DIR: dataDir, BACKUP_DIR: folder }, 30 + Math.floor(Math.random() * 400));
      expect(run.killed).toBe(true);
      completed += run.lines.filter((l) => l.startsWith('backup ')).length;
      partialsSeen += readdirSync(folder).filter((n) => n.endsWith('.partial')).length;

      // The next start: the ledger opens and passes every check.
      const db = openLedgerDb(dataDir);
      expect(checkLedger(db)).toMatchObject({ ok: true });
      db.close();
      // Every backup offered is complete and checked; a half-written one is not offered.
      for (const file of listBackups(folder)) {
        expect(file.name.endsWith('.sqlite')).toBe(true);
        expect(checkLedgerFile(join(folder, file.name))).toMatchObject({ ok: true });
      }
    }
    expect(partialsSeen).toBeGreaterThan(0); // some kills did land in the middle of a backup
    console.log(`backup kill test: ${kills} kills, ${completed} backups completed, ${partialsSeen} half-written left behind and never offered`);
  }, 120_000);

  it(`SIGKILL during a restore ${kills} times: the ledger is the old one or the whole restored one, never damaged`, async () => {
    const oldIds = (() => {
      const db = openLedgerDb(template.old);
      const ids = paymentIds(db);
      db.close();
      return ids;
    })();
    const outcomes = { old: 0, restored: 0 };
    // How long a whole restore takes here, so the kills can land anywhere in it.
    const calibration = await runWorker({ MODE: 'restore', DATA_DIR: freshDataDir('restore-calibration'), BACKUP_DIR: template.backups, BACKUP_NAME: template.backupName });
    expect(calibration.lines).toContain('applied');
    for (let i = 0; i < kills; i++) {
      const dataDir = freshDataDir(`restore-${i}`);
      // Kills spread evenly over the copy, the checks and the swap (and a few just after).
      const run = await runWorker({ MODE: 'restore', DATA_DIR: dataDir, BACKUP_DIR: template.backups, BACKUP_NAME: template.backupName }, Math.floor(((i + Math.random()) / kills) * calibration.ms * 1.25));
      // The next start finishes a checked restore, or drops a half-prepared one.
      applyPendingRestore(dataDir, createMemoryLogger());
      const db = openLedgerDb(dataDir);
      const check = checkLedger(db);
      const ids = paymentIds(db);
      db.close();
      expect(check).toMatchObject({ ok: true });
      const restored = ids.length === 20_000 && ids.every((id) => id.startsWith('restored-'));
      if (restored) outcomes.restored++;
      else {
        expect(ids).toEqual(oldIds);
        expect(run.lines).not.toContain('prepared'); // a checked restore always completes
        outcomes.old++;
      }
    }
    console.log(`restore kill test: a restore takes ${calibration.ms} ms; ${kills} kills, ${outcomes.old} left the old ledger, ${outcomes.restored} completed the restore`);
  }, 120_000);
});
