// The preview's services thread (docs/performance.md, "Cold start, fourth pass"): main's services
// (preview-app.cjs: zod, the contract's schemas, better-sqlite3, the ledger) are read and started
// in a worker thread from the moment the process starts, while the process's main thread listens
// and serves the page's files; the page's calls are passed here and answered from here. Reading
// and starting them is about 110 ms of CPU: on the main thread it had to wait until the page's
// files were sent (it blocks the thread), here it runs beside them, on the other core.
//
// Messages: main → here `call` (an API call), `challenge` (a request to the 3-D Secure challenge
// server, which listens on main's thread so the page's CSP can name it at once, and is answered
// here where the challenges are kept), `log` (main's few log lines, written by this thread's
// logger: one writer for the rolling log file), `close`; here → main `ready` (the method names),
// `failed` (the start's error), `answer` (a call's result or a challenge's response as JSON text,
// or its error), `event` (main's events, numbered here), `closed`.
import { join } from 'node:path';
import type { MessagePort } from 'node:worker_threads';
import { createChallenges, type ChallengeRequest } from '../challenge/challenge-server';
import { createLogger, type LogFields } from '../log/logger';
import { createAppEvents } from '../core/sequenced-events';
import type { ChallengeView } from '../../contract/methods/challenge';
import { requireWithCodeCache } from './code-cache';

export type ServicesOptions = { dataDir: string; exportDir?: string; version: string; challengePort: number };
export type ToServices =
  | { type: 'call'; id: number; name: string; input: unknown; context: { transport: 'bridge'; osUser: string } }
  | { type: 'challenge'; id: number; request: ChallengeRequest }
  | { type: 'log'; level: 'info' | 'warn' | 'error'; message: string; fields?: LogFields }
  | { type: 'close' };
export type FromServices =
  | { type: 'ready'; methods: string[] }
  | { type: 'failed'; message: string }
  | { type: 'answer'; id: number; json?: string; error?: string }
  | { type: 'event'; event: unknown }
  | { type: 'closed' };

export async function runPreviewServices(port: MessagePort, options: ServicesOptions): Promise<void> {
  const post = (message: FromServices) => port.postMessage(message);
  const logger = createLogger({ file: join(options.dataDir, 'paydesk.log') });
  let onChallengeReturn: (view: ChallengeView) => void = () => undefined;
  const challenges = createChallenges({ port: options.challengePort, onReturn: (view) => onChallengeReturn(view) });
  let close = () => challenges.close();
  let handlers: Record<string, (input: unknown, context: unknown) => Promise<unknown>> | undefined;
  const answer = (id: number, work: () => unknown) =>
    void Promise.resolve()
      .then(work)
      .then(
        (result) => post({ type: 'answer', id, json: JSON.stringify(result) }),
        (error: unknown) => post({ type: 'answer', id, error: error instanceof Error ? error.message : String(error) }),
      );
  port.on('message', (message: ToServices) => {
    if (message.type === 'log') logger[message.level](message.message, message.fields);
    else if (message.type === 'call') answer(message.id, () => handlers![message.name]!(message.input, message.context));
    else if (message.type === 'challenge') answer(message.id, () => challenges.respond(message.request));
    else if (message.type === 'close') {
      void close().catch(() => undefined).then(() => post({ type: 'closed' }));
    }
  });

  // A large ledger from an older Paydesk is updated first (main/ledger/migrate.ts): say how far.
  let shown = -10;
  const onLedgerMigration = (percent: number) => percent >= shown + 10 && console.log(`Updating your ledger… ${(shown = percent)}%`);
  // The page hears main's events while the app starts (a large ledger's update progress).
  const events = createAppEvents();
  events.subscribe((event) => post({ type: 'event', event }));
  try {
    const loaded = requireWithCodeCache(join(__dirname, 'preview-app.cjs'), join(options.dataDir, 'code-cache'));
    // The cache is written once, 3 s after the start (off the first screen's path), or at close.
    let saved = false;
    const saveCodeCache = () => void (saved || ((saved = true), loaded.save()));
    setTimeout(saveCodeCache, 3000).unref();
    const { startPreviewApp } = loaded.exports as typeof import('./preview-app');
    const app = await startPreviewApp({
      dataDir: options.dataDir, exportDir: options.exportDir, logger, events, version: options.version,
      challenges: { server: challenges, onReturn: (listener) => void (onChallengeReturn = listener) }, onLedgerMigration,
    });
    close = async () => {
      saveCodeCache();
      await app.close();
      await challenges.close();
    };
    handlers = app.handlers as unknown as typeof handlers;
    post({ type: 'ready', methods: Object.keys(app.handlers) });
  } catch (error) {
    post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}
