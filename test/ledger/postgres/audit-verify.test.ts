// The team's audit chain checked two ways must agree on every entry the database can write: the
// full check, where PostgreSQL recomputes each hash (pg-audit-verify.ts), and the audit page's
// check, where main recomputes it from the rows with JSON.stringify (pg-audit-reads.ts). Entries
// with awkward text (quotes, backslashes, line breaks, control characters, Arabic, emoji, a
// payment's order id and amount) are intact to both; an edit of one is found by both at its seq.
// Also: entries removed from the end (the chain's head, status-settle.sql) and the verified
// position kept on the laptop across restarts (main/team/team-audit-position.ts).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import type { AppEvent } from '../../../contract/events';
import { createTeamAuditVerifier } from '../../../main/ledger/postgres/pg-audit-verify';
import { createTeamLedgerReads } from '../../../main/ledger/postgres/pg-reads';
import { teamAuditPositionFile } from '../../../main/team/team-audit-position';
import { describeWithPostgres, teamServer } from '../../support/postgres-tests';

const awkward = ['say "hi"', 'back\\slash', 'two\nlines\r\n', 'tab\there', 'bell\u0007 and \u001f', 'مريم القحطاني', '🧾 receipt', 'del\u007f', '\u2028 separator', '/slash/', ''];

/** The full check (the database recomputes) and the audit page's check (main recomputes), each from the first entry, as the person logged in on `pool`. */
async function bothChecks(pool: pg.Pool) {
  const events: AppEvent[] = [];
  const verifier = createTeamAuditVerifier({ pool, emit: (e) => events.push(e) });
  await verifier.start();
  await verifier.idle();
  const reads = createTeamLedgerReads({ pool });
  await reads.listAuditLog({ offset: 0, limit: 1 });
  await reads.settled();
  return { database: events.at(-1) as Extract<AppEvent, { type: 'audit.verify' }>, main: await reads.auditChain() };
}

describeWithPostgres('the team audit chain, checked by the database and by main', () => {
  let database: string;
  let fay: pg.Pool;

  beforeAll(async () => {
    const server = teamServer();
    database = await server.createTeamDatabase();
    // Written as the database writes every entry (append_audit), as the superuser: each reason and
    // result awkward, one with a payment (its order id, amount and currency in the entry).
    const id = randomUUID();
    await server.sql(database, `INSERT INTO paydesk.payments (id, profile_id, environment, kind, order_id, amount_minor, currency, state, created_by)
      VALUES ($1, 'practice', 'practice', 'link', 'PD-"awkward"\\1', 9007199254740, 'KWD', 'pending', 'tester')`, [id]);
    for (const [i, text] of awkward.entries()) {
      await server.sql(database, `SELECT paydesk.append_audit($1, $2::uuid, $3, $4, $5)`, ['note', i % 2 ? id : null, i % 2 ? i : null, text, `${text}|${i}`]);
    }
    const finance = server.person('finance');
    fay = new pg.Pool({ host: server.host, port: server.port, database, user: finance.login, password: finance.password, max: 2 });
    fay.on('error', () => undefined);
  });
  afterAll(async () => {
    await fay?.end();
  });

  it('finds every entry intact, both ways', async () => {
    const last = Number((await fay.query('SELECT max(seq)::text AS n FROM paydesk.audit_log')).rows[0].n);
    const { database: byDatabase, main } = await bothChecks(fay);
    expect(byDatabase).toMatchObject({ done: true, intact: true, checked: last });
    expect(main).toEqual({ intact: true, checkedThrough: last, last });
  });

  it('finds an edited entry at its seq, both ways', async () => {
    const seq = Number((await fay.query(`SELECT min(seq)::text AS n FROM paydesk.audit_log WHERE reason = 'مريم القحطاني'`)).rows[0].n);
    await teamServer().sql(database, `UPDATE paydesk.audit_log SET reason = 'مريم' WHERE seq = $1`, [seq]);
    const { database: byDatabase, main } = await bothChecks(fay);
    expect(byDatabase).toMatchObject({ done: true, intact: false, brokenAt: seq });
    expect(main).toMatchObject({ intact: false, brokenAt: seq });
  });
});

