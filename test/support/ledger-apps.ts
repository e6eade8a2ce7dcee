// The app's ledger handlers on either backend, for tests that call them the way the renderer does
// (searchPayments, listPaymentLinks, listAuditLog, refundPayment, …) against the practice gateway
// over HTTP: on SQLite, a laptop's file in a temp folder (as main/composition.ts wires it without a
// team ledger); on PostgreSQL, a team database of the run's server, opened by main's own
// openTeamBackend as one person of the template's team (a role), with the handlers composition.ts
// gives on the team ledger (the screens' reads from PostgreSQL; what works only on a laptop's file
// answers why). Rows are seeded through the ledger's own paths, never by hand-written SQL:
// `seedPayments` in the LedgerStore's transactions (with the audit entry the payments flows
// write), `seedHistory` as a laptop's older payments with their own dates (on PostgreSQL they
// arrive as they would in a real team: copied from a laptop's ledger, copy-to-team.ts).
// `describeLedgerApp(name, body)` runs a body once per backend, as describeLedger does (its
// PostgreSQL half skips, saying why, without the server binaries; fails with
// PAYDESK_REQUIRE_POSTGRES=1). Files using it belong to the vitest project `postgres`.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import type { AppEvent } from '../../contract/events';
import type { MethodName } from '../../contract/methods';
import { createHandlers, type Implementations } from '../../main/api/create-handlers';
import { bulkHandlers } from '../../main/bulk/bulk-handlers';
import { checkupHandlers } from '../../main/api/checkup-handlers';
import { createCheckupService, type CheckupService } from '../../main/checkup/checkup-service';
import { createLastRunFile } from '../../main/checkup/last-run-file';
import { createBulkService, type BulkDeps, type BulkService } from '../../main/bulk/bulk-service';
import { createSqliteBulkStore, type BulkStore } from '../../main/ledger/bulk-store';
import { ledgerHandlers } from '../../main/api/ledger-handlers';
import { overviewHandlers } from '../../main/api/overview-handlers';
import { paymentHandlers } from '../../main/api/payment-handlers';
import { teamLedgerScreenHandlers } from '../../main/api/team-screen-handlers';
import { createEventHub, type EventHub } from '../../main/core/event-hub';
import { chromiumDocuments } from '../../main/entry/chromium-documents';
import { createGatewayClient } from '../../main/gateway/client';
import { invoiceHandlers } from '../../main/invoices/invoice-handlers';
import { createInvoiceService, type InvoiceService } from '../../main/invoices/invoice-service';
import { openLedgerDb, type LedgerDb } from '../../main/ledger/database';
import { copyLedgerToTeam } from '../../main/ledger/postgres/copy-to-team';
import type { PaymentRow } from '../../main/ledger/payment-rows';
import { settle } from '../../main/ledger/search';
import { createSqliteLedgerStore } from '../../main/ledger/sqlite-store';
import type { LedgerStore } from '../../main/ledger/store';
import { createMemoryLogger } from '../../main/log/logger';
import { createLedgerReads } from '../../main/payments/ledger-reads';
import { createOverview } from '../../main/payments/overview';
import { createPaymentsService, type ActiveGateway } from '../../main/payments/payments-service';
import { wakeWhenLeftOpen, type LeftOpenWake, type WakeTimer } from '../../main/payments/left-open-wake';
import { nextLeftOpen } from '../../main/ledger/attention-queue';
import { requireProductionConfirmation } from '../../main/profiles/production-guard';
import { openTeamBackend, type TeamBackend } from '../../main/team/team-backend';
import { createTeamLedgerSettings } from '../../main/team/team-ledger-settings';
import { createKeyVault } from '../../main/vault/key-vault';
import { teamLedgerPasswords } from '../../main/vault/team-ledger-password';
import { memoryKeychain } from '../vault/support/memory-keychain';
import { startTestGateway } from './practice';
import { seller } from './seller';
import { describeWithPostgres, teamServer, type TeamPerson } from './postgres-tests';

