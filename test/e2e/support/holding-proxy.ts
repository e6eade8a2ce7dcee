// A pass-through in front of the practice gateway that can hold requests "on the wire": those
// whose path matches wait until the test releases them, then go on to the gateway as sent. With it
// a test decides when two laptops' refunds overlap, and can stop a preview while its request is
// held (the request still reaches the gateway when released, as one already sent would).
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type HoldingProxy = {
  /** The gateway's API address through the proxy (same path as the target's). */
  baseUrl: string;
  /** Holds every request whose path matches from now on. */
  hold(path: RegExp): void;
  /** How many requests are held now. */
  held(): number;
  /** Stops holding and sends the held requests on, in the order they came. */
  release(): void;
  close(): Promise<void>;
};

export async function startHoldingProxy(target: string): Promise<HoldingProxy> {
  const to = new URL(target);
  let holding: RegExp | null = null;
  const waiting: Array<() => void> = [];

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    // The gateway answers only requests addressed to itself (Host), as it would behind any proxy.
    const out = request({ host: to.hostname, port: to.port, path: req.url, method: req.method, headers: { ...req.headers, host: to.host } }, (answer) => {
      // The caller may be gone (a killed preview): its answer is dropped, the gateway acted anyway.
      res.on('error', () => undefined);
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on('error', () => res.destroy());
    out.end(body);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('error', () => undefined);
    req.on('end', () => {
      const send = () => forward(req, res, Buffer.concat(chunks));
      if (holding?.test(req.url ?? '')) waiting.push(send);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${to.pathname}`,
    hold: (path) => void (holding = path),
    held: () => waiting.length,
    release() {
      holding = null;
      for (const send of waiting.splice(0)) send();
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
