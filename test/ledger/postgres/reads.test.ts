// The screens' reads on both backends: one seeded laptop ledger (SQLite) copied into a team
// database (PostgreSQL), then every filter and sort of the transactions list, paging to the
// end, the links list, earlier customers: the same payments in the same order on both, the same
// counts. The audit screen on PostgreSQL reads the database's own log: its windows, keyset
// paging, search and chain check (a rewritten entry is found).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PaymentFilter } from '../../../contract/methods/payments';
import { openLedgerDb, type LedgerDb } from '../../../main/ledger/database';
import { copyLedgerToTeam } from '../../../main/ledger/postgres/copy-to-team';
import { createTeamLedgerReads, type TeamLedgerReads } from '../../../main/ledger/postgres/pg-reads';
import { settle, type PaymentSort } from '../../../main/ledger/search';
import { createLedgerReads, type LedgerReads } from '../../../main/payments/ledger-reads';
import { seedLedger } from '../../../scripts/seed-ledger';
import { describeWithPostgres, teamServer } from '../../support/postgres-tests';

describeWithPostgres('The list, links, customers and audit reads on SQLite and PostgreSQL', () => {
  let dir: string;
  let db: LedgerDb;
  let sqlite: LedgerReads;
  let team: TeamLedgerReads;
  // The reads the comparisons ask (`team`, or `byDay` for the order-id prefix path).
  let reads: TeamLedgerReads;
  let byDay: TeamLedgerReads;
  const byDaySql: string[] = [];
  let pool: pg.Pool;
  let superuser: pg.Client;
  let database: string;
  const pgCounted: Array<{ countId: string; total: number }> = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'paydesk-reads-'));
    db = openLedgerDb(dir);
    seedLedger(db, { payments: 900, seed: 7 });
    // A text that starts the order ids of a year, also in a name and an e-mail (the newest
    // payments'): found in order ids by day and elsewhere by the trigram index.
    db.prepare(`UPDATE payments SET customer_name = 'Pd-2025 Trading' WHERE rowid = (SELECT max(rowid) FROM payments)`).run();
    db.prepare(`UPDATE payments SET customer_email = 'ops.pd-20250@example.com' WHERE rowid = (SELECT max(rowid) - 5 FROM payments)`).run();
    // A copy waits until unclear operations are settled on the laptop.
    db.exec('UPDATE ledger_operations SET outcome = 2 WHERE outcome IN (0, 3)');
    sqlite = createLedgerReads({ db, events: { emit: () => undefined }, exportDir: dir });
    const server = teamServer();
    database = await server.createTeamDatabase();
    const admin = await server.connectAs(database, server.person('admin').login);
    await copyLedgerToTeam({ source: db, team: admin, laptop: 'laptop-a', batchRows: 250 });
    await admin.end();
    superuser = await server.connect({ database });
    await superuser.query('ANALYZE paydesk.payments');
    const finance = server.person('finance');
    pool = new pg.Pool({ host: server.host, port: server.port, database, user: finance.login, password: finance.password, max: 4 });
    pool.on('error', () => undefined);
    // Positions every 100 rows: deep pages continue from them, as at 10,000 in a big ledger.
    team = createTeamLedgerReads({ pool, anchorEvery: 100, onCounted: (e) => pgCounted.push(e) });
    reads = team;
    // A text search's plans as at a million, with 900 payments: a walk of 10 rows first, "many" from 30 matches.
    const watched = { query: (text: string, values?: unknown[]) => (byDaySql.push(text), pool.query(text, values)) };
    byDay = createTeamLedgerReads({ pool: watched, anchorEvery: 100, textPlan: { walkRows: 10, manyMatches: 30 } });
  });

  afterAll(async () => {
    await team?.settled();
    await byDay?.settled();
    await pool?.end();
    await superuser?.end();
    db?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const page = async (filter: PaymentFilter, sort: PaymentSort, offset: number, limit: number) => {
    const input = { filter, sort, offset, limit };
    const [a, b] = [sqlite.searchPayments(input), await reads.searchPayments(input)];
    return { sqlite: a, team: b };
  };
  const shown = (rows: Array<{ id: string; orderId: string; amountMinor: number; currency: string; state: string; customer: unknown; createdAt: string; transactionId: string | null }>) =>
    rows.map((r) => ({ id: r.id, orderId: r.orderId, amountMinor: r.amountMinor, currency: r.currency, state: r.state, customer: r.customer, createdAt: r.createdAt, transactionId: r.transactionId }));

  /** The whole list, page by page, on both; then the exact count on both once it is known. */
  async function sameOnBoth(filter: PaymentFilter, sort: PaymentSort, pageSize = 70) {
    const ids = { sqlite: [] as string[], team: [] as string[] };
    for (let offset = 0; ; offset += pageSize) {
      const found = await page(filter, sort, offset, pageSize);
      expect(shown(found.team.rows)).toEqual(shown(found.sqlite.rows));
      ids.sqlite.push(...found.sqlite.rows.map((r) => r.id));
      ids.team.push(...found.team.rows.map((r) => r.id));
      if (found.sqlite.rows.length < pageSize) break;
    }
    // Both count in the background when a page did not settle it; then both know it exactly.
    let first = await page(filter, sort, 0, 10);
    for (let i = 0; i < 50 && !(first.team.totalExact && first.sqlite.totalExact); i++) {
      await settle();
      await reads.settled();
      first = await page(filter, sort, 0, 10);
    }
    expect(first.team.totalExact).toBe(true);
    expect(first.sqlite.totalExact).toBe(true);
    expect(first.team.total).toBe(first.sqlite.total);
    expect(first.team.total).toBe(ids.sqlite.length);
    expect(ids.team).toEqual(ids.sqlite);
    return ids.sqlite;
  }

  const newest: PaymentSort = { by: 'createdAt', direction: 'desc' };
  it('lists every payment newest first, page by page to the end, with the same count', async () => {
    expect(await sameOnBoth({}, newest)).toHaveLength(900);
  });

  it('finds the same payments by text in Latin and Arabic, folding letters as SQLite does', async () => {
    const some = db.prepare('SELECT order_id, transaction_id, customer_email FROM payments WHERE transaction_id IS NOT NULL AND customer_email IS NOT NULL LIMIT 1 OFFSET 400').get() as { order_id: string; transaction_id: string; customer_email: string };
    const queries = ['Qahtani', 'qahtani', 'القحطاني', 'مريم ال', 'omar.', 'EXAMPLE.COM', some.order_id, some.order_id.toLowerCase(), some.transaction_id, some.customer_email, '+9665', '%', 'a_b', 'no such text'];
    for (const query of queries) expect((await sameOnBoth({ query }, newest)).length, query).toBeGreaterThanOrEqual(['no such text', '%', 'a_b'].includes(query) ? 0 : 1);
  });

  it('matches short queries (under three characters) as an order id prefix or an exact transaction id', async () => {
    for (const query of ['PD', 'pd', 'zz', 'P']) await sameOnBoth({ query }, newest);
    expect(await sameOnBoth({ query: 'zz' }, newest)).toEqual([]);
  });

  it('finds texts that start many order ids (a year, a month, a day) newest or oldest first, with the text elsewhere too', async () => {
    reads = byDay;
    try {
      for (const query of ['PD-2025', 'pd-2025', 'PD-202503', 'PD-2026', 'PD-20250', 'pd-2024', 'PD-', 'pd-2025 t', 'PD-2099']) {
        for (const direction of ['desc', 'asc'] as const) await sameOnBoth({ query }, { by: 'createdAt', direction }, 40);
      }
      // The path was taken (the day-by-day walk), not only the trigram index.
      expect(byDaySql.some((sql) => sql.includes('WITH RECURSIVE'))).toBe(true);
      // Other filters and sorts keep the general plans, with the same answers.
      await sameOnBoth({ query: 'PD-2025', states: ['paid'] }, newest);
      await sameOnBoth({ query: 'PD-2025' }, { by: 'amount', direction: 'desc' });
      await sameOnBoth({ query: '2025' }, newest);
    } finally {
      reads = team;
    }
  });

  it('filters by states, kinds, currency, dates, amounts, attention, captured and refunded, card brand alike', async () => {
    const filters: PaymentFilter[] = [
      { states: ['pending'] },
      { states: ['unknown'], needsAttention: true },
      { states: ['unknown'], needsAttention: false },
      { states: ['paid', 'unknown'], needsAttention: true },
      { states: ['paid'], kinds: ['link'] },
      { states: ['refunded', 'partially_refunded'], currency: 'SAR' },
      { kinds: ['link', 'checkout'] },
      { currency: 'KWD', minAmount: '100', maxAmount: '200' },
      { from: '2025-03-01T00:00:00Z', to: '2025-09-01T00:00:00Z' },
      { from: '2025-03-01T00:00:00.000+03:00' },
      { needsAttention: true },
      { withRefunded: true, kinds: ['sale'] },
      { withCaptured: false },
      { cardBrand: 'mastercard' },
      { cardBrand: 'none', states: ['expired'] },
      { query: 'Omar', states: ['paid'], currency: 'SAR' },
    ];
    for (const filter of filters) await sameOnBoth(filter, newest);
  });

  it('sorts by every key in both directions, ties in the order the payments arrived', async () => {
    for (const by of ['createdAt', 'amount', 'orderId', 'state', 'customer'] as const) {
      for (const direction of ['asc', 'desc'] as const) await sameOnBoth({}, { by, direction }, 130);
    }
    await sameOnBoth({ kinds: ['sale'] }, { by: 'orderId', direction: 'asc' });
    await sameOnBoth({ currency: 'KWD', minAmount: '50' }, { by: 'amount', direction: 'desc' });
    await sameOnBoth({ query: 'example' }, { by: 'customer', direction: 'asc' });
  });

  it('jumps deep into the list (from positions once known) with the same rows as SQLite', async () => {
    const sorts: PaymentSort[] = [newest, { by: 'state', direction: 'desc' }, { by: 'customer', direction: 'asc' }];
    for (const sort of sorts) {
      await team.searchPayments({ filter: {}, sort, offset: 0, limit: 100 });
      await team.settled(); // the positions every 100 rows are walked
      for (const offset of [450, 899, 120, 800, 900, 5000]) {
        const found = await page({}, sort, offset, 50);
        expect(shown(found.team.rows), `${sort.by} at ${offset}`).toEqual(shown(found.sqlite.rows));
      }
      // More rows skipped from a position than the page holds: those found by list_seq alone, the page's rows read after.
      for (const offset of [430, 655, 587]) {
        const found = await page({}, sort, offset, 20);
        expect(shown(found.team.rows), `${sort.by} at ${offset}, 20 rows`).toEqual(shown(found.sqlite.rows));
      }
    }
  });

  it('says "more than N" until counted, then tells the exact count', async () => {
    const filter = { query: 'example.com' };
    const first = await team.searchPayments({ filter, sort: newest, offset: 0, limit: 20 });
    expect(first).toMatchObject({ total: 21, totalExact: false });
    await team.settled();
    expect(pgCounted).toContainEqual({ countId: first.countId, total: expect.any(Number), exact: true });
    const again = await team.searchPayments({ filter, sort: newest, offset: 0, limit: 20 });
    expect(again.totalExact).toBe(true);
    expect(again.total).toBe(pgCounted.find((c) => c.countId === first.countId)!.total);
  });

  it('lists payment links newest first, window after window, as on SQLite', async () => {
    const walk = async (list: (after?: string) => Promise<{ total: number; rows: Array<{ id: string }>; next?: string }>) => {
      const ids: string[] = [];
      let after: string | undefined;
      let total = 0;
      do {
        const window = await list(after);
        total = window.total;
        ids.push(...window.rows.map((r) => r.id));
        after = window.next;
      } while (after);
      return { ids, total };
    };
    const onSqlite = await walk(async (after) => sqlite.listPaymentLinks({ after, limit: 37 }));
    const onTeam = await walk((after) => team.listPaymentLinks({ after, limit: 37 }));
    expect(onTeam).toEqual(onSqlite);
    expect(onSqlite.ids.length).toBe(onSqlite.total);
    expect((await team.listPaymentLinks({ after: 'not a position', limit: 10 })).rows).toEqual([]);
  });

  it('offers the same earlier customers', async () => {
    const practice = sqlite.listCustomers({ limit: 30 }, 'practice');
    expect(practice.customers.length).toBeGreaterThan(0);
    expect(await team.listCustomers({ limit: 30 }, 'practice')).toEqual(practice);
    // The seeded payments are all the practice profile's: none for a production form.
    expect(await team.listCustomers({ limit: 30 }, 'production')).toEqual({ customers: [] });
    expect(sqlite.listCustomers({ limit: 30 }, 'production')).toEqual({ customers: [] });
  });

  it('pages the audit log by offset and by seq, searches it, and finds a rewritten entry', async () => {
    const all = (await superuser.query('SELECT seq::int, action, result, db_user FROM paydesk.audit_log ORDER BY seq DESC')).rows;
    expect(all.length).toBeGreaterThan(2);
    const top = await team.listAuditLog({ offset: 0, limit: 2 });
    expect(top).toMatchObject({ total: all.length, totalExact: true, chainIntact: true });
    expect(top.rows.map((r) => r.seq)).toEqual(all.slice(0, 2).map((r) => r.seq));
    const next = await team.listAuditLog({ offset: 0, limit: 2, beforeSeq: top.rows.at(-1)!.seq });
    expect(next.rows.map((r) => r.seq)).toEqual(all.slice(2, 4).map((r) => r.seq));
    expect((await team.listAuditLog({ offset: 1, limit: 500 })).rows.map((r) => r.seq)).toEqual(all.slice(1).map((r) => r.seq));
    const imports = await team.listAuditLog({ query: 'IMPORT', offset: 0, limit: 500 });
    expect(imports.rows.map((r) => r.seq)).toEqual(all.filter((r) => r.action === 'import').map((r) => r.seq));
    expect(imports.totalExact).toBe(true);
    expect((await team.listAuditLog({ query: 'ad', offset: 0, limit: 500 })).rows.map((r) => r.seq)).toEqual(all.filter((r) => /ad/i.test(`${r.action} ${r.db_user} ${r.result}`)).map((r) => r.seq));

    // An entry changed behind the database's back (a superuser can): found at that entry.
    await team.settled();
    const victim = all.at(-2)!.seq as number;
    await superuser.query(`UPDATE paydesk.audit_log SET result = 'changed' WHERE seq = $1`, [victim]);
    const fresh = createTeamLedgerReads({ pool });
    const seen = await fresh.listAuditLog({ offset: 0, limit: 10 });
    expect(seen.chainIntact).toBe(false);
    expect(seen.chain).toMatchObject({ intact: false, brokenAt: victim });
    await fresh.settled();
  });
});
