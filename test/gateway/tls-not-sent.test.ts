// A money call that fails in the TLS handshake was not sent, and says so: real TLS servers on
// loopback (openssl's certificates: self-signed, from an unknown authority, for another name,
// expired, badly signed; and a plain HTTP server on an https:// address), each counting the HTTP
// requests that reached it. A connection cut after the request was written is not "not sent".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGatewayClient } from '../../main/gateway/client';
import { toAppFailure } from '../../main/gateway/errors';
import { postJson } from '../../main/gateway/transport';
import { createMemoryLogger } from '../../main/log/logger';
import { wordReason } from '../../renderer/src/i18n';
import { trustingFetch } from '../support/trusting-fetch';

const dir = mkdtempSync(join(tmpdir(), 'paydesk-tls-'));
const file = (name: string) => join(dir, name);
const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

/** An authority (self-signed, CA:TRUE). */
const authority = (name: string) => openssl('req', '-x509', ...ec, '-keyout', file(`${name}.key`), '-out', file(`${name}.crt`), '-subj', `/CN=Paydesk test ${name}`, '-days', '2');
/** A certificate `issuer` signed: for 127.0.0.1 unless `altName` says otherwise, valid for `days` (-1: expired a day before it starts). */
function certificate(name: string, issuer: string, options: { altName?: string; days?: number; ca?: boolean } = {}) {
  openssl('req', ...ec, '-keyout', file(`${name}.key`), '-out', file(`${name}.csr`), '-subj', `/CN=${name}`);
  writeFileSync(file(`${name}.ext`), options.ca ? 'basicConstraints=critical,CA:TRUE\n' : `subjectAltName=${options.altName ?? 'IP:127.0.0.1'}\n`);
  openssl('x509', '-req', '-in', file(`${name}.csr`), '-CA', file(`${issuer}.crt`), '-CAkey', file(`${issuer}.key`), '-CAcreateserial', '-out', file(`${name}.crt`), '-days', String(options.days ?? 2), '-extfile', file(`${name}.ext`));
}
/**
 * A certificate `issuer` signed that starts in 2099: to this computer it is not valid yet, as a
 * gateway's new certificate is to a laptop whose clock is behind (OpenSSL 3.0's x509 cannot set a
 * start date; its `ca` command can, with a throwaway database).
 */
function notYetValid(name: string, issuer: string) {
  openssl('req', ...ec, '-keyout', file(`${name}.key`), '-out', file(`${name}.csr`), '-subj', `/CN=${name}`);
  writeFileSync(file(`${name}.ext`), 'subjectAltName=IP:127.0.0.1\n');
  writeFileSync(file(`${name}.index`), '');
  writeFileSync(file(`${name}.serial`), '01\n');
  writeFileSync(file(`${name}.cnf`), `[ca]\ndefault_ca = t\n[t]\ndatabase = ${file(`${name}.index`)}\nnew_certs_dir = ${dir}\nserial = ${file(`${name}.serial`)}\ndefault_md = sha256\npolicy = p\nunique_subject = no\n[p]\ncommonName = supplied\n`);
  openssl('ca', '-batch', '-config', file(`${name}.cnf`), '-cert', file(`${issuer}.crt`), '-keyfile', file(`${issuer}.key`), '-in', file(`${name}.csr`), '-out', file(`${name}.crt`), '-startdate', '20991231000000Z', '-enddate', '21000101000000Z', '-extfile', file(`${name}.ext`));
}
const pem = (...names: string[]) => names.map((name) => readFileSync(file(`${name}.crt`), 'utf8')).join('');

/** The certificate with one byte of its signature changed: its issuer's check of it fails. */
function badlySigned(name: string) {
  const der = openssl('x509', '-in', file(`${name}.crt`), '-outform', 'DER');
  der[der.length - 3]! ^= 0x01; // inside the signature, the last element of the certificate
  writeFileSync(file(`${name}-bad.der`), der);
  openssl('x509', '-inform', 'DER', '-in', file(`${name}-bad.der`), '-out', file(`${name}-bad.crt`));
  writeFileSync(file(`${name}-bad.key`), readFileSync(file(`${name}.key`)));
}

