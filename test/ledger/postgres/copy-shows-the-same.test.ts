// Moving a laptop's ledger to the team ledger must lose nothing a screen shows. A laptop's own
// ledger gets one of everything through the app's handlers (links with and without an expiry
// date, a paid link with its status checks, a checkout session, sales, a card enrolled for repeat
// charges and its repeat, a capture, a void, refunds, one refused by the gateway, one whose answer
// was lost and settled by hand, a declined card, a status check that failed, an invoice with its
// credit note, a payment made elsewhere and looked up, the gateway's webhooks, one twice); then copy-to-team.ts copies it and the
// team ledger's screens answer as the laptop's did, field by field, through the same contract
// methods the renderer calls (the list's rows, each payment's detail, the links list and its
// invoice numbers). Whole answers are compared, so a column added on one side and forgotten by
// the copy fails here. The differences listed in `asTheTeamShowsIt` are the documented ones
// (docs/team-ledger.md, "Moving to the team ledger").
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PaymentView } from '../../../contract/methods/payments';
import type { BulkBatchView } from '../../../contract/methods/bulk';
import { createGatewayClient } from '../../../main/gateway/client';
import { copyLedgerToTeam, type CopyReport } from '../../../main/ledger/postgres/copy-to-team';
import { startWebhookReceiver, type WebhookReceiver } from '../../../main/ledger/webhook-receiver';
import type { LedgerDb } from '../../../main/ledger/database';
import { payLink } from '../../invoices/support';
import { startPostgresApp, startSqliteApp, type LedgerApp } from '../../support/ledger-apps';
import { describeWithPostgres, teamServer } from '../../support/postgres-tests';
import { approveCard, declineCard, newOrderId } from '../../support/practice';
import { customer, type Line } from '../../support/seller';

const bulkFile = (csv: string) => Buffer.from(csv, 'utf8').toString('base64');
const bulkCsv = 'orderId,amount,currency,description,customerName,customerEmail,customerPhone,issueDate,expireDate\r\n'
  + 'BULK-1,"1,234.50",SAR,March rent,Customer 1,c1@example.com,+966500001001,,2031-06-01\r\nBULK-2,15.00,SAR,Parking,Customer 2,c2@example.com,+966500001002,,\r\n'
  + 'BULK-BAD,12.345,SAR,Bad amount,Customer 3,c3@example.com,+966500001003,,';
const oneLine: Line[] = [{ description: 'Delivery', quantity: '2', unitPrice: '11.50', vat: 'standard' }];
type Detail = { payment: PaymentView; operations: Array<Record<string, unknown>>; webhooks: Array<Record<string, unknown>> } & Record<string, unknown>;
type Invoice = { issuedOnLaptop: string | null; creditNotes: Array<{ issuedOnLaptop: string | null }> } & Record<string, unknown>;
type Screens = {
  list: { total: number; rows: PaymentView[] }; details: Record<string, Detail>; links: { total: number; rows: PaymentView[] }; invoiceNumbers: Record<string, string>; invoices: Record<string, Invoice | null>;
  bulk: { recent: BulkBatchView[]; batches: BulkBatchView[]; links: unknown[] };
  home: unknown; customers: unknown;
};
// Home's figures and charts over the day of the test (the same moment asked of both).
const now = new Date();
const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
const dayEnd = new Date(dayStart.getTime() + 86_400_000);
const homeInput = { periods: [{ from: dayStart.toISOString(), to: dayEnd.toISOString() }], now: dayEnd.toISOString(), days: [{ date: dayStart.toISOString().slice(0, 10), from: dayStart.toISOString(), to: dayEnd.toISOString() }] };
type AuditRow = { seq: number; at: string; osUser: string; profileId: string | null; environment: string | null; action: string; paymentId: string | null; orderId: string | null; amountMinor: number | null; currency: string | null; reason: string | null; result: string };

