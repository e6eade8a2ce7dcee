// The app's start opens the ledger once: the migration check hands its connection back when
// there was nothing to migrate (or the ledger was new), and after a migration it hands back
// nothing, so the app opens the migrated file itself (main/composition.ts).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLedgerDb } from '../../main/ledger/database';
import { migrateLedger, migrateNow, schemaVersion } from '../../main/ledger/migrate';
import { latestVersion } from '../../main/ledger/migrations';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'paydesk-keep-open-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the migration check at start, keeping its connection', () => {
  it('hands back an open, up-to-date connection for a new ledger', async () => {
    const db = await migrateLedger({ open: () => openLedgerDb(dir, { migrate: false }), keepOpen: true });
    expect(db?.open).toBe(true);
    expect(schemaVersion(db!)).toBe(latestVersion);
    expect(db!.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db!.pragma('foreign_keys', { simple: true })).toBe(1);
    db!.close();
  });

  it('hands back its connection when the ledger is up to date, and closes it without keepOpen', async () => {
    openLedgerDb(dir).close();
    const kept = await migrateLedger({ open: () => openLedgerDb(dir, { migrate: false }), keepOpen: true });
    expect(kept?.open).toBe(true);
    kept!.close();
    let opened: ReturnType<typeof openLedgerDb> | undefined;
    const none = await migrateLedger({ open: () => (opened = openLedgerDb(dir, { migrate: false })) });
    expect(none).toBeUndefined();
    expect(opened?.open).toBe(false);
  });

  it('hands back nothing after a migration (its own connection closed), and the file is migrated', async () => {
    const old = openLedgerDb(dir, { migrate: false });
    migrateNow(old, { to: 10 });
    old.close();
    let opened: ReturnType<typeof openLedgerDb> | undefined;
    const kept = await migrateLedger({ open: () => (opened = openLedgerDb(dir, { migrate: false })), keepOpen: true });
    expect(kept).toBeUndefined();
    expect(opened?.open).toBe(false);
    const db = openLedgerDb(dir, { migrate: false });
    expect(schemaVersion(db)).toBe(latestVersion);
    db.close();
  });
});
