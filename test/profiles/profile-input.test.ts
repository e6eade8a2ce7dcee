// Bad input is refused before anything is stored, each case with a message that says what is
// wrong with which field, and no message ever repeats a key.
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { isLoopbackHttp } from '../../main/profiles/profile-rules';
import { ctx, profileApp, sandboxInput } from './support';

type Case = [what: string, change: Record<string, unknown>, field: string, says: string];

const profileCases: Case[] = [
  ['an empty name', { name: '   ' }, 'name', 'Enter a name'],
  ['a huge name', { name: 'x'.repeat(5000) }, 'name', 'too long'],
  ['a name far beyond any form', { name: 'x'.repeat(70_000) }, 'name', 'Too long'],
  ['a line break in the name', { name: 'Shop\nLive' }, 'name', 'control character'],
  ['a NUL in the name', { name: 'Shop\u0000' }, 'name', 'control character'],
  ['a bidi override in the name', { name: 'Shop\u202e' }, 'name', 'invisible formatting character'],
  ['an empty base URL', { baseUrl: '' }, 'baseUrl', 'Enter the gateway base URL'],
  ['a malformed base URL', { baseUrl: 'gateway example v1' }, 'baseUrl', 'contains a space'],
  ['a base URL that is not a URL', { baseUrl: 'gateway.example/api/v1' }, 'baseUrl', 'not a valid address'],
  ['an http base URL', { baseUrl: 'http://sandbox.gateway.example/api/v1' }, 'baseUrl', 'must start with https://'],
  ['an http base URL on the local network', { baseUrl: 'http://192.168.1.20:8124/api/v1' }, 'baseUrl', 'allowed for a sandbox on this computer only'],
  ['an http base URL on a host named like localhost', { baseUrl: 'http://localhost.evil.example/api/v1' }, 'baseUrl', 'must start with https://'],
  ['an http base URL on a host starting with 127.0.0.1', { baseUrl: 'http://127.0.0.1.nip.io/api/v1' }, 'baseUrl', 'must start with https://'],
  ['a path override to another loopback origin', { baseUrl: 'http://127.0.0.1:8124/api/v1', pathOverrides: { status: 'http://localhost:8124/api/v1/status' } }, 'pathOverrides.status', 'points to another server'],
  ['a path override from https to loopback http', { pathOverrides: { refund: 'http://127.0.0.1:8124/api/v1/refund' } }, 'pathOverrides.refund', 'points to another server'],
  ['a file: base URL', { baseUrl: 'file:///etc/v1' }, 'baseUrl', 'must be an https:// address'],
  ['a base URL with credentials', { baseUrl: 'https://merchant:secret@gw.example/api/v1' }, 'baseUrl', 'user name or password'],
  ['a base URL without the version segment', { baseUrl: 'https://gw.example/api' }, 'baseUrl', 'must end in the version, /v1'],
  ['a base URL with a query', { baseUrl: 'https://gw.example/api/v1?key=1' }, 'baseUrl', 'query'],
  ['a base URL with a tab', { baseUrl: 'https://gw.example/api/\tv1' }, 'baseUrl', 'control character'],
  ['a path override on another origin', { pathOverrides: { refund: 'https://evil.example/api/v1/refund' } }, 'pathOverrides.refund', 'points to another server'],
  ['a protocol-relative path override', { pathOverrides: { status: '//evil.example/status' } }, 'pathOverrides.status', 'points to another server'],
  ['a path override over http on the same host', { pathOverrides: { status: 'http://sandbox.gateway.example/api/v1/status' } }, 'pathOverrides.status', 'points to another server'],
  ['a path override with credentials', { pathOverrides: { void: 'https://u:p@sandbox.gateway.example/api/v1/void' } }, 'pathOverrides.void', 'user name or password'],
  ['a path override with a line break', { pathOverrides: { capture: '/capture\n' + 'x' } }, 'pathOverrides.capture', 'control character'],
  ['an unknown operation', { pathOverrides: { payout: '/payout' } }, 'pathOverrides', ''],
  ['a javascript: success URL', { successUrl: 'javascript:alert(1)' }, 'successUrl', 'https://'],
  ['an unknown currency', { defaultCurrency: 'XXX' }, 'defaultCurrency', ''],
];

