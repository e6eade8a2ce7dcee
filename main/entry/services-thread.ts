// The main thread's side of the preview's services thread (preview-services.ts): starts it, and
// gives the HTTP servers what they need from it: the handlers (each call passed to the thread and
// its answer awaited), the challenge server's answers, main's events and a logger whose lines the
// thread writes.
import { Worker } from 'node:worker_threads';
import type { Handlers } from '../api/create-handlers';
import { createEventHub, type EventHub } from '../core/event-hub';
import { redact, type Logger } from '../log/logger';
import type { AppEvent } from '../../contract/events';
import type { ChallengeRequest, ChallengeResponse } from '../challenge/challenge-server';
import type { FromServices, ServicesOptions, ToServices } from './preview-services';

export type ServicesThread = {
  /** Resolves once the services have started (rejects with the start's error). */
  handlers: Promise<Handlers>;
  events: EventHub;
  logger: Logger;
  respondChallenge(request: ChallengeRequest): Promise<ChallengeResponse>;
  close(): Promise<void>;
};

/** `file` runs `runPreviewServices` when it is a worker (preview.ts is both). */
export function startServicesThread(file: string, options: ServicesOptions): ServicesThread {
  const worker = new Worker(file, { workerData: options });
  const send = (message: ToServices) => worker.postMessage(message);
  const events = createEventHub();
  const waiting = new Map<number, { resolve(json: string): void; reject(error: Error): void }>();
  let nextId = 0;
  let started = false;
  let onReady: (methods: string[]) => void = () => undefined;
  let onFailed: (error: Error) => void = () => undefined;
  let onClosed = () => undefined as void;
  const methods = new Promise<string[]>((resolve, reject) => ((onReady = resolve), (onFailed = reject)));
  methods.catch(() => undefined); // reported by whoever awaits the handlers

  worker.on('message', (message: FromServices) => {
    if (message.type === 'answer') {
      const call = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.error !== undefined) call?.reject(new Error(message.error));
      else call?.resolve(message.json!);
    } else if (message.type === 'event') events.emit(message.event as AppEvent);
    else if (message.type === 'ready') ((started = true), onReady(message.methods));
    else if (message.type === 'failed') onFailed(new Error(message.message));
    else onClosed();
  });
  // The services thread failing is main's services failing: as when they ran on this thread.
  const stopped = (error: Error) => {
    if (!started) return onFailed(error);
    console.error(`Paydesk preview stopped: ${error.message}`);
    process.exit(1);
  };
  worker.on('error', stopped);
  worker.on('exit', (code) => stopped(new Error(`main's services stopped (exit code ${code})`)));

  /** Sends `message` with a new id and resolves with the thread's answer, parsed. */
  const ask = <T>(message: (id: number) => ToServices) =>
    new Promise<string>((resolve, reject) => {
      const id = ++nextId;
      waiting.set(id, { resolve, reject });
      send(message(id));
    }).then((json) => JSON.parse(json) as T);
  const call = (name: string, input: unknown, context: { transport: 'bridge'; osUser: string }) => ask<unknown>((id) => ({ type: 'call', id, name, input, context }));
  const handlers = methods.then((names) => Object.fromEntries(names.map((name) => [name, (input: unknown, context: { transport: 'bridge'; osUser: string }) => call(name, input, context)])) as unknown as Handlers);

  const log = (level: 'info' | 'warn' | 'error') => (message: string, fields?: Parameters<Logger['info']>[1]) => send({ type: 'log', level, message, fields });
  const logger: Logger = { info: log('info'), warn: log('warn'), error: log('error'), addSecret: () => undefined, redact: (text) => redact(text, []) };

  return {
    handlers,
    events,
    logger,
    respondChallenge: (request) => ask<ChallengeResponse>((id) => ({ type: 'challenge', id, request })),
    close: () =>
      new Promise<void>((resolve) => {
        worker.removeAllListeners('exit');
        worker.once('exit', () => resolve());
        onClosed = () => void worker.terminate();
        setTimeout(() => void worker.terminate(), 5000).unref();
        send({ type: 'close' });
      }),
  };
}
