// Profiles are kept by main in the data folder (profile-file.ts), never in the renderer's
// storage; keys live only in the OS keychain (main/vault). The practice profile always exists,
// points at the embedded practice gateway and uses its key, so it works with no keychain.
import { randomUUID } from 'node:crypto';
import type { MethodInput, MethodOutput } from '../../contract/methods';
import type { ConnectionCheck, ProfileView } from '../../contract/methods/profiles';
import type { Reason } from '../../contract/reasons';
import { AppFailure } from '../../contract/result';
import { fail, failField, reason } from '../core/fail';
import { isDiskFull } from '../core/disk-full';
import type { EventHub } from '../core/event-hub';
import type { GatewayConnection } from '../gateway/operations';
import type { Logger } from '../log/logger';
import type { KeyVault } from '../vault/key-vault';
import { checkConnection, failureOf, type StatusProbe } from './connection-check';
import { emptyProfilesFile, readProfilesFile, writeProfilesFile, type ProfilesFile, type StoredProfile } from './profile-file';
import * as rules from './profile-rules';
import { cleanSeller } from './seller-rules';
import type { SellerDetails } from '../../contract/methods/profiles';

export type PracticeEndpoint = { baseUrl: string; apiKey: string };
export const practiceId = 'practice';

type CreateInput = MethodInput<'createProfile'>;
type UpdateInput = MethodInput<'updateProfile'>;

export type ProfileStore = ReturnType<typeof createProfileStore>;

export type ProfileStoreDeps = {
  dataDir: string;
  practice: PracticeEndpoint;
  vault: KeyVault;
  logger: Logger;
  events?: Pick<EventHub, 'emit'>;
  /** The gateway client's status call, for "test the connection". */
  probe?: StatusProbe;
  probeTimeoutMs?: number;
  /** How the profiles file is written (profile-file.ts); a test's writer meets a full disk (its temp file's name cannot be made to point at one). */
  writeFile?: (dataDir: string, file: ProfilesFile) => void;
};

