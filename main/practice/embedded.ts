// Starts the practice gateway: the app runs it for the practice profile on a loopback port,
// `npm run practice-gateway` runs it standalone. State is in memory unless a state file is given.
// With a state file the port is kept beside it and asked for again at the next start: the links,
// QR codes and invoices made before point at it (a free port each start left them all dead).
import { readFileSync, writeFileSync } from 'node:fs';
import type { Logger } from '../log/logger';
import { createApiRoutes } from './api-routes';
import { createEngine } from './engine';
import { createFaultControl, type FaultControl } from './faults';
import type { Persona } from './personas';
import type { PracticeRecord } from './model';
import type { PageLanguage } from './page-words';
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
  /** The zone its sessions' and links' days are in: the computer's own by default (dates.ts). */
  timeZone?: string;
  /** Answers with fields no public source shows (captured and refunded totals...): off by default (docs/practice-gateway.md). */
  extendedAnswers?: boolean;
  /** A fault persona (personas.ts): some answers worded differently, for the check-up's tests. Off by default. */
  persona?: Persona | null;
  /**
   * The language of the Paydesk that runs it (main's, which follows the window's): its 3-D Secure
   * page, which that Paydesk frames or opens in a window of its own, is worded in it when its
   * address names none, not in the browser's (the preview's browser may ask for another). Nothing
   * of the interface changes: the sale still carries no language, its `html` is the same.
   */
  hostLanguage?: () => PageLanguage;
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
    timeZone: options.timeZone,
    onChange: (tx, change) => webhooks.deliver(webhookBody(tx, change, now()), faults.takeWebhook() ? 2 : 1),
  });
  const setWebhookTarget = (url: string | null) => void (webhookTarget = url);
  const server = createPracticeServer({ store, routes: createApiRoutes(engine, { extendedAnswers: options.extendedAnswers }), pages: createPages(engine, store), faults, logger: options.logger, setWebhookTarget, hostLanguage: options.hostLanguage });
  const port = await listenOnKeptPort(server, options);

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

/** Where the port of a gateway with a state file is kept: `practice-gateway.json` → `practice-gateway.port`. */
export const portFileOf = (stateFile: string) => stateFile.replace(/(\.json)?$/, '.port');

/**
 * The port asked for, else the one kept beside the state file, else any free one; a kept port
 * another program has taken since is given up for a free one (said in the log: what was made
 * before points at the old one). The port used is kept for the next start.
 */
async function listenOnKeptPort(server: { listen(port: number): Promise<number> }, options: PracticeOptions): Promise<number> {
  if (options.port !== undefined || !options.stateFile) return server.listen(options.port ?? 0);
  const portFile = portFileOf(options.stateFile);
  const kept = readKeptPort(portFile);
  let port: number;
  try {
    port = await server.listen(kept ?? 0);
  } catch (error) {
    if (kept === undefined) throw error;
    options.logger.warn('The practice gateway’s port is taken: links made before point at it', { port: kept, code: (error as NodeJS.ErrnoException).code });
    port = await server.listen(0);
  }
  if (port !== kept) writeFileSync(portFile, `${port}\n`, { mode: 0o600 });
  return port;
}

function readKeptPort(file: string): number | undefined {
  try {
    const port = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(port) && port > 1023 && port < 65536 ? port : undefined;
  } catch {
    return undefined;
  }
}
