// Invoices and credit notes through the app's handlers, on a laptop's SQLite file and on the team
// ledger (PostgreSQL, through main's own team backend): the same flows answer the same numbers,
// totals, states and credit notes on both (docs/invoices.md). On the team ledger also: two
// laptops creating invoices at once get distinct consecutive numbers, a rolled-back intent gives
// its number back (no gap), the database refuses finance (and any direct write) itself, and it
// writes the numbers into the team's audit log.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { decodeZatcaQr } from '../../main/invoices/zatca-qr';
import { payLink, readPdf } from '../invoices/support';
import { copyLedgerToTeam } from '../../main/ledger/postgres/copy-to-team';
import { describeLedgerApp, startPostgresApp, startSqliteApp, type LedgerApp } from '../support/ledger-apps';
import { teamServer } from '../support/postgres-tests';
import { customer, seller, threeLines, type Line } from '../support/seller';

const oneLine: Line[] = [{ description: 'Delivery', quantity: '1', unitPrice: '11.50', vat: 'standard' }];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers checked by the assertions
type Created = { payment: any; invoice: any };
const input = (orderId: string | undefined, lines: Line[]) => ({ ...(orderId ? { orderId } : {}), currency: 'SAR', lines, pricesIncludeVat: false, customer, language: 'both' });

