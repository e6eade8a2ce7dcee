// Rows of invoices, their lines and credit notes (migration 8). Numbers are sequences per
// profile taken inside the caller's transaction (the ledger has one writer), so they are unique
// and without gaps that nothing explains; docs/invoices.md.
import { randomUUID } from 'node:crypto';
import type { LedgerDb } from './database';
import type { InvoiceLedger, IssuedDocuments, IssuedRange, NumberedDocument } from './invoice-ledger';

export type InvoiceRow = {
  id: string;
  profile_id: string;
  seq: number;
  number: string;
  payment_id: string;
  currency: string;
  prices_include_vat: number;
  net_minor: number;
  vat_minor: number;
  total_minor: number;
  /** The seller's details as they were when the invoice was issued. */
  seller_json: string;
  buyer_vat_number: string | null;
  language: 'both' | 'en' | 'ar';
  issued_at: string;
  created_by: string;
  /** On the team ledger, a laptop's invoice copied in keeps its number in that laptop's own series: the laptop's name; absent for the team's own and on a laptop's file. */
  issued_on_laptop?: string | null;
};

export type InvoiceLineRow = {
  invoice_id: string;
  line_no: number;
  description: string;
  quantity_milli: number;
  unit_minor: number;
  category: 'standard' | 'zero' | 'exempt';
  rate_bp: number;
  reason: string | null;
  net_minor: number;
  vat_minor: number;
  gross_minor: number;
};

export type CreditNoteRow = {
  id: string;
  profile_id: string;
  seq: number;
  number: string;
  invoice_id: string;
  payment_id: string;
  operation_id: string;
  amount_minor: number;
  net_minor: number;
  vat_minor: number;
  breakdown_json: string;
  reason: string | null;
  issued_at: string;
  /** As the invoice's: the laptop whose series the copied credit note's number belongs to. */
  issued_on_laptop?: string | null;
};

const pad = (seq: number) => String(seq).padStart(6, '0');
export const invoiceNumber = (seq: number) => `INV-${pad(seq)}`;
export const creditNoteNumber = (seq: number) => `CN-${pad(seq)}`;

