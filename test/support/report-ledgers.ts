// The same payments on both backends, for the reports' tests (overview, exports): a seeded laptop
// ledger (SQLite) with every kind, state and age of link, several currencies (KWD with 3 decimals,
// JPY with none), several card brands and two profiles, then copied into a fresh team database
// (copy-to-team.ts keeps each payment's times, states and totals). Call inside describeWithPostgres.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openLedgerDb, type LedgerDb } from '../../main/ledger/database';
import { copyLedgerToTeam } from '../../main/ledger/postgres/copy-to-team';
import { seedLedger } from '../../scripts/seed-ledger';
import { teamServer, type TeamPerson } from './postgres-tests';

export type ReportLedgers = {
  dir: string;
  db: LedgerDb;
  database: string;
  /** A pool logged in as the template's person of this role. */
  pool(role: TeamPerson['role']): pg.Pool;
  close(): Promise<void>;
};

/** `payments` seeded over the `days` before `now`, every one of them in both ledgers. */
export async function reportLedgers(options: { payments: number; now: Date; days: number; seed?: number }): Promise<ReportLedgers> {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-reports-'));
  const db = openLedgerDb(dir);
  seedLedger(db, { payments: options.payments, seed: options.seed ?? 7, start: new Date(options.now.getTime() - options.days * 86_400_000), end: options.now });
  db.exec(`
    -- The copy waits for open operations to settle on the laptop.
    UPDATE ledger_operations SET outcome = 2 WHERE outcome IN (0, 3);
    -- A currency without decimals, a second profile, every card brand.
    UPDATE payments SET currency = 'JPY' WHERE rowid % 11 = 0;
    UPDATE payments SET profile_id = 'shop-2' WHERE rowid % 3 = 0;
    UPDATE payments SET card_bin = CASE rowid % 5 WHEN 0 THEN '411111' WHEN 1 THEN '371449' WHEN 2 THEN '601100' WHEN 3 THEN '222100' ELSE card_bin END WHERE card_bin IS NOT NULL;
  `);
  const server = teamServer();
  const database = await server.createTeamDatabase();
  const admin = await server.connectAs(database, server.person('admin').login);
  try {
    await copyLedgerToTeam({ source: db, team: admin, laptop: 'reports-laptop', batchRows: 1_000 });
  } finally {
    await admin.end();
  }
  const pools: pg.Pool[] = [];
  return {
    dir,
    db,
    database,
    pool(role) {
      const person = server.person(role);
      const pool = new pg.Pool({ host: server.host, port: server.port, database, user: person.login, password: person.password, max: 4 });
      pool.on('error', () => undefined);
      pools.push(pool);
      return pool;
    },
    async close() {
      await Promise.all(pools.map((p) => p.end()));
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