describeLedgerApp('invoices and credit notes', (app, backend) => {
  const create = (orderId: string, lines = threeLines, on: LedgerApp = app()) => on.value<Created>('createInvoice', input(orderId, lines));
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-invoice-pdf-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('makes the link for the invoice total and numbers the invoice, its lines and VAT exact', async () => {
    const { payment, invoice } = await create('INV-A');
    expect(invoice).toMatchObject({ number: 'INV-000001', state: 'issued', paymentState: 'pending', orderId: 'INV-A', currency: 'SAR', netMinor: 21507, vatMinor: 1726, totalMinor: 23233, pricesIncludeVat: false, language: 'both', creditNotes: [] });
    expect(payment.amountMinor).toBe(23233);
    expect(invoice.lines).toEqual([
      { description: 'Consulting hours', quantityMilli: 3000, unitMinor: 3333, category: 'standard', rateBp: 1500, reason: null, netMinor: 9999, vatMinor: 1500, grossMinor: 11499 },
      { description: 'ورق طباعة', quantityMilli: 1500, unitMinor: 1005, category: 'standard', rateBp: 1500, reason: null, netMinor: 1508, vatMinor: 226, grossMinor: 1734 },
      { description: 'Export shipping', quantityMilli: 2000, unitMinor: 5000, category: 'zero', rateBp: 0, reason: 'Export of goods outside the GCC', netMinor: 10000, vatMinor: 0, grossMinor: 10000 },
    ]);
    expect(invoice.breakdown).toEqual([
      { category: 'standard', rateBp: 1500, netMinor: 11507, vatMinor: 1726, grossMinor: 13233 },
      { category: 'zero', rateBp: 0, netMinor: 10000, vatMinor: 0, grossMinor: 10000 },
    ]);
    expect([...decodeZatcaQr(invoice.zatcaQr).values()]).toEqual([seller.legalNameAr, seller.vatNumber, invoice.issuedAt.replace(/\.\d{3}Z$/, 'Z'), '232.33', '17.26']);
    // Read back as the list and the invoice panel read it.
    expect((await app().value('getInvoice', { paymentId: payment.id })).invoice).toEqual(invoice);
    expect(await app().value('invoiceNumbers', { paymentIds: [payment.id, randomUUID(), 'not-an-id'] })).toEqual({ [payment.id]: 'INV-000001' });
    expect((await app().value('getInvoice', { paymentId: randomUUID() })).invoice).toBeNull();
  });

  it('keeps the number of a link the gateway refused, and uses it again when the same order is tried again', async () => {
    app().practice.gateway.faults.set('createPaymentLink', { failure: 'error_envelope', times: 1 });
    expect((await app().call('createInvoice', input('INV-RETRY', threeLines))).ok).toBe(false);
    const refused = (await app().store.byOrderId('practice', 'INV-RETRY'))!;
    expect((await app().value('getInvoice', { paymentId: refused.id })).invoice).toMatchObject({ number: 'INV-000002', state: 'not_issued' });
    expect((await create('INV-RETRY')).invoice).toMatchObject({ number: 'INV-000002', state: 'issued', totalMinor: 23233 });
    expect((await create('INV-NEXT')).invoice.number).toBe('INV-000003');
  });

  it('an order tried again with other totals: its lines are replaced, its number kept, and the new total is what the gateway gets', async () => {
    app().practice.gateway.faults.set('createPaymentLink', { failure: 'error_envelope', times: 1 });
    expect((await app().call('createInvoice', input('INV-CHANGED', threeLines))).ok).toBe(false);
    const again = await app().call<Created>('createInvoice', input('INV-CHANGED', oneLine));
    expect(again).toMatchObject({ ok: true, value: { invoice: { number: 'INV-000004', totalMinor: 1323 }, payment: { amountMinor: 1323 } } });
    // On the team ledger too (retry.sql, version 13): the payment's amount is the one sent.
    expect(app().practice.gateway.records().filter((r) => r.orderId === 'INV-CHANGED')).toEqual([expect.objectContaining({ amountMinor: 1323 })]);
    if (again.ok) expect((await app().value('getInvoice', { paymentId: again.value.payment.id })).invoice).toMatchObject({ totalMinor: 1323, lines: [expect.objectContaining({ grossMinor: 1323 })] });
  });

  it('holds the number while a creation’s outcome is unknown, and settles it with the status answer', async () => {
    app().practice.gateway.faults.set('createPaymentLink', { failure: 'http_500', times: 1 });
    const { payment, invoice } = await create('INV-UNCLEAR');
    expect(payment.state).toBe('unknown');
    expect(invoice).toMatchObject({ number: 'INV-000005', state: 'reserved' });
    await app().service.refresh(payment.id, 'status');
    expect((await app().value('getInvoice', { paymentId: payment.id })).invoice).toMatchObject({ number: 'INV-000005', state: 'not_issued' });
    expect((await create('INV-UNCLEAR')).invoice).toMatchObject({ number: 'INV-000005', state: 'issued' });
  });

  it('records a credit note for each confirmed refund of an invoiced payment, the last one taking exactly what is left', async () => {
    const { payment } = await create('INV-PAID');
    await payLink(payment.url);
    await expect.poll(async () => (await app().service.refresh(payment.id, 'status')).state, { timeout: 10_000 }).toBe('paid');
    // The panel says "Paid" from here, then "Refunded" (invoice-panel.tsx): its payment's state comes with it.
    expect((await app().value('getInvoice', { paymentId: payment.id })).invoice.paymentState).toBe('paid');
    await app().value('refundPayment', { paymentId: payment.id, amount: '50', currency: 'SAR', reason: 'Two hours not used' });
    expect((await app().value('getInvoice', { paymentId: payment.id })).invoice.paymentState).toBe('partially_refunded');
    await app().value('refundPayment', { paymentId: payment.id, amount: '182.33', currency: 'SAR', reason: 'Order cancelled' });
    const invoice = (await app().value('getInvoice', { paymentId: payment.id })).invoice;
    expect(invoice.number).toBe('INV-000006');
    expect(invoice.paymentState).toBe('refunded');
    expect(invoice.creditNotes).toEqual([
      expect.objectContaining({ number: 'CN-000001', amountMinor: 5000, netMinor: 4629, vatMinor: 371, reason: 'Two hours not used',
        breakdown: [{ category: 'standard', rateBp: 1500, netMinor: 2477, vatMinor: 371, grossMinor: 2848 }, { category: 'zero', rateBp: 0, netMinor: 2152, vatMinor: 0, grossMinor: 2152 }] }),
      expect.objectContaining({ number: 'CN-000002', amountMinor: 18233, netMinor: 16878, vatMinor: 1355, reason: 'Order cancelled' }),
    ]);
    const notes = invoice.creditNotes as Array<{ amountMinor: number; vatMinor: number }>;
    expect(notes.reduce((s, n) => s + n.amountMinor, 0)).toBe(invoice.totalMinor);
    expect(notes.reduce((s, n) => s + n.vatMinor, 0)).toBe(invoice.vatMinor);
  });

  it('draws the invoice and its credit note from the ledger', async () => {
    const paid = (await app().store.byOrderId('practice', 'INV-PAID'))!;
    const invoice = (await app().value('getInvoice', { paymentId: paid.id })).invoice;
    // In the business's zone, as the panel asks for it: the issue time on a Riyadh clock, its offset said.
    const doc = await app().value('invoiceDocument', { invoiceId: invoice.id, timeZone: 'Asia/Riyadh' });
    expect(doc.fileName).toBe('INV-000006 (practice).pdf');
    const read = readPdf(Buffer.from(doc.pdfBase64, 'base64'), dir, `invoice-${backend}`);
    expect(read.codes).toEqual(expect.arrayContaining([paid.link_url, invoice.zatcaQr]));
    expect(read.text).toContain(`${new Date(Date.parse(invoice.issuedAt) + 3 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ')} UTC+03:00`);
    for (const words of ['INV-000006', 'شركة المثال للتجارة', 'ورق طباعة', 'ليلى حداد', '232.33']) expect(read.text).toContain(words);
    const note = await app().value('invoiceDocument', { creditNoteId: invoice.creditNotes[0].id });
    expect(note.fileName).toBe('CN-000001 (practice).pdf');
    const credit = readPdf(Buffer.from(note.pdfBase64, 'base64'), dir, `credit-${backend}`);
    expect([...decodeZatcaQr(credit.codes[0]!).values()].slice(3)).toEqual(['50.00', '3.71']);
    expect(credit.text).toContain('INV-000006');
    expect(await app().call('invoiceDocument', { invoiceId: randomUUID() })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await app().value('openInvoiceDocument', { invoiceId: invoice.id, timeZone: 'Asia/Riyadh' })).toEqual({ opened: false, path: null });
  });

  it('offers the earlier customers of the profile, newest first', async () => {
    const omar = { name: 'Omar Saleh', email: 'omar@example.com', phone: '+966500000002' };
    await app().value('createInvoice', { ...input('INV-OMAR', oneLine), customer: omar });
    expect(await app().value('listCustomers', {})).toEqual({ customers: [omar, customer] });
  });

  if (backend !== 'postgres') return;

  it('two laptops creating invoices at once get distinct consecutive numbers', async () => {
    const other = await app().open({ role: 'staff', osUser: 'sam' });
    const start = Number((await teamServer().sql(app().database!, `SELECT max(seq) AS seq FROM paydesk.invoices`)).rows[0]!.seq);
    const made = await Promise.all(Array.from({ length: 12 }, (_, i) => create(`INV-RACE-${i}`, oneLine, i % 2 ? other : app())));
    const numbers = made.map((m) => m.invoice.number as string).sort();
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => `INV-${String(start + 1 + i).padStart(6, '0')}`));
    // Each laptop reads the other's.
    const last = made.at(-1)!;
    expect((await app().value('getInvoice', { paymentId: last.payment.id })).invoice.number).toBe(last.invoice.number);
  });

  it('a rolled-back intent gives its number back: the next invoice takes it, no gap', async () => {
    const server = teamServer();
    const sam = await server.connectAs(app().database!, server.person('staff').login, 'sam');
    try {
      const numbers = async () => (await server.sql(app().database!, `SELECT number FROM paydesk.invoices ORDER BY seq DESC LIMIT 1`)).rows[0]!.number as string;
      const last = await numbers();
      await sam.query('BEGIN');
      const taken = (await intent(sam, 1323)).number as string;
      expect(taken > last).toBe(true);
      await sam.query('ROLLBACK');
      expect((await create('INV-AFTER-ROLLBACK', oneLine)).invoice.number).toBe(taken);
    } finally {
      await sam.end();
    }
  });

  it('the database refuses finance an invoice, and anyone a direct write or a forged credit note', async () => {
    const server = teamServer();
    const database = app().database!;
    const fay = await app().open({ role: 'finance', osUser: 'fay' });
    const last = (await server.sql(database, `SELECT max(seq) AS seq FROM paydesk.invoices`)).rows[0]!.seq as string;
    expect((await fay.call('createInvoice', input('INV-FINANCE', oneLine))).ok).toBe(false);
    expect(await app().store.byOrderId('practice', 'INV-FINANCE')).toBeUndefined();
    // Finance reads every invoice.
    const paid = (await app().store.byOrderId('practice', 'INV-PAID'))!;
    expect((await fay.value('getInvoice', { paymentId: paid.id })).invoice).toMatchObject({ number: 'INV-000006', creditNotes: [{ number: 'CN-000001' }, { number: 'CN-000002' }] });

    const as = async (role: 'staff' | 'finance') => server.connectAs(database, server.person(role).login, role);
    const finance = await as('finance');
    const staff = await as('staff');
    try {
      // A hand-written client as finance: no right to reserve a number at all.
      await finance.query('BEGIN');
      await expect(finance.query(`SELECT paydesk.reserve_invoice($1, '{}'::jsonb, '[]'::jsonb)`, [paid.id])).rejects.toMatchObject({ code: '42501' });
      await finance.query('ROLLBACK');
      // Staff may reserve only through the function, only with a link's open intent, and may not record credit notes.
      await expect(staff.query(`INSERT INTO paydesk.invoices (id, profile_id, seq, number, payment_id, currency, prices_include_vat, net_minor, vat_minor, total_minor, seller_json, language, issued_at, db_user)
        VALUES ($1, 'practice', 999, 'INV-000999', $2, 'SAR', false, 1, 0, 1, '{}', 'both', now(), 'sam')`, [randomUUID(), paid.id])).rejects.toMatchObject({ code: '42501' });
      await expect(staff.query(`UPDATE paydesk.invoices SET total_minor = 1 WHERE payment_id = $1`, [paid.id])).rejects.toMatchObject({ code: '42501' });
      await expect(staff.query(`DELETE FROM paydesk.credit_notes`)).rejects.toMatchObject({ code: '42501' });
      await expect(staff.query(`SELECT paydesk.reserve_invoice($1, '{"total_minor": 23233, "currency": "SAR"}'::jsonb, '[]'::jsonb)`, [paid.id])).rejects.toMatchObject({ code: '23514' });
      const refund = (await server.sql(database, `SELECT id FROM paydesk.operations WHERE payment_id = $1 AND kind = 'refund' LIMIT 1`, [paid.id])).rows[0]!.id as string;
      await expect(staff.query(`SELECT paydesk.record_credit_note($1, 1, 0, '[]')`, [refund])).rejects.toMatchObject({ code: '42501' });
      // An intent whose totals do not add up to the link's amount is refused.
      await staff.query('BEGIN');
      await expect(intent(staff, 1323, { net_minor: 1000 })).rejects.toMatchObject({ code: '23514' });
      await staff.query('ROLLBACK');
    } finally {
      await finance.end();
      await staff.end();
    }
    // No number was taken by any of it.
    expect((await create('INV-AFTER-REFUSALS', oneLine)).invoice.number).toBe(`INV-${String(Number(last) + 1).padStart(6, '0')}`);
  });

  it('a laptop moving in: the team’s numbers of its profile continue after the laptop’s own', async () => {
    const server = teamServer();
    const laptop = await startSqliteApp();
    const database = await server.createTeamDatabase();
    const admin = await server.connectAs(database, server.person('admin').login, 'ada');
    let team: LedgerApp | undefined;
    try {
      for (const order of ['L-1', 'L-2', 'L-3']) await create(order, oneLine, laptop);
      await copyLedgerToTeam({ source: laptop.db, team: admin, laptop: 'laptop-a' });
      // Again: copies nothing twice and lowers nothing.
      await copyLedgerToTeam({ source: laptop.db, team: admin, laptop: 'laptop-a' });
      team = await startPostgresApp(database);
      expect((await create('T-1', oneLine, team)).invoice.number).toBe('INV-000004');
      const audit = (await server.sql(database, `SELECT db_user, reason, result FROM paydesk.audit_log WHERE action = 'document_numbers_continued'`)).rows;
      expect(audit).toEqual([{ db_user: server.person('admin').login, reason: 'laptop-a', result: 'practice: INV-000003' }]);
      // Only an admin may.
      const sam = await server.connectAs(database, server.person('staff').login);
      await expect(sam.query(`SELECT paydesk.continue_document_numbers('x', 'practice', 'invoice', 99)`)).rejects.toMatchObject({ code: '42501' });
      await sam.end();
    } finally {
      await team?.close();
      await admin.end();
      await laptop.close();
    }
  });

  it('writes each invoice number and credit note into the team’s audit log itself, with who', async () => {
    const entries = (await teamServer().sql(app().database!, `SELECT action, db_user, os_user, order_id, amount_minor::text AS amount, result FROM paydesk.audit_log WHERE action IN ('invoice_reserved', 'credit_note') ORDER BY seq`)).rows;
    const support = teamServer().person('support').login;
    expect(entries[0]).toEqual({ action: 'invoice_reserved', db_user: support, os_user: 'tester', order_id: 'INV-A', amount: '23233', result: 'INV-000001' });
    expect(entries.filter((e) => e.action === 'credit_note')).toEqual([
      { action: 'credit_note', db_user: support, os_user: 'tester', order_id: 'INV-PAID', amount: '5000', result: 'CN-000001' },
      { action: 'credit_note', db_user: support, os_user: 'tester', order_id: 'INV-PAID', amount: '18233', result: 'CN-000002' },
    ]);
    expect(entries.filter((e) => e.os_user === 'sam' && e.action === 'invoice_reserved').length).toBe(6);
    // The chain still holds (the audit screen's check).
    expect((await app().value('listAuditLog', {})).chainIntact).toBe(true);
  });
});