export function createInvoiceRows(db: LedgerDb) {
  const insertLine = db.prepare(`INSERT INTO invoice_lines (invoice_id, line_no, description, quantity_milli, unit_minor, category, rate_bp, reason, net_minor, vat_minor, gross_minor)
    VALUES (@invoice_id, @line_no, @description, @quantity_milli, @unit_minor, @category, @rate_bp, @reason, @net_minor, @vat_minor, @gross_minor)`);
  const byPayment = (paymentId: string) => db.prepare('SELECT * FROM invoices WHERE payment_id = ?').get(paymentId) as InvoiceRow | undefined;

  return {
    byPayment,
    byId: (id: string) => db.prepare('SELECT * FROM invoices WHERE id = ?').get(id) as InvoiceRow | undefined,
    lines: (invoiceId: string) => db.prepare('SELECT * FROM invoice_lines WHERE invoice_id = ? ORDER BY line_no').all(invoiceId) as InvoiceLineRow[],

    /**
     * Reserves the invoice of a payment with its lines; call inside the transaction that records
     * the payment's create intent. A payment tried again (same order id after "not created")
     * keeps its number: the lines and totals are replaced.
     */
    reserve(invoice: Omit<InvoiceRow, 'id' | 'seq' | 'number'>, lines: Array<Omit<InvoiceLineRow, 'invoice_id' | 'line_no'>>): InvoiceRow {
      const existing = byPayment(invoice.payment_id);
      let row: InvoiceRow;
      if (existing) {
        row = { ...existing, ...invoice, profile_id: existing.profile_id };
        db.prepare(`UPDATE invoices SET currency = @currency, prices_include_vat = @prices_include_vat, net_minor = @net_minor, vat_minor = @vat_minor, total_minor = @total_minor,
          seller_json = @seller_json, buyer_vat_number = @buyer_vat_number, language = @language, issued_at = @issued_at, created_by = @created_by WHERE id = @id`).run(row);
        db.prepare('DELETE FROM invoice_lines WHERE invoice_id = ?').run(row.id);
      } else {
        const { next } = db.prepare('SELECT COALESCE(MAX(seq), 0) + 1 AS next FROM invoices WHERE profile_id = ?').get(invoice.profile_id) as { next: number };
        row = { ...invoice, id: randomUUID(), seq: next, number: invoiceNumber(next) };
        db.prepare(`INSERT INTO invoices (id, profile_id, seq, number, payment_id, currency, prices_include_vat, net_minor, vat_minor, total_minor, seller_json, buyer_vat_number, language, issued_at, created_by)
          VALUES (@id, @profile_id, @seq, @number, @payment_id, @currency, @prices_include_vat, @net_minor, @vat_minor, @total_minor, @seller_json, @buyer_vat_number, @language, @issued_at, @created_by)`).run(row);
      }
      lines.forEach((line, index) => insertLine.run({ ...line, invoice_id: row.id, line_no: index + 1 }));
      return row;
    },

    /** Invoice numbers of many payments at once (the links list). */
    numbersOf(paymentIds: string[]): Map<string, string> {
      if (paymentIds.length === 0) return new Map();
      const found = db.prepare(`SELECT payment_id, number FROM invoices WHERE payment_id IN (${paymentIds.map(() => '?').join(', ')})`).all(...paymentIds) as Array<{ payment_id: string; number: string }>;
      return new Map(found.map((r) => [r.payment_id, r.number]));
    },

    creditNotesOf: (invoiceId: string) => db.prepare('SELECT * FROM credit_notes WHERE invoice_id = ? ORDER BY seq').all(invoiceId) as CreditNoteRow[],
    creditNote: (id: string) => db.prepare('SELECT * FROM credit_notes WHERE id = ?').get(id) as CreditNoteRow | undefined,
    creditNoteOfOperation: (operationId: string) => db.prepare('SELECT * FROM credit_notes WHERE operation_id = ?').get(operationId) as CreditNoteRow | undefined,

    withNumber: (number: string) => db.prepare(`SELECT 'invoice' AS document, number, payment_id, profile_id FROM invoices WHERE number = @number
      UNION ALL SELECT 'credit_note', number, payment_id, profile_id FROM credit_notes WHERE number = @number`).all({ number }) as NumberedDocument[],

    /** issued_at is UTC ISO text of one width (toISOString), so text order is time order. */
    issuedBetween(range: IssuedRange): IssuedDocuments {
      const where = (t: string) => [`(@profileId IS NULL OR ${t}.profile_id = @profileId)`, `(@from IS NULL OR ${t}.issued_at >= @from)`, `(@to IS NULL OR ${t}.issued_at < @to)`].join(' AND ');
      const params = { profileId: range.profileId ?? null, from: range.from ?? null, to: range.to ?? null };
      const invoices = db.prepare(`SELECT i.* FROM invoices i WHERE ${where('i')} ORDER BY i.profile_id, i.seq`).all(params) as InvoiceRow[];
      const lines = db.prepare(`SELECT l.* FROM invoice_lines l JOIN invoices i ON i.id = l.invoice_id WHERE ${where('i')} ORDER BY l.invoice_id, l.line_no`).all(params) as InvoiceLineRow[];
      const creditNotes = db.prepare(`SELECT c.*, i.number AS invoice_number, i.currency FROM credit_notes c JOIN invoices i ON i.id = c.invoice_id WHERE ${where('c')} ORDER BY c.profile_id, c.seq`).all(params) as IssuedDocuments['creditNotes'];
      return { invoices, lines, creditNotes };
    },

    /** Records a credit note with the next number of its profile; call inside the refund's confirming transaction. */
    insertCreditNote(note: Omit<CreditNoteRow, 'id' | 'seq' | 'number'>): CreditNoteRow {
      const { next } = db.prepare('SELECT COALESCE(MAX(seq), 0) + 1 AS next FROM credit_notes WHERE profile_id = ?').get(note.profile_id) as { next: number };
      const row: CreditNoteRow = { ...note, id: randomUUID(), seq: next, number: creditNoteNumber(next) };
      db.prepare(`INSERT INTO credit_notes (id, profile_id, seq, number, invoice_id, payment_id, operation_id, amount_minor, net_minor, vat_minor, breakdown_json, reason, issued_at)
        VALUES (@id, @profile_id, @seq, @number, @invoice_id, @payment_id, @operation_id, @amount_minor, @net_minor, @vat_minor, @breakdown_json, @reason, @issued_at)`).run(row);
      return row;
    },
  };
}

export type InvoiceRows = ReturnType<typeof createInvoiceRows>;

/** The async InvoiceLedger on the laptop's file: these rows, answered at once (a store transaction's body stays within one turn). */
export function createSqliteInvoiceLedger(db: LedgerDb): InvoiceLedger {
  const rows = createInvoiceRows(db);
  let depth = 0;
  return {
    byPayment: async (id) => rows.byPayment(id),
    byId: async (id) => rows.byId(id),
    lines: async (id) => rows.lines(id),
    numbersOf: async (ids) => rows.numbersOf(ids),
    creditNotesOf: async (id) => rows.creditNotesOf(id),
    creditNote: async (id) => rows.creditNote(id),
    creditNoteOfOperation: async (id) => rows.creditNoteOfOperation(id),
    withNumber: async (number) => rows.withNumber(number),
    issuedBetween: async (range) => rows.issuedBetween(range),
    reserve: async (invoice, lines) => rows.reserve(invoice, lines),
    insertCreditNote: async (note) => rows.insertCreditNote(note),
    async savepoint(fn) {
      const name = `invoice_part_${++depth}`;
      db.exec(`SAVEPOINT ${name}`);
      try {
        const result = await fn();
        db.exec(`RELEASE ${name}`);
        return result;
      } catch (e) {
        db.exec(`ROLLBACK TO ${name}`);
        db.exec(`RELEASE ${name}`);
        throw e;
      } finally {
        depth -= 1;
      }
    },
  };
}
