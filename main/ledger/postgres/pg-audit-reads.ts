// The audit screen on the team's PostgreSQL: paydesk.audit_log (the database writes it,
// security.sql), newest first, as main/ledger/audit-query.ts answers it on SQLite. Without a
// search the seq numbers are the positions (the chain keeps them gapless): any depth is one
// seek, the total is the newest seq. With a search (action, login, OS user, result, order id;
// folded as SQLite's LIKE folds; the action and result codes the screen's words name; an amount
// as a person types it, typed-amounts.ts) the log is read newest first, narrowed by reads.sql's
// trigram index from three characters on and audit-amount.sql's amount index, and nothing is counted. A reason is not searched here: the index does not hold it (SQLite's does).
// The chain (security.sql's rule: the SQLite ledger's with the database login added) is checked
// once per entry as on SQLite (audit-chain.ts): each look checks up to 1,000 new entries and
// goes on in the background. Each look also compares the log's end with the chain's head
// (paydesk.audit_chain_head, status-settle.sql): entries removed from the end are a break too.
// What is verified can be kept on the laptop (`keeper`: main/team/team-audit-position.ts, a file
// in the data folder, per team database and its oid), so after a restart the check goes on from
// there; without one it starts again from the first entry. Entries copied from laptops
// (paydesk.imported_audit) are their own chains (copy-to-team.ts verifyImportedAudit), listed apart (pg-copied-audit.ts).
// "Verify the whole chain" (pg-audit-verify.ts) checks every entry again and its result is
// remembered here, as recordFullCheck does on SQLite: a break where it found one, or the whole
// chain verified (a repaired chain is intact again).
import { createHash } from 'node:crypto';
import type { MethodOutput, MethodParsedInput } from '../../../contract/methods';
import type { ChainStatus } from '../audit-chain';
import { asciiLower, escapeLike, folded, Params } from './pg-list-sql';
import { minor } from './pg-store';
import { typedAmounts } from '../typed-amounts';
import { hasPeriod, seqRangeLater } from '../audit-period';
import type { Queryable } from './pg-reads';
import { createTeamAuditVerifier, teamAuditHead, type FullCheck } from './pg-audit-verify';
import type { AppEvent } from '../../../contract/events';

const genesis = '0'.repeat(64);
const slice = 1_000;
/** While a first check walks a long log, its position is kept at least this often (and when it catches up). */
const keepEvery = 100_000;

/** A verified position kept on the laptop: the entry's seq and hash, and the database's oid it belongs to. */
export type KeptAuditPosition = { seq: number; hash: string; database: string };
export type AuditPositionKeeper = {
  read(): Promise<KeptAuditPosition | undefined>;
  write(position: KeptAuditPosition): Promise<void>;
};
// int8 columns come back as text (pg's default), read with Number() and minor().
const columns = 'seq, at, db_user, os_user, profile_id, environment, action, payment_id::text AS payment_id, order_id, amount_minor, currency, reason, result';
/** Where an audit search looks: the columns matched one by one, and the entry's text as an index holds it. */
export type AuditSearchSource = { alias: string; columns: string[]; text: string };
/** The team's own log `paydesk.audit_log a`: what reads.sql's audit_log_search index holds per entry. */
const teamAuditSource: AuditSearchSource = {
  alias: 'a',
  columns: ['a.action', 'a.db_user', 'a.os_user', 'a.result', 'a.order_id'],
  text: `lower(a.action || ' ' || a.db_user || ' ' || coalesce(a.os_user, '') || ' ' || a.result || ' ' || coalesce(a.order_id, '') COLLATE "C")`,
};
type Entry = Record<string, unknown>;

const iso = (v: unknown) => new Date(v as Date).toISOString();
/** The JSON array an entry's hash covers, in security.sql's order. */
const hashed = (r: Entry) =>
  JSON.stringify([Number(r.seq), iso(r.at), r.db_user, r.os_user, r.profile_id, r.environment, r.action, r.payment_id, r.order_id, minor(r.amount_minor as string | null), r.currency, r.reason, r.result]);

/**
 * An audit search as an SQL test on `paydesk.audit_log a` (or, given its source, the entries
 * copied from laptops: pg-copied-audit.ts), its values added to `params`: the screen's windows
 * and the export of what the screen shows (pg-export.ts) share it.
 */
