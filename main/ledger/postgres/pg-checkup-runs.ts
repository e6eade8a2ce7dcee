// Check-up runs kept on the team ledger (checkup-runs.sql, version 19): the laptop running one
// saves its state, steps and findings through paydesk.save_checkup_run as it goes (only the login
// that started it may, only until it ends); support and admin on any laptop read them back, so a
// run made elsewhere, or before a restart, can be opened. What is saved has already lost the key
// and anything that looks like a card number (checkup-service.ts); the database refuses a long
// digit run too.
import type pg from 'pg';
import type { CheckupRun, CheckupRunSummary } from '../../../contract/methods/checkup';
import { checkupCounts, type CheckupRunContext, type CheckupRunStore } from '../checkup-runs';
import { serverKeepalivesSql } from './connection';

type Queryable = Pick<pg.ClientBase, 'query'>;
type Connections = Queryable & { connect(): Promise<pg.PoolClient> };

const iso = (v: Date | string | null) => (v == null ? null : new Date(v).toISOString());

/** A run kept as running that nobody holds: it can no longer finish. */
const orphaned = `k.state IN ('running', 'cancelling') AND NOT paydesk.checkup_run_held(r.id)`;
const selectRuns = `SELECT r.id::text, r.profile_id, r.environment, r.started_by, r.os_user, r.laptop, k.started_at,
  CASE WHEN ${orphaned} THEN 'interrupted' ELSE k.state END AS state, k.state AS saved_state,
  k.currency, k.gateway_host, k.path_overrides, k.steps, CASE WHEN ${orphaned} THEN k.saved_at ELSE k.finished_at END AS finished_at
  FROM paydesk.checkup_runs r JOIN paydesk.checkup_run_results k ON k.run_id = r.id`;

export function createPgCheckupRuns(db: Connections, options: { laptop: string }): CheckupRunStore {
  /** The runs this laptop holds: held again before a save when their connection was lost. */
  const held = new Map<string, () => Promise<void>>();
  const runOf = (r: Record<string, unknown>): CheckupRun => ({
    id: r.id as string, profileId: r.profile_id as string, environment: r.environment as CheckupRun['environment'], currency: r.currency as string,
    state: r.state as CheckupRun['state'], startedAt: iso(r.started_at as Date)!, finishedAt: iso(r.finished_at as Date | null),
    steps: r.steps as CheckupRun['steps'],
    startedBy: { login: r.started_by as string, osUser: (r.os_user as string | null) ?? null, thisLaptop: r.laptop === options.laptop },
  });
  return {
    async save(run: CheckupRun, context: CheckupRunContext) {
      await held.get(run.id)?.();
      await db.query('SELECT paydesk.save_checkup_run($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8)', [
        run.id, run.state, run.currency, context.gatewayHost, JSON.stringify(context.pathOverrides), JSON.stringify(run.steps), run.startedAt, run.finishedAt,
      ]);
    },
    async get(runId) {
      if (!/^[0-9a-f-]{36}$/i.test(runId)) return undefined;
      const r = (await db.query(`${selectRuns} WHERE r.id = $1`, [runId])).rows[0] as Record<string, unknown> | undefined;
      return r ? { run: runOf(r), context: { gatewayHost: r.gateway_host as string, pathOverrides: r.path_overrides as string[] }, savedState: r.saved_state as CheckupRun['state'] } : undefined;
    },
    async recent(profileId, limit) {
      const rows = (await db.query(`${selectRuns} WHERE r.profile_id = $1 ORDER BY r.started_at DESC, r.id LIMIT $2`, [profileId, limit])).rows as Array<Record<string, unknown>>;
      return rows.map((r): CheckupRunSummary => {
        const { steps, ...run } = runOf(r);
        return { ...run, counts: checkupCounts(steps) };
      });
    },
    async hold(runId) {
      /** Ends the holding connection (and its session, and the lock with it); once. */
      let drop: (() => void) | undefined;
      let released = false;
      const take = async () => {
        const taken = await db.connect();
        let ended = false;
        const end = () => {
          if (ended) return;
          ended = true;
          if (drop === end) drop = undefined;
          // Closed, not returned to the pool: the session ends with it.
          taken.release(true);
        };
        // Lost (the server restarted, the network dropped): held again at the next save.
        taken.on('error', end);
        taken.on('end', end);
        try {
          // A computer that left the network without closing the holding connection is found gone in about a minute.
          await taken.query(serverKeepalivesSql);
          await taken.query('SELECT paydesk.hold_checkup_run($1)', [runId]);
        } catch (e) {
          end();
          throw e;
        }
        drop = end;
      };
      await take();
      held.set(runId, async () => {
        if (!drop && !released) await take();
      });
      return {
        async release() {
          released = true;
          held.delete(runId);
          drop?.();
        },
      };
    },
  };
}
