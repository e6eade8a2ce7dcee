// The quick CSV downloads on the team ledger (exportPayments in chunks, exportAuditLog as one
// text), with SQLite's contract and bytes (export.ts: the same header, the same line writer as
// "Export to a file", pg-export.ts's jobOf): a chunk is the rows [offset, offset + limit) of the
// list's filter and sort, read with their count in one snapshot; the first chunk carries the BOM
// and the header. As on SQLite, the payments export is recorded in the team's audit log once its
// last chunk is read, and the audit log's download once the whole log is read (a read that fails
// records nothing: the log never says it was exported when it was not); the database writes both
// entries (record_export). For large exports "Export to a file"
// (a cursor in one snapshot, in a worker thread) is the way: each chunk here counts its filter
// again and skips `offset` rows.
import type { MethodOutput, MethodParsedInput } from '../../../contract/methods';
import type { ChainStatus } from '../audit-chain';
import { csvLine } from '../csv';
import { exportFileName, type ProfileNames } from '../export';
import { exportRecord } from '../export-record';
import { exportTimeZone } from '../local-time';
import type { TeamLedgerSettings } from './connection';
import { exactInteger } from './copy-to-team';
import { jobOf, type JobPart } from './pg-export';
import type { Queryable } from './pg-reads';
import { refusalsInWords } from './pg-refusals';
import { inSnapshot, recordTeamExport, type Connections } from './pg-snapshot';

const chunkLimit = 20_000;
/** Audit entries fetched, then formatted, per turn of main's event loop (bench/team-audit.ts compares sizes). */
const defaultAuditWindow = 5_000;
const paymentSlice = 1_000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createTeamQuickExports(deps: {
  pool: Connections & Queryable;
  /** The chain as checked so far (pg-reads.ts auditChain): whether the audit download's log is intact. */
  chain: () => Promise<ChainStatus>;
  settings?: TeamLedgerSettings;
  now?: () => Date;
  auditWindow?: number;
  /** The profiles' names for the payments CSV's `profile_name` (export.ts ProfileNames). */
  profileNames?: () => ProfileNames;
}) {
  const now = deps.now ?? (() => new Date());
  const auditWindow = deps.auditWindow ?? defaultAuditWindow;
  const refused = refusalsInWords({ pool: deps.pool, settings: deps.settings });
  const inWords = <T>(work: () => Promise<T>) => work().catch((e: unknown) => refused(e, 'teamLedger.exportRefused'));

  return {
    exportPayments(input: MethodParsedInput<'exportPayments'>, osUser?: string): Promise<MethodOutput<'exportPayments'>> {
      const size = Math.min(input.limit, chunkLimit);
      const timeZone = exportTimeZone(input.timeZone);
      const job = jobOf({ kind: 'payments', filter: input.filter, sort: input.sort }, '', timeZone, deps.profileNames?.()); // a bad filter fails here, next to its field
      const [part] = job.parts as [JobPart];
      return inWords(async () => {
        const { rows, total } = await inSnapshot(deps.pool, async (db) => {
          const counted = exactInteger((await db.query(part.count.text, part.count.values)).rows[0].n as string)!;
          const at = part.select.values.length;
          const found = await db.query({ text: `${part.select.text} LIMIT $${at + 1} OFFSET $${at + 2}`, values: [...part.select.values, size, input.offset], rowMode: 'array' });
          return { rows: found.rows as unknown[][], total: counted };
        });
        let text = input.offset === 0 ? `\uFEFF${csvLine(job.header)}` : '';
        for (let from = 0; from < rows.length; from += paymentSlice) {
          if (from > 0) await nextTurn();
          text += job.lines(rows.slice(from, from + paymentSlice));
        }
        const done = rows.length < size || input.offset + rows.length >= total;
        const fileName = exportFileName('payments', now(), timeZone);
        if (done) await recordTeamExport(deps.pool, 'payments', exportRecord(input.offset + rows.length, fileName, { kind: 'payments', filter: input.filter }, timeZone), osUser);
        return { fileName, csv: text, rows: rows.length, total, done };
      });
    },

    exportAuditLog(osUser?: string, timeZone?: string): Promise<MethodOutput<'exportAuditLog'>> {
      const zone = exportTimeZone(timeZone);
      const job = jobOf({ kind: 'audit' }, '', zone, deps.profileNames?.());
      return inWords(async () => {
        let csv = `\uFEFF${csvLine(job.header)}`;
        let rows = 0;
        await inSnapshot(deps.pool, async (db) => {
          // The team's entries, then those copied from laptops (jobOf's parts), each by a cursor.
          for (const [index, part] of job.parts.entries()) {
            await db.query(`DECLARE quick_audit_${index} NO SCROLL CURSOR FOR ${part.select.text}`, part.select.values);
            for (;;) {
              const batch = (await db.query({ text: `FETCH ${auditWindow} FROM quick_audit_${index}`, rowMode: 'array' })).rows as unknown[][];
              csv += job.lines(batch);
              rows += batch.length;
              if (batch.length < auditWindow) break;
              await nextTurn();
            }
          }
        });
        const fileName = exportFileName('audit', now(), zone);
        await recordTeamExport(deps.pool, 'audit_log', exportRecord(rows, fileName, { kind: 'audit' }, zone), osUser);
        return { fileName, csv, rows, chainIntact: (await deps.chain()).intact };
      });
    },
  };
}

export type TeamQuickExports = ReturnType<typeof createTeamQuickExports>;
