// Starts the practice gateway: the app runs it for the practice profile on a free loopback
// port, `npm run practice-gateway` runs it standalone. State is in memory unless a state file
// is given.
import type { Logger } from '../log/logger';
import { createApiRoutes } from './api-routes';
import { createEngine } from './engine';
import { createFaultControl, type FaultControl } from './faults';
import type { Persona } from './personas';
import type { PracticeRecord } from './model';
import { createPages } from './pages';
import { apiPrefix, createPracticeServer } from './server';
import { openPracticeStore } from './store';
import { createWebhookSender, webhookBody } from './webhooks';

export type PracticeOptions = {
  logger: Logger;
  port?: number;
  stateFile?: string;
  apiKey?: string;
  webhookUrl?: string;
  webhookSecret?: string;
  webhookRetryDelaysMs?: number[];
  now?: () => Date;
  /** Answers with fields no public source shows (captured and refunded totals...): off by default (docs/practice-gateway.md). */
  extendedAnswers?: boolean;
  /** A fault persona (personas.ts): some answers worded differently, for the check-up's tests. Off by default. */
  persona?: Persona | null;
};

export type PracticeGateway = {
  /** http://127.0.0.1:PORT/api/v1 */
  baseUrl: string;
  apiKey: string;
  webhookSecret: string;
  setWebhookTarget(url: string | null): void;
  faults: FaultControl;
  /** Every money-moving or creating request it accepted and acted on. */
  records(): readonly PracticeRecord[];
  /** Resolves when no webhook delivery is in flight. */
  webhooksIdle(): Promise<void>;
  close(): Promise<void>;
};

export async function startPracticeGateway(options: PracticeOptions): Promise<PracticeGateway> {
  const now = options.now ?? (() => new Date());
  const store = openPracticeStore(options);
  options.logger.addSecret(store.state.apiKey);
  options.logger.addSecret(store.state.webhookSecret);
  let webhookTarget = options.webhookUrl ?? null;
  const faults = createFaultControl(options.persona ?? null);
  const webhooks = createWebhookSender({
    target: () => webhookTarget,
    secret: () => store.state.webhookSecret,
    logger: options.logger,
    retryDelaysMs: options.webhookRetryDelaysMs,
  });
  const engine = createEngine(store, {
    now,
    onChange: (tx, change) => webhooks.deliver(webhookBody(tx, change, now()), faults.takeWebhook() ? 2 : 1),
  });
  const setWebhookTarget = (url: string | null) => void (webhookTarget = url);
  const server = createPracticeServer({ store, routes: createApiRoutes(engine, { extendedAnswers: options.extendedAnswers }), pages: createPages(engine, store), faults, logger: options.logger, setWebhookTarget });
  const port = await server.listen(options.port ?? 0);

  return {
    baseUrl: `http://127.0.0.1:${port}${apiPrefix}`,
    apiKey: store.state.apiKey,
    webhookSecret: store.state.webhookSecret,
    setWebhookTarget,
    faults,
    records: () => store.state.records,
    webhooksIdle: () => webhooks.idle(),
    async close() {
      webhooks.close();
      await server.close();
      await webhooks.idle();
    },
  };
}