export function teamAuditMatch(search: { query: string; actions?: string[]; results?: string[] }, params: Params, source: AuditSearchSource = teamAuditSource): string {
  const query = search.query;
  const like = `%${escapeLike(query)}%`;
  const q = params.add(asciiLower(like));
  const { alias, text: auditText } = source;
  const typed = [`(${source.columns.map((c) => `${folded(c)} LIKE ${q}`).join(' OR ')})`];
  if ([...query].length >= 3) typed.push(`${auditText} LIKE ${q}`);
  const either = [`(${typed.join(' AND ')})`];
  // The codes whose label on screen holds the text (the renderer's words): each is in the entry's
  // indexed text, so the same trigram index narrows to them, then the column is matched exactly.
  for (const [column, codes] of [[`${alias}.action`, search.actions], [`${alias}.result`, search.results]] as const) {
    if (!codes?.length) continue;
    either.push(`(${auditText} LIKE ANY(${params.add(codes.map((c) => `%${escapeLike(asciiLower(c))}%`))}::text[]) AND ${column} = ANY(${params.add(codes)}::text[]))`);
  }
  // An amount: one test per currency it is exact in, each a seek of audit-amount.sql's index.
  for (const amount of typedAmounts(query)) either.push(`(${alias}.amount_minor = ${params.add(amount.minor)}::bigint AND ${alias}.currency = ${params.add(amount.currency)}::text)`);
  return `(${either.join(' OR ')})`;
}

