// describeLedger: one ledger test body run once per backend, on a LedgerStore (main/ledger/store.ts):
// a real SQLite file in a temp folder, and a team database on the run's PostgreSQL server (a copy
// of the template, its people logged in as themselves). LEDGER_BACKENDS=sqlite or =postgres runs
// one; the PostgreSQL half skips, saying why, where the server binaries are missing (or fails,
// with PAYDESK_REQUIRE_POSTGRES=1). Files using it belong to the vitest project `postgres`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { openLedgerDb, type LedgerDb } from '../../main/ledger/database';
import { createPostgresLedgerStore } from '../../main/ledger/postgres/pg-store';
import { createSqliteLedgerStore } from '../../main/ledger/sqlite-store';
import type { LedgerStore } from '../../main/ledger/store';
import { describeWithPostgres, teamServer, type TeamPerson } from './postgres-tests';

export type LedgerUnderTest = {
  backend: LedgerStore['backend'];
  /**
   * A store as one of the template's people (sam staff, sue support, fay finance, ada admin), on
   * connections of its own: a laptop. On SQLite there is one laptop and one store, whoever asks.
   */
  storeAs(role: TeamPerson['role'], laptop?: string): Promise<LedgerStore>;
};

const backends = (process.env.LEDGER_BACKENDS ?? 'sqlite,postgres').split(',').map((b) => b.trim());

export function describeLedger(name: string, body: (ledger: () => LedgerUnderTest) => void) {
  if (backends.includes('sqlite')) {
    describe(`${name} (SQLite)`, () => {
      let dir: string;
      let db: LedgerDb;
      let store: LedgerStore;
      beforeAll(() => {
        dir = mkdtempSync(join(tmpdir(), 'paydesk-store-'));
        db = openLedgerDb(dir);
        store = createSqliteLedgerStore(db);
      });
      afterAll(() => {
        db?.close();
        if (dir) rmSync(dir, { recursive: true, force: true });
      });
      body(() => ({ backend: 'sqlite', storeAs: async () => store }));
    });
  }
  if (backends.includes('postgres')) {
    describeWithPostgres(`${name} (PostgreSQL)`, () => {
      let database: string;
      const pools: pg.Pool[] = [];
      beforeAll(async () => {
        database = await teamServer().createTeamDatabase();
      });
      afterAll(async () => {
        await Promise.all(pools.map((p) => p.end()));
      });
      body(() => ({
        backend: 'postgres',
        async storeAs(role, laptop) {
          const server = teamServer();
          const person = server.person(role);
          const pool = new pg.Pool({ host: server.host, port: server.port, database, user: person.login, password: person.password, max: 4 });
          pool.on('error', () => undefined); // an idle connection the server drops is replaced on the next query
          pools.push(pool);
          return createPostgresLedgerStore(pool, { laptop: laptop ?? `${person.login}-laptop` });
        },
      }));
    });
  }
}
