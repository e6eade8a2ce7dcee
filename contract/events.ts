import { z } from 'zod';
import { reasonSchema } from './result';

// Main tells the renderer that something changed; the renderer then asks for what it shows.
// Events carry ids, never records, so they cannot leak anything a method would not return.
// Each event carries main's sequence number: a renderer that sees a gap (or a restart) knows it
// missed something and reloads what it shows (renderer/src/api/event-sequence.ts).
const seq = { seq: z.number().int().optional() };
export const appEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('profiles.changed'), ...seq }),
  /** Who this laptop is on the team ledger was checked again (the connection came back): its role is in getAppInfo. */
  z.object({ type: z.literal('team.changed'), ...seq }),
  z.object({ type: z.literal('payments.changed'), ...seq, paymentIds: z.array(z.string()).max(1000) }),
  /** The list's count of a search moved on in the background: `countId` is what searchPayments returned with totalExact false; exact false: at least `total`. */
  z.object({ type: z.literal('payments.counted'), ...seq, countId: z.string().max(40), total: z.number().int(), exact: z.boolean() }),
  /** A gateway check-up moved on: ask getCheckup for the run. */
  z.object({ type: z.literal('checkup.progress'), ...seq, runId: z.string() }),
  /** A full check of the audit chain: progress, then the result (brokenAt: first entry that does not match; headSeq: the team ledger's chain head, when entries were removed from the log's end). */
  z.object({ type: z.literal('audit.verify'), ...seq, checked: z.number().int(), total: z.number().int(), done: z.boolean(), intact: z.boolean(), brokenAt: z.number().int().optional(), headSeq: z.number().int().optional(), cancelled: z.literal(true).optional() }),
  /** A file export: progress every 10,000 rows, then done (cancelled or failed: no file was left). */
  z.object({ type: z.literal('export.progress'), ...seq, exportId: z.string(), rows: z.number().int(), total: z.number().int(), done: z.boolean(), cancelled: z.boolean().optional(), failed: z.boolean().optional(), diskFull: z.boolean().optional() }),
  /** The ledger's schema being brought up to date at start (a large ledger takes a while): how far, then done. */
  z.object({ type: z.literal('ledger.migrate'), ...seq, percent: z.number().int().min(0).max(100), done: z.boolean() }),
  /** A bulk batch moved on (started, a row's outcome, cancelled, ended), on this laptop or, on the team ledger, another: ask getBulkBatch again. No id: any batch (after a lost connection). */
  z.object({ type: z.literal('bulk.changed'), ...seq, batchId: z.string().max(100).optional() }),
  /** A check-up run was saved on the team ledger (started, a step ended, ended; by any laptop, this one's included): the recent check-ups are read again (listCheckups). No id: any run (the first listening, a lost connection back). */
  z.object({ type: z.literal('checkups.changed'), ...seq, runId: z.string().max(100).optional() }),
  /** The team's profiles changed (a laptop published, renamed or an admin removed one; after a lost connection too): listTeamProfiles is read again. */
  z.object({ type: z.literal('teamProfiles.changed'), ...seq }),
  // `message` is English (logs); the renderer and the OS notification word `reason` in the user's language.
  z.object({ type: z.literal('notification'), ...seq, level: z.enum(['info', 'warning', 'error']), message: z.string(), reason: reasonSchema().optional(), paymentId: z.string().optional() }),
]);
export type AppEvent = z.infer<typeof appEventSchema>;