// Entries removed from the end of the chain by a superuser leave no entry after them to show the
// gap; the chain's head (paydesk.audit_chain_head, status-settle.sql) still names the last entry
// written, so both checks report the log cut at its end, and the audit page's check notices it
// even where it had verified beyond the cut.
describeWithPostgres('the team audit chain cut at its end', () => {
  let database: string;
  let fay: pg.Pool;
  const newest = async () => Number((await fay.query('SELECT max(seq)::text AS n FROM paydesk.audit_log')).rows[0].n);

  beforeAll(async () => {
    const server = teamServer();
    database = await server.createTeamDatabase();
    for (let i = 0; i < 6; i++) await server.sql(database, `SELECT paydesk.append_audit('note', NULL, NULL, $1, 'ok')`, [`entry ${i}`]);
    const finance = server.person('finance');
    fay = new pg.Pool({ host: server.host, port: server.port, database, user: finance.login, password: finance.password, max: 2 });
    fay.on('error', () => undefined);
  });
  afterAll(async () => {
    await fay?.end();
  });

  it('lets every person ask the chain head for its seq and hash, nothing else, and no one read the head itself', async () => {
    const server = teamServer();
    const last = (await fay.query('SELECT a.seq::text AS seq, a.hash FROM paydesk.audit_log a ORDER BY a.seq DESC LIMIT 1')).rows[0];
    for (const role of ['staff', 'support', 'finance', 'admin'] as const) {
      const client = await server.connectAs(database, server.person(role).login);
      try {
        const head = await client.query('SELECT * FROM paydesk.audit_chain_head()');
        expect(head.fields.map((f) => f.name)).toEqual(['seq', 'hash']);
        expect({ seq: String(head.rows[0].seq), hash: head.rows[0].hash }).toEqual(last);
        expect(await client.query('SELECT * FROM paydesk.audit_head').then(() => 'read', (e: { code?: string }) => e.code)).toBe('42501');
      } finally {
        await client.end();
      }
    }
  });

  it('finds the last entries removed by a superuser, both ways, as a break at the end', async () => {
    const head = await newest();
    // The audit page has checked every entry (its position is the newest one) before the cut.
    const page = createTeamLedgerReads({ pool: fay });
    await page.listAuditLog({ offset: 0, limit: 1 });
    await page.settled();
    expect(await page.auditChain()).toEqual({ intact: true, checkedThrough: head, last: head });

    await teamServer().sql(database, 'DELETE FROM paydesk.audit_log WHERE seq > $1', [head - 2]);
    const cut = { intact: false, brokenAt: head - 1, headSeq: head, last: head - 2 };
    // The same page, whose verified entry is gone: said as the cut, not as an edit.
    expect(await page.auditChain()).toMatchObject({ ...cut, checkedThrough: head - 2 });
    const { database: byDatabase, main } = await bothChecks(fay);
    expect(byDatabase).toMatchObject({ done: true, intact: false, brokenAt: head - 1, headSeq: head, checked: head - 2 });
    expect(main).toMatchObject(cut);
  });
});

// How far a laptop verified the chain is kept in its data folder (team-audit-position.ts), per team
// database: after a restart the audit page checks on from there, and still notices entries
// removed from the end while it was closed.
describeWithPostgres('the team audit chain\'s verified position, kept on the laptop', () => {
  let database: string;
  let fay: pg.Pool;
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-audit-position-'));
  const keeper = () => teamAuditPositionFile(dataDir, 'db.example:5432/paydesk');
  /** The audit page of a laptop (just started) keeping its position with `auditPosition`. */
  const page = async (pool: pg.Pool, auditPosition = keeper()) => {
    const reads = createTeamLedgerReads({ pool, auditPosition });
    await reads.listAuditLog({ offset: 0, limit: 1 });
    await reads.settled();
    return reads;
  };
  const financePool = (name: string) => {
    const server = teamServer();
    const finance = server.person('finance');
    const pool = new pg.Pool({ host: server.host, port: server.port, database: name, user: finance.login, password: finance.password, max: 2 });
    pool.on('error', () => undefined);
    return pool;
  };

  beforeAll(async () => {
    database = await teamServer().createTeamDatabase();
    for (let i = 0; i < 8; i++) await teamServer().sql(database, `SELECT paydesk.append_audit('note', NULL, NULL, $1, 'ok')`, [`entry ${i}`]);
    fay = financePool(database);
  });
  afterAll(async () => {
    await fay?.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('checks on from the kept position after a restart, and finds entries removed from the end meanwhile', async () => {
    const last = Number((await fay.query('SELECT max(seq)::text AS n FROM paydesk.audit_log')).rows[0].n);
    expect(await (await page(fay)).auditChain()).toEqual({ intact: true, checkedThrough: last, last });
    const oid = (await fay.query('SELECT oid::text AS oid FROM pg_database WHERE datname = current_database()')).rows[0].oid;
    const lastHash = (await fay.query('SELECT hash FROM paydesk.audit_log WHERE seq = $1', [last])).rows[0].hash;
    expect(await keeper().read()).toEqual({ seq: last, hash: lastHash, database: oid });

    // An entry before the kept position edited behind Paydesk's back: the restarted page does not
    // read what it verified already (as the laptop's own ledger), a laptop without a kept position
    // and the full check do.
    await teamServer().sql(database, `UPDATE paydesk.audit_log SET reason = 'edited' WHERE seq = 3`);
    expect(await (await page(fay)).auditChain()).toEqual({ intact: true, checkedThrough: last, last });
    const elsewhere = mkdtempSync(join(tmpdir(), 'paydesk-audit-position-'));
    try {
      expect(await (await page(fay, teamAuditPositionFile(elsewhere, 'db.example:5432/paydesk'))).auditChain()).toMatchObject({ intact: false, brokenAt: 3 });
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
    expect((await bothChecks(fay)).database).toMatchObject({ intact: false, brokenAt: 3 });

    // Closed while the last two entries were removed: the restarted page says the log was cut at its end.
    await teamServer().sql(database, 'DELETE FROM paydesk.audit_log WHERE seq > $1', [last - 2]);
    expect(await (await page(fay)).auditChain()).toMatchObject({ intact: false, brokenAt: last - 1, headSeq: last, last: last - 2 });
  });

  it('checks another database under the same name from its first entry, not as broken', async () => {
    const other = await teamServer().createTeamDatabase();
    const pool = financePool(other);
    try {
      const last = Number((await pool.query('SELECT max(seq)::text AS n FROM paydesk.audit_log')).rows[0].n);
      expect(await (await page(pool)).auditChain()).toEqual({ intact: true, checkedThrough: last, last });
    } finally {
      await pool.end();
    }
  });
});
