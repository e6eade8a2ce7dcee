// The virtual terminal's sale with 3-D Secure. Main points the sale's success and failure URLs
// at a loopback page of its own, keeps the gateway's challenge html in memory and serves it,
// unmodified, to an isolated frame (preview) or window (Electron); the return is seen by main.
import { z } from 'zod';
import { method, shared } from '../method-spec';
import { paymentMethods, paymentViewSchema } from './payments';

export const challengeStates = ['waiting', 'success', 'failure', 'closed'] as const;

const challengeViewSchema = shared(() => z.object({
  id: z.string(),
  paymentId: z.string(),
  state: z.enum(challengeStates),
  /** Where the challenge is shown: a page of main's loopback challenge server. */
  frameUrl: z.string(),
}));
export type ChallengeView = z.infer<ReturnType<typeof challengeViewSchema>>;

export const challengeMethods = {
  terminalSale: method({
    summary: 'Virtual terminal sale: chargeCard with the 3-D Secure return handled by main. The card is used for this call only.',
    input: () => paymentMethods.chargeCard.input.omit({ successUrl: true, failureUrl: true }),
    /** declineReason: the gateway's own words for a decline (decisions §3: a failed status "with reason"), card numbers masked. */
    output: () => z.object({ payment: paymentViewSchema(), challenge: challengeViewSchema().nullable(), declineReason: z.string().optional() }),
  }),
  openChallengeWindow: method({
    summary: 'Electron: shows the challenge in its own window (own session, no preload). In the preview answers "frame": show frameUrl in an iframe.',
    input: () => z.object({ challengeId: z.string().min(1).max(100) }).strict(),
    output: () => z.object({ mode: z.enum(['window', 'frame']) }),
  }),
  getChallenge: method({
    summary: 'Whether the customer has come back from the challenge, and how.',
    input: () => z.object({ challengeId: z.string().min(1).max(100) }).strict(),
    output: () => challengeViewSchema(),
  }),
};