export type Backend = 'sqlite' | 'postgres';
export type LedgerAppOptions = {
  /** Who is logged in on the team ledger (the template's sam staff, sue support, fay finance, ada admin); support by default. */
  role?: TeamPerson['role'];
  environment?: ActiveGateway['profile']['environment'];
  now?: () => Date;
  /** The business's time zone (a link's expiry date ends at its midnight); the computer's own by default. */
  timeZone?: string;
  fetch?: typeof fetch;
  /**
   * How long a gateway call waits for its answer (2 s by default). A test that holds a call on the
   * wire while other work runs gives it longer: the hold's length is then the test's, not the machine's.
   */
  gatewayTimeoutMs?: number;
  /** The OS user of the calls (the audit log's `os_user`); `tester` by default. */
  osUser?: string;
  /** A practice gateway already running (another app's): this app's payments go there too, and it is left running at close. */
  practice?: LedgerApp['practice'];
  /** SQLite: this data folder's ledger (another app's; left in place at close). */
  dataDir?: string;
  /** PostgreSQL: this laptop id (another app's: the same laptop started again). */
  laptop?: string;
  /** Main's wake for a send turning "left open" (left-open-wake.ts), as composition.ts wires it, on this timer; none without. */
  leftOpenTimer?: WakeTimer;
};

/**
 * The invoice service on the app's payments service, as composition.ts wires it: the practice
 * profile with seller details, credit notes in the refund's transaction, documents drawn by
 * Debian's Chromium (started on first use, closed with the app).
 */
function invoicesOn() {
  let documents: ReturnType<typeof chromiumDocuments> | undefined;
  const holder: { invoices?: InvoiceService } = {};
  return {
    onRefundConfirmed: ((refund, tx) => holder.invoices?.onRefundConfirmed(refund, tx)) satisfies Parameters<typeof createPaymentsService>[0]['onRefundConfirmed'],
    handlers(service: ReturnType<typeof createPaymentsService>, logger: LedgerApp['practice']['logger']) {
      holder.invoices = createInvoiceService({
        rows: service.store.invoices, logger, payment: (id) => service.store.get(id), activeProfileId: async () => 'practice', seller: () => seller,
        profileName: async (id) => (id === 'practice' ? 'Practice' : undefined), // the profiles file's name, as composition.ts reads it
        createLink: (input, ctx, o) => service.createLink(input, ctx, o), render: (html) => (documents ??= chromiumDocuments()).render(html),
      });
      return invoiceHandlers({ invoices: holder.invoices });
    },
    /** The invoice path bulk rows with a VAT rate take (as composition.ts wires it); the handlers must be made first. */
    createInvoice: ((input, ctx) => holder.invoices!.create(input, ctx).then((r) => r.payment)) satisfies BulkDeps['createInvoice'],
    close: async () => documents?.close(),
  };
}
/** A handler's answer, as the renderer gets it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers checked by the assertions
export type Answer<T = any> = { ok: true; value: T } | { ok: false; error: { code: string; message: string; fields?: Record<string, string>; reason?: { key: string; values?: Record<string, unknown> } } };
export type SeedPayment = Partial<PaymentRow> & Pick<PaymentRow, 'order_id'>;

export type LedgerApp = {
  backend: Backend;
  handlers: Record<string, (input: unknown, ctx: unknown) => Promise<Answer>>;
  ctx: { transport: 'direct'; osUser: string };
  service: ReturnType<typeof createPaymentsService>;
  /** The ledger the payments service records into (its reads answer what the app recorded). */
  store: LedgerStore;
  /** The gateway check-up on the practice profile, as composition.ts wires it (its handlers are in `handlers`); `finished(runId)` waits for a run. */
  checkup: CheckupService;
  /** Bulk payment links as composition.ts wires them (their handlers are in `handlers`); `idle(batchId)` waits for a run. */
  bulk: BulkService;
  practice: Awaited<ReturnType<typeof startTestGateway>>;
  /** Every event main emitted (notifications, payments.changed, payments.counted, …). */
  events: AppEvent[];
  /** The team database (PostgreSQL only): a superuser may reach it with teamServer().sql(database, …). */
  database?: string;
  /** The laptop's file (SQLite only), for what is SQLite's own (its full chain check, its plans). */
  db?: LedgerDb;
  /** Main's wake for a send turning "left open", when the app was opened with `leftOpenTimer`. */
  leftOpenWake?: LeftOpenWake;
  /**
   * Someone with the file or the server in hand changes an audit entry (`set` a column) or removes
   * it, behind Paydesk's back: on SQLite in the file, on PostgreSQL as the server's superuser.
   */
  tamperAudit(seq: number, change: { set: Record<string, string | number | null> } | 'delete'): Promise<void>;
  /** A handler's answer, `ok` or not. */
  call<T = unknown>(name: MethodName, input: unknown): Promise<Answer<T>>;
  /** A handler's value; a refusal throws with its error. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers checked by the assertions
  value<T = any>(name: MethodName, input: unknown): Promise<T>;
  /** Payments recorded now through the store, each with the audit entry its creation writes; answers the rows as stored. */
  seedPayments(rows: SeedPayment[]): Promise<PaymentRow[]>;
  /** A laptop's older payments with their own creation times (on PostgreSQL copied in from a laptop's ledger, as a team moves in). */
  seedHistory(rows: SeedPayment[]): Promise<void>;
  /** Resolves once the background counts and chain checks begun so far are done. */
  settled(): Promise<void>;
  /** Every row the ledger keeps of payments, operations, their history and the audit log, as text (on PostgreSQL read by a superuser): what must never hold a card number. */
  everything(): Promise<string>;
  /** Another app on the same ledger: on PostgreSQL another laptop on the team database; on SQLite a laptop of its own (its own file). Its own practice gateway unless `sameGateway` (or `practice`) says otherwise. */
  open(options?: LedgerAppOptions & { sameGateway?: boolean }): Promise<LedgerApp>;
  /**
   * This laptop started again (after it was killed: this app is left as it is, never closed by
   * it): the same ledger file on SQLite, the same laptop id on PostgreSQL, the same practice gateway.
   */
  restart(): Promise<LedgerApp>;
  close(): Promise<void>;
};