const servers: Server[] = [];
/** An HTTPS server with `name`'s certificate (and `chain` after it), counting the requests that reach it; `onRequest` answers them. */
async function httpsServer(name: string, chain: string[] = [], onRequest?: (res: import('node:http').ServerResponse) => void) {
  const seen = { requests: 0 };
  const server = createHttpsServer({ key: readFileSync(file(`${name}.key`)), cert: pem(name, ...chain) }, (req, res) => {
    seen.requests++;
    req.resume();
    req.on('end', () => (onRequest ? onRequest(res) : res.writeHead(500).end()));
  });
  return { seen, url: await listen(server) };
}
async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `https://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
}

let client: ReturnType<typeof createGatewayClient>;
const apiKey = 'sk_test_tls_not_sent_1234';
const refund = (baseUrl: string) => client.refund({ baseUrl, apiKey }, { transactionId: 'tx-1', amount: { minor: 1_000, currency: 'SAR' }, reason: 'Damaged' });

beforeAll(async () => {
  authority('ca');
  authority('unknownCa');
  certificate('good', 'ca');
  certificate('strange', 'unknownCa');
  certificate('unknownIntermediate', 'unknownCa', { ca: true });
  certificate('viaIntermediate', 'unknownIntermediate');
  certificate('otherName', 'ca', { altName: 'DNS:gateway.example' });
  certificate('expired', 'ca', { days: -1 });
  notYetValid('notYetValid', 'ca');
  certificate('tampered', 'ca');
  badlySigned('tampered');
  openssl('req', '-x509', ...ec, '-keyout', file('selfSigned.key'), '-out', file('selfSigned.crt'), '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-days', '2');
  client = createGatewayClient({ logger: createMemoryLogger(), timeoutMs: 10_000, fetch: await trustingFetch(pem('ca')) });
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections?.(); // not a plain TCP server's
    await new Promise((resolve) => server.close(resolve));
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('a money call that fails in the TLS handshake', () => {
  it.each([
    ['a self-signed certificate', 'selfSigned', [], 'certUntrusted', 'DEPTH_ZERO_SELF_SIGNED_CERT'],
    ['a certificate from an authority this computer does not know', 'strange', [], 'certUntrusted', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE'],
    ['that certificate sent with its unknown authority', 'strange', ['unknownCa'], 'certUntrusted', 'SELF_SIGNED_CERT_IN_CHAIN'],
    ['a certificate from an intermediate whose authority is not known', 'viaIntermediate', ['unknownIntermediate'], 'certUntrusted', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY'],
    ['a certificate whose signature does not match its authority', 'tampered-bad', [], 'certUntrusted', 'CERT_SIGNATURE_FAILURE'],
    ['a certificate made out to another name', 'otherName', [], 'certName', 'ERR_TLS_CERT_ALTNAME_INVALID'],
    ['an expired certificate', 'expired', [], 'certExpired', 'CERT_HAS_EXPIRED'],
    // walk40: a laptop whose clock is behind the certificate's start; it was "The connection failed", no cause, no date named.
    ['a certificate not valid yet on this computer’s clock', 'notYetValid', [], 'certDate', 'CERT_NOT_YET_VALID'],
  ])('with %s was not sent, and no request reached the server', async (_what, name, chain, cause, code) => {
    const { seen, url } = await httpsServer(name, chain);
    const result = await refund(url);
    expect(result).toMatchObject({ ok: false, error: { kind: 'network', mayHaveHappened: false, reasonKey: 'gateway.unreachable', reasonValues: { cause, code } } });
    expect(seen.requests).toBe(0);
    const reason = !result.ok ? toAppFailure(result.error).toError().reason! : undefined;
    expect(wordReason('en', reason!)).toContain('Nothing was sent.');
    expect(wordReason('ar', reason!)).toContain('لم يُرسل شيء.');
  });

  it('to an https:// address a plain HTTP server answers was not sent, and no request reached it', async () => {
    const seen = { requests: 0, connections: 0 };
    const server = createHttpServer((_req, res) => {
      seen.requests++;
      res.end('{}');
    });
    server.on('connection', () => seen.connections++);
    const url = await listen(server);
    const result = await refund(url);
    expect(result).toMatchObject({ ok: false, error: { kind: 'network', mayHaveHappened: false, reasonValues: { cause: 'notTls', code: 'ERR_SSL_WRONG_VERSION_NUMBER' } } });
    expect(seen).toEqual({ requests: 0, connections: 1 }); // it was reached, and read no request
  });

  it('cut in the middle of the handshake was not sent: the same reset after the handshake would not be', async () => {
    const seen = { helloes: 0 };
    const cutter = createTcpServer((socket) => socket.once('data', () => {
      seen.helloes++; // the ClientHello: no request can follow before the handshake ends
      socket.resetAndDestroy();
    }));
    servers.push(cutter as unknown as Server);
    await new Promise<void>((resolve) => cutter.listen(0, '127.0.0.1', resolve));
    const result = await refund(`https://127.0.0.1:${(cutter.address() as AddressInfo).port}/api/v1`);
    expect(result).toMatchObject({ ok: false, error: { kind: 'network', mayHaveHappened: false, reasonValues: { cause: 'reset', code: 'ECONNRESET' } } });
    expect(seen.helloes).toBe(1);
  });

  it('is told apart from one cut after the request was written: that one may have been processed', async () => {
    // The same trusted server first answers (so the handshake and the count work), then cuts the connection on the request.
    const answered = await httpsServer('good', [], (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":200,"message":"OK","errorCode":null,"data":{}}'));
    expect((await refund(answered.url)).ok).toBe(true);
    expect(answered.seen.requests).toBe(1);
    const cut = await httpsServer('good', [], (res) => res.socket?.destroy());
    const result = await refund(cut.url);
    expect(result).toMatchObject({ ok: false, error: { kind: 'outcome_unknown', mayHaveHappened: true } });
    expect(cut.seen.requests).toBe(1);
  });
});

