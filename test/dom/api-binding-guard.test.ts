// The dom project's guard on the renderer's api module (test/support/api-binding-guard.ts): a module
// bound before the file's stand-in for main fails at its first call, naming where it was bound,
// instead of reaching for the preview's bridge ("The Paydesk preview cannot be reached").
import { describe, expect, it, vi } from 'vitest';
import { apiBindingGuard } from '../support/api-binding-guard';
import { stubMain } from '../support/stub-main';
import { appInfo } from '../support/session';

describe('the api binding guard', () => {
  it('fails the first call of an api module bound before stubMain, naming the file, the call and where it was bound', async () => {
    vi.resetModules();
    const { api } = await import('../../renderer/src/api');
    stubMain({ getAppInfo: () => ({ ok: true, value: appInfo() }) });
    await expect(api.getAppInfo({})).rejects.toThrow(/api module .* was bound when test\/dom\/api-binding-guard\.test\.ts had no stand-in for main installed[\s\S]*Call: getAppInfo[\s\S]*bound at:\n.*renderer\/src\/api\/index\.ts/);
    // Kept for dom-setup.ts too (a screen's catch cannot hide it): taken here, where it is expected.
    expect(apiBindingGuard().takeFailures()).toHaveLength(1);
  });

  it('lets an api module bound after stubMain answer with the stand-in', async () => {
    vi.resetModules();
    stubMain({ getAppInfo: () => ({ ok: true, value: appInfo() }) });
    const { api } = await import('../../renderer/src/api');
    expect(await api.getAppInfo({})).toEqual({ ok: true, value: appInfo() });
    expect(apiBindingGuard().takeFailures()).toEqual([]);
  });
});