const backends = (process.env.LEDGER_BACKENDS ?? 'sqlite,postgres').split(',').map((b) => b.trim());

/** A whole payment row from the fields a test cares about: a pending SAR link of 10.00 made now by default. */
export function paymentRow(row: SeedPayment): PaymentRow {
  const at = row.created_at ?? new Date().toISOString();
  return {
    id: randomUUID(), profile_id: 'practice', environment: 'practice', kind: 'link', amount_minor: 1_000, currency: 'SAR', description: null,
    customer_name: null, customer_email: null, customer_phone: null, card_bin: null, card_last4: null, transaction_id: null, session_id: null,
    link_url: null, recurring_token: null, recurring_init: 0, parent_payment_id: null, auth_only: 0, state: 'pending', status_word: null,
    captured_minor: 0, refunded_minor: 0, created_by: 'tester', created_at: at, updated_at: at, last_checked_at: null, next_check_at: null,
    check_attempts: 0, needs_attention: 0, attention_reason: null, watched: 0, last_error: null, checkup_run: null,
    ...row,
  };
}

/** The statement that changes or removes entry $1 of `table` (set: column names of the test's own). */
function tampering(table: string, change: Parameters<LedgerApp['tamperAudit']>[1], placeholder: (i: number) => string) {
  if (change === 'delete') return { text: `DELETE FROM ${table} WHERE seq = ${placeholder(1)}`, values: [] as unknown[] };
  const columns = Object.keys(change.set);
  return { text: `UPDATE ${table} SET ${columns.map((c, i) => `${c} = ${placeholder(i + 2)}`).join(', ')} WHERE seq = ${placeholder(1)}`, values: columns.map((c) => change.set[c]) };
}

/** Records the rows in one store transaction, each with the audit entry the payments flows write for a creation. */
async function recordPayments(store: LedgerStore, rows: SeedPayment[]): Promise<PaymentRow[]> {
  const made = rows.map(paymentRow);
  await store.transaction(async (tx) => {
    for (const row of made) {
      await tx.insert(row);
      // On the team ledger the database writes this entry itself (and the store records nothing).
      await tx.appendAudit({ osUser: row.created_by, profileId: row.profile_id, environment: row.environment, action: `create_${row.kind}`, paymentId: row.id, orderId: row.order_id, amountMinor: row.amount_minor, currency: row.currency, result: `recorded: ${row.state}` }, row.created_at);
    }
  });
  return Promise.all(made.map(async (row) => (await store.get(row.id))!));
}

type Parts = { backend: Backend; handlers: Implementations; service: LedgerApp['service']; store: LedgerStore; bulk: BulkService; checkup: CheckupService; practice: LedgerApp['practice']; events: AppEvent[]; osUser: string };