export function createTeamAuditReads(pool: Queryable, track: (work: Promise<unknown>) => void, options: { emit?: (event: AppEvent) => void; explain?: (error: unknown) => Promise<never>; keeper?: AuditPositionKeeper } = {}) {
  let verified = { seq: 0, hash: genesis };
  const { keeper } = options;
  /** This database's oid (its kept position is for it only) and the seq last kept. */
  let database: string | undefined;
  let kept = 0;
  let loaded: Promise<void> | undefined;
  /** Once per process: the position this laptop kept, if it is this database's. */
  const load = () => (loaded ??= (async () => {
    if (!keeper) return;
    database = String((await pool.query('SELECT oid::text AS oid FROM pg_database WHERE datname = current_database()')).rows[0]!.oid);
    const position = await keeper.read().catch(() => undefined);
    if (position && position.database === database && verified.seq === 0) {
      verified = { seq: position.seq, hash: position.hash };
      kept = position.seq;
    }
  })().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  }));
  /** Keeps the verified position when a check caught up (or walked far), never a broken one. */
  const keep = (last: number) => {
    if (!keeper || database === undefined || verified.seq === kept || (verified.seq < last && verified.seq - kept < keepEvery)) return;
    kept = verified.seq;
    track(keeper.write({ ...verified, database }));
  };
  let brokenAt: number | undefined;
  /** The chain head's seq, when entries were found removed from the log's end (from brokenAt on). */
  let headSeq: number | undefined;
  let checking = false;
  const lastSeq = async () => Number((await pool.query('SELECT coalesce(max(seq), 0)::text AS n FROM paydesk.audit_log')).rows[0]!.n);

  // One check at a time (a look at the screen and the background's next slice take turns).
  let turn: Promise<unknown> = Promise.resolve();
  const checkSlice = (): Promise<ChainStatus> => {
    const next = turn.then(checkOnce, checkOnce);
    turn = next.catch(() => undefined);
    return next;
  };

  /** Checks at most one slice of entries after the last verified one. */
  async function checkOnce(): Promise<ChainStatus> {
    await load();
    // The head first (status-settle.sql): every entry up to it had committed when it was read.
    const head = await teamAuditHead(pool);
    const last = await lastSeq();
    if (brokenAt !== undefined) return { intact: false, checkedThrough: brokenAt - 1, last, brokenAt, ...(headSeq !== undefined ? { headSeq } : {}) };
    const broken = (at: number, cutFrom?: number): ChainStatus => {
      brokenAt = at;
      headSeq = cutFrom;
      return { intact: false, checkedThrough: at - 1, last, brokenAt: at, ...(cutFrom !== undefined ? { headSeq: cutFrom } : {}) };
    };
    // Entries removed from the end: the log stops before its head (no entry after them shows it).
    if (last < head.seq) return broken(last + 1, head.seq);
    if (verified.seq > 0) {
      // The remembered entry must still be there with the same hash, or something was rewritten.
      const anchor = (await pool.query('SELECT hash FROM paydesk.audit_log WHERE seq = $1', [verified.seq])).rows[0];
      if (anchor?.hash !== verified.hash) return broken(verified.seq);
    }
    const rows = (await pool.query(`SELECT ${columns}, prev_hash, hash FROM paydesk.audit_log WHERE seq > $1 ORDER BY seq LIMIT $2`, [verified.seq, slice])).rows;
    let { seq, hash } = verified;
    for (const r of rows) {
      const at = Number(r.seq);
      const expected = createHash('sha256').update(hash).update(hashed(r)).digest('hex');
      if (at !== seq + 1 || r.prev_hash !== hash || r.hash !== expected) return broken(seq + 1);
      seq = at;
      hash = expected;
    }
    // Checked up to the head: its newest entry must be the one the head names.
    if (seq === head.seq && hash !== head.hash) return broken(seq);
    verified = { seq, hash };
    keep(last);
    return { intact: true, checkedThrough: seq, last: Math.max(last, seq) };
  }

  /** A full check's result, taken in turn with the quick check's slices. */
  const remember = (result: FullCheck) => {
    const next = turn.then(() => {
      brokenAt = result.brokenAt;
      headSeq = result.headSeq;
      if (result.brokenAt === undefined) {
        verified = { seq: result.seq, hash: result.hash };
        keep(result.seq);
      }
    });
    turn = next.catch(() => undefined);
    return next;
  };
  const verifier = createTeamAuditVerifier({ pool, emit: (event) => options.emit?.(event), remember, explain: options.explain });

  /** The chain as the log is looked at: one slice checked now, the rest in the background. */
  async function chain(): Promise<ChainStatus> {
    const status = await checkSlice();
    if (status.intact && status.checkedThrough < status.last) continueInBackground();
    return status;
  }

  function continueInBackground() {
    if (checking) return;
    checking = true;
    track((async () => {
      try {
        for (;;) {
          const status = await checkSlice();
          if (!status.intact || status.checkedThrough >= status.last) return;
          await new Promise((resolve) => setImmediate(resolve));
        }
      } finally {
        checking = false;
      }
    })());
  }

  async function window(input: MethodParsedInput<'listAuditLog'>, last: number) {
    const query = input.query?.trim();
    const params = new Params();
    // A period is a range of seqs (audit-period.ts), found as on SQLite.
    const range = hasPeriod(input) ? await seqRangeLater(input, last, async (seq) => {
      const found = (await pool.query('SELECT at FROM paydesk.audit_log WHERE seq = $1', [seq])).rows[0] as { at: Date } | undefined;
      return found && iso(found.at);
    }) : undefined;
    if (!query) {
      const top = Math.min(input.beforeSeq !== undefined ? input.beforeSeq - 1 : last - input.offset, range ? range.last - (input.beforeSeq !== undefined ? 0 : input.offset) : last);
      const rows = (await pool.query(`SELECT ${columns} FROM paydesk.audit_log WHERE seq <= $1 AND seq >= $2 ORDER BY seq DESC LIMIT $3`, [top, range?.first ?? 1, input.limit])).rows;
      if (!range) return { total: last, totalExact: true, rows };
      return { total: Math.max(0, range.last - range.first + 1), totalExact: Number(rows.at(-1)?.seq ?? range.first) <= range.first, rows };
    }
    const offset = input.beforeSeq !== undefined ? 0 : input.offset;
    if (range && range.first > range.last) return { total: offset, totalExact: true, rows: [] };
    const before = Math.min(input.beforeSeq ?? last + 1, range ? range.last + 1 : last + 1);
    const clauses = [`a.seq < ${params.add(before)}`, `a.seq >= ${params.add(range?.first ?? 1)}`, teamAuditMatch({ ...input, query }, params)];
    const rows = (await pool.query(`SELECT ${columns} FROM paydesk.audit_log a WHERE ${clauses.join(' AND ')} ORDER BY a.seq DESC LIMIT ${params.add(input.limit)} OFFSET ${params.add(offset)}`, params.values)).rows;
    // No count: the screen pages on ("more" while a window comes back full).
    return { total: offset + rows.length, totalExact: rows.length < input.limit, rows };
  }

  return {
    chain,
    stopFullCheck: () => verifier.stop(),
    cancelFullCheck: () => verifier.cancel(),
    /** "Verify the whole chain": starts it (audit.verify events), unless one is running. */
    verify: () => {
      const started = verifier.start();
      track(started.then(() => verifier.idle()));
      return started;
    },
    async list(input: MethodParsedInput<'listAuditLog'>): Promise<MethodOutput<'listAuditLog'>> {
      const status = await chain();
      const found = await window(input, status.last);
      return {
        total: found.total,
        totalExact: found.totalExact,
        chainIntact: status.intact,
        chain: status,
        rows: found.rows.map((r) => ({
          seq: Number(r.seq), at: iso(r.at), osUser: (r.os_user as string | null) ?? (r.db_user as string), person: r.db_user as string, profileId: r.profile_id as string | null,
          environment: r.environment as string | null, action: r.action as string, paymentId: r.payment_id as string | null, orderId: r.order_id as string | null,
          amountMinor: minor(r.amount_minor as string | null), currency: r.currency as string | null, reason: r.reason as string | null, result: r.result as string,
        })),
      };
    },
  };
}
