// Keys go into the real OS keychain (Secret Service through keytar), come back only inside
// main, can be replaced and removed, and never land in the profiles file or the log.
import { afterAll, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import keytar from 'keytar';
import { createMemoryLogger } from '../../main/log/logger';
import { createKeyVault, keychainService } from '../../main/vault/key-vault';
import { ctx, profileApp, sandboxInput } from '../profiles/support';
import { describeWithKeychain } from './support/keychain';

const accounts: string[] = [];
afterAll(async () => {
  for (const account of accounts) await keytar.deletePassword(keychainService, account).catch(() => false);
});

const everythingIn = (dir: string) => readdirSync(dir).map((f) => readFileSync(join(dir, f), 'utf8')).join('\n');

describeWithKeychain('key vault on the real keychain', () => {
  it('stores, reads back, replaces and removes a key under service "Paydesk", account = profile id', async () => {
    const vault = createKeyVault({ logger: createMemoryLogger() });
    const account = `test-${randomUUID()}`;
    accounts.push(account);
    expect(await vault.problem()).toBeNull();
    await vault.store(account, 'sk_test_first_0000aaaa');
    expect(await keytar.getPassword('Paydesk', account)).toBe('sk_test_first_0000aaaa');
    expect(await vault.read(account)).toBe('sk_test_first_0000aaaa');
    await vault.store(account, 'sk_test_second_1111bbbb');
    expect(await vault.read(account)).toBe('sk_test_second_1111bbbb');
    expect(await vault.remove(account)).toBe(true);
    expect(await vault.read(account)).toBeNull();
    expect(await vault.remove(account)).toBe(false);
  });

  it('sets, replaces and removes a profile key: main reads it, the renderer sees only the last four', async () => {
    const { handlers, store, dataDir, logger } = profileApp({ vault: createKeyVault({ logger: createMemoryLogger() }) });
    const created = await handlers.createProfile(sandboxInput, ctx);
    if (!created.ok) throw new Error(created.error.message);
    const id = created.value.id;
    accounts.push(id);
    await handlers.switchProfile({ id }, ctx);

    const first = 'sk_test_Recognisable_KEY_9f3a';
    const set = await handlers.setProfileKey({ id, key: ` ${first} ` }, ctx);
    expect(set).toEqual({ ok: true, value: { profile: expect.objectContaining({ id, key: { configured: true, lastFour: '9f3a' } }), check: null } });
    expect(await keytar.getPassword('Paydesk', id)).toBe(first);
    expect((await store.activeConnection()).connection).toEqual({ baseUrl: sandboxInput.baseUrl, apiKey: first, pathOverrides: {}, profileName: sandboxInput.name });

    const second = 'sk_test_Replacement_KEY_77c1';
    await handlers.setProfileKey({ id, key: second }, ctx);
    expect((await store.activeConnection()).connection.apiKey).toBe(second);
    expect(await handlers.getActiveProfile({}, ctx)).toMatchObject({ ok: true, value: { key: { configured: true, lastFour: '77c1' } } });

    const removed = await handlers.removeProfileKey({ id }, ctx);
    expect(removed).toMatchObject({ ok: true, value: { key: { configured: false, lastFour: null } } });
    expect(await keytar.getPassword('Paydesk', id)).toBeNull();
    await expect(store.activeConnection()).rejects.toMatchObject({ code: 'key_missing' });

    const written = everythingIn(dataDir) + logger.lines.join('\n');
    for (const key of [first, second]) expect(written).not.toContain(key);
  });

  it('removes the key from the keychain together with its profile', async () => {
    const { handlers } = profileApp({ vault: createKeyVault({ logger: createMemoryLogger() }) });
    const created = await handlers.createProfile(sandboxInput, ctx);
    if (!created.ok) throw new Error(created.error.message);
    accounts.push(created.value.id);
    await handlers.setProfileKey({ id: created.value.id, key: 'sk_test_goes_with_profile' }, ctx);
    expect(await handlers.removeProfile({ id: created.value.id }, ctx)).toMatchObject({ ok: true });
    expect(await keytar.getPassword('Paydesk', created.value.id)).toBeNull();
  });

  it('reports the keychain as available', async () => {
    const { handlers } = profileApp({ vault: createKeyVault({ logger: createMemoryLogger() }) });
    expect(await handlers.getKeychainStatus({}, ctx)).toEqual({ ok: true, value: { available: true, message: null } });
  });
});
