import { z } from 'zod';

// Main tells the renderer that something changed; the renderer then asks for what it shows.
// Events carry ids, never records, so they cannot leak anything a method would not return.
export const appEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('profiles.changed') }),
  z.object({ type: z.literal('payments.changed'), paymentIds: z.array(z.string()).max(1000) }),
  /** A full check of the audit chain: progress, then the result (brokenAt: first entry that does not match). */
  z.object({ type: z.literal('audit.verify'), checked: z.number().int(), total: z.number().int(), done: z.boolean(), intact: z.boolean(), brokenAt: z.number().int().optional() }),
  /** A file export: progress every 10,000 rows, then done (cancelled or failed: no file was left). */
  z.object({ type: z.literal('export.progress'), exportId: z.string(), rows: z.number().int(), total: z.number().int(), done: z.boolean(), cancelled: z.boolean().optional(), failed: z.boolean().optional() }),
  z.object({ type: z.literal('notification'), level: z.enum(['info', 'warning', 'error']), message: z.string(), paymentId: z.string().optional() }),
]);
export type AppEvent = z.infer<typeof appEventSchema>;
