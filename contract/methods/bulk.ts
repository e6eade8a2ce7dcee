// Bulk payment links from a CSV file. The file is parsed and checked in main; a batch stores
// every row with its order id in the ledger before anything is sent, so a run resumed after a
// cancel or a crash skips rows the ledger already knows and never creates a link twice.
import { z } from 'zod';
import { method } from '../method-spec';
import { productionConfirmationSchema } from './profiles';

const id = z.string().min(1).max(200);
/** 16 MiB is the bridge's body limit; a CSV of links is far smaller. */
const csvText = z.string().max(8 * 1024 * 1024);

export const bulkRowStates = ['pending', 'sending', 'created', 'failed', 'unknown'] as const;
export const bulkBatchStates = ['ready', 'running', 'cancelled', 'interrupted', 'done'] as const;

export const bulkPreviewRowSchema = z.object({
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
  /** Column name to message; empty when the row can be sent. */
  errors: z.record(z.string(), z.string()),
});

export const bulkRowViewSchema = z.object({
  line: z.number().int(),
  orderId: z.string(),
  amount: z.string(),
  currency: z.string(),
  customerName: z.string(),
  state: z.enum(bulkRowStates),
  paymentId: z.string().nullable(),
  error: z.string().nullable(),
});

export const bulkBatchViewSchema = z.object({
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
  rows: z.array(bulkRowViewSchema),
});
export type BulkBatchView = z.infer<typeof bulkBatchViewSchema>;
export type BulkPreviewRow = z.infer<typeof bulkPreviewRowSchema>;

export const bulkMethods = {
  bulkTemplate: method({
    summary: 'The CSV template for bulk payment links (header and one example row).',
    input: z.object({}).strict(),
    output: z.object({ fileName: z.string(), csv: z.string() }),
  }),
  bulkPreview: method({
    summary: 'Parses and checks a CSV of payment links; nothing is stored or sent.',
    input: z.object({ csv: csvText }).strict(),
    output: z.object({ rows: z.array(bulkPreviewRowSchema), valid: z.number().int(), invalid: z.number().int(), fileError: z.string().nullable() }),
  }),
  bulkCreateBatch: method({
    summary: 'Stores the valid rows of a CSV as a batch, each with its order id, ready to run.',
    input: z.object({ csv: csvText, fileName: z.string().max(255) }).strict(),
    output: bulkBatchViewSchema,
  }),
  bulkRun: method({
    summary: 'Starts (or resumes) sending a batch, one row at a time; answers at once. Rows the ledger already has are skipped.',
    input: z.object({ batchId: id, confirm: productionConfirmationSchema.optional() }).strict(),
    output: bulkBatchViewSchema,
  }),
  bulkCancel: method({
    summary: 'Stops a running batch after the row being sent.',
    input: z.object({ batchId: id }).strict(),
    output: bulkBatchViewSchema,
  }),
  getBulkBatch: method({
    summary: 'A batch with its rows and progress.',
    input: z.object({ batchId: id }).strict(),
    output: bulkBatchViewSchema,
  }),
  listBulkBatches: method({
    summary: 'Recent batches, newest first (rows left out), to resume one after a crash.',
    input: z.object({}).strict(),
    output: z.array(bulkBatchViewSchema),
  }),
  bulkErrorReport: method({
    summary: 'The rows of a batch that failed or whose outcome is unknown, as CSV.',
    input: z.object({ batchId: id }).strict(),
    output: z.object({ fileName: z.string(), csv: z.string(), rows: z.number().int() }),
  }),
};
