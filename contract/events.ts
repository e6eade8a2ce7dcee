import { z } from 'zod';
import { reasonSchema } from './result';

// Main tells the renderer that something changed; the renderer then asks for what it shows.
// Events carry ids, never records, so they cannot leak anything a method would not return.
export const appEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('profiles.changed') }),
  z.object({ type: z.literal('payments.changed'), paymentIds: z.array(z.string()).max(1000) }),
  /** A gateway check-up moved on: ask getCheckup for the run. */
  z.object({ type: z.literal('checkup.progress'), runId: z.string() }),
  // `message` is English (OS notifications, logs); the renderer words `reason` in the user's language.
  z.object({ type: z.literal('notification'), level: z.enum(['info', 'warning', 'error']), message: z.string(), reason: reasonSchema.optional(), paymentId: z.string().optional() }),
]);
export type AppEvent = z.infer<typeof appEventSchema>;
