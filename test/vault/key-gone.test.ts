// A key the profiles file records (its last four) but the real keychain no longer holds (the
// keychain reset or another one, the entry deleted by hand, a restored profiles file): Settings'
// look at the keychain and the first gateway call both say so, by its last four and never the
// key, and setting it again clears it. A keychain that cannot be read is never taken for an empty one.
// It said "Configured, ends in JokG" while every call failed with "has no API key yet".
import { afterAll, expect, it } from 'vitest';
import keytar from 'keytar';
import { createMemoryLogger } from '../../main/log/logger';
import { createKeyVault, keychainService } from '../../main/vault/key-vault';
import { absentKeychainVault, ctx, profileApp, sandboxInput } from '../profiles/support';
import { describeWithKeychain } from './support/keychain';

const accounts: string[] = [];
afterAll(async () => {
  for (const account of accounts) await keytar.deletePassword(keychainService, account).catch(() => false);
});

const key = 'sk_test_Gone_From_Keychain_JokG';

/** A sandbox profile with its key set in the real keychain, then the entry deleted behind Paydesk's back. */
async function profileWhoseKeyWentAway() {
  const app = profileApp({ vault: createKeyVault({ logger: createMemoryLogger() }) });
  const created = await app.handlers.createProfile(sandboxInput, ctx);
  if (!created.ok) throw new Error(created.error.message);
  const id = created.value.id;
  accounts.push(id);
  await app.handlers.switchProfile({ id }, ctx);
  expect(await app.handlers.setProfileKey({ id, key }, ctx)).toMatchObject({ ok: true });
  expect(await keytar.deletePassword(keychainService, id)).toBe(true);
  return { ...app, id };
}

const keyOf = async (app: Awaited<ReturnType<typeof profileWhoseKeyWentAway>>) => {
  const list = await app.handlers.listProfiles({}, ctx);
  if (!list.ok) throw new Error(list.error.message);
  return list.value.profiles.find((p) => p.id === app.id)!.key;
};

describeWithKeychain('a recorded key the keychain no longer holds', () => {
  it('Settings\' look at the keychain marks it missing, keeps its last four, and sends no key', async () => {
    const app = await profileWhoseKeyWentAway();
    const before = app.events.length;
    expect(await app.handlers.getKeychainStatus({}, ctx)).toEqual({ ok: true, value: { available: true, message: null } });
    expect(await keyOf(app)).toEqual({ configured: true, lastFour: 'JokG', notInKeychain: true });
    // The header and Settings reload on it; a second look that finds the same sends nothing more.
    expect(app.events.slice(before)).toEqual([{ type: 'profiles.changed' }]);
    await app.handlers.getKeychainStatus({}, ctx);
    expect(app.events.length).toBe(before + 1);
    expect(JSON.stringify(await app.handlers.listProfiles({}, ctx))).not.toContain(key);
  });

  it('a gateway call says the key ending JokG is gone and points to Settings; the list learns it too', async () => {
    const app = await profileWhoseKeyWentAway();
    const failed = await app.store.activeConnection().then(() => null, (e: unknown) => e);
    expect(failed).toMatchObject({ code: 'key_missing', extra: { reason: { key: 'profile.keyGone', values: { profile: sandboxInput.name, lastFour: 'JokG' } } } });
    expect((failed as Error).message).toBe(`The API key ending JokG of the profile "${sandboxInput.name}" is no longer in this computer’s keychain, so nothing was sent. Set the key again in Settings (the profile’s "Set key").`);
    expect(await keyOf(app)).toMatchObject({ notInKeychain: true });
    const tested = await app.handlers.testConnection({ id: app.id }, ctx);
    expect(tested).toMatchObject({ ok: false, error: { code: 'key_missing', reason: { key: 'profile.keyGone' } } });
  });

  it('setting the key again clears the mark', async () => {
    const app = await profileWhoseKeyWentAway();
    await app.handlers.getKeychainStatus({}, ctx);
    await app.handlers.setProfileKey({ id: app.id, key: 'sk_test_Set_Again_9c2d' }, ctx);
    expect(await keyOf(app)).toEqual({ configured: true, lastFour: '9c2d' });
    const { connection } = await app.store.activeConnection();
    expect(connection.apiKey).toBe('sk_test_Set_Again_9c2d');
    // Carried so a refused key is said with the profile's name (walk23; test/gateway/client.test.ts).
    expect(connection.profileName).toBe(sandboxInput.name);
  });

  it('a key put back by hand is found again on the next look', async () => {
    const app = await profileWhoseKeyWentAway();
    await app.handlers.getKeychainStatus({}, ctx);
    await keytar.setPassword(keychainService, app.id, key);
    await app.handlers.getKeychainStatus({}, ctx);
    expect(await keyOf(app)).toEqual({ configured: true, lastFour: 'JokG' });
  });

  it('a keychain that cannot be read is said to be unavailable, and no key is called missing', async () => {
    const app = await profileWhoseKeyWentAway();
    // The same profiles file, opened where the keychain cannot be reached (locked, no Secret Service).
    const locked = profileApp({ dataDir: app.dataDir, vault: absentKeychainVault() });
    expect(await locked.handlers.getKeychainStatus({}, ctx)).toMatchObject({ ok: true, value: { available: false, reason: { key: 'keychain.unavailable' } } });
    const list = await locked.handlers.listProfiles({}, ctx);
    expect(list.ok && list.value.profiles.find((p) => p.id === app.id)!.key).toEqual({ configured: true, lastFour: 'JokG' });
    await expect(locked.store.activeConnection()).rejects.toMatchObject({ code: 'keychain_unavailable' });
    expect(locked.events).toEqual([]);
  });
});
