// The copy of a laptop's ledger into the team ledger (copy-to-team.ts) with what a laptop made
// besides plain payments: a check-up's payments keep their run, registered in
// paydesk.checkup_runs as the copy's other rows are attributed (the copying admin, the laptop's OS
// user, the laptop); copied once however often the copy runs. Its invoices and credit notes come
// with their own numbers, marked as that laptop's series: two laptops' INV-000001 of one profile
// both enter, neither twice, and the team ledger shows them where the laptop did (the invoice
// panel, the PDF, the links list's numbers) while its own series continues after them.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CheckupRun } from '../../../contract/methods/checkup';
import { copyLedgerToTeam } from '../../../main/ledger/postgres/copy-to-team';
import { startPostgresApp, startSqliteApp, type LedgerApp } from '../../support/ledger-apps';
import { describeWithPostgres, teamServer } from '../../support/postgres-tests';
import type { LedgerDb } from '../../../main/ledger/database';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { payLink, readPdf } from '../../invoices/support';
import { customer, type Line } from '../../support/seller';

const oneLine: Line[] = [{ description: 'Delivery', quantity: '1', unitPrice: '11.50', vat: 'standard' }];
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers checked by the assertions
type Created = { payment: any; invoice: any };
const invoiceOn = (app: LedgerApp, orderId: string) => app.value<Created>('createInvoice', { orderId, currency: 'SAR', lines: oneLine, pricesIncludeVat: false, customer, language: 'both' });

describeWithPostgres('copying a laptop\'s check-ups into the team ledger', () => {
  let laptop: LedgerApp & { db: LedgerDb };
  let run: CheckupRun;

  beforeAll(async () => {
    // A laptop's own ledger, with a real check-up run through the practice gateway (OS user `omar-os`).
    laptop = await startSqliteApp({ osUser: 'omar-os' });
    const started = await laptop.value<CheckupRun>('startCheckup', { profileId: 'practice' });
    await laptop.checkup.finished(started.id);
    run = (await laptop.value<{ run: CheckupRun }>('getCheckup', { runId: started.id })).run;
  });
  afterAll(async () => {
    await laptop?.close();
  });

  it('keeps a check-up\'s payments marked with their run, registered as copied by the admin with the laptop\'s OS user', async () => {
    const server = teamServer();
    const database = await server.createTeamDatabase();
    const admin = await server.connectAs(database, server.person('admin').login);
    try {
      const marked = (laptop.db.prepare('SELECT id FROM payments WHERE checkup_run = ? ORDER BY id').all(run.id) as Array<{ id: string }>).map((r) => r.id);
      expect(marked.length).toBe(7);
      const first = await copyLedgerToTeam({ source: laptop.db, team: admin, laptop: 'omar-laptop', batchRows: 3 });
      expect(first.payments.skipped).toBe(0);
      const there = await server.sql(database, 'SELECT id::text FROM paydesk.payments WHERE checkup_run = $1 ORDER BY id', [run.id]);
      expect(there.rows.map((r) => r.id)).toEqual(marked);
      const runs = await server.sql(database, 'SELECT id::text, profile_id, environment, started_by, os_user, laptop, imported_from FROM paydesk.checkup_runs');
      expect(runs.rows).toEqual([{ id: run.id, profile_id: 'practice', environment: 'practice', started_by: server.person('admin').login, os_user: 'omar-os', laptop: 'omar-laptop', imported_from: 'omar-laptop' }]);
      // Its steps were never kept on the laptop: the run is listed nowhere with steps, and nobody may write them now.
      expect((await server.sql(database, 'SELECT count(*)::int AS n FROM paydesk.checkup_run_results')).rows[0]!.n).toBe(0);
      await expect(admin.query(`SELECT paydesk.save_checkup_run($1, 'finished', 'SAR', 'x', '[]', '[]', now(), now())`, [run.id])).rejects.toMatchObject({ code: '42501' });
      // Later entries about those payments are named as a check-up's, as on the laptop.
      await admin.query(`SELECT paydesk.record_payment_check('status_check', $1, 'checked')`, [marked[0]]);
      expect((await server.sql(database, `SELECT action FROM paydesk.audit_log ORDER BY seq DESC LIMIT 1`)).rows[0]!.action).toBe('checkup_status_check');

      // Copied again (resumed, or under another name): nothing doubled, the run registered once.
      const again = await copyLedgerToTeam({ source: laptop.db, team: admin, laptop: 'omar-laptop-again' });
      expect(again.payments.copied).toBe(0);
      expect((await server.sql(database, 'SELECT count(*)::int AS n FROM paydesk.checkup_runs')).rows[0]!.n).toBe(1);
    } finally {
      await admin.end();
    }
  });
});

