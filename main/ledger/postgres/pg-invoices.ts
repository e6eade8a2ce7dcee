// Invoices and credit notes on the team's PostgreSQL (invoices.sql): the InvoiceLedger the invoice
// service uses on the laptop's file, here on a connection of the store's (inside a store
// transaction, its own). Numbers are the database's: paydesk.reserve_invoice and
// paydesk.record_credit_note take the profile's next one from a counter row locked until the
// transaction ends, so two laptops get distinct consecutive numbers and a rolled-back intent takes
// its number back. Those functions also decide who may (the grants: staff and up reserve, support
// and up record credit notes), check the totals, stamp who and when, and write the audit entry.
// Money stays integer minor units: sent as JSON integers, kept as bigint, read back exactly
// (exactInteger: refuses what a number cannot hold).
import type pg from 'pg';
import type { InvoiceLedger, NewInvoice, NewInvoiceLine } from '../invoice-ledger';
import type { CreditNoteRow, InvoiceLineRow, InvoiceRow } from '../invoice-rows';
import { exactInteger as minor } from './copy-to-team';

type Queryable = Pick<pg.ClientBase, 'query'>;

const iso = (v: Date | string) => new Date(v).toISOString();
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An id that cannot be a row's (the columns are uuid) finds nothing, rather than failing the query. */
const ids = (values: string[]) => values.filter((v) => uuid.test(v));

function invoiceOf(r: Record<string, unknown>): InvoiceRow {
  return {
    id: r.id as string, profile_id: r.profile_id as string, seq: minor(r.seq as string)!, number: r.number as string, payment_id: r.payment_id as string,
    currency: r.currency as string, prices_include_vat: r.prices_include_vat ? 1 : 0,
    net_minor: minor(r.net_minor as string)!, vat_minor: minor(r.vat_minor as string)!, total_minor: minor(r.total_minor as string)!,
    seller_json: r.seller_json as string, buyer_vat_number: r.buyer_vat_number as string | null, language: r.language as InvoiceRow['language'],
    issued_at: iso(r.issued_at as Date), created_by: (r.os_user as string | null) ?? (r.db_user as string), issued_on_laptop: (r.issued_on_laptop as string | null) ?? null,
  };
}

function lineOf(r: Record<string, unknown>): InvoiceLineRow {
  return {
    invoice_id: r.invoice_id as string, line_no: r.line_no as number, description: r.description as string, quantity_milli: minor(r.quantity_milli as string)!,
    unit_minor: minor(r.unit_minor as string)!, category: r.category as InvoiceLineRow['category'], rate_bp: r.rate_bp as number, reason: r.reason as string | null,
    net_minor: minor(r.net_minor as string)!, vat_minor: minor(r.vat_minor as string)!, gross_minor: minor(r.gross_minor as string)!,
  };
}

function creditNoteOf(r: Record<string, unknown>): CreditNoteRow {
  return {
    id: r.id as string, profile_id: r.profile_id as string, seq: minor(r.seq as string)!, number: r.number as string, invoice_id: r.invoice_id as string,
    payment_id: r.payment_id as string, operation_id: r.operation_id as string, amount_minor: minor(r.amount_minor as string)!,
    net_minor: minor(r.net_minor as string)!, vat_minor: minor(r.vat_minor as string)!, breakdown_json: r.breakdown_json as string,
    reason: r.reason as string | null, issued_at: iso(r.issued_at as Date), issued_on_laptop: (r.issued_on_laptop as string | null) ?? null,
  };
}

/** What reserve_invoice reads of the invoice: the database sets its id, number, profile, date and who. */
const invoiceJson = (invoice: NewInvoice) => JSON.stringify({
  currency: invoice.currency, prices_include_vat: invoice.prices_include_vat === 1, net_minor: invoice.net_minor, vat_minor: invoice.vat_minor,
  total_minor: invoice.total_minor, seller_json: invoice.seller_json, buyer_vat_number: invoice.buyer_vat_number, language: invoice.language,
});
const linesJson = (lines: NewInvoiceLine[]) => JSON.stringify(lines.map((l) => ({
  description: l.description, quantity_milli: l.quantity_milli, unit_minor: l.unit_minor, category: l.category, rate_bp: l.rate_bp, reason: l.reason,
  net_minor: l.net_minor, vat_minor: l.vat_minor, gross_minor: l.gross_minor,
})));

/**
 * The team ledger's invoices on `db`: a transaction's client (writes and savepoints need one) or
 * the pool (reads). `laptop` is stamped with the OS user, as the store's writes are.
 */