/** What the screens show of every payment: the list, each detail, the links list with its invoice numbers, each link's invoice panel; Bulk links' recent batches, each batch's page and links; Home's figures; the forms' earlier customers. */
async function screensOf(app: LedgerApp): Promise<Screens> {
  const { total, rows } = await app.value<Screens['list']>('searchPayments', { filter: {}, sort: { by: 'createdAt', direction: 'desc' }, limit: 500 });
  const details: Screens['details'] = {};
  for (const row of rows) details[row.id] = await app.value<Detail>('getPayment', { paymentId: row.id });
  const links = await app.value<Screens['links'] & { next?: string }>('listPaymentLinks', { limit: 500 });
  const invoiceNumbers = await app.value<Record<string, string>>('invoiceNumbers', { paymentIds: links.rows.map((r) => r.id) });
  const invoices: Screens['invoices'] = {};
  for (const link of links.rows) invoices[link.id] = (await app.value<{ invoice: Invoice | null }>('getInvoice', { paymentId: link.id })).invoice;
  const recent = await app.value<BulkBatchView[]>('listBulkBatches', {});
  const batches = await Promise.all(recent.map((b) => app.value<BulkBatchView>('getBulkBatch', { batchId: b.id })));
  const bulkLinks = await Promise.all(recent.map((b) => app.value<unknown[]>('bulkLinks', { batchId: b.id })));
  return { list: { total, rows }, details, links: { total: links.total, rows: links.rows }, invoiceNumbers, invoices, bulk: { recent, batches, links: bulkLinks },
    home: await app.value('getOverview', homeInput), customers: await app.value('listCustomers', {}) };
}

/**
 * The laptop's screens as the team ledger shows them after the copy, by design: whether a person
 * watches a payment is each team login's own (the copy runs as an admin, who watches nothing), and
 * each operation names the person who recorded it in the team ledger: the admin who copied it; an
 * invoice and its credit notes say they are numbered in that laptop's own series.
 */
function asTheTeamShowsIt(laptop: Screens, admin: string, from: string): Screens {
  const payment = (p: PaymentView): PaymentView => ({ ...p, watched: false });
  const details = Object.fromEntries(Object.entries(laptop.details).map(([id, d]) => [id, {
    ...d, payment: payment(d.payment), operations: d.operations.map((o) => ({ ...o, person: admin })),
    // A notification's amount comes too (webhook-amount.sql, walk39): its history reads as the laptop's.
  }]));
  const invoices = Object.fromEntries(Object.entries(laptop.invoices).map(([id, i]) => [id, i && { ...i, issuedOnLaptop: from, creditNotes: i.creditNotes.map((n) => ({ ...n, issuedOnLaptop: from })) }]));
  return { ...laptop, list: { ...laptop.list, rows: laptop.list.rows.map(payment) }, details, links: { ...laptop.links, rows: laptop.links.rows.map(payment) }, invoices };
}

