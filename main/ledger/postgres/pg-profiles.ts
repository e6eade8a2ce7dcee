// The team's profiles (team-profiles.sql, schema version 31): what a laptop publishes of its own
// sandbox and production profiles, and the list every laptop reads (docs/team-ledger.md, "The team's
// profiles"). Only four fields ever leave the laptop: id, name, environment and gateway base URL;
// they are picked one by one below, so a key, its last four characters or anything added to a
// profile later cannot ride along.
import type { TeamProfile } from '../../../contract/methods/profiles';
import { fail } from '../../core/fail';
import { liveChannel } from './live';

type Queryable = { query(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>>; rowCount?: number | null }> };
export type PublishedProfile = { id: string; name: string; environment: string; baseUrl: string };

/** The four published fields of a profile, nothing else (practice is the same id everywhere: never published). */
export function publishedFields(profiles: readonly PublishedProfile[]): Array<{ id: string; name: string; environment: 'sandbox' | 'production'; baseUrl: string }> {
  return profiles
    .filter((p): p is PublishedProfile & { environment: 'sandbox' | 'production' } => p.environment === 'sandbox' || p.environment === 'production')
    .map((p) => ({ id: p.id, name: p.name, environment: p.environment, baseUrl: p.baseUrl }));
}

// A database whose schema predates the table (Test connection says it is older): nothing to read or publish.
const noTable = (error: unknown) => (error as { code?: string }).code === '42P01';

const columns = `id, name, environment, base_url, added_by, added_at, changed_by, changed_at, removed_by, removed_at`;
const iso = (value: unknown) => new Date(value as string).toISOString();
function teamProfile(r: Record<string, unknown>): TeamProfile {
  return {
    id: r.id as string, name: r.name as string, environment: r.environment as TeamProfile['environment'], baseUrl: r.base_url as string,
    addedBy: r.added_by as string, addedAt: iso(r.added_at), removed: r.removed_at != null,
    ...(r.changed_by != null ? { changedBy: r.changed_by as string, changedAt: iso(r.changed_at) } : {}),
    ...(r.removed_at != null ? { removedBy: r.removed_by as string, removedAt: iso(r.removed_at) } : {}),
  };
}

/** `login`: the login the pool connects as, which names the person a refusal is about (asked of the server only without it). */
export function createTeamProfiles(deps: { pool: Queryable; login?: string }) {
  // Every laptop listening reads the team's list again (live.ts): no schema step, anyone may NOTIFY,
  // and nothing is trusted from it. A rename made with psql is not told (its screens read it when opened).
  const tell = () => deps.pool.query(`SELECT pg_notify($1, 'profiles')`, [liveChannel]).catch(() => undefined);
  // The login known, no second round trip: asked right after a refusal, on a loaded server that
  // query once failed and the refusal named "?" (a fresh-clone CI run, 2026-12-01).
  const who = async () => deps.login ?? String((await deps.pool.query('SELECT session_user AS who').catch(() => ({ rows: [{ who: '?' }] }))).rows[0]!.who);
  const row = async (id: string) => (await deps.pool.query(`SELECT ${columns} FROM paydesk.profiles WHERE id = $1`, [id])).rows[0];
  return {
    /**
     * This laptop's profiles into the team's list: a new one added (stamped with this login by the
     * database), one this login published before brought up to date (its name or address changed
     * while away). Another person's row is left as it is: the team's name is its publisher's.
     * Answers how many rows were added or changed.
     */
    async publish(profiles: readonly PublishedProfile[]): Promise<number> {
      let changed = 0;
      try {
        for (const p of publishedFields(profiles)) {
          const added = await deps.pool.query(
            `INSERT INTO paydesk.profiles (id, name, environment, base_url) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING`,
            [p.id, p.name, p.environment, p.baseUrl]);
          if (added.rowCount) {
            changed += 1;
            continue;
          }
          // Not over an admin's rename made since (changed_by another login): the team's name is then the admin's.
          const updated = await deps.pool.query(
            `UPDATE paydesk.profiles SET name = $2, base_url = $3 WHERE id = $1 AND added_by = session_user AND removed_at IS NULL
               AND (changed_by IS NULL OR changed_by = session_user) AND (name <> $2 OR base_url <> $3)`,
            [p.id, p.name, p.baseUrl]);
          changed += updated.rowCount ?? 0;
        }
      } catch (error) {
        if (!noTable(error)) throw error;
      }
      if (changed > 0) await tell();
      return changed;
    },

    /**
     * A profile renamed (or its address changed) on this laptop: the team's row follows when this
     * login published it, or is an admin (the database refuses anyone else: team-profiles.sql).
     * Another person's rename stays on their laptop. Answers whether the team's row changed.
     */
    async rename(profile: PublishedProfile): Promise<boolean> {
      const [p] = publishedFields([profile]);
      if (!p) return false;
      try {
        const updated = await deps.pool.query(
          `UPDATE paydesk.profiles SET name = $2, base_url = $3
           WHERE id = $1 AND environment = $4 AND (name <> $2 OR base_url <> $3)
             AND (added_by = session_user OR pg_has_role(session_user, 'paydesk_admin', 'MEMBER'))`,
          [p.id, p.name, p.baseUrl, p.environment]);
        if (updated.rowCount) await tell();
        return (updated.rowCount ?? 0) > 0;
      } catch (error) {
        if (noTable(error)) return false;
        throw error;
      }
    },

    /**
     * Settings → Team ledger, an admin's rename of a team's profile (any row; the database also lets a
     * publisher rename their own, and refuses everyone else: 42501, said in words). Answers the row as it is now.
     */
    async renameTeamRow(id: string, name: string): Promise<{ before: TeamProfile; after: TeamProfile }> {
      const found = await row(id);
      if (!found) throw fail('not_found', 'profile.teamProfileUnknown');
      const before = teamProfile(found);
      if (before.name === name) return { before, after: before };
      try {
        await deps.pool.query(`UPDATE paydesk.profiles SET name = $2 WHERE id = $1`, [id, name]);
      } catch (error) {
        if ((error as { code?: string }).code === '42501') throw fail('forbidden', 'profile.teamRenameRefused', { person: await who(), profile: before.name });
        throw error;
      }
      await tell();
      return { before, after: teamProfile((await row(id))!) };
    },

    /**
     * An admin takes a profile off the team's list (removed_at): no longer offered when a profile is
     * added; the row stays, so payments made with it are still named. Removing one already removed answers it as it is.
     */
    async removeTeamRow(id: string): Promise<TeamProfile> {
      const found = await row(id);
      if (!found) throw fail('not_found', 'profile.teamProfileUnknown');
      if (found.removed_at != null) return teamProfile(found);
      try {
        await deps.pool.query(`UPDATE paydesk.profiles SET removed_at = now() WHERE id = $1 AND removed_at IS NULL`, [id]);
      } catch (error) {
        if ((error as { code?: string }).code === '42501') throw fail('forbidden', 'profile.teamRemoveRefused', { person: await who(), profile: String(found.name) });
        throw error;
      }
      await tell();
      return teamProfile((await row(id))!);
    },

    /** Every profile the team's laptops published, removed ones included (a payment made with one is still named). */
    async list(): Promise<TeamProfile[]> {
      try {
        const { rows } = await deps.pool.query(`SELECT ${columns} FROM paydesk.profiles ORDER BY lower(name), id`);
        return rows.map(teamProfile);
      } catch (error) {
        if (noTable(error)) return [];
        throw error;
      }
    },
  };
}

export type TeamProfiles = ReturnType<typeof createTeamProfiles>;