describeWithPostgres('copying two laptops\' invoices and credit notes into the team ledger', () => {
  it('keeps each laptop\'s numbers exactly, as its series, once, readable where the laptop showed them', async () => {
    const server = teamServer();
    const a = await startSqliteApp({ osUser: 'amal-os' });
    const b = await startSqliteApp({ osUser: 'badr-os', practice: a.practice });
    const database = await server.createTeamDatabase();
    const admin = await server.connectAs(database, server.person('admin').login, 'ada');
    let team: LedgerApp | undefined;
    try {
      // Laptop A: INV-000001..3, the first paid and refunded in part (CN-000001); laptop B: its own INV-000001..2.
      const paid = await invoiceOn(a, 'A-1');
      for (const order of ['A-2', 'A-3']) await invoiceOn(a, order);
      for (const order of ['B-1', 'B-2']) await invoiceOn(b, order);
      await payLink(paid.payment.url);
      await expect.poll(async () => (await a.service.refresh(paid.payment.id, 'status')).state, { timeout: 10_000 }).toBe('paid');
      await a.value('refundPayment', { paymentId: paid.payment.id, amount: '5', currency: 'SAR', reason: 'Late delivery' });
      const laptopInvoice = (await a.value<{ invoice: { number: string; creditNotes: Array<{ number: string; amountMinor: number }> } }>('getInvoice', { paymentId: paid.payment.id })).invoice;
      expect(laptopInvoice.creditNotes.map((n) => n.number)).toEqual(['CN-000001']);

      const fromA = await copyLedgerToTeam({ source: a.db, team: admin, laptop: 'laptop-a', batchRows: 2 });
      expect(fromA.invoices).toEqual({ source: 3, copied: 3, alreadyThere: 0, skipped: 0 });
      expect(fromA.creditNotes).toEqual({ source: 1, copied: 1, alreadyThere: 0, skipped: 0 });
      const fromB = await copyLedgerToTeam({ source: b.db, team: admin, laptop: 'laptop-b' });
      expect(fromB.invoices).toEqual({ source: 2, copied: 2, alreadyThere: 0, skipped: 0 });
      // Again, and under another name: nothing doubled.
      expect((await copyLedgerToTeam({ source: a.db, team: admin, laptop: 'laptop-a' })).invoices).toEqual({ source: 3, copied: 0, alreadyThere: 3, skipped: 0 });
      expect((await copyLedgerToTeam({ source: a.db, team: admin, laptop: 'laptop-a-again' })).invoices).toEqual({ source: 3, copied: 0, alreadyThere: 3, skipped: 0 });
      const numbers = (await server.sql(database, `SELECT issued_on_laptop, number, os_user, db_user FROM paydesk.invoices ORDER BY issued_on_laptop, number`)).rows;
      expect(numbers).toEqual([
        ...['INV-000001', 'INV-000002', 'INV-000003'].map((number) => ({ issued_on_laptop: 'laptop-a', number, os_user: 'amal-os', db_user: server.person('admin').login })),
        ...['INV-000001', 'INV-000002'].map((number) => ({ issued_on_laptop: 'laptop-b', number, os_user: 'badr-os', db_user: server.person('admin').login })),
      ]);
      expect((await server.sql(database, `SELECT issued_on_laptop, number, amount_minor::int AS amount FROM paydesk.credit_notes`)).rows).toEqual([{ issued_on_laptop: 'laptop-a', number: 'CN-000001', amount: 500 }]);

      // On the team ledger: the invoice panel, the PDF and the links list's numbers as the laptop showed them.
      team = await startPostgresApp(database, { practice: a.practice });
      const there = (await team.value<{ invoice: typeof laptopInvoice }>('getInvoice', { paymentId: paid.payment.id })).invoice;
      // ... marked as numbered in laptop-a's own series (the team's may have an INV-000001 of its own), on the panel and the PDF.
      expect(there).toEqual({ ...laptopInvoice, issuedOnLaptop: 'laptop-a', creditNotes: laptopInvoice.creditNotes.map((n) => ({ ...n, issuedOnLaptop: 'laptop-a' })) });
      expect(laptopInvoice).toMatchObject({ issuedOnLaptop: null });
      const doc = await team.value<{ fileName: string; pdfBase64: string }>('invoiceDocument', { invoiceId: (there as unknown as { id: string }).id });
      // A laptop's series says its laptop in the file's name too (docs/invoices.md, "File names"): the team's own INV-000001 may sit beside it.
      expect(doc.fileName).toBe('INV-000001 (practice, laptop laptop-a).pdf');
      const pdfText = readPdf(Buffer.from(doc.pdfBase64, 'base64'), mkdtempSync(join(tmpdir(), 'pd-laptop-invoice-')), 'invoice').text;
      expect(pdfText).toMatch(/Issued on laptop\s+laptop-a\s+صدر على الحاسوب/);
      const bPayment = (await b.store.byOrderId('practice', 'B-2'))!;
      expect(await team.value('invoiceNumbers', { paymentIds: [paid.payment.id, bPayment.id] })).toEqual({ [paid.payment.id]: 'INV-000001', [bPayment.id]: 'INV-000002' });
      // The team's own series continues after the laptops' last numbers.
      expect((await invoiceOn(team, 'T-1')).invoice.number).toBe('INV-000004');
      // A direct write of a laptop's series is nobody's.
      await expect(admin.query(`UPDATE paydesk.invoices SET issued_on_laptop = NULL WHERE number = 'INV-000001'`)).rejects.toMatchObject({ code: '42501' });
      const staff = await server.connectAs(database, server.person('staff').login);
      await expect(staff.query(`SELECT paydesk.import_documents('x', 'invoices', 1, '[]', '[]', '[]')`)).rejects.toMatchObject({ code: '42501' });
      await staff.end();
    } finally {
      await team?.close();
      await admin.end();
      await b.close();
      await a.close();
    }
  });
});