function appOf(parts: Parts, extra: Pick<LedgerApp, 'seedHistory' | 'settled' | 'everything' | 'tamperAudit' | 'open' | 'restart' | 'close' | 'database' | 'db'>): LedgerApp {
  const handlers = createHandlers(parts.handlers, parts.practice.logger) as unknown as LedgerApp['handlers'];
  const ctx = { transport: 'direct' as const, osUser: parts.osUser };
  const call = <T>(name: MethodName, input: unknown) => handlers[name]!(input, ctx) as Promise<Answer<T>>;
  return {
    backend: parts.backend, handlers, ctx, service: parts.service, store: parts.store, bulk: parts.bulk, checkup: parts.checkup, practice: parts.practice, events: parts.events,
    call,
    async value(name, input) {
      const answer = await call(name, input);
      if (!answer.ok) throw new Error(`${name}: ${answer.error.code} ${answer.error.message}`);
      return answer.value as never;
    },
    seedPayments: (rows) => recordPayments(parts.store, rows),
    ...extra,
  };
}

function serviceOn(store: LedgerStore, practice: LedgerApp['practice'], events: ReturnType<typeof createEventHub>, options: LedgerAppOptions, onRefundConfirmed?: Parameters<typeof createPaymentsService>[0]['onRefundConfirmed']) {
  const client = createGatewayClient({ logger: practice.logger, sleep: async () => {}, timeoutMs: options.gatewayTimeoutMs ?? 2_000, fetch: options.fetch });
  const profile = { id: 'practice', name: 'Practice', environment: options.environment ?? ('practice' as const) };
  return createPaymentsService({
    store, client, logger: practice.logger, events, now: options.now, timeZone: options.timeZone,
    active: async () => ({ profile, conn: practice.conn, defaults: { successUrl: 'https://shop.example/ok', failureUrl: 'https://shop.example/no' } }),
    connectionFor: async () => practice.conn,
    requireConfirmation: requireProductionConfirmation,
    onRefundConfirmed,
  });
}

/** The gateway check-up as composition.ts wires it: through the payments service, on the practice profile (SAR). */
function checkupOn(service: LedgerApp['service'], practice: LedgerApp['practice'], events: EventHub, options: LedgerAppOptions, dataDir?: string): CheckupService {
  const environment = options.environment ?? ('practice' as const);
  return createCheckupService({
    payments: service, client: createGatewayClient({ logger: practice.logger, sleep: async () => {}, timeoutMs: 5_000, fetch: options.fetch }), events, logger: practice.logger, now: options.now,
    app: { name: 'Paydesk', version: '9.9.9-test', runtime: 'test', platform: process.platform },
    environmentOf: () => environment,
    gatewayFor: async (id) => ({ profile: { id, name: 'Practice', environment }, conn: practice.conn, currency: 'SAR', defaults: { successUrl: 'https://shop.example/ok', failureUrl: 'https://shop.example/no' } }),
    lastRunFile: dataDir ? createLastRunFile(join(dataDir, 'checkup-last-run.json')) : undefined,
  });
}

/** Bulk links as composition.ts wires them: through the payments service's create path (rows with a VAT rate through the invoice path), on the ledger's bulk store. */
function bulkOn(store: BulkStore, service: LedgerApp['service'], practice: LedgerApp['practice'], events: EventHub, createInvoice: BulkDeps['createInvoice']): BulkService {
  return createBulkService({
    store, orders: service.store, logger: practice.logger, events,
    active: () => service.active(),
    defaultCurrency: async () => 'SAR',
    requireConfirmation: requireProductionConfirmation,
    today: () => service.today(),
    createLink: (input, ctx) => service.createLink(input, ctx),
    createInvoice,
  });
}

/**
 * The app's services on a ledger's store as composition.ts wires them on either backend (payments,
 * invoices, bulk links, the check-up) and their handlers; each backend adds its screens' reads.
 */
function servicesOn(store: LedgerStore, bulkStore: BulkStore, practice: LedgerApp['practice'], events: EventHub, options: LedgerAppOptions, dataDir?: string) {
  const invoices = invoicesOn();
  const service = serviceOn(store, practice, events, options, invoices.onRefundConfirmed);
  const bulk = bulkOn(bulkStore, service, practice, events, invoices.createInvoice);
  const checkup = checkupOn(service, practice, events, options, dataDir);
  const handlers = {
    ...paymentHandlers({ service }),
    ...checkupHandlers({ checkup }),
    ...invoices.handlers(service, practice.logger),
    ...bulkHandlers({ bulk }),
  };
  return { invoices, service, bulk, checkup, handlers };
}

