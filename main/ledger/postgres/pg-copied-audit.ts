// "Copied from laptops" on the audit screen of the team ledger: the entries each laptop wrote on
// its own ledger before the copy (paydesk.imported_audit, import.sql), read-only, one laptop at a
// time, newest first by the laptop's own seq. Pages are a keyset on the primary key (laptop, seq):
// one backward walk of it per page, as fast at a million entries as at ten; the laptops are found
// by a loose scan of the same key (one seek each). Who may read the team's audit log may read
// these (the same grants and policy). Each laptop's chain is checked by its own rule, the one the
// copy verified it by (copy-to-team.ts verifyImportedAudit), when asked.
// The audit screen's search and period apply here too, as to the team's log: the same matching
// (teamAuditMatch on these columns; a laptop entry has no team login), and a period is a range of
// the laptop's seqs found by halving (audit-period.ts, as the laptop itself found it).
import type { MethodOutput, MethodParsedInput } from '../../../contract/methods';
import { hasPeriod, seqRangeLater, type SeqRange } from '../audit-period';
import { exactInteger, verifyImportedAudit } from './copy-to-team';
import { teamAuditMatch, type AuditSearchSource } from './pg-audit-reads';
import { Params } from './pg-list-sql';
import type { Queryable } from './pg-reads';

/** `paydesk.imported_audit i` for an audit search: what was done, by which OS user, how it ended, the order. */
export const copiedAuditSource: AuditSearchSource = {
  alias: 'i',
  columns: ['i.action', 'i.os_user', 'i.result', 'i.order_id'],
  text: `lower(i.action || ' ' || coalesce(i.os_user, '') || ' ' || i.result || ' ' || coalesce(i.order_id, '') COLLATE "C")`,
};

/**
 * One window of a laptop's copied entries, newest first below `beforeSeq`, within a period's seqs,
 * matching a search (copied-audit-search.sql's indexes narrow it): one more row than the window,
 * so the screen knows whether older entries match too (a search's pages are not positions).
 */
export function copiedAuditWindow(laptop: string, input: { beforeSeq?: number; limit: number; query?: string; actions?: string[]; results?: string[] }, range?: SeqRange) {
  const params = new Params();
  const query = input.query?.trim();
  const clauses = [`i.laptop = ${params.add(laptop)}`, `i.seq < ${params.add(Math.min(input.beforeSeq ?? Number.MAX_SAFE_INTEGER, range ? range.last + 1 : Number.MAX_SAFE_INTEGER))}`];
  if (range) clauses.push(`i.seq >= ${params.add(range.first)}`);
  if (query) clauses.push(teamAuditMatch({ ...input, query }, params, copiedAuditSource));
  // Ordered by the table's seq (the answer's `seq` is its text: a bare name would sort that).
  return {
    text: `SELECT seq::text AS seq, at, os_user, profile_id, environment, action, payment_id, order_id, amount_minor::text AS amount_minor, currency, reason, result
      FROM paydesk.imported_audit i WHERE ${clauses.join(' AND ')} ORDER BY i.seq DESC LIMIT ${params.add(input.limit + 1)}`,
    values: params.values,
  };
}

export function createCopiedAuditReads(pool: Queryable, explain: (error: unknown) => Promise<never>) {
  async function laptops(): Promise<string[]> {
    const found = await pool.query(`WITH RECURSIVE l(laptop) AS (
        SELECT min(laptop) FROM paydesk.imported_audit
        UNION ALL SELECT (SELECT min(i.laptop) FROM paydesk.imported_audit i WHERE i.laptop > l.laptop) FROM l WHERE l.laptop IS NOT NULL)
      SELECT laptop FROM l WHERE laptop IS NOT NULL`);
    return found.rows.map((r) => r.laptop as string);
  }

  async function list(input: MethodParsedInput<'listCopiedAudit'>): Promise<MethodOutput<'listCopiedAudit'>> {
    const all = await laptops();
    const laptop = input.laptop !== undefined && all.includes(input.laptop) ? input.laptop : all[0];
    if (laptop === undefined) return { laptops: all, laptop: null, total: 0, rows: [] };
    const newest = exactInteger((await pool.query('SELECT coalesce(max(seq), 0)::text AS n FROM paydesk.imported_audit WHERE laptop = $1', [laptop])).rows[0]!.n as string)!;
    const filtered = Boolean(input.query?.trim()) || hasPeriod(input);
    const range = hasPeriod(input) ? await seqRangeLater(input, newest, async (seq) =>
      (await pool.query('SELECT at FROM paydesk.imported_audit WHERE laptop = $1 AND seq = $2', [laptop, seq])).rows[0]?.at as string | undefined) : undefined;
    const window = copiedAuditWindow(laptop, input, range);
    const found = (await pool.query(window.text, window.values)).rows;
    return {
      laptops: all, laptop, total: newest, ...(filtered ? { more: found.length > input.limit } : {}),
      rows: found.slice(0, input.limit).map((r) => ({
        seq: exactInteger(r.seq as string)!, at: r.at as string, osUser: (r.os_user as string | null) ?? '', profileId: r.profile_id as string | null,
        environment: r.environment as string | null, action: r.action as string, paymentId: r.payment_id as string | null, orderId: r.order_id as string | null,
        amountMinor: exactInteger(r.amount_minor as string | null), currency: r.currency as string | null, reason: r.reason as string | null, result: r.result as string,
      })),
    };
  }

  async function verify(input: MethodParsedInput<'verifyCopiedAudit'>): Promise<MethodOutput<'verifyCopiedAudit'>> {
    const checked = await verifyImportedAudit(pool, input.laptop);
    return { intact: checked.ok, entries: checked.rows, ...(checked.brokenAt !== undefined ? { brokenAt: checked.brokenAt } : {}) };
  }

  return {
    listCopiedAudit: (input: MethodParsedInput<'listCopiedAudit'>) => list(input).catch(explain),
    verifyCopiedAudit: (input: MethodParsedInput<'verifyCopiedAudit'>) => verify(input).catch(explain),
  };
}