export function createPgInvoiceLedger(db: Queryable, options: { inTransaction: boolean; laptop: string }): InvoiceLedger {
  const all = async (text: string, values: unknown[]) => (await db.query(text, values)).rows as Array<Record<string, unknown>>;
  const first = async (text: string, values: unknown[]) => (await all(text, values))[0];
  let depth = 0;
  const inTransaction = (what: string) => {
    if (!options.inTransaction) throw new Error(`${what} belongs in the transaction of its payment's intent or refund`);
  };

  return {
    byPayment: async (paymentId) => (ids([paymentId]).length ? (await first('SELECT * FROM paydesk.invoices WHERE payment_id = $1', [paymentId]).then((r) => r && invoiceOf(r))) : undefined),
    byId: async (id) => (ids([id]).length ? (await first('SELECT * FROM paydesk.invoices WHERE id = $1', [id]).then((r) => r && invoiceOf(r))) : undefined),
    lines: async (invoiceId) => (await all('SELECT * FROM paydesk.invoice_lines WHERE invoice_id = $1 ORDER BY line_no', [invoiceId])).map(lineOf),
    async numbersOf(paymentIds) {
      const wanted = ids(paymentIds);
      if (wanted.length === 0) return new Map();
      const found = await all('SELECT payment_id, number FROM paydesk.invoices WHERE payment_id = ANY($1::uuid[])', [wanted]);
      return new Map(found.map((r) => [r.payment_id as string, r.number as string]));
    },
    creditNotesOf: async (invoiceId) => (await all('SELECT * FROM paydesk.credit_notes WHERE invoice_id = $1 ORDER BY seq', [invoiceId])).map(creditNoteOf),
    creditNote: async (id) => (ids([id]).length ? (await first('SELECT * FROM paydesk.credit_notes WHERE id = $1', [id]).then((r) => r && creditNoteOf(r))) : undefined),
    withNumber: async (number) => (await all(`SELECT 'invoice' AS document, number, payment_id, profile_id FROM paydesk.invoices WHERE number = $1
      UNION ALL SELECT 'credit_note', number, payment_id, profile_id FROM paydesk.credit_notes WHERE number = $1`, [number]))
      .map((r) => ({ document: r.document as 'invoice' | 'credit_note', number: r.number as string, payment_id: r.payment_id as string, profile_id: r.profile_id as string })),
    async issuedBetween(range) {
      // Bounds read as instants here, as the list's filter reads them (pg-export-filter.ts).
      const at = (v: string | undefined) => (v === undefined ? null : new Date(v).toISOString());
      const values = [range.profileId ?? null, at(range.from), at(range.to)];
      const where = (t: string) => `($1::text IS NULL OR ${t}.profile_id = $1) AND ($2::timestamptz IS NULL OR ${t}.issued_at >= $2) AND ($3::timestamptz IS NULL OR ${t}.issued_at < $3)`;
      const invoices = (await all(`SELECT i.* FROM paydesk.invoices i WHERE ${where('i')} ORDER BY i.profile_id, i.issued_on_laptop NULLS FIRST, i.seq`, values)).map(invoiceOf);
      const lines = (await all(`SELECT l.* FROM paydesk.invoice_lines l JOIN paydesk.invoices i ON i.id = l.invoice_id WHERE ${where('i')} ORDER BY l.invoice_id, l.line_no`, values)).map(lineOf);
      const creditNotes = (await all(`SELECT c.*, i.number AS invoice_number, i.currency FROM paydesk.credit_notes c JOIN paydesk.invoices i ON i.id = c.invoice_id WHERE ${where('c')} ORDER BY c.profile_id, c.issued_on_laptop NULLS FIRST, c.seq`, values))
        .map((r) => ({ ...creditNoteOf(r), invoice_number: r.invoice_number as string, currency: r.currency as string }));
      return { invoices, lines, creditNotes };
    },
    creditNoteOfOperation: async (operationId) => (await first('SELECT * FROM paydesk.credit_notes WHERE operation_id = $1', [operationId]).then((r) => r && creditNoteOf(r))),

    async reserve(invoice, lines) {
      inTransaction('An invoice');
      await db.query(`SELECT set_config('paydesk.os_user', $1, true), set_config('paydesk.laptop', $2, true)`, [invoice.created_by, options.laptop]);
      // An order tried again with other totals: its payment already has the new amount (retry.sql,
      // version 13, in this same transaction), and reserve_invoice replaces the lines, as on SQLite.
      const row = await first('SELECT * FROM paydesk.reserve_invoice($1, $2::jsonb, $3::jsonb)', [invoice.payment_id, invoiceJson(invoice), linesJson(lines)]);
      return invoiceOf(row!);
    },
    async insertCreditNote(note) {
      inTransaction('A credit note');
      // Audited with the OS user of the refund (the one set in this transaction, else who sent it).
      await db.query(`SELECT set_config('paydesk.os_user', coalesce(nullif(current_setting('paydesk.os_user', true), ''), os_user, ''), true), set_config('paydesk.laptop', $2, true)
        FROM paydesk.operations WHERE id = $1`, [note.operation_id, options.laptop]);
      const row = (await first('SELECT * FROM paydesk.record_credit_note($1, $2, $3, $4)', [note.operation_id, note.net_minor, note.vat_minor, note.breakdown_json]))!;
      return creditNoteOf(row);
    },
    async savepoint(fn) {
      inTransaction('A savepoint');
      const name = `invoice_part_${++depth}`;
      await db.query(`SAVEPOINT ${name}`);
      try {
        const result = await fn();
        await db.query(`RELEASE SAVEPOINT ${name}`);
        return result;
      } catch (e) {
        await db.query(`ROLLBACK TO SAVEPOINT ${name}`);
        await db.query(`RELEASE SAVEPOINT ${name}`);
        throw e;
      } finally {
        depth -= 1;
      }
    },
  };
}
