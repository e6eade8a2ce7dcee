// "Copied from laptops" on the team ledger's audit screen, against the real PostgreSQL: a seeded
// laptop ledger is copied by the copy's own path (copy-to-team.ts); finance and staff (whoever
// may read the team's audit log) then read that laptop's own entries as the laptop wrote them,
// newest first, a keyset page at a time with nothing skipped or doubled; the laptop's chain checks
// intact, and an entry changed in the team database is found; a login in no group is refused in words.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AppFailure } from '../../../contract/result';
import { openLedgerDb, type LedgerDb } from '../../../main/ledger/database';
import { copyLedgerToTeam } from '../../../main/ledger/postgres/copy-to-team';
import { createTeamLedgerReads } from '../../../main/ledger/postgres/pg-reads';
import { seedLedger } from '../../../scripts/seed-ledger';
import { describeWithPostgres, teamServer } from '../../support/postgres-tests';

type LaptopEntry = { seq: number; at: string; os_user: string; action: string; order_id: string | null; amount_minor: number | null; currency: string | null; result: string };

describeWithPostgres('the audit entries copied from a laptop, on the team ledger', () => {
  let dir: string;
  let db: LedgerDb;
  let database: string;
  const clients: pg.Client[] = [];
  const as = async (role: 'admin' | 'finance' | 'staff') => {
    const c = await teamServer().connectAs(database, teamServer().person(role).login);
    clients.push(c);
    return c;
  };
  /** The laptop's own log, newest first, as its audit screen read it. */
  const laptopLog = () => (db.prepare('SELECT seq, at, os_user, action, order_id, amount_minor, currency, result FROM audit_log ORDER BY seq DESC').all() as LaptopEntry[])
    .map((e) => ({ seq: e.seq, at: e.at, osUser: e.os_user, action: e.action, orderId: e.order_id, amountMinor: e.amount_minor, currency: e.currency, result: e.result }));

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'paydesk-copied-audit-'));
    db = openLedgerDb(dir);
    seedLedger(db, { payments: 200, seed: 29 });
    db.exec('UPDATE ledger_operations SET outcome = 2 WHERE outcome IN (0, 3)');
    database = await teamServer().createTeamDatabase();
    await copyLedgerToTeam({ source: db, team: await as('admin'), laptop: 'omar-laptop:1a2b3c4d' });
  });
  afterAll(async () => {
    for (const c of clients) await c.end().catch(() => {});
    db?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('finance and staff read the laptop’s own entries, newest first, page after page, as the laptop wrote them', async () => {
    const laptop = laptopLog();
    expect(laptop.length).toBeGreaterThan(150);
    for (const role of ['finance', 'staff'] as const) {
      const reads = createTeamLedgerReads({ pool: await as(role) });
      const first = await reads.listCopiedAudit({ limit: 100 });
      expect({ laptops: first.laptops, laptop: first.laptop, total: first.total }).toEqual({ laptops: ['omar-laptop:1a2b3c4d'], laptop: 'omar-laptop:1a2b3c4d', total: laptop.length });
      const seen = [...first.rows];
      for (let page = first; page.rows.length === 100;) {
        page = await reads.listCopiedAudit({ laptop: first.laptop!, beforeSeq: page.rows.at(-1)!.seq, limit: 100 });
        seen.push(...page.rows);
      }
      expect(seen.map(({ seq, at, osUser, action, orderId, amountMinor, currency, result }) => ({ seq, at, osUser, action, orderId, amountMinor, currency, result }))).toEqual(laptop);
    }
  });

  it('the laptop’s chain checks intact, and an entry changed in the team database is found', async () => {
    const reads = createTeamLedgerReads({ pool: await as('finance') });
    const entries = laptopLog().length;
    expect(await reads.verifyCopiedAudit({ laptop: 'omar-laptop:1a2b3c4d' })).toEqual({ intact: true, entries });
    await teamServer().sql(database, `UPDATE paydesk.imported_audit SET result = 'succeeded ' WHERE laptop = 'omar-laptop:1a2b3c4d' AND seq = 7`);
    expect(await reads.verifyCopiedAudit({ laptop: 'omar-laptop:1a2b3c4d' })).toEqual({ intact: false, entries: 6, brokenAt: 7 });
  });

  it('a login in no group is refused in words, as for the team’s own log', async () => {
    const login = `nogroup_${Date.now().toString(36)}`;
    await teamServer().sql('postgres', `CREATE ROLE ${login} LOGIN PASSWORD 'a-password-for-nobody'`);
    const c = await teamServer().connect({ database, user: login, password: 'a-password-for-nobody' });
    clients.push(c);
    const refused = await createTeamLedgerReads({ pool: c }).listCopiedAudit({ limit: 10 }).then(() => undefined, (e: unknown) => e);
    expect(refused).toBeInstanceOf(AppFailure);
    expect((refused as AppFailure).toError()).toMatchObject({ code: 'forbidden', reason: { key: 'teamLedger.auditReadRefused', values: { person: login } } });
  });
});
