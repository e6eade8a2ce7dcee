// One laptop's way to the shared practice gateway in the two-laptop crash test: a pass-through
// that can trap that laptop's next money-moving request (a sale, capture, void or refund), either
// before it reaches the gateway ("on the wire") or after the gateway answered (the answer held
// back), so the test can SIGKILL the laptop at exactly that moment. A trapped request is then
// sent on (the gateway acts, nobody hears its answer) or dropped (it never arrives). A request
// the laptop had not finished sending when it died is never forwarded, as on a real network.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TrapMode = 'request' | 'answer';

export type CrashProxy = {
  /** The gateway's API address through this proxy (the target's path). */
  baseUrl: string;
  /** Traps the next money-moving request; resolves once it is held (before or after the gateway acted). */
  trap(mode: TrapMode): Promise<void>;
  /** Stops trapping; a request held before the gateway is sent on (`forward`) or dropped. */
  release(forward: boolean): void;
  /** Resolves when nothing is on its way to or from the gateway (held ones excepted: release them first). */
  idle(): Promise<void>;
  close(): Promise<void>;
};

const moneyPath = /\/s2s\/(sale|capture|void|refund)$/;

export async function startCrashProxy(target: string): Promise<CrashProxy> {
  const to = new URL(target);
  let trapping: { mode: TrapMode; held: () => void } | null = null;
  let heldRequest: { send: () => void; drop: () => void } | null = null;
  let heldAnswer: (() => void) | null = null;
  let outstanding = 0;
  let wakeIdle: Array<() => void> = [];
  const done = () => {
    outstanding -= 1;
    if (outstanding === 0) for (const wake of wakeIdle.splice(0)) wake();
  };

  /** Sends the request on; `onAnswer` decides what to do with the gateway's answer. */
  const forward = (req: IncomingMessage, body: Buffer, onAnswer: (status: number, headers: NodeJS.Dict<string | string[]>, payload: Buffer) => void) => {
    outstanding += 1;
    const out = request({ host: to.hostname, port: to.port, path: req.url, method: req.method, headers: { ...req.headers, host: to.host } }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        onAnswer(answer.statusCode ?? 502, answer.headers, Buffer.concat(chunks));
        done();
      });
      answer.on('error', done);
    });
    out.on('error', () => {
      onAnswer(502, {}, Buffer.from('{}'));
      done();
    });
    out.end(body);
  };
  const reply = (res: ServerResponse) => (status: number, headers: NodeJS.Dict<string | string[]>, payload: Buffer) => {
    // The caller may be gone (a killed laptop): its answer is dropped, the gateway acted anyway.
    res.on('error', () => undefined);
    if (res.destroyed) return;
    res.writeHead(status, headers);
    res.end(payload);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('error', () => undefined);
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const trap = moneyPath.test(req.url ?? '') ? trapping : null;
      if (!trap) return forward(req, body, reply(res));
      trapping = null;
      if (trap.mode === 'request') {
        heldRequest = { send: () => forward(req, body, reply(res)), drop: () => res.destroy() };
        trap.held();
        return;
      }
      forward(req, body, (...answer) => {
        heldAnswer = () => reply(res)(...answer);
        trap.held();
      });
    });
  });
  // Keep-alive sockets of a killed laptop must not hold close() up.
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${to.pathname}`,
    trap: (mode) => new Promise<void>((held) => void (trapping = { mode, held })),
    release(forwardIt) {
      trapping = null;
      const request = heldRequest;
      heldRequest = null;
      if (request) (forwardIt ? request.send : request.drop)();
      // An answer held back goes to whoever still listens (nobody, once the laptop was killed).
      const answer = heldAnswer;
      heldAnswer = null;
      answer?.();
    },
    idle: () => (outstanding === 0 ? Promise.resolve() : new Promise<void>((wake) => wakeIdle.push(wake))),
    close: () => new Promise<void>((resolve) => {
      wakeIdle = [];
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
