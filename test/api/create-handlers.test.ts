// Every call is checked against the contract before a service runs, and nothing but the
// contract's fields, and no stack trace, ever goes back.
import { describe, expect, it } from 'vitest';
import { createHandlers, type Implementations } from '../../main/api/create-handlers';
import { createMemoryLogger } from '../../main/log/logger';
import { AppFailure } from '../../contract/result';
import { reasonText } from '../../main/core/fail';

const ctx = { transport: 'direct' as const, osUser: 'tester' };
const profile = {
  id: 'p1',
  name: 'Shop',
  environment: 'sandbox' as const,
  baseUrl: 'https://gw.example/api/v1',
  defaultCurrency: 'SAR',
  key: { configured: true, lastFour: 'abcd' },
};

function handlersWith(overrides: Partial<Record<string, (...args: unknown[]) => unknown>>) {
  let calls = 0;
  const impl = {
    getAppInfo: () => {
      calls++;
      return { name: 'Paydesk', version: '1.0.0', runtime: 'test', platform: 'linux', language: 'en', team: null };
    },
    getActiveProfile: () => profile,
    ...overrides,
  } as unknown as Implementations;
  const logger = createMemoryLogger();
  return { handlers: createHandlers(impl, logger), logger, calls: () => calls };
}

describe('createHandlers', () => {
  it('answers a valid call with the value', async () => {
    const { handlers } = handlersWith({});
    expect(await handlers.getAppInfo({}, ctx)).toEqual({ ok: true, value: { name: 'Paydesk', version: '1.0.0', runtime: 'test', platform: 'linux', language: 'en', team: null } });
  });

  it.each([[{ unexpected: true }], ['text'], [[1, 2]], [42]])('refuses input %j without running the service', async (input) => {
    const { handlers, calls } = handlersWith({});
    const result = await handlers.getAppInfo(input, ctx);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('invalid_input');
    expect(calls()).toBe(0);
  });

  it('passes an expected failure through with its code and fields', async () => {
    const { handlers } = handlersWith({
      getActiveProfile: () => {
        throw new AppFailure('keychain_unavailable', 'No keychain.', { fields: { key: 'No keychain.' } });
      },
    });
    expect(await handlers.getActiveProfile({}, ctx)).toEqual({
      ok: false,
      error: { code: 'keychain_unavailable', message: 'No keychain.', fields: { key: 'No keychain.' } },
    });
  });

  it('turns an unexpected error into a generic one: no message, no stack crosses', async () => {
    const { handlers, logger } = handlersWith({
      getActiveProfile: () => {
        throw new Error('boom with key sk_live_123456789 and card 4111111111111111');
      },
    });
    const result = await handlers.getActiveProfile({}, ctx);
    expect(result.ok).toBe(false);
    const text = JSON.stringify(result);
    expect(text).not.toContain('sk_live');
    expect(text).not.toContain('4111');
    expect(text).not.toContain('at ');
    expect(logger.lines.join('\n')).not.toContain('sk_live_123456789');
  });

  it('strips fields the contract does not list, so a service cannot leak a key by accident', async () => {
    const { handlers } = handlersWith({ getActiveProfile: () => ({ ...profile, apiKey: 'secret-key-value', key: { ...profile.key, value: 'secret-key-value' } }) });
    const result = await handlers.getActiveProfile({}, ctx);
    expect(result.ok).toBe(true);
    expect(JSON.stringify(result)).not.toContain('secret-key-value');
  });

  it('refuses a settlement summary of more than 400 days in words, naming days, without running the service', async () => {
    // A hand-made call (Home never asks for it): once worded "Too long: at most 400 characters."
    let ran = false;
    const { handlers } = handlersWith({ exportSettlement: () => { ran = true; } });
    const days = Array.from({ length: 401 }, (_, i) => {
      const from = new Date(Date.UTC(2024, 0, 1 + i));
      const to = new Date(Date.UTC(2024, 0, 2 + i));
      return { date: from.toISOString().slice(0, 10), from: from.toISOString(), to: to.toISOString() };
    });
    const result = await handlers.exportSettlement({ days }, ctx);
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input', message: 'At most 400 days at once.', fields: { days: 'At most 400 days at once.' } } });
    expect(ran).toBe(false);
    if (!result.ok) expect(reasonText('ar', result.error.reason as never)).toBe('400 يوم على الأكثر في المرة الواحدة.');
    // Any other list says it is too many, not too long.
    const periods = Array.from({ length: 7 }, () => ({ from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' }));
    expect(await handlers.getOverview({ periods, now: '2026-01-02T00:00:00Z' }, ctx)).toMatchObject({ ok: false, error: { message: 'Too many at once: at most 6.' } });
  });

  it('refuses to return an answer that breaks the contract', async () => {
    const { handlers } = handlersWith({ getActiveProfile: () => ({ ...profile, environment: 'staging' }) });
    const result = await handlers.getActiveProfile({}, ctx);
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
  });
});
