// The audit log's hash chain shows an edit or a deletion; CSV exports open correctly in a
// spreadsheet (BOM, RFC 4180 quoting, exact amounts) and cannot smuggle in a formula. The audit
// log on a laptop's SQLite ledger and on the team ledger (test/support/ledger-apps.ts), where the
// database writes it and "tampering" is a superuser's hand on the server. The quick CSV downloads
// on both (their bytes against the file exports: export-bytes.test.ts); on the team ledger every
// role may run them and the full check (security.sql's grants), and a person removed while their
// laptop runs is refused in words.
import { describe, expect, it } from 'vitest';
import { verifyAudit } from '../../main/ledger/audit-log';
import { csvCell, toCsv } from '../../main/ledger/csv';
import { customer, goodCard } from './support';
import { describeLedgerApp, type LedgerApp } from '../support/ledger-apps';
import pg from 'pg';
import type { AppFailure } from '../../contract/result';
import { createTeamLedgerReads } from '../../main/ledger/postgres/pg-reads';
import { createTeamQuickExports } from '../../main/ledger/postgres/pg-quick-export';
import { teamServer } from '../support/postgres-tests';

type Entry = { seq: number; osUser: string; profileId: string | null; environment: string | null; action: string; amountMinor: number | null; currency: string | null; result: string };
type AuditWindow = { chainIntact: boolean; chain?: { intact: boolean; brokenAt?: number }; rows: Entry[] };

