// The payment links list (Get paid → Links), newest first, a window at a time. Each window
// continues from the last row shown (keyset: created_at, then rowid as the tie-breaker) on the
// payments_created index, whose order is exactly that, so any depth costs one seek and a walk
// of the window, never skipping rows one by one. Links are a share of all payments, so the walk
// passes over the other kinds between them; the count comes from payment_counts (instant).
// The State filter's window walks payments_state (state, created_at; rowid in every entry) in the
// same order: that state's payments newest first, passing over the other kinds as the whole list
// does. An index of links by state of their own was measured and not kept: at 100,000 payments no
// faster (docs/performance.md, "The links list's State filter"), 14 B a payment on a 1 GB goal.
import type { LinkFilterState } from '../../contract/payment-states';
import type { LedgerDb } from './database';
import type { PaymentRow } from './payment-rows';
import { countCommon } from './count-tables';
import { prepared, writtenLimit } from './statements';

export type LinksWindow = { rows: PaymentRow[]; total: number; next?: string };

/** A window of links after `after` (the `next` of the window before), newest first. */
export function linksWindow(db: LedgerDb, options: { after?: string; limit: number; state?: LinkFilterState }): LinksWindow {
  const cursor = options.after === undefined ? undefined : parseCursor(options.after);
  const { state } = options;
  const sql = `SELECT p.*, p.rowid AS _rk FROM payments p
    WHERE p.kind = 'link' ${state ? 'AND p.state = ?' : ''} ${cursor ? 'AND (p.created_at, p.rowid) < (?, ?)' : ''}
    ORDER BY p.created_at DESC, p.rowid DESC LIMIT ${writtenLimit(options.limit + 1)}`; // written in: a bound LIMIT is planned again at every call (statements.ts)
  const params = [...(state ? [state] : []), ...(cursor ? [cursor.createdAt, cursor.rowid] : [])];
  const found = prepared(db, sql).all(...params) as Array<PaymentRow & { _rk: number }>;
  const rows = found.slice(0, options.limit);
  const last = rows.at(-1);
  return {
    rows,
    total: countCommon(db, { kinds: ['link'], ...(state ? { states: [state] } : {}) }),
    next: found.length > options.limit && last ? `${last.created_at}~${last._rk}` : undefined,
  };
}

/** The query plan of a window (for the tests: it must walk the index, never sort). */
export function linksWindowPlan(db: LedgerDb, state?: LinkFilterState): string[] {
  const rows = db.prepare(`EXPLAIN QUERY PLAN SELECT p.*, p.rowid FROM payments p WHERE p.kind = 'link' ${state ? 'AND p.state = ?' : ''} AND (p.created_at, p.rowid) < (?, ?) ORDER BY p.created_at DESC, p.rowid DESC LIMIT 101`).all(...(state ? [state] : []), '9999', 1) as Array<{ detail: string }>;
  return rows.map((r) => r.detail);
}

function parseCursor(text: string): { createdAt: string; rowid: number } {
  const at = text.lastIndexOf('~');
  const rowid = Number(text.slice(at + 1));
  if (at <= 0 || !Number.isSafeInteger(rowid)) return { createdAt: '', rowid: 0 }; // past the end: an empty window
  return { createdAt: text.slice(0, at), rowid };
}
