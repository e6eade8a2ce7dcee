// Bulk payment links on both ledgers, through main's handlers as the renderer calls them, against
// the practice gateway over HTTP: a batch runs the same on a laptop's SQLite file and on the team's
// PostgreSQL; a laptop killed with a link's answer on the wire, started again, resumes the batch
// and sends each link once. On the team ledger: one laptop runs a batch, a second laptop's Run is
// refused naming who runs it (also when both press Run at the same moment), a Cancel from the
// second laptop stops the first, a lease run out is taken over (the first laptop stops at its next
// row, and a row it recorded first takes that payment); finance is refused by the database itself (its grants and row-level security), staff,
// support and admin make and run batches; a row with a VAT rate (an invoice) is refused in the
// preview. The practice gateway's records are the witness of what was sent.
import { expect, it } from 'vitest';
import { createBulkService } from '../../main/bulk/bulk-service';
import { createEventHub } from '../../main/core/event-hub';
import { reasonText } from '../../main/core/fail';
import { requireProductionConfirmation } from '../../main/profiles/production-guard';
import type { TeamBackend } from '../../main/team/team-backend';
import { describeLedgerApp, type LedgerApp } from '../support/ledger-apps';
import { teamServer } from '../support/postgres-tests';

const header = 'orderId,amount,currency,description,customerName,customerEmail,customerPhone,issueDate,expireDate\r\n';
const file = (csv: string) => Buffer.from(csv, 'utf8').toString('base64');
/** n good rows with order ids prefix-1…n; row i's amount is i,234.50 SAR (as typed in a spreadsheet). */
const rowsCsv = (n: number, prefix: string) => header + Array.from({ length: n }, (_, i) => `${prefix}-${i + 1},"${i + 1},234.50",SAR,Invoice ${i + 1},Customer ${i + 1},c${i + 1}@example.com,+96650000${String(1000 + i)},,`).join('\r\n');
const linksSent = (app: LedgerApp, prefix: string) => app.practice.gateway.records().filter((r) => r.operation === 'createPaymentLink' && r.orderId?.startsWith(`${prefix}-`)).map((r) => r.orderId!).sort();
const orderIds = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i + 1}`).sort();
const isLinkCreate = (url: RequestInfo | URL) => String(url).endsWith('/payment-links');

/**
 * A fetch that holds link creates until released (a request "on the wire"), or lets the n-th one
 * reach the gateway and never hands its answer back (the laptop is killed with the answer on the wire).
 */
function gatewayWire() {
  let holding = false;
  const waiting: Array<() => void> = [];
  let killAt = 0;
  let links = 0;
  let arrived: () => void = () => {};
  let sentThenDied: () => void = () => {};
  const wire = {
    held: new Promise<void>((resolve) => (arrived = resolve)),
    died: new Promise<void>((resolve) => (sentThenDied = resolve)),
    hold() {
      holding = true;
      wire.held = new Promise<void>((resolve) => (arrived = resolve));
    },
    release() {
      holding = false;
      for (const go of waiting.splice(0)) go();
    },
    /** The n-th link create from now reaches the gateway and its answer never comes back. */
    killOnNext(n: number) {
      killAt = links + n;
      wire.died = new Promise<void>((resolve) => (sentThenDied = resolve));
    },
    async fetch(url: RequestInfo | URL, init?: RequestInit): Promise<Response> {
      if (!isLinkCreate(url)) return fetch(url, init);
      links += 1;
      if (holding) {
        arrived();
        await new Promise<void>((go) => waiting.push(go));
      }
      const answer = await fetch(url, init);
      if (links !== killAt) return answer;
      await answer.text();
      sentThenDied();
      return new Promise<Response>(() => {});
    },
  };
  return wire;
}

const wire = gatewayWire();

describeLedgerApp('bulk payment links', (app, backend) => {
  it('previews, stores and runs a batch, each row through the single-link path, money in minor units', async () => {
    await app().seedPayments([{ order_id: 'S-KNOWN', amount_minor: 500 }]);
    const csv = rowsCsv(3, 'S') + '\r\nS-KNOWN,5.00,SAR,Again,X,x@example.com,+966500009999,,\r\nS-BAD,12.345,SAR,Bad amount,Y,y@example.com,+966500009998,,';
    const template = await app().value('bulkTemplate', {});
    expect(template.csv).toContain('orderId,amount,currency');

    const preview = await app().value('bulkPreview', { file: file(csv) });
    expect(preview).toMatchObject({ valid: 3, invalid: 2, fileError: null, encoding: 'utf-8', delimiter: ',' });
    expect(preview.rows.map((r: { errors: object }) => r.errors)).toEqual([{}, {}, {}, { orderId: { key: 'bulk.orderIdInLedger' } }, { amount: { key: 'amount.tooManyDecimals', values: { currency: 'SAR', decimals: 2 } } }]);

    const batch = await app().value('bulkCreateBatch', { file: file(csv), fileName: 'march.csv' });
    expect(batch).toMatchObject({ fileName: 'march.csv', profileId: 'practice', state: 'ready', total: 5, pending: 3, failed: 2, created: 0 });
    expect(linksSent(app(), 'S')).toEqual([]);

    expect(await app().value('bulkRun', { batchId: batch.id })).toMatchObject({ id: batch.id });
    await app().bulk.idle(batch.id);
    const done = await app().value('getBulkBatch', { batchId: batch.id });
    expect(done).toMatchObject({ state: 'done', total: 5, created: 3, failed: 2, pending: 0, unknown: 0 });
    expect(done.rows.map((r: { line: number; orderId: string; state: string }) => [r.line, r.orderId, r.state])).toEqual([[2, 'S-1', 'created'], [3, 'S-2', 'created'], [4, 'S-3', 'created'], [5, 'S-KNOWN', 'failed'], [6, 'S-BAD', 'failed']]);
    expect(linksSent(app(), 'S')).toEqual(['S-1', 'S-2', 'S-3']);
    // "2,234.50" became 223,450 halalas, exactly, in the payment the link was recorded as.
    const payment = await app().store.byOrderId('practice', 'S-2');
    expect(payment).toMatchObject({ amount_minor: 223_450, currency: 'SAR', kind: 'link', state: 'pending', customer_name: 'Customer 2' });
    expect(done.rows[1].paymentId).toBe(payment!.id);
    if (backend === 'postgres') {
      // The team database keeps each row's amount as an integer of minor units beside the text typed.
      const stored = await teamServer().sql(app().database!, 'SELECT line, amount, amount_minor::text AS minor, created_by FROM paydesk.bulk_rows r JOIN paydesk.bulk_batches b ON b.id = r.batch_id WHERE batch_id = $1 ORDER BY line', [batch.id]);
      expect(stored.rows.map((r) => [r.line, r.amount, r.minor])).toEqual([[2, '1,234.50', '123450'], [3, '2,234.50', '223450'], [4, '3,234.50', '323450'], [5, '5.00', null], [6, '12.345', null]]);
      expect(new Set(stored.rows.map((r) => r.created_by))).toEqual(new Set([teamServer().person('support').login]));
    }

    const recent = await app().value('listBulkBatches', {});
    expect(recent[0]).toMatchObject({ id: batch.id, state: 'done', total: 5, created: 3, failed: 2, pending: 0, rows: [] });
    const report = await app().value('bulkErrorReport', { batchId: batch.id });
    expect(report.rows).toBe(2);
    expect(report.csv).toContain('S-BAD');
    expect(report.csv).toContain('orderId: This order reference is already in the ledger.');
    // Run again: nothing left to send, nothing sent twice.
    await app().value('bulkRun', { batchId: batch.id });
    await app().bulk.idle(batch.id);
    expect(linksSent(app(), 'S')).toEqual(['S-1', 'S-2', 'S-3']);
  });

  it('a laptop killed with a link\'s answer on the wire, started again, resumes the batch and sends each link once', async () => {
    const laptop = await app().open({ fetch: wire.fetch });
    const batch = await laptop.value('bulkCreateBatch', { file: file(rowsCsv(5, 'K')), fileName: 'killed.csv' });
    wire.killOnNext(3);
    await laptop.value('bulkRun', { batchId: batch.id });
    await wire.died;
    // Killed: row 3 reached the gateway, its answer never came back; the batch still says running.
    expect(linksSent(laptop, 'K')).toEqual(['K-1', 'K-2', 'K-3']);
    // Who runs it, in the batch's view: on a laptop's own file its OS user; on the team ledger the login, on this laptop.
    const person = backend === 'sqlite' ? 'tester' : teamServer().person('support').login;
    expect(await laptop.value('getBulkBatch', { batchId: batch.id })).toMatchObject({ state: 'running', created: 2, pending: 3, runner: { person, here: true } });

    const again = await laptop.restart();
    expect(await again.value('getBulkBatch', { batchId: batch.id })).toMatchObject({ state: 'interrupted', created: 2, pending: 3, runner: null });
    await again.value('bulkRun', { batchId: batch.id });
    await again.bulk.idle(batch.id);
    const resumed = await again.value('getBulkBatch', { batchId: batch.id });
    // Row 3's link was recorded before it was sent: the resume finds it and leaves it to its status check.
    expect(resumed).toMatchObject({ state: 'done', created: 4, unknown: 1, pending: 0 });
    expect(resumed.rows.find((r: { orderId: string }) => r.orderId === 'K-3')).toMatchObject({ state: 'unknown' });
    expect(linksSent(again, 'K')).toEqual(orderIds('K', 5));
    // Its status check settles it from the gateway's own record: the link exists, once.
    const k3 = (await again.store.byOrderId('practice', 'K-3'))!;
    await again.value('checkPaymentStatus', { paymentId: k3.id });
    expect((await again.store.byOrderId('practice', 'K-3'))!.state).toBe('pending');
    expect(linksSent(again, 'K')).toEqual(orderIds('K', 5));
  });

  it('a batch\'s import, run, cancel and end are audit entries, the same on both ledgers (on the team ledger written by the database)', async () => {
    const laptop = await app().open({ fetch: wire.fetch, sameGateway: true });
    const bulkEntries = async () => (await laptop.value('listAuditLog', { query: 'bulk_', limit: 500 })).rows
      .filter((r: { action: string; reason: string | null }) => r.action.startsWith('bulk_') && ['audited.csv', 'stopped.csv'].includes(r.reason ?? '')).reverse()
      .map((r: { action: string; reason: string | null; result: string; osUser: string; profileId: string | null }) => [r.action, r.reason, r.result, r.osUser, r.profileId]);
    const csv = rowsCsv(3, 'AU') + '\r\nAU-BAD,12.345,SAR,Bad amount,Y,y@example.com,+966500009998,,';
    const done = await laptop.value('bulkCreateBatch', { file: file(csv), fileName: 'audited.csv' });
    await laptop.value('bulkRun', { batchId: done.id });
    await laptop.bulk.idle(done.id);

    const stopped = await laptop.value('bulkCreateBatch', { file: file(rowsCsv(3, 'AC')), fileName: 'stopped.csv' });
    wire.hold();
    await laptop.value('bulkRun', { batchId: stopped.id });
    await wire.held;
    await laptop.value('bulkCancel', { batchId: stopped.id });
    wire.release();
    await laptop.bulk.idle(stopped.id);

    expect(await bulkEntries()).toEqual([
      ['bulk_import', 'audited.csv', 'rows 4, to send 3', 'tester', 'practice'],
      ['bulk_run', 'audited.csv', 'to send 3', 'tester', 'practice'],
      ['bulk_finish', 'audited.csv', 'done: created 3, failed 1, unknown 0, waiting 0', 'tester', 'practice'],
      ['bulk_import', 'stopped.csv', 'rows 3, to send 3', 'tester', 'practice'],
      ['bulk_run', 'stopped.csv', 'to send 3', 'tester', 'practice'],
      ['bulk_cancel', 'stopped.csv', 'asked', 'tester', 'practice'],
      ['bulk_finish', 'stopped.csv', 'cancelled: created 1, failed 0, unknown 0, waiting 2', 'tester', 'practice'],
    ]);
    expect((await laptop.value('listAuditLog', {})).chainIntact).toBe(true);
    if (backend === 'postgres') {
      // Written by the database's triggers under the login that made each change.
      const logins = await teamServer().sql(app().database!, `SELECT DISTINCT db_user FROM paydesk.audit_log WHERE action LIKE 'bulk\\_%' AND reason IN ('audited.csv', 'stopped.csv')`);
      expect(logins.rows).toEqual([{ db_user: teamServer().person('support').login }]);
    }
  });

  if (backend === 'sqlite') return;

  const laptopOf = (a: LedgerApp) => (a as LedgerApp & { team: TeamBackend }).team.laptop;

  it('one laptop runs a batch: a second laptop\'s Run is refused naming who runs it, and its Cancel stops the first', async () => {
    const practice = app().practice;
    const sam = await app().open({ role: 'staff', fetch: wire.fetch, practice, osUser: 'sam-os' });
    const sue = await app().open({ role: 'support', fetch: wire.fetch, practice });
    const batch = await sam.value('bulkCreateBatch', { file: file(rowsCsv(4, 'T')), fileName: 'team.csv' });
    // Sue's listener is up (its first "look at the batches again"): a batch's moves now reach her.
    await expect.poll(() => sue.events.some((e) => e.type === 'bulk.changed' && e.batchId === undefined)).toBe(true);
    wire.hold();
    await sam.value('bulkRun', { batchId: batch.id });
    await wire.held;
    // Sue's laptop, which has done nothing yet, is told by the database that the batch started.
    await expect.poll(() => sue.events.filter((e) => e.type === 'bulk.changed' && e.batchId === batch.id).length).toBeGreaterThanOrEqual(1);

    // T-1 is on the wire from sam's laptop: sue's Run is refused by the database's lease, in words naming sam.
    const refused = await sue.call('bulkRun', { batchId: batch.id });
    expect(refused).toMatchObject({ ok: false, error: { code: 'busy', reason: { key: 'bulk.runningElsewhere', values: { person: 'sam', laptop: laptopOf(sam) } } } });
    if (!refused.ok) {
      const why = refused.error.reason as Parameters<typeof reasonText>[1];
      expect(reasonText('en', why)).toContain(`sam is sending the links of this batch from another computer (${laptopOf(sam)})`);
      expect(reasonText('ar', why)).toMatch(/sam[\s\S]*[\u0600-\u06ff]|[\u0600-\u06ff][\s\S]*sam/);
      expect(reasonText('ar', why)).toContain(laptopOf(sam));
    }
    // Sue sees the batch running and who runs it, on which laptop; sam's view says it runs on his.
    expect(await sue.value('getBulkBatch', { batchId: batch.id })).toMatchObject({ state: 'running', runner: { person: 'sam', laptop: laptopOf(sam), here: false } });
    expect(await sam.value('getBulkBatch', { batchId: batch.id })).toMatchObject({ runner: { person: 'sam', laptop: laptopOf(sam), here: true } });
    expect((await sue.value('listBulkBatches', {})).find((b: { id: string }) => b.id === batch.id)).toMatchObject({ runner: { person: 'sam', here: false } });
    // Her Cancel stops sam's run after the row on the wire.
    await sue.value('bulkCancel', { batchId: batch.id });
    wire.release();
    await sam.bulk.idle(batch.id);
    expect(await sue.value('getBulkBatch', { batchId: batch.id })).toMatchObject({ state: 'cancelled', created: 1, pending: 3, runner: null });
    // The ask and the end are audited under who did each: sue asked, sam's laptop ended its run.
    const entries = await teamServer().sql(app().database!, `SELECT action, db_user, os_user, result FROM paydesk.audit_log WHERE action IN ('bulk_run', 'bulk_cancel', 'bulk_finish') AND reason = 'team.csv' ORDER BY seq`);
    expect(entries.rows).toEqual([
      { action: 'bulk_run', db_user: 'sam', os_user: 'sam-os', result: 'to send 4' },
      { action: 'bulk_cancel', db_user: teamServer().person('support').login, os_user: 'tester', result: 'asked' },
      { action: 'bulk_finish', db_user: 'sam', os_user: 'sam-os', result: 'cancelled: created 1, failed 0, unknown 0, waiting 3' },
    ]);

    // Now sue may run it: she sends the rest, nothing twice.
    await sue.value('bulkRun', { batchId: batch.id });
    await sue.bulk.idle(batch.id);
    expect(await sam.value('getBulkBatch', { batchId: batch.id })).toMatchObject({ state: 'done', created: 4 });
    expect(linksSent(app(), 'T')).toEqual(orderIds('T', 4));
  });

  it('two laptops pressing Run at the same moment: one runs the batch, the other is told who', async () => {
    const practice = app().practice;
    const a = await app().open({ role: 'support', fetch: wire.fetch, practice });
    const b = await app().open({ role: 'admin', fetch: wire.fetch, practice });
    const batch = await a.value('bulkCreateBatch', { file: file(rowsCsv(3, 'W')), fileName: 'both.csv' });
    wire.hold();
    const answers = await Promise.all([a.call('bulkRun', { batchId: batch.id }), b.call('bulkRun', { batchId: batch.id })]);
    const [won, lost] = answers[0]!.ok ? [a, b] : [b, a];
    expect(answers.filter((r) => r.ok)).toHaveLength(1);
    const refusal = answers.find((r) => !r.ok)!;
    const winner = won === a ? teamServer().person('support').login : teamServer().person('admin').login;
    expect(refusal).toMatchObject({ ok: false, error: { code: 'busy', reason: { key: 'bulk.runningElsewhere', values: { person: winner, laptop: laptopOf(won) } } } });
    await wire.held;
    wire.release();
    await won.bulk.idle(batch.id);
    await lost.bulk.idle(batch.id);
    expect(await lost.value('getBulkBatch', { batchId: batch.id })).toMatchObject({ state: 'done', created: 3 });
    expect(linksSent(app(), 'W')).toEqual(orderIds('W', 3));
  });

  it('a run whose laptop went quiet past its lease is taken over by another laptop; the first stops at its next row; each link once', async () => {
    const practice = app().practice;
    // Q-1's call waits on the wire while the other laptop runs three rows (seconds under load): past
    // the 2 s a test client waits, it was aborted and Q-1 stayed unknown (failed at load 20).
    const quiet = await app().open({ role: 'support', fetch: wire.fetch, practice, gatewayTimeoutMs: 120_000 });
    const other = await app().open({ role: 'admin', practice });
    const batch = await quiet.value('bulkCreateBatch', { file: file(rowsCsv(4, 'Q')), fileName: 'quiet.csv' });
    wire.hold();
    await quiet.value('bulkRun', { batchId: batch.id });
    await wire.held;
    // Q-1 is on the wire and the lease runs out (as if two minutes passed without a word from that laptop).
    await teamServer().sql(app().database!, `UPDATE paydesk.bulk_batches SET lease_until = now() - interval '1 second' WHERE id = $1`, [batch.id]);
    expect(await other.value('getBulkBatch', { batchId: batch.id })).toMatchObject({ state: 'interrupted' });
    await other.value('bulkRun', { batchId: batch.id });
    await other.bulk.idle(batch.id);
    // Q-1 was recorded before it left: the other laptop leaves it (unknown) and sends the rest.
    expect(await other.value('getBulkBatch', { batchId: batch.id })).toMatchObject({ state: 'done', created: 3, unknown: 1 });
    wire.release();
    await quiet.bulk.idle(batch.id);
    // The first laptop records Q-1's answer, finds its run taken over and stops: nothing sent twice, the batch left done.
    expect(await app().value('getBulkBatch', { batchId: batch.id })).toMatchObject({ state: 'done', created: 4, unknown: 0, pending: 0 });
    expect(linksSent(app(), 'Q')).toEqual(orderIds('Q', 4));
  });

  it('a row whose order id the laptop that took the run over recorded first takes that payment: not failed, not sent twice', async () => {
    const practice = app().practice;
    const a = await app().open({ role: 'support', practice });
    const b = await app().open({ role: 'admin', practice });
    const batch = await a.value('bulkCreateBatch', { file: file(rowsCsv(2, 'M')), fileName: 'meanwhile.csv' });
    let first = true;
    // A's run as composition.ts wires it, except that B records and sends M-1 between A's row going
    // "sending" and A's own intent (B took the run over while A was slow).
    const bulk = createBulkService({
      store: (a as LedgerApp & { team: TeamBackend }).team.bulk, orders: a.store, logger: a.practice.logger, events: createEventHub(),
      active: () => a.service.active(), defaultCurrency: async () => 'SAR', requireConfirmation: requireProductionConfirmation, today: () => a.service.today(),
      async createLink(input, ctx) {
        if (first) await b.service.createLink(input, b.ctx);
        first = false;
        return a.service.createLink(input, ctx);
      },
      createInvoice: async () => {
        throw new Error('this file has no VAT rates: no invoice is made');
      },
    });
    await bulk.start(batch.id, a.ctx, undefined);
    await bulk.idle(batch.id);
    const view = await a.value('getBulkBatch', { batchId: batch.id });
    expect(view).toMatchObject({ state: 'done', created: 2, failed: 0 });
    expect(view.rows[0]).toMatchObject({ orderId: 'M-1', state: 'created', paymentId: (await a.store.byOrderId('practice', 'M-1'))!.id });
    expect(linksSent(app(), 'M')).toEqual(['M-1', 'M-2']);
  });

  it('turns a row with a VAT rate into an invoiced link numbered by the team, and keeps the plain rows plain', async () => {
    const csv = 'orderId,amount,currency,description,customerName,customerEmail,customerPhone,vat_rate,vat_reason\r\nV-1,115.00,SAR,Course,Sara,sara@example.com,+966501111111,15,\r\nV-2,20.00,SAR,Deposit,Sara,sara@example.com,+966501111111,,';
    const preview = await app().value('bulkPreview', { file: file(csv) });
    expect(preview.rows.map((r: { errors: object }) => r.errors)).toEqual([{}, {}]);
    const batch = await app().value('bulkCreateBatch', { file: file(csv), fileName: 'vat.csv' });
    await app().value('bulkRun', { batchId: batch.id });
    await app().bulk.idle(batch.id);
    expect(await app().value('getBulkBatch', { batchId: batch.id })).toMatchObject({ state: 'done', created: 2, failed: 0 });
    expect(linksSent(app(), 'V')).toEqual(['V-1', 'V-2']);
    const invoiceOf = async (orderId: string) => (await app().value('getInvoice', { paymentId: (await app().store.byOrderId('practice', orderId))!.id })).invoice;
    expect(await invoiceOf('V-1')).toMatchObject({ totalMinor: 11500, vatMinor: 1500, netMinor: 10000, pricesIncludeVat: true });
    expect(await invoiceOf('V-2')).toBeNull();
    expect((await app().store.byOrderId('practice', 'V-1'))!.amount_minor).toBe(11500);
  });

  it('staff, support and admin make and run batches; finance reads them and is refused by the database itself', async () => {
    const practice = app().practice;
    const run: string[] = [];
    for (const role of ['staff', 'support', 'admin'] as const) {
      const person = await app().open({ role, practice });
      const batch = await person.value('bulkCreateBatch', { file: file(rowsCsv(2, `R${role}`)), fileName: `${role}.csv` });
      await person.value('bulkRun', { batchId: batch.id });
      await person.bulk.idle(batch.id);
      expect(await person.value('getBulkBatch', { batchId: batch.id })).toMatchObject({ state: 'done', created: 2 });
      run.push(batch.id);
    }
    expect(linksSent(app(), 'Rstaff')).toEqual(orderIds('Rstaff', 2));

    const fay = await app().open({ role: 'finance', practice });
    const made = await app().value('bulkCreateBatch', { file: file(rowsCsv(2, 'F')), fileName: 'for-fay.csv' });
    const refusedCreate = await fay.call('bulkCreateBatch', { file: file(rowsCsv(2, 'FAY')), fileName: 'fay.csv' });
    expect(refusedCreate).toMatchObject({ ok: false, error: { code: 'forbidden', reason: { key: 'bulk.notAllowed', values: { person: 'fay' } } } });
    expect(await fay.call('bulkRun', { batchId: made.id })).toMatchObject({ ok: false, error: { code: 'forbidden', reason: { key: 'bulk.notAllowed', values: { person: 'fay' } } } });
    expect(await fay.value('getBulkBatch', { batchId: made.id })).toMatchObject({ state: 'ready', pending: 2 });
    expect((await fay.value('listBulkBatches', {})).map((b: { fileName: string }) => b.fileName)).toContain('for-fay.csv');
    // Finance's read-only Bulk links: a batch's error report and its links, the export audited under fay's login.
    expect(await fay.value('bulkErrorReport', { batchId: run[0]! })).toMatchObject({ rows: 0 });
    expect(await fay.value('bulkLinksCsv', { batchId: run[0]!, wording: {} })).toMatchObject({ rows: 2 });
    const exported = await teamServer().sql(app().database!, `SELECT db_user FROM paydesk.audit_log WHERE action = 'export_bulk_links'`);
    expect(exported.rows).toEqual([{ db_user: 'fay' }]);
    expect(linksSent(app(), 'F')).toEqual([]);
    expect(linksSent(app(), 'FAY')).toEqual([]);

    // A hand-written client gets the same answers from the database: finance writes nothing, nobody deletes or forges who made a batch.
    const server = teamServer();
    const database = app().database!;
    const fayClient = await server.connectAs(database, 'fay');
    const samClient = await server.connectAs(database, 'sam');
    try {
      await expect(fayClient.query(`INSERT INTO paydesk.bulk_batches (id, profile_id, file_name, state) VALUES (gen_random_uuid(), 'practice', 'x.csv', 'ready')`)).rejects.toMatchObject({ code: '42501' });
      await expect(fayClient.query(`UPDATE paydesk.bulk_batches SET state = 'running' WHERE id = $1`, [made.id])).rejects.toMatchObject({ code: '42501' });
      await expect(fayClient.query(`UPDATE paydesk.bulk_rows SET state = 'created' WHERE batch_id = $1`, [made.id])).rejects.toMatchObject({ code: '42501' });
      await expect(samClient.query('DELETE FROM paydesk.bulk_rows WHERE batch_id = $1', [made.id])).rejects.toMatchObject({ code: '42501' });
      await expect(samClient.query(`UPDATE paydesk.bulk_batches SET created_by = 'someone' WHERE id = $1`, [made.id])).rejects.toMatchObject({ code: '42501' });
      await expect(samClient.query(`INSERT INTO paydesk.bulk_batches (id, profile_id, file_name, state) VALUES (gen_random_uuid(), 'practice', 'x.csv', 'done')`)).rejects.toMatchObject({ code: '42501' });
      const mine = await samClient.query(`INSERT INTO paydesk.bulk_batches (id, profile_id, file_name, state) VALUES (gen_random_uuid(), 'practice', 'by-hand.csv', 'ready') RETURNING created_by`);
      expect(mine.rows).toEqual([{ created_by: 'sam' }]);
      // Even a batch made by hand is audited by the database, under its login; nobody writes a batch's entry themselves.
      const imported = await server.sql(database, `SELECT db_user, result FROM paydesk.audit_log WHERE action = 'bulk_import' AND reason = 'by-hand.csv'`);
      expect(imported.rows).toEqual([{ db_user: 'sam', result: 'rows 0, to send 0' }]);
      await expect(samClient.query(`SELECT paydesk.append_audit_batch('bulk_finish', 'practice', 'x.csv', 'done: forged')`)).rejects.toMatchObject({ code: '42501' });
      await expect(fayClient.query(`SELECT paydesk.bulk_counts($1)`, [made.id])).rejects.toMatchObject({ code: '42501' });
    } finally {
      await fayClient.end();
      await samClient.end();
    }
  });
});
