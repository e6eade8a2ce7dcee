// describeReports: one reports test body (Home's overview, the settlement summary, the list's
// pages, the CSV exports to a file) run once per backend, on the same payments. A seed function
// fills a laptop's SQLite ledger once; the SQLite half reads a copy of that ledger, the
// PostgreSQL half copies it into a team database of its own (copy-to-team.ts keeps each
// payment's times, states, totals and arrival order) and reads that as fay (finance), one
// database per describe block. Each half also has an `oracle`: an SQLite ledger holding the same
// payments (the ledger itself, or the copied one), where a test sums or sorts with plain SQL for
// what the screens must answer. Changes made during a test go through a backend-neutral route
// (the LedgerStore, or a copy from another laptop) and reach the oracle too.
// LEDGER_BACKENDS=sqlite or =postgres runs one half; the PostgreSQL half skips, saying why, where
// the server binaries are missing (fails with PAYDESK_REQUIRE_POSTGRES=1). Files using it belong
// to the vitest project `postgres`.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import type { AppEvent } from '../../contract/events';
import type { PaymentFilter } from '../../contract/methods/payments';
import type { Result } from '../../contract/result';
import { createHandlers, type Implementations } from '../../main/api/create-handlers';
import { ledgerHandlers } from '../../main/api/ledger-handlers';
import { overviewHandlers } from '../../main/api/overview-handlers';
import { paymentHandlers } from '../../main/api/payment-handlers';
import { teamLedgerScreenHandlers } from '../../main/api/team-screen-handlers';
import { createEventHub } from '../../main/core/event-hub';
import { createGatewayClient } from '../../main/gateway/client';
import { openLedgerDb, type LedgerDb } from '../../main/ledger/database';
import type { ExportProgress } from '../../main/ledger/export-file';
import type { PaymentRow } from '../../main/ledger/payment-rows';
import { copyLedgerToTeam } from '../../main/ledger/postgres/copy-to-team';
import { createTeamExports } from '../../main/ledger/postgres/pg-export';
import { createTeamOverview } from '../../main/ledger/postgres/pg-overview';
import { createTeamQuickExports } from '../../main/ledger/postgres/pg-quick-export';
import { createTeamLedgerReads } from '../../main/ledger/postgres/pg-reads';
import { createPostgresLedgerStore } from '../../main/ledger/postgres/pg-store';
import { settle, type PaymentSort } from '../../main/ledger/search';
import { createSqliteLedgerStore } from '../../main/ledger/sqlite-store';
import type { LedgerStore } from '../../main/ledger/store';
import { createMemoryLogger } from '../../main/log/logger';
import { createLedgerReads } from '../../main/payments/ledger-reads';
import { createOverview } from '../../main/payments/overview';
import { createPaymentsService } from '../../main/payments/payments-service';
import { requireProductionConfirmation } from '../../main/profiles/production-guard';
import { startTestGateway } from './practice';
import { describeWithPostgres, teamServer } from './postgres-tests';

export type Backend = 'sqlite' | 'postgres';
/** timeZone: the local columns' zone (the renderer's); search: the audit screen's search. */
export type ExportRequest = ({ kind: 'payments'; filter: PaymentFilter; sort: PaymentSort } | { kind: 'audit'; search?: { query: string; actions?: string[]; results?: string[] } }) & { timeZone?: string };
export type StartedExport = { exportId: string; fileName: string; path: string; done: Promise<ExportProgress> };
export type ExportsUnderTest = {
  start(request: ExportRequest): StartedExport;
  cancel(exportId: string): boolean;
  /** The folder the files go to. */
  dir: string;
  /** The export.progress events these exports sent, in order. */
  events: AppEvent[];
};

