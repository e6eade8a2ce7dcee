// A seeded laptop ledger whose connection records every SQL text it prepares: the tests that a
// read is planned once (window-statements, read-statements) ask what a call prepared.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLedgerDb, type LedgerDb } from '../../main/ledger/database';
import { seedLedger } from '../../scripts/seed-ledger';

export type RecordingLedger = { db: LedgerDb; prepared: string[]; close(): void };

/** `payments` seeded with `seed`, then ANALYZE: the statistics SQLite plans with at a business's scale (STAT4 reads bound values too). */
export function openRecordingLedger(name: string, options: { payments: number; seed: number }): RecordingLedger {
  const dir = mkdtempSync(join(tmpdir(), `paydesk-${name}-`));
  const db = openLedgerDb(dir);
  seedLedger(db, options);
  db.exec('ANALYZE');
  const prepared: string[] = [];
  const prepare = db.prepare.bind(db);
  db.prepare = ((sql: string) => (prepared.push(sql), prepare(sql))) as typeof db.prepare;
  return {
    db,
    prepared,
    close() {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
