// Profile and key changes go into the audit log with the OS user, like money moves: who added,
// changed or removed a profile, set, replaced or removed its key, and switched to it. The key
// itself never does; its last four characters do not either.
import type { CallContext } from '../core/call-context';
import type { ProfileStore } from './profile-store';

export type ProfileAuditEntry = { action: string; profileId: string; environment: string; result: string };
type CreateInput = Parameters<ProfileStore['create']>[0];
type UpdateInput = Parameters<ProfileStore['update']>[0];

export function auditedProfiles(store: ProfileStore, audit: (ctx: CallContext, entry: ProfileAuditEntry) => void) {
  const find = (id: string) => store.list().profiles.find((p) => p.id === id);
  const record = (ctx: CallContext, action: string, profile: { id: string; environment: string; name: string }) =>
    audit(ctx, { action, profileId: profile.id, environment: profile.environment, result: profile.name });

  return {
    ...store,
    create(input: CreateInput, ctx: CallContext) {
      const profile = store.create(input);
      record(ctx, 'profile_add', profile);
      return profile;
    },
    update(input: UpdateInput, ctx: CallContext) {
      const profile = store.update(input);
      record(ctx, 'profile_change', profile);
      return profile;
    },
    async remove(id: string, ctx: CallContext) {
      const before = find(id);
      const result = await store.remove(id);
      if (before) record(ctx, 'profile_remove', before);
      return result;
    },
    switchTo(id: string, ctx: CallContext) {
      const profile = store.switchTo(id);
      record(ctx, 'profile_switch', profile);
      return profile;
    },
    async setKey(id: string, key: string, testConnection: boolean, ctx: CallContext) {
      const replaced = find(id)?.key.configured === true;
      const result = await store.setKey(id, key, testConnection);
      record(ctx, replaced ? 'key_replace' : 'key_set', result.profile);
      return result;
    },
    async removeKey(id: string, ctx: CallContext) {
      const profile = await store.removeKey(id);
      record(ctx, 'key_remove', profile);
      return profile;
    },
  };
}

export type AuditedProfiles = ReturnType<typeof auditedProfiles>;