export type ReportsUnderTest = {
  backend: Backend;
  /** A screen method (getOverview, exportSettlement, searchPayments) through the contract, as the renderer calls it; a refusal throws with its error. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers checked by the assertions
  call(name: string, input: unknown): Promise<any>;
  /** The same, answering the whole result (refusals included). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers checked by the assertions
  result(name: string, input: unknown): Promise<{ ok: boolean; value?: any; error?: unknown }>;
  /** File exports into a folder of their own, run on main in slices or (`inWorker`) in the app's worker thread (dist/main, built by npm test); `now` names the files. */
  exports(options?: { inWorker?: boolean; now?: () => Date }): ExportsUnderTest;
  /** A finished export to a file: how it ended, and the file's text. */
  exportFile(request: ExportRequest): Promise<{ progress: ExportProgress; path: string; text: string }>;
  /** Resolves once the list's background counts and position walks begun so far are done. */
  settled(): Promise<void>;
  /** How many entries (of this action) the ledger's audit log has (the team's audit_log on PostgreSQL). */
  auditCount(action?: string): Promise<number>;
  /** An SQLite ledger with the same payments, for plain-SQL expectations. */
  oracle: LedgerDb;
  /** Changes a payment through the LedgerStore (as the payments service does), in the oracle too. */
  update(id: string, changes: Partial<PaymentRow>): Promise<void>;
  /** A status check answered at `at`, recorded through the LedgerStore as the status checks record one (the check, and the payment's last check), in the oracle too. */
  check(id: string, at: string): Promise<void>;
  /** Records a new payment through the LedgerStore, in the oracle too (on the team ledger the database stamps created_at: give now). */
  insert(row: PaymentRow): Promise<void>;
  /** Payments recorded elsewhere at their own times, arriving now (a copy from another laptop on the team ledger), in the oracle too. */
  arrive(seed: (db: LedgerDb) => void): Promise<void>;
};

export type ReportsSeed = (db: LedgerDb) => void | Promise<void>;

const backends = (process.env.LEDGER_BACKENDS ?? 'sqlite,postgres').split(',').map((b) => b.trim());
const ctx = { transport: 'direct' as const, osUser: 'huda' };

/** What both halves answer alike: the screen methods through the contract, and the file exports. */
function screensOf(backend: Backend, handlers: unknown, exports: ReportsUnderTest['exports']): Pick<ReportsUnderTest, 'backend' | 'result' | 'call' | 'exports' | 'exportFile'> {
  const result: ReportsUnderTest['result'] = (method, input) => (handlers as Record<string, (i: unknown, c: unknown) => Promise<Result<unknown>>>)[method]!(input, ctx) as never;
  return {
    backend,
    result,
    async call(method, input) {
      const answer = await result(method, input);
      if (!answer.ok) throw new Error(`${method}: ${JSON.stringify(answer.error)}`);
      return answer.value;
    },
    exports,
    async exportFile(request) {
      const started = exports().start(request);
      const progress = await started.done;
      return { progress, path: started.path, text: existsSync(started.path) ? readFileSync(started.path, 'utf8') : '' };
    },
  };
}
const workerDir = join(process.cwd(), 'dist/main');

/** A finished export's progress: the app's export.progress event that says done, for this export. */
function doneOf(events: { subscribe(listener: (e: AppEvent) => void): () => void }, exportId: () => string): Promise<ExportProgress> {
  return new Promise((resolve) => {
    const stop = events.subscribe((e) => {
      if (e.type !== 'export.progress' || e.exportId !== exportId() || !e.done) return;
      stop();
      const { type: _, exportId: __, ...progress } = e;
      resolve(progress as ExportProgress);
    });
  });
}

/** What the copy needs, and what the team schema keeps (the oracle of the PostgreSQL half too). */
function readyForCopy(db: LedgerDb) {
  db.exec(`
    -- The copy waits for open operations to settle on the laptop.
    UPDATE ledger_operations SET outcome = 2 WHERE outcome IN (0, 3);
  `);
}

/** As status-checks.ts records an answer: the check, and the payment's last check time. */
async function checked(store: LedgerStore, id: string, at: string) {
  await store.transaction(async (tx) => {
    await tx.recordCheck(id, at, 'ok', 'CAPTURED', 'paid');
    await tx.update(id, { last_checked_at: at }, 'status', at);
  });
}

async function copyInto(source: LedgerDb, database: string, laptop: string) {
  const server = teamServer();
  const admin = await server.connectAs(database, server.person('admin').login);
  try {
    const report = await copyLedgerToTeam({ source, team: admin, laptop, batchRows: 2_000 });
    // Every payment must be there, or the two halves would not hold the same payments.
    if (report.payments.skipped > 0) throw new Error(`the copy skipped payments: ${JSON.stringify(report.skipped.slice(0, 5))}`);
  } finally {
    await admin.end();
  }
}

function tempLedger(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, db: openLedgerDb(dir) };
}

/**
 * The seeded ledger, made once per describeReports (the first half to start seeds it, closed so
 * its folder is whole) and copied for each half: both start from the very same rows and ids.
 */
function seededOnce(seed: ReportsSeed) {
  let made: Promise<string> | undefined;
  afterAll(async () => {
    if (made) rmSync(await made, { recursive: true, force: true });
  });
  return async (prefix: string) => {
    made ??= (async () => {
      const { dir, db } = tempLedger('paydesk-seeded-');
      try {
        await seed(db);
      } finally {
        db.close();
      }
      return dir;
    })();
    const dir = mkdtempSync(join(tmpdir(), prefix));
    cpSync(await made, dir, { recursive: true });
    return { dir, db: openLedgerDb(dir) };
  };
}

