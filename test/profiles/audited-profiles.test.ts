// Profile and key changes are in the audit log, with who made them; the key never is.
import { describe, expect, it } from 'vitest';
import { ctx, profileApp, sandboxInput } from './support';

describe('the audit trail of profiles', () => {
  it('records adding, changing, switching to and removing a profile, with the OS user and its name', async () => {
    const app = profileApp();
    const call = (name: string, input: unknown) => (app.handlers as unknown as Record<string, (i: unknown, c: unknown) => Promise<{ ok: boolean; value: { id: string } }>>)[name]!(input, ctx);
    const created = await call('createProfile', sandboxInput);
    expect(created.ok).toBe(true);
    const id = created.value.id;
    await call('updateProfile', { id, name: 'Shop sandbox 2' });
    await call('switchProfile', { id });
    await call('switchProfile', { id: 'practice' });
    await call('removeProfile', { id });
    expect(app.audited.map((e) => [e.action, e.result, e.osUser, e.environment])).toEqual([
      ['profile_add', 'Shop sandbox', 'tester', 'sandbox'],
      ['profile_change', 'Shop sandbox 2', 'tester', 'sandbox'],
      ['profile_switch', 'Shop sandbox 2', 'tester', 'sandbox'],
      ['profile_switch', 'Practice', 'tester', 'practice'],
      ['profile_remove', 'Shop sandbox 2', 'tester', 'sandbox'],
    ]);
    expect(app.audited.every((e) => e.profileId === id || e.profileId === 'practice')).toBe(true);
  });
});
