// The CSV exports to a file from the team ledger (PostgreSQL): the payments (any filter and sort of
// the transactions list) and the audit log, byte for byte the format SQLite's export writes for the
// same rows (the same header, paymentLine and auditCells, csv.ts; the audit log then adds its
// `team_login` column). One snapshot: a REPEATABLE READ,
// read-only transaction (payments added meanwhile are neither listed nor skipped twice) whose
// cursor is fetched 1,000 rows at a time (few round trips to a distant server), each window
// formatted 100 rows per turn of main's event loop (its other calls get in between) and written
// before the next is fetched (memory flat in the row count). Progress every 10,000 rows and cancel like export-jobs.ts; the file
// appears under its name only when complete and recorded. The database writes the audit entry
// (record_export) in a transaction of its own after the read: inside the snapshot, appending to
// the audit chain would fail (the chain's head changed since the snapshot began) or be refused
// (read-only).
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { basename } from 'node:path';
import { Worker } from 'node:worker_threads';
import type pg from 'pg';
import { randomUUID } from 'node:crypto';
import type { AppEvent } from '../../../contract/events';
import { csvLine } from '../csv';
import { auditCells, auditHeader, exportFileName, exportKindOf, paymentHeader, profileNameCell, type AuditRow, type LocalColumns, type ProfileNames } from '../export';
import type { ExportProgress, ExportRequest } from '../export-file';
import type { AuditSearch } from '../audit-query';
import { exportRecord } from '../export-record';
import { exportTimeZone, localColumns } from '../local-time';
import { Params } from './pg-list-sql';
import { teamAuditMatch, type AuditSearchSource } from './pg-audit-reads';
import { copiedAuditSource } from './pg-copied-audit';
import { paymentLine } from '../export-rows';
import { runningExports } from '../running-exports';
import { claimExportPath, discardPartial, exportStream } from '../export-path';
import { isDiskFull } from '../../core/disk-full';
import { exactInteger } from './copy-to-team';
import { teamOrderBy, teamPaymentWhere } from './pg-export-filter';
import { recordTeamExport, type Connections } from './pg-snapshot';

/** What the worker thread (pg-export-worker.ts) is given. */
export type WorkerJob = { config: pg.ClientConfig; request: TeamExportRequest; path: string; window: number; timeZone: string; osUser?: string; profileNames?: ProfileNames };

export type TeamExportRequest = ExportRequest;

/** Rows fetched and written per turn of main's event loop (a divisor of 10,000, the progress step). */
const defaultWindow = 1_000;
const progressEvery = 10_000;
/** Rows formatted per turn of main's event loop. */
const defaultSlice = 100;
const utc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
// export-rows.ts's paymentColumns from the team schema. A payment's last check is its latest row
// in status_checks (history.sql): status-checks.ts records each check at the time it writes as
// last_checked_at on SQLite (one probe of status_checks_payment per row).
const lastChecked = `(SELECT ${utc('c.at')} FROM paydesk.status_checks c WHERE c.payment_id = p.id ORDER BY c.id DESC LIMIT 1)`;
// Its open operation as export-rows.ts's JSON [kind, outcome, amount]: one probe of operations_one_open per row.
const openOperation = `(SELECT json_build_array(o.kind, o.outcome, o.amount_minor::text)::text FROM paydesk.operations o WHERE o.payment_id = p.id AND o.outcome IN ('sending', 'unknown'))`;
const paymentSelect = `${utc('p.created_at')}, p.kind, p.order_id, p.state, p.status_word, p.amount_minor, p.currency, p.captured_minor, p.refunded_minor,
  p.customer_name, p.customer_email, p.customer_phone, p.card_bin, p.card_last4, p.transaction_id, p.link_url, p.profile_id, p.environment, p.description, ${lastChecked}, ${openOperation}`;
