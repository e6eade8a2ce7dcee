// "Verify the whole chain" on the team ledger: every entry of paydesk.audit_log checked again
// from the first, as audit-verify.ts does on SQLite (the same audit.verify events: progress per
// slice, then the result with the first broken link), one check at a time.
// PostgreSQL recomputes each hash with the very expression security.sql's append_audit wrote it
// with (the entry's JSON array built by to_json, SHA-256 by sha256()), so nothing but a few
// numbers per slice comes back over the wire, however far the server. Keyset slices of 10,000
// entries, each one query awaited on the pool: main's event loop only reads the slice's answer,
// other calls get in between. A slice reads whatever is committed when it runs (entries appended
// meanwhile are checked too: writers take the chain's head in turn, so no gap is ever visible).
// At the end the newest entry is compared with the chain's head (paydesk.audit_chain_head,
// status-settle.sql, version 17): entries removed from the end leave the head ahead of the log, a
// break no entry shows (before, only the next entry written showed the gap).
import type { AppEvent } from '../../../contract/events';
import type { Queryable } from './pg-reads';

export const teamAuditGenesis = '0'.repeat(64);
const defaultSlice = 10_000;

/**
 * security.sql's entry body, from the stored columns: the JSON array
 * [seq, at, db_user, os_user, profile_id, environment, action, payment_id, order_id, amount_minor, currency, reason, result]
 * exactly as append_audit builds it (keep the two in step).
 */
const entryBody = `'[' || array_to_string(ARRAY[
    to_json(seq)::text,
    to_json(to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text,
    to_json(db_user)::text, to_json(os_user)::text,
    to_json(profile_id)::text, to_json(environment)::text, to_json(action)::text,
    to_json(payment_id)::text, to_json(order_id)::text, to_json(amount_minor)::text,
    to_json(currency)::text, to_json(reason)::text, to_json(result)::text
  ], ',', 'null') || ']'`;

// One slice: each entry must follow the one before it (seq + 1, prev_hash its hash; the first
// follows $1 and $2) and hold the hash its content gives. Answers the entries read, the first
// broken link (the seq expected there: an edited entry's own, a removed one's), the last entry.
const sliceSql = `WITH slice AS (
    SELECT seq, prev_hash, hash, encode(sha256(convert_to(prev_hash || ${entryBody}, 'UTF8')), 'hex') AS expected
    FROM paydesk.audit_log WHERE seq > $1::bigint ORDER BY seq LIMIT $3
  ), linked AS (
    SELECT seq, hash, prev_hash, expected, lag(seq, 1, $1::bigint) OVER w AS before_seq, lag(hash, 1, $2::text) OVER w AS before_hash
    FROM slice WINDOW w AS (ORDER BY seq)
  )
  SELECT count(*)::int AS rows,
    (min(before_seq) FILTER (WHERE seq <> before_seq + 1 OR prev_hash <> before_hash OR hash <> expected) + 1)::text AS broken_at,
    max(seq)::text AS last_seq,
    (array_agg(hash ORDER BY seq DESC))[1] AS last_hash
  FROM linked`;

export type TeamRangeCheck = { rows: number; seq: number; hash: string; brokenAt?: number };

/** Checks up to `limit` entries after `afterSeq`, whose hash must be `prevHash` (audit-log.ts's verifyAuditRange on the team database). */
export async function verifyTeamAuditRange(db: Queryable, afterSeq: number, prevHash: string, limit: number): Promise<TeamRangeCheck> {
  const r = (await db.query(sliceSql, [afterSeq, prevHash, limit])).rows[0] as { rows: number; broken_at: string | null; last_seq: string | null; last_hash: string | null };
  if (r.broken_at !== null) {
    const brokenAt = Number(r.broken_at);
    // As on SQLite: the entries read up to the broken one; the position is the last good entry.
    const before = brokenAt - 1 === afterSeq ? prevHash : ((await db.query('SELECT hash FROM paydesk.audit_log WHERE seq = $1', [brokenAt - 1])).rows[0]?.hash as string);
    return { rows: brokenAt - afterSeq, seq: brokenAt - 1, hash: before, brokenAt };
  }
  if (r.rows === 0) return { rows: 0, seq: afterSeq, hash: prevHash };
  return { rows: r.rows, seq: Number(r.last_seq), hash: r.last_hash! };
}

/** The chain's head as the last writer left it (status-settle.sql: every person may ask, nobody reads the table). */
export async function teamAuditHead(db: Queryable): Promise<{ seq: number; hash: string }> {
  const r = (await db.query('SELECT seq::text AS seq, hash FROM paydesk.audit_chain_head()')).rows[0] as { seq: string; hash: string };
  return { seq: Number(r.seq), hash: r.hash };
}

/**
 * The log's end against its head: entries removed from the end (the newest entry before the head's:
 * brokenAt the first missing one, headSeq the head's), or the newest entry not the one the head
 * names (brokenAt: it). The head is read first: every entry up to it had committed by then.
 */
