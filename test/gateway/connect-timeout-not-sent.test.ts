// A money call Paydesk's own time limit (or a cancel) cuts off while it is still connecting was not
// sent, and says so: real servers on loopback that never finish the TLS handshake, finish it only
// after the limit, or take the request and then stall. A front on one port decides per connection
// (stay silent, or pass it to a TLS server that counts the requests and their transaction ids).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { subscribe } from 'node:diagnostics_channel';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { connect, createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGatewayClient } from '../../main/gateway/client';
import { toAppFailure, type GatewayError } from '../../main/gateway/errors';
import { postJson } from '../../main/gateway/transport';
import { createMemoryLogger } from '../../main/log/logger';
import { wordReason } from '../../renderer/src/i18n';
import { trustingFetch } from '../support/trusting-fetch';

// Long enough for a TLS handshake on loopback on a machine under heavy load (at 200 ms, load 25–30 made
// the calls meant to be answered time out too); every wait for it below is one limit or two.
const timeLimitMs = 1_000;
const apiKey = 'sk_test_connect_timeout_1234';
const dir = mkdtempSync(join(tmpdir(), 'paydesk-connect-'));

type Policy = 'silent' | 'pass' | 'late';
/** What the front does with each next connection (the last one repeats). */
let policies: Policy[] = [];
let answer: 'ok' | 'stall' = 'ok';
const seen = { connections: 0, closed: 0, transactionIds: [] as string[], firstBytes: [] as Buffer[] };
const held: Socket[] = [];
/** The ports undici opened a connection to (TCP and TLS done: `undici:client:connected`). */
const connected: string[] = [];
subscribe('undici:client:connected', (message) => connected.push(String((message as { connectParams: { port: string } }).connectParams.port)));

const fronts: TcpServer[] = [];
let tls: HttpsServer;
let baseUrl: string;
let client: ReturnType<typeof createGatewayClient>;

const port = (server: { address(): unknown }) => (server.address() as AddressInfo).port;
const listen = (server: TcpServer | HttpsServer) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
/** Passes `socket` to the TLS server, with what it already sent (`collect` gathered it until then). */
function pass(socket: Socket, already: Buffer[], collect: (chunk: Buffer) => void) {
  const upstream = connect(port(tls), '127.0.0.1', () => {
    socket.off('data', collect);
    for (const chunk of already) upstream.write(chunk);
    socket.pipe(upstream).pipe(socket);
  });
  const end = () => (socket.destroy(), upstream.destroy());
  socket.on('error', end).on('close', end);
  upstream.on('error', end).on('close', end);
}

beforeAll(async () => {
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-days', '2'], { stdio: 'pipe' });
  const cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
  tls = createHttpsServer({ key: readFileSync(join(dir, 'key.pem')), cert }, (req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.transactionIds.push((JSON.parse(body) as { transactionId: string }).transactionId);
      if (answer === 'ok') res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":200,"message":"OK","errorCode":null,"data":{}}');
    });
  });
  await listen(tls);
  client = createGatewayClient({ logger: createMemoryLogger(), timeoutMs: timeLimitMs, fetch: await trustingFetch(cert) });
});

afterAll(async () => {
  for (const socket of held) socket.destroy();
  tls.closeAllConnections();
  await Promise.all([...fronts, tls].map((server) => new Promise((resolve) => server.close(resolve))));
  rmSync(dir, { recursive: true, force: true });
});

/** A new front (its own origin, so no connection undici keeps from another test is used) and the TLS server's answer. */
async function setUp(next: Policy[], then: 'ok' | 'stall') {
  policies = next;
  answer = then;
  Object.assign(seen, { connections: 0, closed: 0, transactionIds: [], firstBytes: [] });
  const front = createTcpServer((socket) => {
    const policy = policies[Math.min(seen.connections++, policies.length - 1)];
    const already: Buffer[] = [];
    const collect = (chunk: Buffer) => (already.length || seen.firstBytes.push(chunk), already.push(chunk));
    socket.on('data', collect).on('error', () => {}).on('close', () => seen.closed++);
    held.push(socket);
    if (policy === 'pass') pass(socket, already, collect);
    // Late: the ClientHello reaches the TLS server only after the time limit has run out.
    if (policy === 'late') setTimeout(() => pass(socket, already, collect), timeLimitMs * 2);
  });
  fronts.push(front);
  await listen(front);
  baseUrl = `https://127.0.0.1:${port(front)}/api/v1`;
}
const refund = (transactionId: string, options?: { signal?: AbortSignal }) =>
  client.refund({ baseUrl, apiKey }, { transactionId, amount: { minor: 1_000, currency: 'SAR' }, reason: 'Damaged' }, options);
