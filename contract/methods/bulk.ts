// Bulk payment links from a CSV file. The file is parsed and checked in main; a batch stores
// every row with its order id in the ledger before anything is sent, so a run resumed after a
// cancel or a crash skips rows the ledger already knows and never creates a link twice.
import { z } from 'zod';
import { method, shared } from '../method-spec';
import { reasonSchema } from '../result';
import { productionConfirmationSchema } from './profiles';

const id = shared(() => z.string().min(1).max(200));

/** Encodings main reads a file in: it detects them, and asks the person when it cannot be sure. */
export const bulkEncodings = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1256', 'latin1'] as const;
export type BulkEncoding = (typeof bulkEncodings)[number];
const encodingSchema = shared(() => z.enum(bulkEncodings));

/** The largest file read at once (5,000 rows of links are far smaller); main refuses larger ones by name. */
export const maxBulkFileBytes = 4 * 1024 * 1024;
/**
 * The file's bytes as base64: main detects the encoding. The cap is above maxBulkFileBytes (so
 * main can say how large the file was) and below the preview bridge's 16 MiB body limit.
 */
const fileBytes = shared(() => z.string().max(12 * 1024 * 1024).regex(/^[A-Za-z0-9+/]*={0,2}$/));
const fileInput = shared(() => ({ file: fileBytes(), encoding: encodingSchema().optional() }));

export const bulkRowStates = ['pending', 'sending', 'created', 'failed', 'unknown'] as const;
export const bulkBatchStates = ['ready', 'running', 'cancelled', 'interrupted', 'done'] as const;

export const bulkPreviewRowSchema = shared(() => z.object({
  /** The line of the file (the header is line 1). */
  line: z.number().int(),
  orderId: z.string(),
  amount: z.string(),
  currency: z.string(),
  description: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string(),
  issueDate: z.string(),
  expireDate: z.string(),
  /** The optional vat_rate and vat_reason columns: a row with a rate becomes an invoice (docs/invoices.md). */
  vatRate: z.string().default(''),
  vatReason: z.string().default(''),
  /** Column name to why it cannot be sent (a reason the renderer words); empty when the row can be sent. */
  errors: z.record(z.string(), reasonSchema()),
}));

/** Why a stored row failed: per column (null for the whole row). */
export const bulkProblemSchema = shared(() => z.object({ column: z.string().nullable(), reason: reasonSchema() }));

export const bulkRowViewSchema = shared(() => z.object({
  line: z.number().int(),
  orderId: z.string(),
  amount: z.string(),
  currency: z.string(),
  customerName: z.string(),
  state: z.enum(bulkRowStates),
  paymentId: z.string().nullable(),
  /** Why the row failed or is unknown; empty otherwise. */
  problems: z.array(bulkProblemSchema()),
}));

export const bulkBatchViewSchema = shared(() => z.object({
  id: z.string(),
  fileName: z.string(),
  profileId: z.string(),
  state: z.enum(bulkBatchStates),
  total: z.number().int(),
  created: z.number().int(),
  failed: z.number().int(),
  unknown: z.number().int(),
  pending: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * Who is sending its links while it runs, else null: on the team ledger the login the database
   * stamped and the laptop (`here`: this one); on a laptop's own file its OS user, laptop null.
   */
  runner: z.object({ person: z.string(), laptop: z.string().nullable(), here: z.boolean() }).nullable(),
  /** Where every row's customer goes, kept with the batch when it first ran (null before, or for a batch from before they were kept). */
  addresses: z.object({ successUrl: z.string(), failureUrl: z.string() }).nullable().optional(),
  rows: z.array(bulkRowViewSchema()),
}));
export type BulkBatchView = z.infer<ReturnType<typeof bulkBatchViewSchema>>;

/** A link a batch created, with what its message to the customer needs (the share panel's text). */
export const bulkLinkSchema = shared(() => z.object({
  line: z.number().int(),
  orderId: z.string(),
  amountMinor: z.number().int(),
  currency: z.string(),
  description: z.string().nullable(),
  customer: z.object({ name: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable() }),
  /** The payment's state in the ledger now (pending, paid, expired, …). */
  state: z.string(),
  url: z.string().nullable(),
  /** A row with a VAT rate is an invoice: its message names the number. */
  invoiceNumber: z.string().nullable(),
}));
export type BulkLink = z.infer<ReturnType<typeof bulkLinkSchema>>;
export type BulkPreviewRow = z.infer<ReturnType<typeof bulkPreviewRowSchema>>;