/** The app on a laptop's SQLite file (as composition.ts wires it without a team ledger). */
export async function startSqliteApp(options: LedgerAppOptions = {}): Promise<LedgerApp & { db: LedgerDb; dir: string }> {
  const dir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'paydesk-app-'));
  const practice = options.practice ?? await startTestGateway();
  const db = openLedgerDb(dir);
  const events = createEventHub();
  const seen: AppEvent[] = [];
  events.subscribe((event) => seen.push(event));
  const store = createSqliteLedgerStore(db);
  const { invoices, service, bulk, checkup, handlers: shared } = servicesOn(store, createSqliteBulkStore(db), practice, events, options, dir);
  await service.markInterrupted();
  const wake = options.leftOpenTimer && wakeWhenLeftOpen({ next: () => nextLeftOpen(db), events, logger: practice.logger, timer: options.leftOpenTimer });
  const handlers = {
    ...shared,
    ...ledgerHandlers({ reads: createLedgerReads({ db, events, exportDir: join(dir, 'exports'), now: options.now }), activeEnvironment: () => options.environment ?? 'practice' }),
    ...overviewHandlers({ overview: createOverview({ db, now: options.now }) }),
  } as unknown as Implementations;
  const app = appOf({ backend: 'sqlite', handlers, service, store, bulk, checkup, practice, events: seen, osUser: options.osUser ?? 'tester' }, {
    db,
    async tamperAudit(seq, change) {
      const { text, values } = tampering('audit_log', change, () => '?');
      // Positional: the SET values come before the seq in the text.
      db.prepare(text).run(...values, seq);
    },
    seedHistory: async (rows) => void (await recordPayments(store, rows)),
    settled: () => settle(),
    // Every table, as the team ledger's below: a secret kept anywhere in the file is found.
    everything: async () => (db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").pluck().all() as string[]).map((table) => JSON.stringify(db.prepare(`SELECT * FROM "${table}"`).all())).join('\n'),
    open: ({ sameGateway, ...more } = {}) => startSqliteApp({ ...options, practice: sameGateway ? practice : undefined, dataDir: undefined, ...more }),
    restart: () => startSqliteApp({ ...options, practice, dataDir: dir }),
    async close() {
      wake?.close();
      await settle();
      await invoices.close();
      db.close();
      if (!options.practice) await practice.gateway.close();
      if (!options.dataDir) rmSync(dir, { recursive: true, force: true });
    },
  });
  return { ...app, db: db as LedgerDb, dir, leftOpenWake: wake };
}

/**
 * main's own team backend on `database`, logged in as the template's person of this role from a
 * data folder of its own (the choice in team-ledger.json, the password in an in-memory keychain).
 */
export async function openTeamBackendAs(database: string, role: TeamPerson['role'], options: { events?: EventHub; recheckMs?: number; laptop?: string; profilesHere?: Array<{ id: string; name: string }> } = {}): Promise<{ team: TeamBackend; dataDir: string }> {
  const server = teamServer();
  const person = server.person(role);
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-team-app-'));
  const login = { host: server.host, port: server.port, database, user: person.login };
  writeFileSync(join(dataDir, 'team-ledger.json'), JSON.stringify({ ...login, tls: false, caPem: null, use: true }));
  // The same laptop started again: its id (team-backend.ts's laptopId) as it kept it.
  if (options.laptop) writeFileSync(join(dataDir, 'laptop-id'), `${options.laptop}\n`);
  const logger = createMemoryLogger();
  const vault = createKeyVault({ logger, backend: memoryKeychain().backend });
  await teamLedgerPasswords(vault).store(login, person.password);
  const settings = createTeamLedgerSettings({ dataDir, vault, logger });
  const here = options.profilesHere;
  const team = (await openTeamBackend({ dataDir, settings, events: options.events ?? createEventHub(), logger, exportDir: join(dataDir, 'exports'), recheckMs: options.recheckMs, ...(here ? { profilesHere: () => here as never } : {}) }))!;
  return { team, dataDir };
}

/**
 * The app on a team database as main starts it (openTeamBackend with Settings → Team ledger
 * saved and the password in a keychain), logged in as the template's person with `role`.
 */
