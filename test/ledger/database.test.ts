// The ledger file: WAL and migrations on a real SQLite file; a damaged file, a file from a
// newer Paydesk, a foreign database or a read-only folder each give one clear error and are
// left exactly as they were.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { openLedgerDb, ledgerFileName } from '../../main/ledger/database';
import { latestVersion, migrations } from '../../main/ledger/migrations';
import { AppFailure } from '../../contract/result';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-db-'));
});
afterEach(() => {
  chmodSync(dir, 0o755);
  rmSync(dir, { recursive: true, force: true });
});

const failure = (run: () => unknown): AppFailure => {
  try {
    run();
  } catch (e) {
    if (e instanceof AppFailure) return e;
    throw e;
  }
  throw new Error('expected a failure');
};

describe('opening the ledger', () => {
  it('creates the file in WAL mode at the latest schema', () => {
    const db = openLedgerDb(dir);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('user_version', { simple: true })).toBe(latestVersion);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    db.close();
  });

  it('migrates a version 1 ledger and keeps its payments', () => {
    const old = new Database(join(dir, ledgerFileName));
    old.exec((migrations[0] as { sql: string }).sql);
    old.pragma('user_version = 1');
    old.prepare(`INSERT INTO payments (id, profile_id, environment, kind, order_id, amount_minor, currency, state, created_by, created_at, updated_at) VALUES ('p1', 'practice', 'practice', 'link', 'ORD-1', 1050, 'SAR', 'pending', 'me', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`).run();
    old.close();
    const db = openLedgerDb(dir);
    expect(db.pragma('user_version', { simple: true })).toBe(latestVersion);
    expect(db.prepare('SELECT order_id, amount_minor FROM payments').all()).toEqual([{ order_id: 'ORD-1', amount_minor: 1050 }]);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'ledger_operations_sending'").get()).toBeTruthy();
    expect((db.prepare('SELECT sum(n) AS n FROM payment_counts').get() as { n: number }).n).toBe((db.prepare('SELECT count(*) AS n FROM payments').get() as { n: number }).n);
    db.close();
  });

  it('refuses a damaged file and leaves it untouched', () => {
    const file = join(dir, ledgerFileName);
    const junk = Buffer.from('this is not a database, it is a shopping list\n'.repeat(200));
    writeFileSync(file, junk);
    expect(failure(() => openLedgerDb(dir))).toMatchObject({ code: 'storage', message: expect.stringMatching(/damaged or is not a database/), extra: { reason: { key: 'storage.damaged', values: { file } } } });
    expect(readFileSync(file).equals(junk)).toBe(true);
  });

  it('refuses a ledger from a newer Paydesk without changing it', () => {
    const newer = new Database(join(dir, ledgerFileName));
    newer.pragma(`user_version = ${latestVersion + 1}`);
    newer.close();
    const before = readFileSync(join(dir, ledgerFileName));
    expect(failure(() => openLedgerDb(dir)).message).toMatch(/newer Paydesk/);
    // Which schema this Paydesk reads, and both ways on: the newer Paydesk, or this one with a backup it made (walk36).
    expect(failure(() => openLedgerDb(dir)).extra.reason).toEqual({ key: 'storage.newerLedger', values: { file: join(dir, ledgerFileName), version: latestVersion + 1, known: latestVersion } });
    expect(failure(() => openLedgerDb(dir)).message).toContain(`(schema ${latestVersion + 1}; this Paydesk reads up to schema ${latestVersion})`);
    expect(failure(() => openLedgerDb(dir)).message).toMatch(/Install the newer Paydesk again .* restore a backup this version made \(Settings → Backups\)/);
    expect(readFileSync(join(dir, ledgerFileName)).equals(before)).toBe(true);
  });

  it('refuses a database that is not a Paydesk ledger', () => {
    const other = new Database(join(dir, ledgerFileName));
    other.exec('CREATE TABLE recipes (name TEXT)');
    other.close();
    expect(failure(() => openLedgerDb(dir)).message).toMatch(/not a Paydesk ledger/);
    const check = new Database(join(dir, ledgerFileName), { readonly: true });
    expect(check.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all()).toEqual([{ name: 'recipes' }]);
    check.close();
  });

  it('gives a clear error for a read-only data folder and writes nothing there', async () => {
    chmodSync(dir, 0o555);
    // root ignores folder permissions: run the check as an ordinary user then.
    const asRoot = process.getuid?.() === 0;
    if (!asRoot) {
      expect(failure(() => openLedgerDb(dir)).message).toMatch(/cannot write to its data folder/);
    } else {
      const bundle = resolve(`node_modules/.paydesk-test-open-ledger-${process.pid}.cjs`);
      await build({ entryPoints: ['main/ledger/database.ts'], bundle: true, platform: 'node', format: 'cjs', outfile: bundle, external: ['better-sqlite3'], logLevel: 'warning' });
      const script = `try { require(${JSON.stringify(bundle)}).openLedgerDb(${JSON.stringify(dir)}); console.log('opened'); } catch (e) { console.log(e.code + ': ' + e.message); }`;
      const run = spawnSync(process.execPath, ['-e', script], { uid: 65534, gid: 65534, encoding: 'utf8', cwd: resolve('.') });
      rmSync(bundle, { force: true });
      expect(run.stdout).toMatch(/^storage: Paydesk cannot write to its data folder/);
    }
    expect(spawnSync('ls', ['-A', dir], { encoding: 'utf8' }).stdout).toBe('');
  });
});
