// The crash test's worker: the real ledger, service and handlers in their own process, moving
// money on the practice gateway as fast as it can until it is killed. At start it does what
// Paydesk does after a crash: marks interrupted sends unknown and settles them by status.
// Env: BASE_URL, API_KEY, MODE ("run" or "reconcile"), and the ledger: DATA_DIR (a laptop's
// SQLite file) or PG_URL (a team database, logged in as support) with LAPTOP (this laptop's
// stable id: after a restart it marks its own interrupted sends).
import pg from 'pg';
import { openLedgerDb } from '../../main/ledger/database';
import { createSqliteLedgerStore } from '../../main/ledger/sqlite-store';
import { createPostgresLedgerStore, paymentOf } from '../../main/ledger/postgres/pg-store';
import { createPaymentsService } from '../../main/payments/payments-service';
import { paymentHandlers } from '../../main/api/payment-handlers';
import { createHandlers, type Implementations } from '../../main/api/create-handlers';
import { createGatewayClient } from '../../main/gateway/client';
import { createMemoryLogger } from '../../main/log/logger';
import { createEventHub } from '../../main/core/event-hub';
import { requireProductionConfirmation } from '../../main/profiles/production-guard';
import type { PaymentRow } from '../../main/ledger/payment-rows';
import type { LedgerStore } from '../../main/ledger/store';
import { formatMinor } from '../../contract/money';

const env = process.env as Record<string, string>;

/** The ledger, and a read of its rows (`{payments}`, `{operations}`; `?` placeholders) for choosing what to do next. */
function openLedger(): { store: LedgerStore; read(sql: string, ...values: unknown[]): Promise<Array<Record<string, unknown>>>; close(): Promise<void> } {
  if (env.PG_URL) {
    const pool = new pg.Pool({ connectionString: env.PG_URL, max: 4 });
    pool.on('error', () => undefined);
    return {
      store: createPostgresLedgerStore(pool, { laptop: env.LAPTOP! }),
      async read(sql, ...values) {
        let n = 0;
        const text = sql.replace(/\{(payments|operations)\}/g, 'paydesk.$1').replace(/\?/g, () => `$${++n}`);
        return (await pool.query(text, values)).rows;
      },
      close: () => pool.end(),
    };
  }
  const db = openLedgerDb(env.DATA_DIR!);
  return {
    store: createSqliteLedgerStore(db),
    read: async (sql, ...values) => db.prepare(sql.replace(/\{(payments|operations)\}/g, '$1')).all(...values) as Array<Record<string, unknown>>,
    close: async () => void db.close(),
  };
}

const ledger = openLedger();
const logger = createMemoryLogger();
const client = createGatewayClient({ logger, timeoutMs: 5_000, sleep: async () => {} });
const conn = { baseUrl: env.BASE_URL!, apiKey: env.API_KEY! };
const events = createEventHub();
// Printed as soon as an intent is committed: the test checks none of these is ever lost.
events.subscribe((event) => {
  if (event.type === 'payments.changed') for (const id of event.paymentIds) process.stdout.write(`recorded ${id}\n`);
});
const service = createPaymentsService({
  store: ledger.store, client, logger, events,
  active: async () => ({ profile: { id: 'practice', name: 'Practice', environment: 'practice' }, conn, defaults: { successUrl: 'https://shop.example/ok', failureUrl: 'https://shop.example/no' } }),
  connectionFor: async () => conn,
  requireConfirmation: requireProductionConfirmation,
});
const handlers = createHandlers(paymentHandlers({ service }) as unknown as Implementations, logger) as unknown as Record<string, (input: unknown, ctx: unknown) => Promise<unknown>>;
const ctx = { transport: 'direct', osUser: 'crash-test' };
const count = async (sql: string, ...values: unknown[]) => Number((await ledger.read(sql, ...values))[0]!.n);
const open = async () => ({
  ops: await count("SELECT count(*) AS n FROM {operations} WHERE outcome IN ('sending', 'unknown')"),
  payments: await count("SELECT count(*) AS n FROM {payments} WHERE state IN ('creating', 'unknown')"),
});

