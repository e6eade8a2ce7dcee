// The audit screen's window of the log, newest first. Without a search the seq numbers are the
// positions (the chain keeps them gapless), so any depth is one index seek and the total is the
// newest seq; with a search the log is walked newest first and stops at a window, continued from
// the last seq shown, and nothing is counted.
import type { LedgerDb } from './database';
import type { AuditRow } from './export';
import { childTables, unpack, unpackedColumns } from './child-tables';

const auditTable = childTables.find((t) => t.table === 'ledger_audit')!;
const orderColumn = auditTable.columns.find((c) => c.name === 'order_id')!;

export function listAudit(db: LedgerDb, input: { query?: string; offset: number; limit: number; beforeSeq?: number }) {
  const query = input.query?.trim();
  const last = (db.prepare('SELECT ifnull(max(seq), 0) AS n FROM audit_log').get() as { n: number }).n;
  if (!query) {
    const top = input.beforeSeq !== undefined ? input.beforeSeq - 1 : last - input.offset;
    const rows = db.prepare('SELECT * FROM audit_log WHERE seq <= ? ORDER BY seq DESC LIMIT ?').all(top, input.limit) as AuditRow[];
    return { total: last, totalExact: true, rows };
  }
  // On the packed entries (migration 11): a word matches once in ledger_words, not once per entry.
  const where = `(a.action IN words OR a.os_user IN words OR a.result IN words OR (${unpack(orderColumn, 'a.order_id', true)}) LIKE @q ESCAPE '\\')`;
  const params = { q: `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, limit: input.limit, offset: input.beforeSeq !== undefined ? 0 : input.offset, before: input.beforeSeq ?? last + 1 };
  const rows = db.prepare(`WITH words AS (SELECT id FROM ledger_words WHERE word LIKE @q ESCAPE '\\')
    SELECT ${unpackedColumns(auditTable)} FROM ledger_audit a WHERE a.seq < @before AND ${where} ORDER BY a.seq DESC LIMIT @limit OFFSET @offset`).all(params) as AuditRow[];
  // No count: the screen pages on ("more" while a window comes back full).
  return { total: params.offset + rows.length, totalExact: rows.length < input.limit, rows };
}