export async function teamAuditEnd(db: Queryable): Promise<{ brokenAt: number; headSeq?: number } | undefined> {
  const head = await teamAuditHead(db);
  const newest = (await db.query('SELECT a.seq::text AS seq, a.hash FROM paydesk.audit_log a ORDER BY a.seq DESC LIMIT 1')).rows[0] as { seq: string; hash: string } | undefined;
  const last = Number(newest?.seq ?? 0);
  if (last < head.seq) return { brokenAt: last + 1, headSeq: head.seq };
  if (last === head.seq && (newest?.hash ?? teamAuditGenesis) !== head.hash) return { brokenAt: head.seq };
  return undefined;
}

/** The newest entry's seq (the chain is gapless: the number of entries). */
export async function lastTeamAuditSeq(db: Queryable): Promise<number> {
  return Number((await db.query('SELECT coalesce(max(seq), 0)::text AS n FROM paydesk.audit_log')).rows[0]!.n);
}

export type FullCheck = { seq: number; hash: string; brokenAt?: number; headSeq?: number };

export function createTeamAuditVerifier(deps: {
  pool: Queryable;
  emit: (event: AppEvent) => void;
  /** Told the result of a check that finished (the quick check remembers it, as recordFullCheck does on SQLite). */
  remember?: (result: FullCheck) => void | Promise<void>;
  /** A refusal or lost connection at the start, in words (pg-refusals.ts); rethrown as is without. */
  explain?: (error: unknown) => Promise<never>;
  sliceRows?: number;
}) {
  const slice = deps.sliceRows ?? defaultSlice;
  let running: Promise<void> | undefined;
  let stopping = false;
  let cancelling = false; // a person's Stop: this check ends after its slice under way, and another may start
  const emit = (p: { checked: number; total: number; done: boolean; brokenAt?: number; headSeq?: number; failed?: boolean; cancelled?: boolean }) =>
    deps.emit({ type: 'audit.verify', checked: p.checked, total: Math.max(p.total, p.checked), done: p.done, intact: !p.failed && !p.cancelled && p.brokenAt === undefined,
      ...(p.brokenAt !== undefined ? { brokenAt: p.brokenAt } : {}), ...(p.headSeq !== undefined ? { headSeq: p.headSeq } : {}), ...(p.cancelled ? { cancelled: true as const } : {}) });

  async function run(total: number): Promise<void> {
    let position = { seq: 0, hash: teamAuditGenesis };
    let checked = 0;
    try {
      for (;;) {
        // Paydesk closing: the check ends after the slice under way, said as not finished.
        if (stopping) throw new Error('stopped');
        if (cancelling) return emit({ checked, total, done: true, cancelled: true });
        const range = await verifyTeamAuditRange(deps.pool, position.seq, position.hash, slice);
        checked += range.rows;
        const done = range.brokenAt !== undefined || range.rows < slice;
        // Every entry holds: the log must still end where its head says.
        const end = done && range.brokenAt === undefined ? await teamAuditEnd(deps.pool) : undefined;
        const brokenAt = range.brokenAt ?? end?.brokenAt;
        if (done) await deps.remember?.({ seq: range.seq, hash: range.hash, brokenAt, headSeq: end?.headSeq });
        emit({ checked, total, done, brokenAt, headSeq: end?.headSeq });
        if (done) return;
        position = { seq: range.seq, hash: range.hash };
      }
    } catch {
      // A check that could not finish (the connection lost, the person's rights taken away) has proven nothing.
      emit({ checked, total, done: true, failed: true });
    }
  }

  return {
    /** Starts a full check unless one is running; answers the number of entries to check. A refusal throws, in words. */
    async start(): Promise<{ started: boolean; entries: number }> {
      if (stopping) return { started: false, entries: 0 };
      const entries = lastTeamAuditSeq(deps.pool).catch((e: unknown) => (deps.explain ? deps.explain(e) : Promise.reject(e)));
      if (running) return { started: false, entries: await entries };
      cancelling = false;
      running = entries.then(run, () => undefined).finally(() => (running = undefined));
      return { started: true, entries: await entries };
    },
    /** Resolves when the running check (if any) has finished. */
    idle: (): Promise<void> => running ?? Promise.resolve(),
    /** A person's Stop: the running check (if any) ends after its slice under way, its last event saying cancelled. */
    cancel(): { stopped: boolean } {
      if (!running) return { stopped: false };
      cancelling = true;
      return { stopped: true };
    },
    /** Ends a running check after its slice under way (Paydesk closing); no check starts after it. */
    stop(): Promise<void> {
      stopping = true;
      return running ?? Promise.resolve();
    },
  };
}

export type TeamAuditVerifier = ReturnType<typeof createTeamAuditVerifier>;
