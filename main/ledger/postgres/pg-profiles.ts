// The team's profiles (team-profiles.sql, schema version 31): what a laptop publishes of its own
// sandbox and production profiles, and the list every laptop reads (docs/team-ledger.md, "The team's
// profiles"). Only four fields ever leave the laptop: id, name, environment and gateway base URL;
// they are picked one by one below, so a key, its last four characters or anything added to a
// profile later cannot ride along.
import type { TeamProfile } from '../../../contract/methods/profiles';

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

export function createTeamProfiles(deps: { pool: Queryable }) {
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
          const updated = await deps.pool.query(
            `UPDATE paydesk.profiles SET name = $2, base_url = $3 WHERE id = $1 AND added_by = session_user AND removed_at IS NULL AND (name <> $2 OR base_url <> $3)`,
            [p.id, p.name, p.baseUrl]);
          changed += updated.rowCount ?? 0;
        }
      } catch (error) {
        if (!noTable(error)) throw error;
      }
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
        return (updated.rowCount ?? 0) > 0;
      } catch (error) {
        if (noTable(error)) return false;
        throw error;
      }
    },

    /** Every profile the team's laptops published, removed ones included (a payment made with one is still named). */
    async list(): Promise<TeamProfile[]> {
      try {
        const { rows } = await deps.pool.query(
          `SELECT id, name, environment, base_url, added_by, added_at, removed_at IS NOT NULL AS removed FROM paydesk.profiles ORDER BY lower(name), id`);
        return rows.map((r) => ({
          id: r.id as string, name: r.name as string, environment: r.environment as TeamProfile['environment'], baseUrl: r.base_url as string,
          addedBy: r.added_by as string, addedAt: new Date(r.added_at as string).toISOString(), removed: r.removed === true,
        }));
      } catch (error) {
        if (noTable(error)) return [];
        throw error;
      }
    },
  };
}

export type TeamProfiles = ReturnType<typeof createTeamProfiles>;
