// Prepared statements kept per connection by their SQL: the list's queries repeat (each page, the
// count asked again), and preparing one costs about as much as running a short one. Only for
// statements used as they are (no pluck or raw: those change the shared statement).
import type { Statement } from 'better-sqlite3';
import type { LedgerDb } from './database';

const byDb = new WeakMap<LedgerDb, Map<string, Statement>>();

export function prepared(db: LedgerDb, sql: string): Statement {
  let statements = byDb.get(db);
  if (!statements) byDb.set(db, (statements = new Map()));
  let statement = statements.get(sql);
  if (!statement) {
    if (statements.size >= 500) statements.clear();
    statements.set(sql, (statement = db.prepare(sql)));
  }
  return statement;
}