// export.ts's AuditRow: the OS user the laptop gave, else the login (as pg-store.ts reads operations);
// then the login the database stamped (db_user), for the team's own last column.
const auditSelect = `seq, ${utc('at')}, coalesce(os_user, db_user), profile_id, environment, action, payment_id::text, order_id, amount_minor, currency, reason, result, hash, db_user, NULL`;
// The entries copied from laptops (pg-copied-audit.ts) in the same columns: their own seq, time
// (as the laptop wrote it, read as an instant) and hash; no team login did them, and the last
// column names the laptop.
const copiedSelect = `seq, ${utc('at::timestamptz')}, os_user, profile_id, environment, action, payment_id, order_id, amount_minor, currency, reason, result, hash, NULL, laptop`;
/**
 * The team's audit CSV: the laptop's columns, byte for byte, then `team_login`, who did it as the
 * database stamped it (the OS user is only what a laptop said: "root" on many), then `laptop`:
 * empty for the team's own entries, else the laptop an entry copied from a laptop's ledger was
 * written on (after the team's, each laptop's in its own order), then `profile_name` (walk39): the
 * profile's name now, as the payments CSV's (this laptop's, else the team's list). Each added last,
 * as the local columns were: a sheet reading by position or by name still reads what it read.
 */
export const teamAuditHeader = [...auditHeader, 'team_login', 'laptop', 'profile_name'];

/** One window of payments as CSV text: amounts read back as exact integers, then SQLite's line. */
function paymentText(rows: unknown[][], local: LocalColumns, names: ProfileNames): string {
  let text = '';
  for (const r of rows) {
    r[5] = exactInteger(r[5] as string);
    r[7] = exactInteger(r[7] as string);
    r[8] = exactInteger(r[8] as string);
    text += paymentLine(r, local, names);
  }
  return text;
}

function auditText(rows: unknown[][], local: LocalColumns, names: ProfileNames): string {
  let text = '';
  for (const r of rows) {
    const row: AuditRow = {
      seq: exactInteger(r[0] as string)!, at: r[1] as string, os_user: r[2] as string, profile_id: r[3] as string | null, environment: r[4] as string | null, action: r[5] as string,
      payment_id: r[6] as string | null, order_id: r[7] as string | null, amount_minor: exactInteger(r[8] as string | null), currency: r[9] as string | null, reason: r[10] as string | null, result: r[11] as string, hash: r[12] as string,
    };
    text += csvLine([...auditCells(row, local), (r[13] as string | null) ?? '', (r[14] as string | null) ?? '', profileNameCell(names, row.profile_id)]);
  }
  return text;
}

type Statement = { text: string; values: unknown[] };
/** One query of an export: its rows are written after the part before it, in the same snapshot. */
export type JobPart = { count: Statement; select: Statement };
export type Job = { path: string; header: string[]; parts: JobPart[]; lines: (rows: unknown[][]) => string };

/** The screen's search and period as an SQL test on one source of audit entries (`at` read as an instant). */
function auditWhere(search: AuditSearch | undefined, params: Params, source?: AuditSearchSource): string {
  const query = search?.query?.trim();
  const alias = source?.alias ?? 'a';
  const tests = query ? [teamAuditMatch({ ...search, query }, params, source)] : [];
  // The screen's period: the entries written in it (the log is written in time order, audit-period.ts).
  if (search?.from !== undefined) tests.push(`${alias}.at::timestamptz >= ${params.add(search.from, '::timestamptz')}`);
  if (search?.to !== undefined) tests.push(`${alias}.at::timestamptz < ${params.add(search.to, '::timestamptz')}`);
  return tests.length ? `WHERE ${tests.join(' AND ')}` : '';
}

