// The profiles file: JSON in the data folder, mode 0600, written atomically (temp file +
// rename) and validated on read. It holds no key: only whether one is set and its last
// four characters, for display. A file that cannot be read is left untouched.
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { shared } from '../../contract/method-spec';
import { environmentSchema } from '../../contract/methods/app';
import { pathOverridesSchema, sellerDetailsSchema } from '../../contract/methods/profiles';
import { currencyCodes } from '../../contract/money';
import type { Reason } from '../../contract/reasons';

export const profilesFileName = 'profiles.json';

const storedProfileSchema = shared(() => z
  .object({
    id: z.string().regex(/^[a-z0-9-]{1,64}$/),
    name: z.string().min(1),
    environment: environmentSchema().exclude(['practice']),
    baseUrl: z.string().min(1),
    pathOverrides: pathOverridesSchema(),
    successUrl: z.string().nullable(),
    failureUrl: z.string().nullable(),
    defaultCurrency: z.enum(currencyCodes as [string, ...string[]]),
    /** Last four characters of the key in the keychain; null when none is set. */
    keyLastFour: z.string().max(4).nullable(),
    /** Who issues this profile's invoices; absent until set in Settings. */
    seller: sellerDetailsSchema().optional(),
  })
  .strict());
export type StoredProfile = z.infer<ReturnType<typeof storedProfileSchema>>;

/** The practice profile's own settings (its address and key come from the embedded gateway). */
const practiceSettingsSchema = shared(() => z
  .object({
    name: z.string().min(1),
    defaultCurrency: z.enum(currencyCodes as [string, ...string[]]),
    successUrl: z.string().nullable(),
    failureUrl: z.string().nullable(),
    seller: sellerDetailsSchema().optional(),
  })
  .strict());
export type PracticeSettings = z.infer<ReturnType<typeof practiceSettingsSchema>>;

const fileSchema = shared(() => z
  .object({
    version: z.literal(1),
    activeId: z.string(),
    practice: practiceSettingsSchema(),
    profiles: z.array(storedProfileSchema()),
  })
  .strict());
export type ProfilesFile = z.infer<ReturnType<typeof fileSchema>>;

export const emptyProfilesFile = (): ProfilesFile => ({
  version: 1,
  activeId: 'practice',
  practice: { name: 'Practice', defaultCurrency: 'SAR', successUrl: null, failureUrl: null },
  profiles: [],
});

export type ReadOutcome = { ok: true; file: ProfilesFile; existed: boolean } | { ok: false; problem: Reason };

/** `name`: another file of that shape (a backup's profiles, main/maintenance/backup-profiles.ts). */
export function readProfilesFile(dataDir: string, name = profilesFileName): ReadOutcome {
  const path = join(dataDir, name);
  if (!existsSync(path)) return { ok: true, file: emptyProfilesFile(), existed: false };
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    const why: Record<string, string> = e instanceof SyntaxError ? { why: 'json' } : { why: 'unreadable', code: (e as NodeJS.ErrnoException).code ?? 'error' };
    return { ok: false, problem: broken(path, why) };
  }
  // A newer Paydesk raises `version` when it writes what this one cannot read: said so, not "broken".
  const version = (json as { version?: unknown } | null)?.version;
  if (typeof version === 'number' && version > 1) return { ok: false, problem: broken(path, { why: 'newer', version: String(version) }) };
  const parsed = fileSchema().safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, problem: broken(path, { why: 'content', path: issue?.path.join('.') || '-' }) };
  }
  const ids = new Set<string>();
  for (const p of parsed.data.profiles) {
    if (ids.has(p.id) || p.id === 'practice') return { ok: false, problem: broken(path, { why: 'duplicate', id: p.id }) };
    ids.add(p.id);
  }
  return { ok: true, file: parsed.data, existed: true };
}

/** Why the file cannot be used (profile.fileUnusable): `why` is json, unreadable (with code), content, newer (with version) or duplicate (with id). */
function broken(path: string, why: Record<string, string>): Reason {
  return { key: 'profile.fileUnusable', values: { file: path, code: '', id: '', path: '', version: '', ...why } };
}

/** Writes the whole file: a temp file beside it (0600), flushed, then renamed over the old one. */
export function writeProfilesFile(dataDir: string, file: ProfilesFile, name = profilesFileName): void {
  const path = join(dataDir, name);
  const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
  const fd = openSync(temp, 'wx', 0o600);
  try {
    writeSync(fd, JSON.stringify(fileSchema().parse(file), null, 2) + '\n');
    fsyncSync(fd);
  } catch (e) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw e;
  }
  closeSync(fd);
  try {
    renameSync(temp, path);
  } catch (e) {
    rmSync(temp, { force: true });
    throw e;
  }
}
