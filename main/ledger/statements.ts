// Prepared statements kept per connection by their SQL: the list's queries repeat (each page, the
// count asked again), and preparing one costs about as much as running a short one. A statement
// kept with pluck or raw is kept under that mode (each mode its own statement: they change it).
import type { Statement } from 'better-sqlite3';
import type { LedgerDb } from './database';

const byDb = new WeakMap<LedgerDb, Map<string, Statement>>();

export function prepared(db: LedgerDb, sql: string, mode?: 'pluck' | 'raw'): Statement {
  let statements = byDb.get(db);
  if (!statements) byDb.set(db, (statements = new Map()));
  const key = mode ? `${mode}\u0000${sql}` : sql;
  let statement = statements.get(key);
  if (!statement) {
    if (statements.size >= 500) statements.clear();
    statement = db.prepare(sql);
    if (mode === 'pluck') statement.pluck();
    else if (mode === 'raw') statement.raw();
    statements.set(key, statement);
  }
  return statement;
}

// The LIMITs written into a statement's text. SQLite (3.51, as better-sqlite3 12 bundles it) reads
// a bound LIMIT while planning and so plans the statement again at every call (better-sqlite3
// binds at every call): 20 µs of a 23 µs window that reads nothing (docs/performance.md, "List
// vs raw SQL on windows that read nothing"). The app's own sizes are written as they are; any
// other is rounded up to the next (its caller keeps the rows it asked for), so a connection keeps
// a few statements per read, not one per size a caller may send.
const writtenLimits = [1, 2, 10, 30, 31, 50, 51, 100, 101, 200, 201, 500, 501, 1_000, 1_001, 2_001, 10_000, 20_000];

/** The LIMIT to write into a statement's text for `limit` rows (at least `limit`; the caller slices). */
export function writtenLimit(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError(`a window's limit must be a whole number, not ${limit}`);
  return writtenLimits.find((n) => n >= limit) ?? limit;
}