const errorOf = (result: { ok: boolean; error?: GatewayError }) => (result.ok ? undefined : result.error);
const notSent = { kind: 'network', mayHaveHappened: false, reasonKey: 'gateway.unreachable', reasonValues: { cause: 'connectTimedOut', code: 'ETIMEDOUT' } };
const until = async (done: () => boolean) => {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('a money call cut off by the time limit while connecting', () => {
  it('to a server that takes the connection but never finishes the TLS handshake was not sent, and says so', async () => {
    await setUp(['silent'], 'ok');
    const error = errorOf(await refund('tx-silent'));
    expect(error).toMatchObject(notSent);
    expect(seen.connections).toBe(1);
    expect(seen.firstBytes[0]?.[0]).toBe(0x16); // a TLS handshake record (the ClientHello), no HTTP
    expect(seen.transactionIds).toEqual([]);

    const reason = toAppFailure(error!).toError().reason!;
    const server = new URL(baseUrl).host;
    expect(wordReason('en', reason)).toBe(`The server ${server} did not answer while Paydesk was connecting to it. Nothing was sent. You can safely try again; if it keeps happening, check the address and your network; a firewall or VPN may be in the way. Details: ETIMEDOUT.`);
    const arabic = wordReason('ar', reason);
    for (const words of [server, 'لم يُجب الخادم', 'أثناء اتصال بايدسك به', 'لم يُرسل شيء.', 'يمكنك المحاولة مرة أخرى دون خطر']) expect(arabic).toContain(words);
  });

  it('whose handshake finishes only after the limit was not sent: the request never follows', async () => {
    await setUp(['late'], 'ok');
    expect(errorOf(await refund('tx-late'))).toMatchObject(notSent);
      // undici finished the handshake after the limit, then dropped the connection without a word.
    await until(() => seen.closed === 1);
    expect(connected).toContain(new URL(baseUrl).port);
    expect(seen.transactionIds).toEqual([]);
  });

  it('cancelled while connecting was cancelled before it was sent', async () => {
    await setUp(['silent'], 'ok');
    const cancel = new AbortController();
    setTimeout(() => cancel.abort(), timeLimitMs / 4);
    expect(errorOf(await refund('tx-cancelled', { signal: cancel.signal }))).toMatchObject({ kind: 'cancelled', mayHaveHappened: false });
    expect(seen.transactionIds).toEqual([]);
  });
});

describe('a money call whose request was written', () => {
  it('and then got no answer in time is outcome unknown, also on a reused connection', async () => {
    await setUp(['pass'], 'ok');
    expect((await refund('tx-answered')).ok).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50)); // undici takes a few turns to make the connection idle again
    answer = 'stall';
    expect(errorOf(await refund('tx-stalled'))).toMatchObject({ kind: 'outcome_unknown', mayHaveHappened: true });
    expect(seen).toMatchObject({ connections: 1, transactionIds: ['tx-answered', 'tx-stalled'] });
  });

  it('is told apart from one running at the same time that was never written', async () => {
    await setUp(['pass', 'silent'], 'stall');
    const [a, b] = await Promise.all([refund('tx-a'), refund('tx-b')]);
    // Each on its own connection (undici may open one more for the aborted written one, and write nothing on it).
    expect(seen.connections).toBeGreaterThanOrEqual(2);
    expect(seen.transactionIds).toHaveLength(1);
    const written = seen.transactionIds[0] === 'tx-a' ? a : b;
    const neverWritten = written === a ? b : a;
    expect(errorOf(written)).toMatchObject({ kind: 'outcome_unknown', mayHaveHappened: true });
    expect(errorOf(neverWritten)).toMatchObject(notSent);
  });
});

it('a fetch that is not undici (no request seen on its channels) cut off by the time limit stays outcome unknown', async () => {
  const hanging = ((_url: URL, init: RequestInit) =>
    new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))) as unknown as typeof fetch;
  const result = await postJson({ fetch: hanging, logger: createMemoryLogger(), timeoutMs: 20 }, { baseUrl: 'https://gw.example/api/v1', apiKey }, 'refund', { transactionId: 'tx-1' });
  expect(result).toMatchObject({ ok: false, error: { kind: 'outcome_unknown', mayHaveHappened: true } });
});
