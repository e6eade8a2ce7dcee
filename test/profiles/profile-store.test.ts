// Profiles are kept by main in one file in the data folder: the practice profile is there from
// the first start and works with no setup; others are added, edited, switched and removed, and
// the file is private, atomic, and never overwritten when it cannot be read.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ctx, practice, profileApp, sandboxInput } from './support';

const file = (dataDir: string) => join(dataDir, 'profiles.json');

describe('profile store', () => {
  it('has the practice profile on first start, active, with its key, without writing anything', async () => {
    const { handlers, dataDir } = profileApp();
    const active = await handlers.getActiveProfile({}, ctx);
    expect(active).toMatchObject({ ok: true, value: { id: 'practice', environment: 'practice', baseUrl: practice.baseUrl, key: { configured: true, lastFour: '0123' } } });
    const list = await handlers.listProfiles({}, ctx);
    expect(list).toMatchObject({ ok: true, value: { activeId: 'practice', profiles: [{ id: 'practice' }] } });
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('adds a sandbox profile to a private file that survives a restart, and tells the renderer', async () => {
    const { handlers, dataDir, events } = profileApp();
    const created = await handlers.createProfile({ ...sandboxInput, baseUrl: ' https://sandbox.gateway.example/api/v1/ ', pathOverrides: { recurring: '/api/v2/payment-gateway/recurring' } }, ctx);
    if (!created.ok) throw new Error(created.error.message);
    expect(created.value).toMatchObject({ name: 'Shop sandbox', environment: 'sandbox', baseUrl: 'https://sandbox.gateway.example/api/v1', key: { configured: false, lastFour: null } });
    expect(statSync(file(dataDir)).mode & 0o777).toBe(0o600);
    expect(readdirSync(dataDir)).toEqual(['profiles.json']); // no temp file left behind
    expect(events).toEqual([{ type: 'profiles.changed' }]);

    const again = profileApp({ dataDir });
    const list = await again.handlers.listProfiles({}, ctx);
    expect(list.ok && list.value.profiles.map((p) => [p.name, p.pathOverrides])).toEqual([
      ['Practice', {}],
      ['Shop sandbox', { recurring: '/api/v2/payment-gateway/recurring' }],
    ]);
  });

  it('switches only when asked, and falls back to practice when the active profile is removed', async () => {
    const { handlers } = profileApp();
    const created = await handlers.createProfile({ ...sandboxInput, environment: 'production', name: 'Live shop', baseUrl: 'https://gw.example/api/v1' }, ctx);
    if (!created.ok) throw new Error(created.error.message);
    expect((await handlers.getActiveProfile({}, ctx)).ok && (await handlers.getActiveProfile({}, ctx))).toMatchObject({ value: { id: 'practice' } });

    expect(await handlers.switchProfile({ id: created.value.id }, ctx)).toMatchObject({ ok: true, value: { environment: 'production' } });
    expect(await handlers.getActiveProfile({}, ctx)).toMatchObject({ ok: true, value: { name: 'Live shop', environment: 'production' } });

    expect(await handlers.removeProfile({ id: created.value.id }, ctx)).toEqual({ ok: true, value: { removed: true, activeId: 'practice' } });
    expect(await handlers.getActiveProfile({}, ctx)).toMatchObject({ ok: true, value: { id: 'practice' } });
    expect(await handlers.switchProfile({ id: created.value.id }, ctx)).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('edits a profile but never its environment, and keeps the practice profile on the practice gateway', async () => {
    const { handlers } = profileApp();
    const created = await handlers.createProfile(sandboxInput, ctx);
    if (!created.ok) throw new Error(created.error.message);
    const edited = await handlers.updateProfile({ id: created.value.id, name: 'Renamed', defaultCurrency: 'KWD', successUrl: 'https://shop.example/paid' }, ctx);
    expect(edited).toMatchObject({ ok: true, value: { name: 'Renamed', defaultCurrency: 'KWD', successUrl: 'https://shop.example/paid', environment: 'sandbox' } });
    expect((await handlers.updateProfile({ id: created.value.id, environment: 'production' } as never, ctx)).ok).toBe(false);

    expect(await handlers.updateProfile({ id: 'practice', defaultCurrency: 'JPY' }, ctx)).toMatchObject({ ok: true, value: { defaultCurrency: 'JPY', baseUrl: practice.baseUrl } });
    const moved = await handlers.updateProfile({ id: 'practice', baseUrl: 'https://elsewhere.example/api/v1' }, ctx);
    expect(moved).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await handlers.removeProfile({ id: 'practice' }, ctx)).toMatchObject({ ok: false, error: { code: 'invalid_input', message: expect.stringContaining('cannot be removed') } });
  });

  it('refuses a second profile with the same name', async () => {
    const { handlers } = profileApp();
    await handlers.createProfile(sandboxInput, ctx);
    const twin = await handlers.createProfile({ ...sandboxInput, name: 'shop SANDBOX' }, ctx);
    expect(twin).toMatchObject({ ok: false, error: { code: 'invalid_input', fields: { name: expect.stringContaining('already called') } } });
  });

  it('reports a corrupt file clearly, never overwrites it, and keeps the practice profile working', async () => {
    const { dataDir } = profileApp();
    const garbage = '{"version":1,"activeId":"x","profiles":[{"id":"x"'; // cut short, as by a full disk
    writeFileSync(file(dataDir), garbage);
    const { handlers, logger } = profileApp({ dataDir });

    expect(await handlers.getActiveProfile({}, ctx)).toMatchObject({ ok: true, value: { id: 'practice' } });
    const list = await handlers.listProfiles({}, ctx);
    expect(list).toMatchObject({ ok: false, error: { code: 'storage' } });
    if (!list.ok) {
      expect(list.error.message).toContain(file(dataDir));
      expect(list.error.message).toContain('not valid JSON');
      expect(list.error.message).toContain('untouched');
    }
    expect(await handlers.createProfile(sandboxInput, ctx)).toMatchObject({ ok: false, error: { code: 'storage' } });
    expect(await handlers.switchProfile({ id: 'practice' }, ctx)).toMatchObject({ ok: false, error: { code: 'storage' } });
    expect(readFileSync(file(dataDir), 'utf8')).toBe(garbage);
    expect(logger.lines.join('\n')).toContain('profiles file unusable');
  });

  it('says a file a newer Paydesk wrote (a higher version) is a newer Paydesk\'s, and leaves it as it is (walk36)', async () => {
    const { dataDir } = profileApp();
    const newer = JSON.stringify({ version: 2, activeId: 'practice', practice: { name: 'P', defaultCurrency: 'SAR', successUrl: null, failureUrl: null }, profiles: [], teams: [] });
    writeFileSync(file(dataDir), newer);
    const list = await profileApp({ dataDir }).handlers.listProfiles({}, ctx);
    expect(list).toMatchObject({ ok: false, error: { code: 'storage', reason: { key: 'profile.fileUnusable', values: { why: 'newer', version: '2' } } } });
    if (!list.ok) expect(list.error.message).toContain('a newer Paydesk wrote it (format 2; this Paydesk reads format 1)');
    expect(readFileSync(file(dataDir), 'utf8')).toBe(newer);
  });

  it('refuses a file whose content is valid JSON but not a profiles file', async () => {
    const { dataDir } = profileApp();
    const foreign = JSON.stringify({ version: 1, activeId: 'practice', practice: { name: 'P', defaultCurrency: 'SAR', successUrl: null, failureUrl: null }, profiles: [{ id: 'a', name: 'A', environment: 'production', baseUrl: 'https://gw.example/api/v1', pathOverrides: {}, successUrl: null, failureUrl: null, defaultCurrency: 'SAR', keyLastFour: null, apiKey: 'plaintext' }] });
    writeFileSync(file(dataDir), foreign);
    const list = await profileApp({ dataDir }).handlers.listProfiles({}, ctx);
    expect(list).toMatchObject({ ok: false, error: { code: 'storage', message: expect.stringContaining('profiles.0') } });
    expect(readFileSync(file(dataDir), 'utf8')).toBe(foreign);
  });
});

describe('profile store without a keychain', () => {
  it('keeps a profile whose key cannot be removed from the keychain, and says why', async () => {
    const { dataDir } = profileApp();
    writeFileSync(file(dataDir), JSON.stringify({
      version: 1,
      activeId: 'p1',
      practice: { name: 'Practice', defaultCurrency: 'SAR', successUrl: null, failureUrl: null },
      profiles: [{ id: 'p1', name: 'Live', environment: 'production', baseUrl: 'https://gw.example/api/v1', pathOverrides: {}, successUrl: null, failureUrl: null, defaultCurrency: 'SAR', keyLastFour: 'abcd' }],
    }));
    const { handlers } = profileApp({ dataDir });
    expect(await handlers.removeProfile({ id: 'p1' }, ctx)).toMatchObject({ ok: false, error: { code: 'keychain_unavailable', message: expect.stringContaining('Secret Service') } });
    expect(await handlers.getActiveProfile({}, ctx)).toMatchObject({ ok: true, value: { id: 'p1', key: { configured: true, lastFour: 'abcd' } } });
    expect(await handlers.testConnection({ id: 'p1' }, ctx)).toMatchObject({ ok: false, error: { code: 'keychain_unavailable' } });
  });

  it('does not send a key to the gateway for testing when it could not be kept', async () => {
    let probed = 0;
    const { handlers } = profileApp({ probe: async () => ((probed++, { ok: true })) });
    const created = await handlers.createProfile(sandboxInput, ctx);
    if (!created.ok) throw new Error(created.error.message);
    expect(await handlers.setProfileKey({ id: created.value.id, key: 'sk_test_valid_shape_1', testConnection: true }, ctx)).toMatchObject({ ok: false, error: { code: 'keychain_unavailable' } });
    expect(probed).toBe(0);
  });
});