/** What one export reads and writes (a bad filter throws here, in words); timeZone: its local columns' (local-time.ts); names: the profile_name cells. */
export function jobOf(request: TeamExportRequest, path: string, timeZone: string, names: ProfileNames = {}): Job {
  const local = localColumns(timeZone);
  if (request.kind === 'audit') {
    // With a search, the entries the audit screen finds for it (pg-audit-reads.ts), oldest first:
    // the team's own, then those copied from each laptop (pg-copied-audit.ts), by laptop and seq.
    const part = (table: string, columns: string, order: string, source?: AuditSearchSource): JobPart => {
      const params = new Params();
      const where = auditWhere(request.search, params, source);
      const from = `FROM ${table} ${source?.alias ?? 'a'} ${where}`;
      return { count: { text: `SELECT count(*) AS n ${from}`, values: params.values }, select: { text: `SELECT ${columns} ${from} ORDER BY ${order}`, values: params.values } };
    };
    return {
      path, header: teamAuditHeader, lines: (rows) => auditText(rows, local, names),
      parts: [part('paydesk.audit_log', auditSelect, 'seq'), part('paydesk.imported_audit', copiedSelect, 'i.laptop, i.seq', copiedAuditSource)],
    };
  }
  const where = teamPaymentWhere(request.filter); // bad input fails the call, in words, before any file
  return {
    path,
    header: paymentHeader,
    parts: [{
      count: { values: where.values, text: `SELECT count(*) AS n FROM paydesk.payments p WHERE ${where.sql}` },
      select: { values: where.values, text: `SELECT ${paymentSelect} FROM paydesk.payments p WHERE ${where.sql} ${teamOrderBy(request.sort)}` },
    }],
    lines: (rows) => paymentText(rows, local, names),
  };
}

/** The export's entry in the team's audit log: which export, how many rows, its file and scope (export-record.ts). */
export function recordOf(request: TeamExportRequest, path: string, timeZone: string, osUser: string | undefined, pool: Connections) {
  const what = request.kind === 'audit' ? 'audit_log' : 'payments';
  return (rows: number) => recordTeamExport(pool, what, exportRecord(rows, basename(path), request, timeZone), osUser);
}

/** Runs one export into `path` (through `path.part`); resolves with how it ended. */
export async function runTeamExport(pool: Connections, job: Job, { window, slice }: { window: number; slice: number }, report: (p: ExportProgress) => void, cancelled: () => boolean, record: (rows: number) => Promise<void>, afterWindow?: (rows: number) => Promise<void>): Promise<ExportProgress> {
  const partial = `${job.path}.part`;
  const file = exportStream(partial);
  let rows = 0;
  let total = 0;
  let client: Awaited<ReturnType<Connections['connect']>> | undefined;
  let broken = false;
  try {
    client = await pool.connect();
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    for (const part of job.parts) total += exactInteger((await client.query(part.count.text, part.count.values)).rows[0].n)!; // the first fixes the snapshot
    await file.write(`\uFEFF${csvLine(job.header)}`);
    // Each part through a cursor of its own, one after the other: a window in memory at a time.
    for (const [index, part] of job.parts.entries()) {
      if (cancelled()) break;
      await client.query(`DECLARE export_${index} NO SCROLL CURSOR FOR ${part.select.text}`, part.select.values);
      for (;;) {
        const fetched = await client.query({ text: `FETCH ${window} FROM export_${index}`, rowMode: 'array' });
        const batch = fetched.rows as unknown[][];
        const before = rows;
        rows += batch.length;
        // Formatted a slice per turn of the event loop, so other calls and events get in between.
        for (let at = 0; at < batch.length; at += slice) {
          if (at > 0) await new Promise<void>((resolve) => setImmediate(resolve));
          await file.write(job.lines(batch.slice(at, at + slice)));
        }
        await afterWindow?.(rows);
        if (batch.length < window || cancelled()) break;
        if (Math.floor(rows / progressEvery) > Math.floor(before / progressEvery)) report({ rows, total, done: false });
      }
    }
    await client.query('COMMIT');
    client.release();
    client = undefined;
    await file.end();
    if (cancelled()) {
      rmSync(partial, { force: true });
      return { rows, total, done: true, cancelled: true };
    }
    await record(rows); // no entry, no file
    renameSync(partial, job.path);
    return { rows, total, done: true };
  } catch (error) {
    await discardPartial(file.out, partial);
    if (client) await client.query('ROLLBACK').catch(() => void (broken = true));
    return { rows, total, done: true, failed: true, ...(isDiskFull(error) ? { diskFull: true } : {}) };
  } finally {
    client?.release(broken);
  }
}