/**
 * The profiles' names the reports under test know (the CSVs' profile_name, walk37): the practice
 * profile's, in Arabic with quotes so its cell is quoted; any other profile has none, as a removed one.
 */
export const reportProfileNames: Readonly<Record<string, string>> = { practice: 'فرع "العليا" – Riyadh' };
const profileNames = () => reportProfileNames;

export function describeReports(name: string, seed: ReportsSeed, body: (reports: () => ReportsUnderTest, backend: Backend) => void) {
  const seeded = seededOnce(seed);
  if (backends.includes('sqlite')) {
    describe(`${name} (SQLite)`, () => {
      let dir: string;
      let db: LedgerDb;
      let reports: ReportsUnderTest;
      beforeAll(async () => {
        ({ dir, db } = await seeded('paydesk-reports-'));
        const store = createSqliteLedgerStore(db);
        const events = createEventHub();
        // The list's counts and positions in main's thread, as search.ts's settle() waits for them.
        const reads = createLedgerReads({ db, events, exportDir: join(dir, 'exports'), profileNames });
        const handlers = createHandlers({ ...ledgerHandlers({ reads, activeEnvironment: () => 'practice' }), ...overviewHandlers({ overview: createOverview({ db, profileNames }) }) } as unknown as Implementations, createMemoryLogger());
        let exportDirs = 0;
        const exports = (options: { inWorker?: boolean; now?: () => Date } = {}) => {
          const exportDir = join(dir, `exports-${++exportDirs}`);
          const own = createEventHub();
          const events: AppEvent[] = [];
          own.subscribe((e) => events.push(e));
          const jobs = createLedgerReads({ db, events: own, exportDir, workerDir: options.inWorker ? workerDir : undefined, now: options.now, profileNames });
          return {
            dir: exportDir,
            events,
            start(request: ExportRequest) {
              let id = '';
              const done = doneOf(own, () => id);
              const started = jobs.exportToFile(request.kind === 'audit' ? { ...request, filter: {}, sort: { by: 'createdAt', direction: 'desc' } } : request, ctx);
              id = started.exportId;
              return { ...started, done };
            },
            cancel: (exportId: string) => jobs.cancelExport({ exportId }).cancelled,
          };
        };
        reports = {
          ...screensOf('sqlite', handlers, exports),
          settled: () => settle(),
          auditCount: async (action) => Number(db.prepare('SELECT count(*) FROM audit_log WHERE ? IS NULL OR action = ?').pluck().get(action ?? null, action ?? null)),
          oracle: db,
          update: async (id, changes) => void (await store.update(id, changes, 'test', new Date().toISOString())),
          check: (id, at) => checked(store, id, at),
          insert: (row) => store.insert(row),
          async arrive(seedMore) {
            seedMore(db);
          },
        };
      }, 120_000);
      afterAll(() => {
        db?.close();
        if (dir) rmSync(dir, { recursive: true, force: true });
      });
      body(() => reports, 'sqlite');
    });
  }
  if (backends.includes('postgres')) {
    describeWithPostgres(`${name} (PostgreSQL)`, () => {
      let dir: string;
      let oracle: LedgerDb;
      let reports: ReportsUnderTest;
      const pools: pg.Pool[] = [];
      beforeAll(async () => {
        const t0 = performance.now();
        ({ dir, db: oracle } = await seeded('paydesk-team-reports-'));
        readyForCopy(oracle);
        const t1 = performance.now();
        const server = teamServer();
        const database = await server.createTeamDatabase();
        const t2 = performance.now();
        await copyInto(oracle, database, 'reports-laptop');
        if (process.env.PAYDESK_PG_TIMINGS === '1') console.log(`${name}: seeded in ${Math.round(t1 - t0)} ms, team database ${Math.round(t2 - t1)} ms, copied in ${Math.round(performance.now() - t2)} ms`);
        const poolAs = (role: 'support' | 'finance') => {
          const person = server.person(role);
          const pool = new pg.Pool({ host: server.host, port: server.port, database, user: person.login, password: person.password, max: 4 });
          pool.on('error', () => undefined); // an idle connection the server drops is replaced on the next query
          pools.push(pool);
          return { pool, person };
        };
        const { pool, person: fay } = poolAs('finance');
        const store: LedgerStore = createPostgresLedgerStore(poolAs('support').pool, { laptop: 'support-laptop' });
        const oracleStore = createSqliteLedgerStore(oracle);
        const reads = createTeamLedgerReads({ pool });
        let exportDirs = 0;
        const exports = (options: { inWorker?: boolean; now?: () => Date } = {}) => {
          const exportDir = join(dir, `exports-${++exportDirs}`);
          const worker = options.inWorker ? { file: join(workerDir, 'team-export-worker.cjs'), config: { host: server.host, port: server.port, database, user: fay.login, password: fay.password } } : undefined;
          if (worker && !existsSync(worker.file)) throw new Error('npm test builds the worker bundles first (dist/main/team-export-worker.cjs)');
          const events: AppEvent[] = [];
          const team = createTeamExports({ pool, exportDir, emit: (e) => events.push(e), worker, now: options.now, profileNames });
          return {
            dir: exportDir,
            events,
            start(request: ExportRequest) {
              let resolveDone: (p: ExportProgress) => void = () => undefined;
              const done = new Promise<ExportProgress>((resolve) => (resolveDone = resolve));
              return { ...team.start(request, resolveDone, ctx), done };
            },
            cancel: (exportId: string) => team.cancel(exportId),
          };
        };
        const handlers = createHandlers(teamLedgerScreenHandlers({ reads, overview: createTeamOverview({ pool, profileNames }), exports: createTeamExports({ pool, exportDir: join(dir, 'exports'), emit: () => undefined, profileNames }), quick: createTeamQuickExports({ pool, chain: () => reads.auditChain(), profileNames }) }, () => 'practice') as unknown as Implementations, createMemoryLogger());
        let laptops = 0;
        reports = {
          ...screensOf('postgres', handlers, exports),
          settled: () => reads.settled(),
          async auditCount(action) {
            return Number((await pool.query('SELECT count(*) AS n FROM paydesk.audit_log WHERE $1::text IS NULL OR action = $1', [action ?? null])).rows[0].n);
          },
          oracle,
          async update(id, changes) {
            const at = new Date().toISOString();
            await store.update(id, changes, 'test', at);
            await oracleStore.update(id, changes, 'test', at);
          },
          async check(id, at) {
            await checked(store, id, at);
            await checked(oracleStore, id, at);
          },
          async insert(row) {
            await store.insert(row);
            // As the team ledger stamped it: its own clock.
            const at = (await pool.query(`SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at FROM paydesk.payments WHERE id = $1`, [row.id])).rows[0].at as string;
            await oracleStore.insert({ ...row, created_at: at, updated_at: at });
          },
          async arrive(seedMore) {
            const other = tempLedger('paydesk-other-laptop-');
            try {
              seedMore(other.db);
              readyForCopy(other.db);
              await copyInto(other.db, database, `other-laptop-${++laptops}`);
              seedMore(oracle);
            } finally {
              other.db.close();
              rmSync(other.dir, { recursive: true, force: true });
            }
          },
        };
      }, 120_000);
      afterAll(async () => {
        await Promise.all(pools.map((p) => p.end()));
        oracle?.close();
        if (dir) rmSync(dir, { recursive: true, force: true });
      });
      body(() => reports, 'postgres');
    });
  }
}

