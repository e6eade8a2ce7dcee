// The audit chain checked once per entry: the ledger remembers the last verified entry and its
// hash (ledger_meta, migration 6), and each look at the log checks only what was added since,
// a bounded slice at a time, the rest in the background. The whole chain is checked again only
// when the user asks (audit-verify.ts). A row that no longer has the remembered hash, or a gap,
// is reported as where the chain breaks, and remembered.
import type { LedgerDb } from './database';
import { auditGenesis, verifyAuditRange } from './audit-log';

export type ChainStatus = {
  /** False once a broken link was found; true while every entry checked so far holds. */
  intact: boolean;
  /** Entries up to this seq are verified; `last` is the newest entry. */
  checkedThrough: number;
  last: number;
  brokenAt?: number;
  /** The team ledger only: its chain head's seq, when the log ends before it (entries removed from the end, from brokenAt on). */
  headSeq?: number;
};

// About 10 ms of hashing: main answers other calls between slices.
const slice = 1_000;
const running = new WeakSet<LedgerDb>();

function meta(db: LedgerDb) {
  const rows = db.prepare("SELECT key, value FROM ledger_meta WHERE key LIKE 'audit_%'").all() as Array<{ key: string; value: string | number }>;
  const of = (key: string) => rows.find((r) => r.key === key)?.value;
  return { seq: Number(of('audit_verified_seq') ?? 0), hash: String(of('audit_verified_hash') ?? auditGenesis), brokenAt: of('audit_broken_at') === undefined ? undefined : Number(of('audit_broken_at')) };
}

const save = (db: LedgerDb, values: Record<string, string | number>) => {
  const upsert = db.prepare('INSERT INTO ledger_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
  db.transaction(() => Object.entries(values).forEach(([key, value]) => upsert.run(key, value)))();
};

const lastSeq = (db: LedgerDb) => (db.prepare('SELECT ifnull(max(seq), 0) AS n FROM audit_log').get() as { n: number }).n;

/** Checks at most one slice of new entries now; schedules the rest, slice by slice, if any are left. */
export function checkAuditChain(db: LedgerDb): ChainStatus {
  const status = checkSlice(db);
  if (status.intact && status.checkedThrough < status.last) continueInBackground(db);
  return status;
}

function checkSlice(db: LedgerDb): ChainStatus {
  const last = lastSeq(db);
  const known = meta(db);
  if (known.brokenAt !== undefined) return { intact: false, checkedThrough: known.brokenAt - 1, last, brokenAt: known.brokenAt };
  if (known.seq > 0) {
    // The remembered entry must still be there with the same hash, or something was rewritten.
    const anchor = db.prepare('SELECT hash FROM audit_log WHERE seq = ?').get(known.seq) as { hash: string } | undefined;
    if (anchor?.hash !== known.hash) return broken(db, known.seq, last);
  }
  const range = verifyAuditRange(db, known.seq, known.hash, slice);
  if (range.brokenAt !== undefined) return broken(db, range.brokenAt, last);
  if (range.rows > 0) save(db, { audit_verified_seq: range.seq, audit_verified_hash: range.hash });
  return { intact: true, checkedThrough: range.seq, last: Math.max(last, range.seq) };
}

function broken(db: LedgerDb, at: number, last: number): ChainStatus {
  save(db, { audit_broken_at: at });
  return { intact: false, checkedThrough: at - 1, last, brokenAt: at };
}

function continueInBackground(db: LedgerDb): void {
  if (running.has(db)) return;
  running.add(db);
  const step = () => {
    if (!db.open) return void running.delete(db);
    const status = checkSlice(db);
    if (status.intact && status.checkedThrough < status.last) return void setImmediate(step);
    running.delete(db);
  };
  setImmediate(step);
}

/** After a full check found the chain whole (audit-verify.ts): remember it, or where it broke. */
export function recordFullCheck(db: LedgerDb, result: { seq: number; hash: string; brokenAt?: number }): void {
  if (result.brokenAt !== undefined) return save(db, { audit_broken_at: result.brokenAt });
  db.prepare("DELETE FROM ledger_meta WHERE key = 'audit_broken_at'").run();
  save(db, { audit_verified_seq: result.seq, audit_verified_hash: result.hash });
}