/** A link's create intent recorded by hand, as the app records it, and its invoice reserved; inside the caller's transaction. */
async function intent(client: import('pg').Client, amount: number, change: Record<string, number> = {}) {
  const payment = randomUUID();
  await client.query(`INSERT INTO paydesk.payments (id, profile_id, environment, kind, order_id, amount_minor, currency, state) VALUES ($1, 'practice', 'practice', 'link', $2, $3, 'SAR', 'creating')`, [payment, `HAND-${payment.slice(0, 8)}`, amount]);
  await client.query(`INSERT INTO paydesk.operations (id, payment_id, kind, amount_minor, outcome) VALUES ($1, $2, 'create', $3, 'sending')`, [randomUUID(), payment, amount]);
  const invoice = { currency: 'SAR', prices_include_vat: false, net_minor: 1150, vat_minor: 173, total_minor: amount, seller_json: JSON.stringify(seller), buyer_vat_number: null, language: 'both', ...change };
  const lines = [{ description: 'Delivery', quantity_milli: 1000, unit_minor: 1150, category: 'standard', rate_bp: 1500, reason: null, net_minor: 1150, vat_minor: 173, gross_minor: 1323 }];
  return (await client.query('SELECT * FROM paydesk.reserve_invoice($1, $2::jsonb, $3::jsonb)', [payment, JSON.stringify(invoice), JSON.stringify(lines)])).rows[0] as Record<string, unknown>;
}