/**
 * Real payments through the practice gateway into a laptop's ledger (a seed's part): the payments
 * service on this ledger, calling the practice gateway over loopback HTTP. `body` calls payment
 * methods (chargeCard, refundPayment, voidPayment, capturePayment) by name.
 */
export async function practicePayments(db: LedgerDb, body: (call: (name: string, input: unknown) => Promise<{ payment: { id: string } }>) => Promise<void>) {
  const practice = await startTestGateway();
  try {
    const profile = { id: 'practice', name: 'Practice', environment: 'practice' as const };
    const service = createPaymentsService({
      store: createSqliteLedgerStore(db), client: createGatewayClient({ logger: practice.logger, sleep: async () => {}, timeoutMs: 2_000 }), logger: practice.logger, events: createEventHub(),
      active: async () => ({ profile, conn: practice.conn, defaults: { successUrl: 'https://shop.example/ok', failureUrl: 'https://shop.example/no' } }),
      connectionFor: async () => practice.conn,
      requireConfirmation: requireProductionConfirmation,
    });
    const handlers = createHandlers(paymentHandlers({ service }) as unknown as Implementations, practice.logger) as unknown as Record<string, (i: unknown, c: unknown) => Promise<Result<{ payment: { id: string } }>>>;
    await body(async (name, input) => {
      const result = await handlers[name]!(input, { transport: 'direct', osUser: 'tester' });
      if (!result.ok) throw new Error(`${name}: ${JSON.stringify(result.error)}`);
      return result.value;
    });
  } finally {
    await practice.gateway.close();
  }
}