export const bulkMethods = {
  bulkTemplate: method({
    summary: 'The CSV template for bulk payment links (header and one example row).',
    input: () => z.object({}).strict(),
    output: () => z.object({ fileName: z.string(), csv: z.string() }),
  }),
  bulkPreview: method({
    summary: 'Reads a CSV file of payment links (encoding and delimiter detected) and checks every row; nothing is stored or sent.',
    input: () => z.object(fileInput()).strict(),
    output: () => z.object({
      rows: z.array(bulkPreviewRowSchema()),
      valid: z.number().int(),
      invalid: z.number().int(),
      fileError: reasonSchema().nullable(),
      /** How the file was read; null when main needs the person to choose (see choices). */
      encoding: encodingSchema().nullable(),
      delimiter: z.enum([',', ';', '\t']).nullable(),
      /** When the encoding is unsure: each candidate with the first names as it reads them. */
      choices: z.array(z.object({ encoding: encodingSchema(), names: z.array(z.string()) })),
    }),
  }),
  bulkCreateBatch: method({
    summary: 'Stores the valid rows of a CSV as a batch, each with its order id, ready to run.',
    input: () => z.object({ ...fileInput(), fileName: z.string().max(255) }).strict(),
    output: () => bulkBatchViewSchema(),
  }),
  bulkRun: method({
    summary: 'Starts (or resumes) sending a batch, one row at a time; answers at once. Rows the ledger already has are skipped.',
    /**
     * `successUrl`/`failureUrl`: where every row's customer goes, for a profile without those defaults
     * (the screen asks for them once for the batch); empty, the profile's default. The batch keeps
     * the addresses of its first run (`addresses` on its view): a resume sends the rest there and
     * needs none given (any given are not used).
     */
    input: () => z.object({ batchId: id(), confirm: productionConfirmationSchema().optional(), successUrl: z.string().max(2048).optional(), failureUrl: z.string().max(2048).optional() }).strict(),
    output: () => bulkBatchViewSchema(),
  }),
  bulkCancel: method({
    summary: 'Stops a running batch after the row being sent.',
    input: () => z.object({ batchId: id() }).strict(),
    output: () => bulkBatchViewSchema(),
  }),
  getBulkBatch: method({
    summary: 'A batch with its rows and progress.',
    input: () => z.object({ batchId: id() }).strict(),
    output: () => bulkBatchViewSchema(),
  }),
  listBulkBatches: method({
    summary: 'Recent batches, newest first (rows left out), to resume one after a crash.',
    input: () => z.object({}).strict(),
    output: () => z.array(bulkBatchViewSchema()),
  }),
  bulkErrorReport: method({
    summary: 'The rows of a batch that failed or whose outcome is unknown, as CSV.',
    input: () => z.object({
      batchId: id(),
      /** The error column as the renderer words it in the user's language, by line; English otherwise. */
      wording: z.record(z.string().max(10), z.string().max(2000)).optional(),
    }).strict(),
    output: () => z.object({ fileName: z.string(), csv: z.string(), rows: z.number().int() }),
  }),
  bulkLinks: method({
    summary: 'The links a batch created, one per row, with their addresses (to word each customer\'s message).',
    input: () => z.object({ batchId: id() }).strict(),
    output: () => z.array(bulkLinkSchema()),
  }),
  bulkLinksCsv: method({
    summary: 'The links a batch created as CSV for a mail merge (one row per link, its address and message); audited as an export.',
    input: () => z.object({
      batchId: id(),
      /** By line: the message to the customer and the state as the renderer words them in the chosen language. */
      wording: z.record(z.string().max(10), z.object({ message: z.string().max(4000), state: z.string().max(200) }).strict()).optional(),
    }).strict(),
    output: () => z.object({ fileName: z.string(), csv: z.string(), rows: z.number().int() }),
  }),
};