describe('a failure whose code alone does not say the request never left', () => {
  /** Node's fetch failing with `cause` after its connection opened (not a failure undici reported as one to connect). */
  const failingAfterConnect = (cause: Record<string, string>) =>
    (async () => {
      throw Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error(cause.code), cause) });
    }) as unknown as typeof fetch;
  const moneyCall = (cause: Record<string, string>) =>
    postJson({ fetch: failingAfterConnect(cause), logger: createMemoryLogger(), timeoutMs: 1_000 }, { baseUrl: 'https://gw.example/api/v1', apiKey }, 'refund', { transactionId: 'tx-1' });

  it.each([
    // OpenSSL raises these for any record, also one that comes after the request (a broken answer).
    [{ code: 'ERR_SSL_WRONG_VERSION_NUMBER' }],
    [{ code: 'ERR_SSL_PACKET_LENGTH_TOO_LONG' }],
    [{ code: 'ECONNRESET', syscall: 'read' }],
    [{ code: 'ETIMEDOUT', syscall: 'read' }],
    // Linux reports an ICMP error on an open connection so, when it gives up on it.
    [{ code: 'EHOSTUNREACH', syscall: 'read' }],
    [{ code: 'ECONNREFUSED', syscall: 'read' }],
  ])('%o is outcome unknown', async (cause) => {
    expect(await moneyCall(cause)).toMatchObject({ ok: false, error: { kind: 'outcome_unknown', mayHaveHappened: true } });
  });

  it('the same refusal or no route from connecting is not sent', async () => {
    for (const code of ['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']) {
      expect(await moneyCall({ code, syscall: 'connect' }), code).toMatchObject({ ok: false, error: { kind: 'network', mayHaveHappened: false, reasonKey: 'gateway.unreachable' } });
    }
  });
});