async function reconcileEverything() {
  await service.markInterrupted();
  const due = await ledger.read("SELECT id FROM {payments} WHERE state IN ('creating', 'unknown') OR id IN (SELECT payment_id FROM {operations} WHERE outcome IN ('sending', 'unknown'))");
  for (const { id } of due) await ledger.store.update(String(id), { next_check_at: new Date(0).toISOString() }, 'schedule', new Date().toISOString());
  while ((await service.reconcileDue(50)) > 0) {
    const left = await open();
    if (left.ops === 0 && left.payments === 0) break;
  }
}

const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];
const amountText = (minor: number) => formatMinor(minor, 'SAR');

async function step() {
  const r = Math.random();
  const candidates = async (states: string[]) => (await ledger.read(`SELECT * FROM {payments} WHERE state IN (${states.map(() => '?').join(',')}) ORDER BY random() LIMIT 5`, ...states)).map((row) => (env.PG_URL ? paymentOf(row) : (row as PaymentRow)));
  const authorised = await candidates(['authorised', 'partially_captured']);
  const refundable = await candidates(['paid', 'partially_captured', 'partially_refunded']);
  if (r < 0.35 || (authorised.length === 0 && refundable.length === 0)) {
    await handlers.chargeCard!({ amount: amountText(1_000 + Math.floor(Math.random() * 9_000)), currency: 'SAR', card: { number: '5123450000000008', holder: 'CRASH', expiryMonth: '01', expiryYear: '2039', cvv: '100' }, customer: { name: 'Crash Test', email: 'crash@example.com', phone: '+966500000009' }, authOnly: Math.random() < 0.6 }, ctx);
  } else if (r < 0.6 && authorised.length) {
    const p = pick(authorised)!;
    const left = p.amount_minor - p.captured_minor;
    await handlers.capturePayment!({ paymentId: p.id, amount: amountText(Math.max(1, Math.floor(left * (0.3 + Math.random() * 0.7)))), currency: 'SAR' }, ctx);
  } else if (r < 0.85 && refundable.length) {
    const p = pick(refundable)!;
    const left = p.captured_minor - p.refunded_minor;
    if (left > 0) await handlers.refundPayment!({ paymentId: p.id, amount: amountText(Math.max(1, Math.floor(left * Math.random()))), currency: 'SAR', reason: 'crash test' }, ctx);
  } else if (authorised.length) {
    await handlers.voidPayment!({ paymentId: pick(authorised)!.id }, ctx);
  }
}

/**
 * What a person does for an unclear capture, refund or void that status answers could not
 * decide (no totals in them): look at the gateway's own records (its dashboard) and settle it.
 */
async function settleFromDashboard() {
  const answer = await fetch(`${env.BASE_URL}/_practice/records`, { headers: { 'X-API-KEY': env.API_KEY! } });
  const records = (await answer.json()).data as Array<{ operation: string; transactionId?: string }>;
  const undecided = await ledger.read("SELECT o.id, o.kind, o.payment_id, p.transaction_id FROM {operations} o JOIN {payments} p ON p.id = o.payment_id WHERE o.outcome = 'unknown' AND o.kind <> 'create'");
  for (const op of undecided as Array<{ id: string; kind: string; payment_id: string; transaction_id: string }>) {
    const atGateway = records.filter((r) => r.operation === op.kind && r.transactionId === op.transaction_id).length;
    const known = await count("SELECT count(*) AS n FROM {operations} WHERE payment_id = ? AND kind = ? AND outcome = 'succeeded'", op.payment_id, op.kind);
    const result = await handlers.settleOperation!({ paymentId: op.payment_id, operationId: op.id, happened: atGateway > known, reason: 'Crash test: the gateway’s own records' }, ctx) as { ok: boolean };
    if (!result.ok) throw new Error(`could not settle ${op.kind} by hand: ${JSON.stringify(result)}`);
  }
}

await reconcileEverything();
if (env.MODE === 'reconcile') await settleFromDashboard();
process.stdout.write('ready\n');
if (env.MODE === 'reconcile') {
  await ledger.close();
  process.exit(0);
}
for (;;) await step();
