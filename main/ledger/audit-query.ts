// The audit screen's window of the log, newest first. Without a search the seq numbers are the
// positions (the chain keeps them gapless), so any depth is one index seek and the total is the
// newest seq; with a search the log is walked newest first and stops at a window, continued from
// the last seq shown, and nothing is counted.
import type { LedgerDb } from './database';
import type { AuditRow } from './export';

export function listAudit(db: LedgerDb, input: { query?: string; offset: number; limit: number; beforeSeq?: number }) {
  const query = input.query?.trim();
  const last = (db.prepare('SELECT ifnull(max(seq), 0) AS n FROM audit_log').get() as { n: number }).n;
  if (!query) {
    const top = input.beforeSeq !== undefined ? input.beforeSeq - 1 : last - input.offset;
    const rows = db.prepare('SELECT * FROM audit_log WHERE seq <= ? ORDER BY seq DESC LIMIT ?').all(top, input.limit) as AuditRow[];
    return { total: last, totalExact: true, rows };
  }
  const where = "(action LIKE @q ESCAPE '\\' OR order_id LIKE @q ESCAPE '\\' OR os_user LIKE @q ESCAPE '\\' OR result LIKE @q ESCAPE '\\')";
  const params = { q: `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, limit: input.limit, offset: input.beforeSeq !== undefined ? 0 : input.offset, before: input.beforeSeq ?? last + 1 };
  const rows = db.prepare(`SELECT * FROM audit_log WHERE seq < @before AND ${where} ORDER BY seq DESC LIMIT @limit OFFSET @offset`).all(params) as AuditRow[];
  // No count: the screen pages on ("more" while a window comes back full).
  return { total: params.offset + rows.length, totalExact: rows.length < input.limit, rows };
}