export async function startPostgresApp(database: string, options: LedgerAppOptions = {}): Promise<LedgerApp & { team: TeamBackend }> {
  const events = createEventHub();
  const seen: AppEvent[] = [];
  events.subscribe((event) => seen.push(event));
  const server = teamServer();
  const { team, dataDir } = await openTeamBackendAs(database, options.role ?? 'support', { events, laptop: options.laptop });
  const practice = options.practice ?? await startTestGateway();
  const { invoices, service, bulk, checkup, handlers: shared } = servicesOn(team.store, team.bulk, practice, events, options);
  await team.begin(service);
  const wake = options.leftOpenTimer && wakeWhenLeftOpen({ next: () => team.screens!.reads.nextLeftOpen(), events, logger: practice.logger, timer: options.leftOpenTimer });
  const handlers = {
    ...shared,
    ...teamLedgerScreenHandlers(team.screens!, () => options.environment ?? 'practice'),
  } as unknown as Implementations;
  let laptops = 0;
  const app = appOf({ backend: 'postgres', handlers, service, store: team.store, bulk, checkup, practice, events: seen, osUser: options.osUser ?? 'tester' }, {
    database,
    async tamperAudit(seq, change) {
      const { text, values } = tampering('paydesk.audit_log', change, (i) => `$${i}`);
      await server.sql(database, text, [seq, ...values]);
    },
    async seedHistory(rows) {
      // A laptop's own ledger with these payments, copied in by an admin (a copy per call: each its own laptop).
      const dir = mkdtempSync(join(tmpdir(), 'paydesk-team-seed-'));
      const db = openLedgerDb(dir);
      const admin = await server.connectAs(database, server.person('admin').login);
      try {
        await recordPayments(createSqliteLedgerStore(db), rows);
        const report = await copyLedgerToTeam({ source: db, team: admin, laptop: `seed-${randomUUID().slice(0, 8)}-${++laptops}` });
        if (report.payments.copied !== rows.length) throw new Error(`seedHistory: ${report.payments.copied} of ${rows.length} payments copied (${JSON.stringify(report.skipped)})`);
      } finally {
        await admin.end();
        db.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
    settled: () => team.screens!.reads.settled(),
    async everything() {
      const tables = (await server.sql(database, `SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'paydesk' ORDER BY 1`)).rows.map((r) => r.t as string);
      const texts = await Promise.all(tables.map(async (table) => JSON.stringify((await server.sql(database, `SELECT to_jsonb(x) AS row FROM paydesk.${table} x`)).rows)));
      return texts.join('\n');
    },
    open: ({ sameGateway, ...more } = {}) => startPostgresApp(database, { ...options, practice: sameGateway ? practice : undefined, laptop: undefined, ...more }),
    restart: () => startPostgresApp(database, { ...options, practice, laptop: team.laptop }),
    async close() {
      wake?.close();
      await invoices.close();
      await team.close();
      if (!options.practice) await practice.gateway.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  });
  return { ...app, team, leftOpenWake: wake };
}

/**
 * Runs `body` once per backend (LEDGER_BACKENDS=sqlite or =postgres for one), with one app per
 * backend started before the body's tests (on PostgreSQL in a team database of the file's own)
 * and closed after. `backend` is known as the body is declared, for what only one backend has.
 */
export function describeLedgerApp(name: string, body: (app: () => LedgerApp, backend: Backend) => void, options: LedgerAppOptions = {}) {
  const run = (start: () => Promise<LedgerApp>, backend: Backend) => {
    let app: LedgerApp | undefined;
    const opened: LedgerApp[] = [];
    // Apps the tests open close with the file's.
    const tracked = (a: LedgerApp): LedgerApp => ({
      ...a,
      async open(more) {
        const another = tracked(await a.open(more));
        opened.push(another);
        return another;
      },
      async restart() {
        const again = tracked(await a.restart());
        opened.push(again);
        return again;
      },
    });
    beforeAll(async () => {
      app = tracked(await start());
    });
    afterAll(async () => {
      for (const a of opened) await a.close().catch(() => undefined);
      await app?.close();
    });
    body(() => {
      if (!app) throw new Error('the ledger app is not started yet (use it inside a hook or test)');
      return app;
    }, backend);
  };
  describeOnBackends(name, (backend) => run(backend === 'sqlite' ? () => startSqliteApp(options) : async () => startPostgresApp(await teamServer().createTeamDatabase(), options), backend));
}

/** A describe block per backend (LEDGER_BACKENDS picks), the PostgreSQL one skipping or failing as describeWithPostgres does. */
export function describeOnBackends(name: string, body: (backend: Backend) => void) {
  if (backends.includes('sqlite')) describe(`${name} (SQLite)`, () => body('sqlite'));
  if (backends.includes('postgres')) describeWithPostgres(`${name} (PostgreSQL)`, () => body('postgres'));
}