/**
 * File exports from the team database, over a pool logged in as one person: export-jobs.ts's
 * createExportJobs for the team ledger (the same start, cancel, idle and export.progress events).
 * Each complete export is in the team's audit log, by that person (`osUser`: the laptop's OS user).
 */
export function createTeamExports(deps: {
  pool: Connections;
  exportDir: string;
  emit: (event: AppEvent) => void;
  now?: () => Date;
  /** Called after each window is written (tests change the ledger or cancel here). */
  afterWindow?: (rows: number) => Promise<void>;
  /** Rows fetched per window, and formatted per turn (bench/team-reports.ts compares sizes); 1,000 and 100 unless given. */
  windowRows?: number;
  sliceRows?: number;
  /** The profiles' names for the payments CSV's `profile_name` (export.ts ProfileNames). */
  profileNames?: () => ProfileNames;
  /**
   * The worker bundle (dist/main/team-export-worker.cjs) and the connection's settings (connection.ts's
   * clientConfig, the person's login): each export then runs in a worker thread on a connection of
   * its own, off main's event loop. Without them (or the bundle) it runs on main, a slice per turn.
   */
  worker?: { file: string; config: pg.ClientConfig };
}) {
  const now = deps.now ?? (() => new Date());
  const running = runningExports();
  return {
    /** timeZone: the renderer's, for the local columns (else main's own). */
    start(request: TeamExportRequest & { timeZone?: string }, onDone?: (p: ExportProgress) => void, ctx?: { osUser: string }) {
      mkdirSync(deps.exportDir, { recursive: true });
      const timeZone = exportTimeZone(request.timeZone);
      const { fileName, path, release } = claimExportPath(deps.exportDir, exportFileName(exportKindOf(request), now(), timeZone));
      let job: Job;
      try {
        job = jobOf(request, path, timeZone, deps.profileNames?.()); // a bad filter is refused here, in words, before any file
      } catch (e) {
        release();
        throw e;
      }
      const exportId = randomUUID();
      const emit = (p: ExportProgress) => deps.emit({ type: 'export.progress', exportId, ...p });
      const ended = (p: ExportProgress) => {
        release();
        onDone?.(p);
        emit(p);
      };
      let cancelled = false;
      const window = deps.windowRows ?? defaultWindow;
      const inWorker = deps.worker && existsSync(deps.worker.file) ? deps.worker : undefined;
      if (inWorker) {
        const data: WorkerJob = { config: inWorker.config, request, path, window, timeZone, osUser: ctx?.osUser, profileNames: deps.profileNames?.() };
        const worker = new Worker(inWorker.file, { workerData: data });
        let last: ExportProgress = { rows: 0, total: 0, done: true, failed: true };
        worker.on('message', (p: ExportProgress) => {
          last = p;
          if (!p.done) emit(p);
        });
        worker.on('error', () => undefined); // ends the thread: `last` says it failed
        const done = new Promise<ExportProgress>((resolve) => worker.once('exit', () => resolve(last)));
        running.add(exportId, { cancel: () => worker.postMessage('cancel'), done }, ended);
      } else {
        const done = runTeamExport(deps.pool, job, { window, slice: deps.sliceRows ?? defaultSlice }, emit, () => cancelled, recordOf(request, path, timeZone, ctx?.osUser, deps.pool), deps.afterWindow);
        running.add(exportId, { cancel: () => (cancelled = true), done }, ended);
      }
      return { exportId, fileName, path };
    },
    cancel: running.cancel,
    /** Resolves when every running export has ended (tests, shutdown). */
    idle: running.idle,
  };
}

export type TeamExports = ReturnType<typeof createTeamExports>;