describeWithPostgres('moving a laptop\'s ledger to the team ledger: every screen shows what it showed on the laptop', () => {
  let laptop: LedgerApp & { db: LedgerDb };
  let receiver: WebhookReceiver | undefined;
  let team: LedgerApp | undefined;
  let before: Screens;
  let after: Screens;
  let report: CopyReport;
  let laptopAudit: AuditRow[];
  let copiedAudit: AuditRow[];
  const admin = () => teamServer().person('admin').login;
  const ids: Record<string, string> = {};
  let database: string;

  beforeAll(async () => {
    laptop = await startSqliteApp({ osUser: 'omar-os' });
    const { value, call } = laptop;
    const faults = laptop.practice.gateway.faults;
    // The laptop receives the gateway's webhooks (each payment's detail lists them), the first one twice.
    const moved: Array<Promise<unknown>> = [];
    receiver = await startWebhookReceiver({
      db: laptop.db, secret: () => laptop.practice.gateway.webhookSecret, logger: laptop.practice.logger,
      onPaymentEvent: (id) => void moved.push(laptop.service.refresh(id, 'webhook')),
    });
    laptop.practice.gateway.setWebhookTarget(receiver.url);
    faults.setWebhook({ duplicate: true, times: 1 });
    const sale = async (amount: string, more: Record<string, unknown> = {}) => (await value<{ payment: PaymentView }>('chargeCard', { amount, currency: 'SAR', card: approveCard, customer, authOnly: false, ...more })).payment;

    // Payment links: one with its expiry date, one with the default (issue date + 7 days), one paid and checked.
    ids.expiring = (await value<PaymentView>('createPaymentLink', { amount: '120.00', currency: 'SAR', description: 'Spring order', customer, expireDate: '2031-03-12' })).id;
    ids.issued = (await value<PaymentView>('createPaymentLink', { amount: '80.00', currency: 'SAR', description: 'Issued today', customer, issueDate: '2031-03-01' })).id;
    const paidLink = await value<PaymentView>('createPaymentLink', { amount: '45.00', currency: 'SAR', description: 'Paid link', customer, expireDate: '2031-04-01' });
    ids.paidLink = paidLink.id;
    await payLink(paidLink.url!);
    expect(await value<PaymentView>('checkPaymentStatus', { paymentId: paidLink.id })).toMatchObject({ state: 'paid' });
    await value('watchPayment', { paymentId: ids.expiring, watched: true });
    // A checkout session enrolling the card for repeat charges.
    ids.session = (await value<PaymentView>('createCheckoutSession', { amount: '30.00', currency: 'SAR', customer, authOnly: false, recurringInit: true })).id;
    // A sale enrolled for repeat charges, and its repeat.
    const enrolled = await sale('60.00', { recurringInit: true });
    ids.enrolled = enrolled.id;
    ids.repeat = (await value<PaymentView>('chargeRecurring', { paymentId: enrolled.id, amount: '15.00', currency: 'SAR', description: 'Monthly' })).id;
    // An authorisation captured in part then refunded in part; another voided.
    const held = await sale('90.00', { authOnly: true });
    ids.captured = held.id;
    await value('capturePayment', { paymentId: held.id, amount: '70.00', currency: 'SAR' });
    await value('refundPayment', { paymentId: held.id, amount: '20.00', currency: 'SAR', reason: 'Damaged box' });
    ids.voided = (await sale('25.00', { authOnly: true })).id;
    ids.held = (await sale('33.00', { authOnly: true })).id;
    await value('voidPayment', { paymentId: ids.voided, reason: 'Customer changed mind' });
    // A refund the gateway refused (refunded from its dashboard behind Paydesk's back), then checked.
    const refused = await sale('50.00');
    ids.refused = refused.id;
    const { baseUrl, apiKey } = laptop.practice.conn;
    await fetch(`${baseUrl}/payment-gateway/s2s/refund`, { method: 'POST', headers: { 'X-API-KEY': apiKey, 'content-type': 'application/json' }, body: JSON.stringify({ transactionId: refused.transactionId, amount: 40, reason: 'dashboard' }) });
    expect((await call('refundPayment', { paymentId: refused.id, amount: '50.00', currency: 'SAR', reason: 'Customer asked' })).ok).toBe(false);
    await value('checkPaymentStatus', { paymentId: refused.id });
    // A refund whose answer was lost, undecidable by status, settled by a person from the dashboard.
    const unclear = await sale('40.00');
    ids.settled = unclear.id;
    faults.set('refund', { failure: 'reset_after_processing', times: 1 });
    await value('refundPayment', { paymentId: unclear.id, amount: '10.00', currency: 'SAR', reason: 'Late delivery' });
    await value('checkPaymentStatus', { paymentId: unclear.id });
    const operation = (await value<Detail>('getPayment', { paymentId: unclear.id })).operations.find((o) => o.kind === 'refund')!;
    await value('settleOperation', { paymentId: unclear.id, operationId: operation.id, happened: true, reason: 'Dashboard shows the refund of 10.00' });
    // A declined card, and a status check the gateway failed to answer (its last error and attempts).
    ids.declined = (await value<{ payment: PaymentView }>('chargeCard', { amount: '12.00', currency: 'SAR', card: declineCard, customer, authOnly: false })).payment.id;
    faults.set('status', { failure: 'http_500', times: 10 });
    await call('checkPaymentStatus', { paymentId: ids.issued });
    faults.set('status', {});
    // An invoiced link, paid, refunded in part: its credit note.
    const invoiced = await value<{ payment: PaymentView }>('createInvoice', { orderId: newOrderId('INV'), currency: 'SAR', lines: oneLine, pricesIncludeVat: false, customer, language: 'both', expireDate: '2031-05-01' });
    ids.invoiced = invoiced.payment.id;
    await payLink(invoiced.payment.url!);
    await value('checkPaymentStatus', { paymentId: invoiced.payment.id });
    await value('refundPayment', { paymentId: invoiced.payment.id, amount: '5.00', currency: 'SAR', reason: 'One item late' });
    // A payment made elsewhere, looked up by its order id.
    const orderId = newOrderId('WEB');
    await createGatewayClient({ logger: laptop.practice.logger }).sale(laptop.practice.conn, { orderId, amount: { minor: 4_321, currency: 'SAR' }, authOnly: false, card: { ...approveCard, number: '5123450000000008' }, customer, successUrl: 'https://x.example/', failureUrl: 'https://x.example/' });
    ids.external = (await value<PaymentView>('lookupPayment', { orderId })).id;
    // Bulk links: a batch of two links and a row refused, run to its end.
    const batch = await value<BulkBatchView>('bulkCreateBatch', { file: bulkFile(bulkCsv), fileName: 'march.csv' });
    await value('bulkRun', { batchId: batch.id });
    await laptop.bulk.idle(batch.id);
    await laptop.practice.gateway.webhooksIdle();
    await Promise.allSettled(moved);
    await laptop.settled();
    before = await screensOf(laptop);
    laptopAudit = (await value<{ rows: AuditRow[] }>('listAuditLog', { limit: 500 })).rows;

    const server = teamServer();
    database = await server.createTeamDatabase();
    const copier = await server.connectAs(database, admin());
    try {
      report = await copyLedgerToTeam({ source: laptop.db, team: copier, laptop: 'omar-laptop', batchRows: 4 });
      // The laptop's own entries, as a person of the team reads them (paydesk.imported_audit), newest first as its audit screen showed them.
      copiedAudit = (await copier.query(`SELECT seq::int, at, os_user AS "osUser", profile_id AS "profileId", environment, action, payment_id AS "paymentId", order_id AS "orderId",
        amount_minor::int AS "amountMinor", currency, reason, result FROM paydesk.imported_audit WHERE laptop = 'omar-laptop' ORDER BY seq DESC`)).rows as AuditRow[];
    } finally {
      await copier.end();
    }
    team = await startPostgresApp(database, { practice: laptop.practice, role: 'support' });
    await team.settled();
    after = await screensOf(team);
  }, 120_000);

  afterAll(async () => {
    await receiver?.close();
    await team?.close();
    await laptop?.close();
  });

  it('copies every payment, operation and audit entry, skipping none', () => {
    expect(report.payments).toMatchObject({ copied: report.payments.source, skipped: 0 });
    expect(report.operations).toMatchObject({ copied: report.operations.source, skipped: 0 });
    expect(report.invoices).toMatchObject({ source: 1, copied: 1 });
    expect(report.creditNotes).toMatchObject({ source: 1, copied: 1 });
    expect(report.bulkBatches).toEqual({ source: 1, copied: 1, alreadyThere: 0, skipped: 0 });
    // Each payment the test made, and the batch's two links.
    expect(before.list.rows.length).toBe(Object.keys(ids).length + 2);
  });

  it('copied again, under another name too, adds nothing twice; only an admin copies bulk batches in', async () => {
    const server = teamServer();
    const copier = await server.connectAs(database, admin());
    const staff = await server.connectAs(database, server.person('staff').login);
    try {
      for (const name of ['omar-laptop', 'omar-laptop-again']) {
        const again = await copyLedgerToTeam({ source: laptop.db, team: copier, laptop: name });
        expect(again.payments.copied + again.operations.copied + again.invoices.copied + again.bulkBatches.copied).toBe(0);
        expect(again.bulkBatches).toMatchObject({ source: 1, alreadyThere: 1 });
      }
      expect((await server.sql(database, 'SELECT count(*)::int AS n FROM paydesk.bulk_rows')).rows[0]!.n).toBe(3);
      expect((await server.sql(database, `SELECT imported_from, created_by, os_user, separator FROM paydesk.bulk_batches`)).rows).toEqual([{ imported_from: 'omar-laptop', created_by: admin(), os_user: 'omar-os', separator: ',' }]);
      // The team's log says the copy brought the batch, not that someone imported a file.
      expect((await server.sql(database, `SELECT count(*)::int AS n FROM paydesk.audit_log WHERE action = 'bulk_import'`)).rows[0]!.n).toBe(0);
      expect((await server.sql(database, `SELECT result FROM paydesk.audit_log WHERE action = 'import' AND result LIKE 'bulk:%'`)).rows).toEqual([{ result: 'bulk: batches 1, rows 3' }]);
      await expect(staff.query(`SELECT paydesk.import_bulk('x', 1, '[]', '[]')`)).rejects.toMatchObject({ code: '42501' });
      await expect(staff.query(`UPDATE paydesk.bulk_batches SET imported_from = NULL`)).rejects.toMatchObject({ code: '42501' });
    } finally {
      await staff.end();
      await copier.end();
    }
  });

  it('the laptop had one of everything worth showing', () => {
    const shown = (id: string) => before.details[ids[id]!]!;
    expect(shown('expiring').payment).toMatchObject({ expiresOn: '2031-03-12', watched: true });
    expect(shown('issued').payment).toMatchObject({ expiresOn: '2031-03-08', lastError: expect.any(String) });
    expect(shown('paidLink').payment).toMatchObject({ state: 'paid', transactionId: expect.any(String), lastCheckedAt: expect.any(String) });
    expect(shown('paidLink').webhooks).toContainEqual(expect.objectContaining({ duplicate: true }));
    expect(Object.values(before.details).flatMap((d) => d.webhooks)).toContainEqual(expect.objectContaining({ amount: expect.stringMatching(/^\d/) })); // a notification's amount, in its history
    expect(shown('enrolled').payment).toMatchObject({ recurringAvailable: true, recurringRequested: true });
    expect(shown('repeat').payment).toMatchObject({ kind: 'recurring', parentPaymentId: ids.enrolled });
    expect(shown('captured').payment).toMatchObject({ capturedMinor: 7_000, refundedMinor: 2_000 });
    expect(shown('voided').payment).toMatchObject({ state: 'voided' });
    expect(shown('refused').operations).toContainEqual(expect.objectContaining({ kind: 'refund', outcome: 'failed', errorMessage: expect.any(String) }));
    expect(shown('settled').operations).toContainEqual(expect.objectContaining({ kind: 'refund', settledBy: 'omar-os', settledReason: 'Dashboard shows the refund of 10.00' }));
    expect(shown('declined').declineReason).toEqual(expect.any(String));
    expect(shown('invoiced').checks).not.toEqual([]);
    expect(before.invoiceNumbers[ids.invoiced!]).toBe('INV-000001');
    expect(shown('external').payment).toMatchObject({ kind: 'external' });
    expect(before.bulk.batches).toMatchObject([{ fileName: 'march.csv', state: 'done', rows: [{ state: 'created' }, { state: 'created' }, { state: 'failed' }] }]);
  });

  it('the transactions list shows each payment as the laptop did, field by field', () => {
    expect(after.list).toEqual(asTheTeamShowsIt(before, admin(), 'omar-laptop').list);
  });

  it('each payment\'s detail (operations, history, status checks, webhooks, the related payments) is the laptop\'s', () => {
    const expected = asTheTeamShowsIt(before, admin(), 'omar-laptop').details;
    for (const id of Object.keys(expected)) expect(after.details[id], `payment ${id}`).toEqual(expected[id]);
  });

  it('the links list shows each link, its expiry date and invoice number, as the laptop did', () => {
    const expected = asTheTeamShowsIt(before, admin(), 'omar-laptop');
    expect(after.links).toEqual(expected.links);
    expect(after.links.rows.find((r) => r.id === ids.expiring)).toMatchObject({ expiresOn: '2031-03-12' });
    expect(after.invoiceNumbers).toEqual(expected.invoiceNumbers);
  });

  it('each link\'s invoice panel, credit notes included, is the laptop\'s, marked as that laptop\'s series', () => {
    expect(before.invoices[ids.invoiced!]).toMatchObject({ number: 'INV-000001', creditNotes: [expect.objectContaining({ number: 'CN-000001' })] });
    expect(after.invoices).toEqual(asTheTeamShowsIt(before, admin(), 'omar-laptop').invoices);
  });

  it('Bulk links shows the laptop\'s batches, each batch\'s rows and links, as the laptop did', () => {
    expect(after.bulk).toEqual(before.bulk);
  });

  it('Home\'s figures (taken, refunded, authorised not captured, unpaid links, charts) and the forms\' earlier customers are the laptop\'s', () => {
    expect(before.home).toMatchObject({ authorised: [{ currency: 'SAR', count: 1, amountMinor: 3_300 }] });
    expect(after.home).toEqual(before.home);
    expect(after.customers).toEqual(before.customers);
  });

  it('the laptop\'s audit entries arrive whole, each field as its audit screen showed it', () => {
    expect(laptopAudit.length).toBeGreaterThan(20);
    expect(copiedAudit).toEqual(laptopAudit);
  });
});