export function createProfileStore(deps: ProfileStoreDeps) {
  const { vault, logger } = deps;
  logger.addSecret(deps.practice.apiKey);
  const loaded = readProfilesFile(deps.dataDir);
  // A file that cannot be read is never overwritten: the practice profile runs, every change is refused.
  const broken = loaded.ok ? undefined : loaded.problem;
  if (broken) logger.warn('profiles file unusable; running with the practice profile only');
  let file: ProfilesFile = loaded.ok ? loaded.file : emptyProfilesFile();
  // Profiles whose recorded key the keychain was last found without (a reset or other keychain, an
  // entry deleted by hand, a restored profiles file). Memory only: looked for again on each check.
  let gone = new Set<string>();
  let registered: Promise<void> | undefined;

  function usable() {
    if (broken) throw fail('storage', broken.key, broken.values);
  }

  function save(next: ProfilesFile) {
    usable();
    try {
      (deps.writeFile ?? writeProfilesFile)(deps.dataDir, next);
    } catch (e) {
      logger.error('profiles file could not be written', { error: (e as NodeJS.ErrnoException).code ?? 'error' });
      // A full disk in words a person acts on (free space), not its code (walk26).
      if (isDiskFull(e)) throw fail('storage', 'profile.saveDiskFull', { folder: deps.dataDir });
      throw fail('storage', 'profile.saveFailed', { folder: deps.dataDir, code: (e as NodeJS.ErrnoException).code ?? 'write error' });
    }
    file = next;
    deps.events?.emit({ type: 'profiles.changed' });
  }

  const practiceView = (): ProfileView => ({
    id: practiceId,
    name: file.practice.name,
    environment: 'practice',
    baseUrl: deps.practice.baseUrl,
    pathOverrides: {},
    successUrl: file.practice.successUrl,
    failureUrl: file.practice.failureUrl,
    defaultCurrency: file.practice.defaultCurrency,
    key: { configured: true, lastFour: deps.practice.apiKey.slice(-4) },
    hasSeller: file.practice.seller !== undefined,
  });

  const viewOf = ({ keyLastFour, seller, ...p }: StoredProfile): ProfileView => ({
    ...p,
    key: { configured: keyLastFour !== null, lastFour: keyLastFour, ...(keyLastFour !== null && gone.has(p.id) ? { notInKeychain: true } : {}) },
    hasSeller: seller !== undefined,
  });

  /** Records what the keychain was found holding; the lists reload (profiles.changed) when that changes what they say. */
  function foundInKeychain(ids: readonly string[], present: (id: string) => boolean) {
    const next = new Set([...gone].filter((id) => !ids.includes(id)));
    for (const id of ids) if (!present(id)) next.add(id);
    const changed = next.size !== gone.size || [...next].some((id) => !gone.has(id));
    gone = next;
    if (changed) deps.events?.emit({ type: 'profiles.changed' });
  }

  function stored(id: string): StoredProfile {
    const found = file.profiles.find((p) => p.id === id);
    if (!found) throw fail('not_found', 'profile.gone');
    return found;
  }

  function view(id: string): ProfileView {
    return id === practiceId ? practiceView() : viewOf(stored(id));
  }

  /** A key pasted into a name or the seller's details would be kept in the profiles file and shown: refused as in a payment's fields (payments/validate-input.ts). */
  const keyPasted = (text: string): Reason | undefined => (logger.holdsSecret(text) ? reason('input.apiKey') : undefined);

  const nameTaken = (except: string) => (name: string) =>
    [practiceView(), ...file.profiles.map(viewOf)].some((p) => p.id !== except && p.name.trim().toLowerCase() === name.toLowerCase());

  /** Checks every given field; the result is ready to store. */
  function validated(id: string, environment: ProfileView['environment'], input: Omit<UpdateInput, 'id'>, current?: StoredProfile) {
    const fields: Record<string, Reason> = {};
    const set = (key: string, problem: Reason | undefined) => void (problem && (fields[key] = problem));
    if (input.name !== undefined) set('name', rules.nameProblem(input.name, nameTaken(id)) ?? keyPasted(input.name));
    const baseUrl = input.baseUrl ?? current?.baseUrl ?? '';
    if (environment !== 'practice') set('baseUrl', rules.baseUrlProblem(baseUrl, environment));
    if (input.successUrl !== undefined) set('successUrl', rules.redirectUrlProblem(input.successUrl, 'successUrl', environment));
    if (input.failureUrl !== undefined) set('failureUrl', rules.redirectUrlProblem(input.failureUrl, 'failureUrl', environment));
    if (environment !== 'practice' && !fields.baseUrl) Object.assign(fields, rules.pathOverrideProblems(input.pathOverrides ?? current?.pathOverrides ?? {}, rules.normalizeBaseUrl(baseUrl)));
    if (Object.keys(fields).length) rules.fail(fields);
    const url = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() || null);
    return {
      name: input.name?.trim(),
      baseUrl: environment === 'practice' ? undefined : rules.normalizeBaseUrl(baseUrl),
      pathOverrides: input.pathOverrides ? rules.cleanOverrides(input.pathOverrides) : undefined,
      successUrl: url(input.successUrl),
      failureUrl: url(input.failureUrl),
      defaultCurrency: input.defaultCurrency,
    };
  }

  const defined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

  async function connectionOf(id: string): Promise<{ profile: ProfileView; connection: GatewayConnection }> {
    const profile = view(id);
    if (id === practiceId) return { profile, connection: { baseUrl: deps.practice.baseUrl, apiKey: deps.practice.apiKey } };
    if (!profile.key.configured) throw keyMissing(profile);
    const apiKey = await vault.read(id);
    foundInKeychain([id], () => apiKey !== null);
    if (!apiKey) throw keyGone(profile);
    return { profile, connection: { baseUrl: profile.baseUrl, apiKey, pathOverrides: profile.pathOverrides, profileName: profile.name } };
  }

  async function probe(connection: GatewayConnection): Promise<ConnectionCheck> {
    if (!deps.probe) throw fail('internal', 'profile.testUnavailable');
    return checkConnection(deps.probe, connection, deps.probeTimeoutMs);
  }

  function refusePractice(id: string, why: 'profile.practiceAddress' | 'profile.practiceRemove' | 'profile.practiceKey' | 'profile.practiceKeyRemove') {
    if (id === practiceId) throw failField('invalid_input', 'id', why);
  }

  const activeView = (): ProfileView => (file.profiles.some((p) => p.id === file.activeId) ? view(file.activeId) : practiceView());

  return {
    /** The profile every gateway call goes to. */
    active: activeView,

    list(): MethodOutput<'listProfiles'> {
      usable();
      return { profiles: [practiceView(), ...file.profiles.map(viewOf)], activeId: activeView().id };
    },

    /** A new profile; with `teamProfileId` (checked against the team's list by the handler), the team's id instead of a new one. */
    create(input: CreateInput): ProfileView {
      usable();
      const id = input.teamProfileId ?? randomUUID();
      const here = file.profiles.find((p) => p.id === id);
      if (here) throw failField('invalid_input', 'teamProfileId', 'profile.teamProfileHere', { profile: here.name });
      const clean = validated(id, input.environment, { ...input, name: input.name ?? '' });
      const profile: StoredProfile = {
        id,
        name: clean.name ?? '',
        environment: input.environment,
        baseUrl: clean.baseUrl ?? '',
        pathOverrides: clean.pathOverrides ?? {},
        successUrl: clean.successUrl ?? null,
        failureUrl: clean.failureUrl ?? null,
        defaultCurrency: input.defaultCurrency,
        keyLastFour: null,
      };
      save({ ...file, profiles: [...file.profiles, profile] });
      logger.info('profile created', { environment: profile.environment });
      return viewOf(profile);
    },

    update({ id, ...input }: UpdateInput): ProfileView {
      usable();
      if (id === practiceId) {
        if (input.baseUrl !== undefined || (input.pathOverrides && Object.keys(input.pathOverrides).length)) {
          refusePractice(id, 'profile.practiceAddress');
        }
        const clean = validated(id, 'practice', input);
        save({ ...file, practice: { ...file.practice, ...defined({ name: clean.name, defaultCurrency: clean.defaultCurrency, successUrl: clean.successUrl, failureUrl: clean.failureUrl }) } });
        return practiceView();
      }
      const current = stored(id);
      const clean = validated(id, current.environment, input, current);
      const next: StoredProfile = { ...current, ...defined(clean) };
      save({ ...file, profiles: file.profiles.map((p) => (p.id === id ? next : p)) });
      return viewOf(next);
    },

    async remove(id: string): Promise<MethodOutput<'removeProfile'>> {
      usable();
      refusePractice(id, 'profile.practiceRemove');
      // The key goes first: a profile is never removed while its key would stay behind in the keychain.
      if (stored(id).keyLastFour !== null) await vault.remove(id);
      else await vault.remove(id).catch(() => false);
      gone.delete(id);
      const activeId = file.activeId === id ? practiceId : file.activeId;
      save({ ...file, activeId, profiles: file.profiles.filter((p) => p.id !== id) });
      logger.info('profile removed');
      return { removed: true, activeId };
    },

    switchTo(id: string): ProfileView {
      usable();
      const profile = view(id);
      save({ ...file, activeId: id });
      logger.info('active profile switched', { environment: profile.environment });
      return profile;
    },

    async setKey(id: string, key: string, testConnection: boolean): Promise<MethodOutput<'setProfileKey'>> {
      usable();
      refusePractice(id, 'profile.practiceKey');
      const apiKey = key.trim();
      logger.addSecret(apiKey);
      const problem = rules.keyProblem(apiKey);
      if (problem) rules.fail({ key: problem });
      const current = stored(id);
      let check: ConnectionCheck | null = null;
      if (testConnection) {
        // No point sending the key to the gateway if it cannot be kept afterwards.
        const keychainProblem = await vault.problem();
        if (keychainProblem) throw keychainProblem;
        check = await probe({ baseUrl: current.baseUrl, apiKey, pathOverrides: current.pathOverrides, profileName: current.name });
        // A refused key is not stored; an unreachable gateway says nothing about it, so it is.
        if (check.outcome === 'key_rejected') throw failureOf(check)!;
      }
      await vault.store(id, apiKey);
      if (!file.profiles.some((p) => p.id === id)) {
        // Removed (in another window) while the key was being checked or stored: leave nothing behind.
        await vault.remove(id);
        stored(id);
      }
      const lastFour = apiKey.slice(-4);
      gone.delete(id);
      save({ ...file, profiles: file.profiles.map((p) => (p.id === id ? { ...p, keyLastFour: lastFour } : p)) });
      logger.info('profile key stored in the keychain', { tested: testConnection });
      return { profile: view(id), check };
    },

    async removeKey(id: string): Promise<ProfileView> {
      usable();
      refusePractice(id, 'profile.practiceKeyRemove');
      stored(id);
      await vault.remove(id);
      save({ ...file, profiles: file.profiles.map((p) => (p.id === id ? { ...p, keyLastFour: null } : p)) });
      logger.info('profile key removed from the keychain');
      return view(id);
    },

    async testConnection(id: string): Promise<ConnectionCheck> {
      const { connection } = await connectionOf(id);
      const check = await probe(connection);
      const failure = failureOf(check);
      if (failure) throw failure;
      return check;
    },

    /** The seller on a profile's invoices; undefined until set. */
    seller(id: string): SellerDetails | undefined {
      return id === practiceId ? file.practice.seller : stored(id).seller;
    },

    setSeller(id: string, input: SellerDetails): SellerDetails {
      usable();
      const seller = cleanSeller(input);
      const pasted = Object.fromEntries((['legalNameAr', 'legalNameEn', 'address'] as const).flatMap((field) => {
        const problem = keyPasted(seller[field]);
        return problem ? [[field, problem]] : [];
      }));
      if (Object.keys(pasted).length) rules.fail(pasted);
      if (id === practiceId) save({ ...file, practice: { ...file.practice, seller } });
      else {
        stored(id);
        save({ ...file, profiles: file.profiles.map((p) => (p.id === id ? { ...p, seller } : p)) });
      }
      logger.info('seller details saved');
      return seller;
    },

    /**
     * Whether the keychain can be used and, in the same look, whether it still holds each recorded
     * key (Settings asks when it opens; the first screen never does). A keychain that cannot be read
     * says so and marks no key missing.
     */
    async keychainStatus(): Promise<MethodOutput<'getKeychainStatus'>> {
      const configured = file.profiles.filter((p) => p.keyLastFour !== null).map((p) => p.id);
      try {
        const held = configured.length ? await vault.holding(configured) : null;
        if (!held) {
          const problem = await vault.problem();
          if (problem) throw problem;
        }
        foundInKeychain(configured, (id) => held?.has(id) ?? true);
        return { available: true, message: null };
      } catch (e) {
        if (!(e instanceof AppFailure)) throw e;
        return { available: false, message: e.message, reason: e.extra.reason };
      }
    },

    /** For the services that move money: the active profile and how to reach its gateway (key read from the keychain here, in main). */
    activeConnection(): Promise<{ profile: ProfileView; connection: GatewayConnection }> {
      return connectionOf(activeView().id);
    },

    /** Any profile's connection, for re-checking payments made on it (key read in main only). */
    connectionOf,

    /**
     * Every key the keychain keeps for a profile, read once (each read registers it with the
     * logger's secrets), so a key of a profile not used this run is refused in pasted text and
     * redacted like the active one's (docs/profiles-and-keys.md). Started with the services after
     * the first screen; a keychain that cannot be read leaves only the keys read so far known.
     */
    registerKeys(): Promise<void> {
      registered ??= Promise.all(file.profiles.filter((p) => p.keyLastFour !== null).map((p) => vault.read(p.id).catch(() => null))).then(() => undefined);
      return registered;
    },

    /** Origins of every configured gateway, for the external-link allow-list. */
    origins(): string[] {
      return [...new Set([deps.practice.baseUrl, ...file.profiles.map((p) => p.baseUrl)].map((u) => new URL(u).origin))];
    },
  };
}

function keyMissing(profile: ProfileView) {
  return fail('key_missing', 'profile.keyMissing', { profile: profile.name });
}

/** A key the profiles file records but the keychain no longer holds: said as such, not as "no key yet". */
function keyGone(profile: ProfileView) {
  return fail('key_missing', 'profile.keyGone', { profile: profile.name, lastFour: profile.key.lastFour ?? '' });
}
