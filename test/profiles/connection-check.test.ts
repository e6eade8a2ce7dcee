// "Test the connection" tells a refused key from an unreachable gateway, over real HTTP on
// loopback: the real gateway client against the real practice gateway and small servers
// that misbehave in one way each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGatewayClient } from '../../main/gateway/client';
import { createMemoryLogger } from '../../main/log/logger';
import { startPracticeGateway, type PracticeGateway } from '../../main/practice/embedded';
import { checkConnection, probeOrderPrefix, type StatusProbe } from '../../main/profiles/connection-check';
import { createKeyVault } from '../../main/vault/key-vault';
import { ctx, profileApp, sandboxInput } from './support';

const logger = createMemoryLogger();
const client = createGatewayClient({ logger });
const probe: StatusProbe = (conn, request, options) => client.status(conn, request, options);

let gateway: PracticeGateway;
const servers: Server[] = [];
const seen: Array<{ url?: string; key?: string | string[]; body: string }> = [];

async function serve(answer: (res: import('node:http').ServerResponse) => void): Promise<string> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      seen.push({ url: req.url, key: req.headers['x-api-key'], body });
      answer(res);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
}

beforeAll(async () => {
  gateway = await startPracticeGateway({ logger });
});
afterAll(async () => {
  await gateway?.close();
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('connection check', () => {
  it('accepts a key the gateway takes, without creating anything', async () => {
    const check = await checkConnection(probe, { baseUrl: gateway.baseUrl, apiKey: gateway.apiKey });
    expect(check.outcome).toBe('accepted');
    expect(gateway.records()).toEqual([]);
  });

  it('says "key rejected" when the gateway refuses the key', async () => {
    const check = await checkConnection(probe, { baseUrl: gateway.baseUrl, apiKey: 'sk_test_not_the_right_key' });
    expect(check.outcome).toBe('key_rejected');
    expect(check.message).toContain('refused this API key');
  });

  it('says "unreachable" when nothing listens', async () => {
    const closed = await serve(() => undefined);
    const server = servers.pop()!;
    await new Promise((resolve) => server.close(resolve));
    const check = await checkConnection(probe, { baseUrl: closed, apiKey: 'sk_test_anything_12' });
    expect(check.outcome).toBe('unreachable');
    expect(check.message).toContain('ECONNREFUSED');
  });

  it('says "timeout" when the gateway does not answer in time, with the server and its code as every failed connection', async () => {
    const silent = await serve(() => undefined);
    const check = await checkConnection(probe, { baseUrl: silent, apiKey: 'sk_test_anything_12' }, 300);
    expect(check.outcome).toBe('timeout');
    // It said "The gateway did not answer in time. Check the base URL…", with no server and no code.
    expect(check.message).toBe(`The server ${new URL(silent).host} did not answer in time. Check the address and your network; a firewall or VPN may be in the way. The key itself was not checked. Details: ETIMEDOUT.`);
  });

  it('says a time-out with the transport\'s words for it (its server and code), not ones of its own', async () => {
    const values = { cause: 'timedOut', serverName: 'gw.example', server: 'gw.example:8443', code: 'ETIMEDOUT' };
    const timedOut: StatusProbe = async () => ({ ok: false, error: { kind: 'timeout', message: 'no answer', reasonValues: values } });
    const check = await checkConnection(timedOut, { baseUrl: 'https://gw.example:8443/api/v1', apiKey: 'sk_test_anything_12' });
    expect(check).toMatchObject({ outcome: 'timeout', reason: { key: 'connection.unreachable', values } });
    // Without the transport's values there is nothing to name: said plainly, never made up here.
    const bare: StatusProbe = async () => ({ ok: false, error: { kind: 'timeout', message: 'no answer' } });
    expect(await checkConnection(bare, { baseUrl: 'https://gw.example:8443/api/v1', apiKey: 'sk_test_anything_12' })).toMatchObject({ outcome: 'timeout', reason: { key: 'connection.failed' } });
  });

  it('names the cause and its code on a port fetch never connects to (the walk’s http://127.0.0.1:9/api/v1)', async () => {
    const check = await checkConnection(probe, { baseUrl: 'http://127.0.0.1:9/api/v1', apiKey: 'sk_test_anything_12' });
    expect(check).toMatchObject({ outcome: 'unreachable', reason: { key: 'connection.unreachable', values: { cause: 'unsafePort', code: 'ERR_UNSAFE_PORT' } } });
    expect(check.message).toMatch(/^Paydesk does not connect to 127\.0\.0\.1:9: .* Details: ERR_UNSAFE_PORT\.$/);
  });

  it('says an https:// address that a plain http server answers did not answer over HTTPS, with its code', async () => {
    const plain = (await serve((res) => res.end('{}'))).replace('http:', 'https:');
    const check = await checkConnection(probe, { baseUrl: plain, apiKey: 'sk_test_anything_12' });
    expect(check).toMatchObject({ outcome: 'unreachable', reason: { values: { cause: 'notTls', code: 'ERR_SSL_WRONG_VERSION_NUMBER' } } });
    expect(check.message).toMatch(/^The server 127\.0\.0\.1:\d+ did not answer over HTTPS \(TLS\)\. /);
  });

  it('does not call a server error or a web page an accepted key', async () => {
    const failing = await serve((res) => res.writeHead(503, { 'content-type': 'application/json' }).end('{"code":503,"message":"down","errorCode":"UNAVAILABLE"}'));
    expect((await checkConnection(probe, { baseUrl: failing, apiKey: 'sk_test_anything_12' })).outcome).toBe('unreachable');
    const page = await serve((res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Welcome</html>'));
    const check = await checkConnection(probe, { baseUrl: page, apiKey: 'sk_test_anything_12' });
    expect(check).toMatchObject({ outcome: 'unreachable', message: expect.stringContaining('base URL') });
  });

  it('asks for the status of an order that cannot exist, at the overridden path', async () => {
    const notFound = await serve((res) => res.writeHead(404, { 'content-type': 'application/json' }).end('{"code":404,"message":"Not found","errorCode":"NOT_FOUND"}'));
    seen.length = 0;
    const check = await checkConnection(probe, { baseUrl: notFound, apiKey: 'sk_test_anything_12', pathOverrides: { status: '/query' } }); // relative to the base URL
    expect(check.outcome).toBe('accepted');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe('/api/v1/query');
    expect(JSON.parse(seen[0]!.body).orderId).toMatch(new RegExp(`^${probeOrderPrefix}[0-9a-f-]{36}$`));
  });

  it('tests the practice profile with no setup and no keychain; a profile without a key gets key_missing', async () => {
    const { handlers } = profileApp({ practice: { baseUrl: gateway.baseUrl, apiKey: gateway.apiKey }, probe });
    expect(await handlers.testConnection({ id: 'practice' }, ctx)).toMatchObject({ ok: true, value: { outcome: 'accepted' } });
    const created = await handlers.createProfile(sandboxInput, ctx);
    if (!created.ok) throw new Error(created.error.message);
    expect(await handlers.testConnection({ id: created.value.id }, ctx)).toMatchObject({ ok: false, error: { code: 'key_missing' } });
  });

  it('tests a sandbox profile on a gateway on this computer over http (the practice gateway as a developer’s sandbox)', async () => {
    const keys = new Map<string, string>();
    const vault = createKeyVault({ logger, backend: { getPassword: async (_s, a) => keys.get(a) ?? null, setPassword: async (_s, a, k) => void keys.set(a, k), deletePassword: async (_s, a) => keys.delete(a) } });
    const { handlers } = profileApp({ practice: { baseUrl: gateway.baseUrl, apiKey: gateway.apiKey }, probe, vault });
    expect(gateway.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    const created = await handlers.createProfile({ ...sandboxInput, baseUrl: gateway.baseUrl }, ctx);
    if (!created.ok) throw new Error(created.error.message);
    const keyed = await handlers.setProfileKey({ id: created.value.id, key: gateway.apiKey, testConnection: true }, ctx);
    expect(keyed).toMatchObject({ ok: true, value: { check: { outcome: 'accepted', reason: { key: 'connection.accepted' } } } });
    expect(await handlers.testConnection({ id: created.value.id }, ctx)).toMatchObject({ ok: true, value: { outcome: 'accepted' } });
    const wrong = await handlers.setProfileKey({ id: created.value.id, key: 'sk_test_not_the_right_key', testConnection: true }, ctx);
    // The profile and the key's last four named, as gateway.keyRejectedOf names them (walk25).
    expect(wrong).toMatchObject({ ok: false, error: { code: 'key_rejected', fieldReasons: { key: { key: 'connection.keyRejectedOf', values: { profile: sandboxInput.name, lastFour: '_key' } } } } });
    // A production profile never talks http, not even on loopback.
    const live = await handlers.createProfile({ ...sandboxInput, name: 'Live', environment: 'production', baseUrl: gateway.baseUrl }, ctx);
    expect(live).toMatchObject({ ok: false, error: { fieldReasons: { baseUrl: { key: 'profile.baseUrlHttp', values: { environment: 'production' } } } } });
  });
});
