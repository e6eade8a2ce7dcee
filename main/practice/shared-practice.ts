// One practice gateway for several Paydesks (a team practising on one team ledger, and the
// two-laptop tests): PAYDESK_PRACTICE_GATEWAY (its API address, http://127.0.0.1:PORT/api/v1) and
// PAYDESK_PRACTICE_KEY (its practice key, not a real gateway's) make the practice profile use that
// gateway instead of starting one of its own, so a practice payment made on one laptop can be
// refunded from another. Loopback only: a practice gateway is never reached over a network.
import type { PracticeGateway } from './embedded';
import { isLoopback } from '../../contract/loopback-host';

export type PracticeInUse = Pick<PracticeGateway, 'baseUrl' | 'apiKey' | 'webhookSecret' | 'setWebhookTarget' | 'close'>;

/** The shared practice gateway the environment names, or undefined (each Paydesk starts its own). */
export function sharedPracticeGateway(env: NodeJS.ProcessEnv = process.env): PracticeInUse | undefined {
  const baseUrl = env.PAYDESK_PRACTICE_GATEWAY;
  const apiKey = env.PAYDESK_PRACTICE_KEY;
  if (!baseUrl || !apiKey) return undefined;
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:' || !isLoopback(url.hostname)) throw new Error('PAYDESK_PRACTICE_GATEWAY must be a practice gateway on this computer (http://127.0.0.1:PORT/api/v1)');
  // Its webhooks go where whoever started it says: this Paydesk checks statuses instead.
  return { baseUrl: baseUrl.replace(/\/$/, ''), apiKey, webhookSecret: '', setWebhookTarget: () => {}, close: async () => {} };
}