describeLedgerApp('the audit log and its exports', (app, backend) => {
  /** What the audit screen says of the chain, as a laptop opening it now (on the team ledger another laptop: this one remembers a break until it restarts). */
  async function chainAsOpened(): Promise<{ intact: boolean; brokenAt?: number }> {
    if (backend === 'sqlite') {
      // SQLite's full check (the screen's quick check remembers a break in the file until the full check runs).
      const full = verifyAudit(app().db!);
      return full.ok ? { intact: true } : { intact: false, brokenAt: full.brokenAt };
    }
    const laptop: LedgerApp = await app().open();
    const { chain } = await laptop.value<AuditWindow>('listAuditLog', { limit: 1 });
    return chain!.brokenAt === undefined ? { intact: chain!.intact } : { intact: chain!.intact, brokenAt: chain!.brokenAt };
  }

  describe('audit log', () => {
    it('records who did what, and its chain breaks where a row is edited or removed', async () => {
      const sale = await app().call('chargeCard', { amount: '12.5', currency: 'SAR', card: goodCard, customer, authOnly: false });
      expect(sale.ok).toBe(true);
      const row = (await app().value<AuditWindow>('listAuditLog', { query: 'create_sale', limit: 1 })).rows[0]!;
      // The entry of the sale's outcome: the payment's state, on the team ledger written by the database (create-audit.sql).
      expect(row).toMatchObject({ osUser: 'tester', profileId: 'practice', environment: 'practice', amountMinor: 1250, currency: 'SAR', result: 'paid' });
      for (let i = 0; i < 3; i++) await app().value('createPaymentLink', { amount: `1${i}`, currency: 'SAR', description: `r${i}`, customer });
      expect((await app().value<AuditWindow>('listAuditLog', { limit: 5 })).chainIntact).toBe(true);
      expect(await chainAsOpened()).toEqual({ intact: true });

      await app().tamperAudit(row.seq, { set: { amount_minor: 1 } });
      expect(await chainAsOpened()).toEqual({ intact: false, brokenAt: row.seq });
      await app().tamperAudit(row.seq, { set: { amount_minor: 1250 } });
      expect(await chainAsOpened()).toEqual({ intact: true });
      await app().tamperAudit(row.seq, 'delete');
      expect(await chainAsOpened()).toEqual({ intact: false, brokenAt: row.seq });
    });
  });

  describe('CSV', () => {
    it('exports the filtered payments with exact amounts, Arabic text intact, ISO dates', async () => {
      const arabic = { name: 'مريم القحطاني', email: 'maryam@example.com', phone: '+966500000003' };
      await app().value('createPaymentLink', { amount: '1.005', currency: 'KWD', description: '=cmd|"/c calc"!A1', customer: arabic });
      const { csv, rows, fileName } = await app().value<{ csv: string; rows: number; fileName: string }>('exportPayments', { filter: { currency: 'KWD' } });
      expect(fileName).toMatch(/^paydesk-payments-\d{8}-\d{6}\.csv$/);
      expect(rows).toBe(1);
      expect(csv.startsWith('\uFEFFcreated_at,kind,order_id,state')).toBe(true);
      const line = csv.split('\r\n')[1]!;
      expect(line).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z,link,PD-/);
      expect(line).toContain(',1.005,KWD,0.000,0.000,مريم القحطاني,');
      expect(line).toContain(`"'=cmd|""/c calc""!A1"`);
    });

    it('exports the audit log and says its chain is broken (a row was deleted above, the whole chain checked since)', async () => {
      // The log was looked at before the deletion: the check once per entry finds it when the whole chain is checked ("Check the whole log").
      await app().value('verifyAuditChain', {});
      await expect.poll(() => app().events.some((e) => e.type === 'audit.verify' && e.done)).toBe(true);
      const value = await app().value<{ csv: string; chainIntact: boolean; rows: number; fileName: string }>('exportAuditLog', {});
      expect(value.csv).toContain('seq,at,os_user');
      expect(value.csv).toContain(',create_link,');
      expect(value.chainIntact).toBe(false);
      // Recorded once read: the download does not list its own entry; the log's newest entry says what it held.
      expect(value.csv).not.toContain(',export_audit_log,');
      const [own] = (await app().value<AuditWindow>('listAuditLog', { limit: 1 })).rows;
      expect(own).toMatchObject({ action: 'export_audit_log', osUser: 'tester', result: `${value.rows} rows; file ${value.fileName}; zone ${Intl.DateTimeFormat().resolvedOptions().timeZone}` });
    });

    it('records no export of the audit log when reading it fails: the log never says it was exported when it was not', async () => {
      await app().value('createPaymentLink', { amount: '3', currency: 'SAR', description: 'to read', customer });
      const entries = async () => (await app().value<AuditWindow>('listAuditLog', { query: 'export_audit_log', limit: 500 })).rows.filter((e) => e.action === 'export_audit_log').length;
      const before = await entries();
      // An entry the CSV cannot hold exactly (an amount beyond 2^53): the read fails part-way.
      const [victim] = (await app().value<AuditWindow>('listAuditLog', { query: 'create_link', limit: 1 })).rows;
      await app().tamperAudit(victim!.seq, { set: { amount_minor: '1152921504606846976' } });
      try {
        const download = await app().call('exportAuditLog', {});
        expect(download.ok).toBe(false);
        expect(await entries()).toBe(before);
      } finally {
        await app().tamperAudit(victim!.seq, { set: { amount_minor: victim!.amountMinor } });
      }
      // Read whole, it is recorded once.
      expect((await app().call('exportAuditLog', {})).ok).toBe(true);
      expect(await entries()).toBe(before + 1);
    });
  });

  if (backend === 'postgres') {
    describe('who may check and download on the team ledger', () => {
      it('staff, the narrowest role, may: each download is in the team log by that person', async () => {
        const sam = await app().open({ role: 'staff', osUser: 'sami' });
        const payments = await sam.value<{ rows: number; done: boolean }>('exportPayments', { filter: { currency: 'KWD' } });
        expect(payments).toMatchObject({ rows: 1, done: true });
        expect((await sam.value<{ rows: number }>('exportAuditLog', {})).rows).toBeGreaterThan(5);
        expect((await sam.value<{ started: boolean }>('verifyAuditChain', {})).started).toBe(true);
        const server = teamServer();
        const entries = (await server.sql(app().database!, `SELECT db_user, os_user, action, result FROM paydesk.audit_log WHERE action LIKE 'export_%' ORDER BY seq DESC LIMIT 2`)).rows;
        expect(entries).toEqual([
          { db_user: server.person('staff').login, os_user: 'sami', action: 'export_audit_log', result: expect.stringMatching(/^\d+ rows; file paydesk-audit-[-0-9]+\.csv; zone \S+$/) },
          { db_user: server.person('staff').login, os_user: 'sami', action: 'export_payments', result: expect.stringMatching(/^1 rows; file paydesk-payments-[-0-9]+\.csv; zone \S+; currency KWD$/) },
        ]);
      });

      it('a person removed from the team while their laptop runs is refused in words', async () => {
        const server = teamServer();
        const database = app().database!;
        // Roles are the server's: a login of this file's own.
        const login = `leaver_${process.pid}`;
        await server.sql(database, `SELECT paydesk.add_person($1, 'finance', 'leaver-password')`, [login]);
        const settings = { host: server.host, port: server.port, database, user: login };
        const pool = new pg.Pool({ ...settings, password: 'leaver-password', max: 1 });
        pool.on('error', () => undefined);
        try {
          const reads = createTeamLedgerReads({ pool, settings });
          const quick = createTeamQuickExports({ pool, settings, chain: () => reads.auditChain() });
          const all = { filter: {}, sort: { by: 'createdAt', direction: 'desc' }, offset: 0, limit: 100 } as const;
          expect((await reads.verifyAuditChain()).started).toBe(true);
          expect((await quick.exportPayments({ ...all, filter: { currency: 'KWD' } })).rows).toBe(1);
          await reads.settled();
          await server.sql(database, `SELECT paydesk.remove_person($1)`, [login]);
          const refusal = async (work: Promise<unknown>) => ((await work.then(() => undefined, (e: unknown) => e)) as AppFailure).toError();
          // Its open session lost the rights: the database's refusal, in words.
          expect(await refusal(quick.exportPayments(all))).toMatchObject({ code: 'forbidden', reason: { key: 'teamLedger.exportRefused', values: { person: login } } });
          expect(await refusal(reads.verifyAuditChain())).toMatchObject({ code: 'forbidden', reason: { key: 'teamLedger.auditReadRefused', values: { person: login } } });
          // A new connection is refused the login itself: "Test connection"'s words.
          expect(await refusal(quick.exportAuditLog('tester'))).toMatchObject({ code: 'storage', reason: { key: 'teamLedger.noPermission', values: { user: login, database } } });
        } finally {
          await pool.end();
        }
      });
    });
  }
});

describe('CSV cells', () => {
  it('quotes per RFC 4180 and neutralises formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const danger of ['=1+1', '+1+1', '-1+A1', '@SUM(A1)', '\tx', '=HYPERLINK("http://x")']) expect(csvCell(danger).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell(null)).toBe('');
    expect(toCsv(['a', 'b'], [['1', 'x,y']]).csv).toBe('\uFEFFa,b\r\n1,"x,y"\r\n');
  });
});