describe('profile input', () => {
  it.each(profileCases)('refuses %s with a specific message', async (_what, change, field, says) => {
    const { handlers, dataDir } = profileApp();
    const result = await handlers.createProfile({ ...sandboxInput, ...change }, ctx);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('invalid_input');
    expect(Object.keys(result.error.fields ?? {})).toContain(field);
    expect(result.error.fields?.[field]).toContain(says);
    expect(existsSync(join(dataDir, 'profiles.json'))).toBe(false);
  });

  it('accepts non-Latin names, an IDN host and same-origin overrides', async () => {
    const { handlers } = profileApp();
    const result = await handlers.createProfile({
      ...sandboxInput,
      name: 'متجر الرياض',
      baseUrl: 'https://بوابة.example/api/v1',
      pathOverrides: { recurring: '../v2/payment-gateway/recurring', status: 'https://xn--mgbbbe6m.example/api/v1/status', void: '' },
    }, ctx);
    expect(result).toMatchObject({ ok: true, value: { name: 'متجر الرياض', baseUrl: 'https://xn--mgbbbe6m.example/api/v1', pathOverrides: { recurring: '../v2/payment-gateway/recurring' } } });
  });

  it('accepts http:// base URLs on loopback for a sandbox only, never for production', async () => {
    const { handlers } = profileApp();
    const loopback = ['http://127.0.0.1:8124/api/v1', 'http://127.8.9.10/api/v1', 'http://localhost:8124/api/v1', 'http://[::1]:8124/api/v1', 'http://127.1:8124/api/v1'];
    for (const [i, baseUrl] of loopback.entries()) {
      const sandbox = await handlers.createProfile({ ...sandboxInput, name: `Local ${i}`, baseUrl, pathOverrides: { status: '/query' } }, ctx);
      expect(sandbox, baseUrl).toMatchObject({ ok: true });
      const production = await handlers.createProfile({ ...sandboxInput, name: `Live ${i}`, environment: 'production', baseUrl }, ctx);
      expect(production, baseUrl).toMatchObject({ ok: false, error: { code: 'invalid_input', fieldReasons: { baseUrl: { key: 'profile.baseUrlHttp', values: { environment: 'production' } } } } });
    }
    expect(isLoopbackHttp('https://127.0.0.1/v1')).toBe(false); // https needs no exception
    expect(isLoopbackHttp('http://0x7f.0.0.1/v1')).toBe(true); // the URL parser reads it as 127.0.0.1
    expect(isLoopbackHttp('http://[::ffff:7f00:1]/v1')).toBe(false);
    expect(isLoopbackHttp('not a url')).toBe(false);
  });

  it('gives every refusal a reason key that the renderer words in the user’s language', async () => {
    const { handlers } = profileApp();
    const result = await handlers.createProfile({ ...sandboxInput, name: 'x'.repeat(70), baseUrl: 'https://gw.example/api' }, ctx);
    expect(result).toMatchObject({ ok: false, error: { fieldReasons: { name: { key: 'profile.tooLong', values: { field: 'name', max: 60, length: 70 } }, baseUrl: { key: 'profile.baseUrlVersion' } } } });
  });

  it('refuses production redirect URLs over http', async () => {
    const { handlers } = profileApp();
    const result = await handlers.createProfile({ ...sandboxInput, environment: 'production', failureUrl: 'http://shop.example/failed' }, ctx);
    expect(result).toMatchObject({ ok: false, error: { fields: { failureUrl: expect.stringContaining('https://') } } });
  });

  const key = 'sk_test_51HqLyjWDarjtT1zdp7dc';
  const keyCases: Array<[string, string, string]> = [
    ['an empty key', '  ', 'Enter the API key'],
    ['a key with a space', 'sk_test 51HqLyjWDarjtT1zdp7dc', 'contains a space'],
    ['a key with a line break inside', 'sk_test_51Hq\nLyjWDarjtT1zdp7dc', 'control character'],
    ['a key with non-ASCII letters', 'sk_test_51НqLyjWDarjtT1zdp7dc', 'not plain ASCII'],
    ['a key with a zero-width space', 'sk_test_51Hq\u200bLyjWDarjtT1zdp7dc', 'not plain ASCII'],
    ['a too short key', 'abc12', 'at least 8'],
    ['a huge key', key.repeat(20), 'at most 256'],
  ];
  it.each(keyCases)('refuses %s without touching the keychain or echoing it', async (_what, value, says) => {
    const { handlers, logger, dataDir } = profileApp();
    const created = await handlers.createProfile(sandboxInput, ctx);
    if (!created.ok) throw new Error(created.error.message);
    const result = await handlers.setProfileKey({ id: created.value.id, key: value }, ctx);
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input', fields: { key: expect.stringContaining(says) } } });
    const text = JSON.stringify(result) + logger.lines.join('\n');
    if (value.trim().length >= 8) expect(text).not.toContain(value.trim().slice(0, 12));
    expect(logger.lines.join('\n')).not.toContain('keychain');
    expect(profileApp({ dataDir }).store.list().profiles[1]?.key.configured).toBe(false);
  });

  it('refuses a key for the practice profile, which has its own', async () => {
    const { handlers } = profileApp();
    expect(await handlers.setProfileKey({ id: 'practice', key }, ctx)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});
