// Saving a key with consent to test it: a refused key is not stored; an unreachable gateway
// says nothing about the key, so it is stored and the answer says so. Real keychain, real
// practice gateway on loopback (the sandbox host is routed to it: https cannot run here).
import { afterAll, beforeAll, expect, it } from 'vitest';
import keytar from 'keytar';
import { createGatewayClient } from '../../main/gateway/client';
import { createMemoryLogger } from '../../main/log/logger';
import { startPracticeGateway, type PracticeGateway } from '../../main/practice/embedded';
import type { StatusProbe } from '../../main/profiles/connection-check';
import { createKeyVault, keychainService } from '../../main/vault/key-vault';
import { ctx, profileApp, sandboxInput } from '../profiles/support';
import { describeWithKeychain } from './support/keychain';

let gateway: PracticeGateway;
let reachable = true;
const ids: string[] = [];
const client = createGatewayClient({ logger: createMemoryLogger() });
const probe: StatusProbe = (conn, request, options) =>
  client.status({ ...conn, baseUrl: reachable ? gateway.baseUrl : 'http://127.0.0.1:9/api/v1' }, request, options);

beforeAll(async () => {
  gateway = await startPracticeGateway({ logger: createMemoryLogger() });
});
afterAll(async () => {
  await gateway?.close();
  for (const id of ids) await keytar.deletePassword(keychainService, id).catch(() => false);
});

async function sandboxProfile() {
  const app = profileApp({ vault: createKeyVault({ logger: createMemoryLogger() }), probe });
  const created = await app.handlers.createProfile(sandboxInput, ctx);
  if (!created.ok) throw new Error(created.error.message);
  ids.push(created.value.id);
  return { ...app, id: created.value.id };
}

describeWithKeychain('setting a key with a connection test', () => {
  it('stores a key the gateway accepts', async () => {
    reachable = true;
    const { handlers, id } = await sandboxProfile();
    const result = await handlers.setProfileKey({ id, key: gateway.apiKey, testConnection: true }, ctx);
    expect(result).toMatchObject({ ok: true, value: { check: { outcome: 'accepted' }, profile: { key: { configured: true, lastFour: gateway.apiKey.slice(-4) } } } });
    expect(await keytar.getPassword(keychainService, id)).toBe(gateway.apiKey);
    expect(await handlers.testConnection({ id }, ctx)).toMatchObject({ ok: true, value: { outcome: 'accepted' } });
  });

  it('does not store a key the gateway refuses, and says so next to the key field', async () => {
    reachable = true;
    const { handlers, id } = await sandboxProfile();
    const result = await handlers.setProfileKey({ id, key: 'sk_test_Wrong_Key_0000', testConnection: true }, ctx);
    expect(result).toMatchObject({ ok: false, error: { code: 'key_rejected', fields: { key: expect.stringContaining('refused') } } });
    expect(await keytar.getPassword(keychainService, id)).toBeNull();
    expect(await handlers.getActiveProfile({}, ctx)).toMatchObject({ ok: true, value: { id: 'practice' } });
  });

  it('stores the key when the gateway is unreachable, and reports that it was not checked', async () => {
    reachable = false;
    const { handlers, id } = await sandboxProfile();
    const result = await handlers.setProfileKey({ id, key: 'sk_test_Offline_Key_1234', testConnection: true }, ctx);
    expect(result).toMatchObject({ ok: true, value: { check: { outcome: 'unreachable', message: expect.stringContaining('not checked') }, profile: { key: { configured: true } } } });
    expect(await handlers.testConnection({ id }, ctx)).toMatchObject({ ok: false, error: { code: 'network' } });
    reachable = true;
    expect(await handlers.testConnection({ id }, ctx)).toMatchObject({ ok: false, error: { code: 'key_rejected' } });
  });
});
