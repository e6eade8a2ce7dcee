// Live-update latency between two Paydesk "laptops" on one team ledger (issue 15: a refund on one
// shows on the others within 2 s): a writer process (its own connection, logged in as support)
// commits an operation insert; this process listens as finance through main/ledger/postgres/live.ts
// and takes the time its callback hears that payment. Latency = heard − just before COMMIT was sent,
// both as wall-clock time (performance.timeOrigin + now(), the same clock for both processes on
// one machine). One change at a time (the next after the last was heard), after a warm-up.
// Starts its own throwaway PostgreSQL (test/support/postgres-server.ts); without the server
// binaries it says so and exits 0.
// Run: node scripts/run-ts.mjs bench/team-live.ts [--changes 300]
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import pg from 'pg';
import { listenForTeamChanges } from '../main/ledger/postgres/live';
import { applyTeamLedgerSecurity } from '../main/ledger/postgres/security';
import { postgresMissing, startPostgres } from '../test/support/postgres-server';
import { option, percentile, result, table } from './support';

type Go = { port: number; database: string; password: string; payments: string[] } | { index: number } | { done: true };
type Told = { ready: true } | { index: number; paymentId: string; sentAt: number };

const now = () => performance.timeOrigin + performance.now();

if (option('writer') !== undefined) await writer();
else await main();

/** The other laptop: records an operation per change, each committed on its own. */
async function writer() {
  let client: pg.Client | undefined;
  let payments: string[] = [];
  const send = (message: Told) => process.send!(message);
  process.on('message', async (message: Go) => {
    if ('done' in message) {
      await client?.end();
      process.disconnect();
      return;
    }
    if ('port' in message) {
      client = new pg.Client({ host: '127.0.0.1', port: message.port, database: message.database, user: 'sue', password: message.password, application_name: 'Paydesk' });
      await client.connect();
      payments = message.payments;
      send({ ready: true });
      return;
    }
    const paymentId = payments[message.index]!;
    await client!.query('BEGIN');
    await client!.query(`INSERT INTO paydesk.operations (id, payment_id, kind, amount_minor, reason, outcome) VALUES ($1, $2, 'refund', 100, 'bench', 'sending')`, [randomUUID(), paymentId]);
    const sentAt = now();
    await client!.query('COMMIT');
    send({ index: message.index, paymentId, sentAt });
  });
}

async function main() {
  const missing = postgresMissing();
  if (missing) {
    console.log(`team-live: skipped: ${missing}`);
    return;
  }
  const changes = Number(option('changes') || 300);
  const warmup = 20;
  const load = loadavg()[0]!.toFixed(1);
  const server = await startPostgres();
  const child = fork(process.argv[1]!, ['--writer'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    const database = await server.createDatabase('team');
    const superuser = await server.connect({ database });
    await applyTeamLedgerSecurity(superuser);
    await superuser.query(`SELECT paydesk.add_person('sue', 'support', 'bench-password-s-1'), paydesk.add_person('fay', 'finance', 'bench-password-f-1')`);
    // One paid payment per change, made before listening (their own notifications are not measured).
    const payments = Array.from({ length: warmup + changes }, () => randomUUID());
    await superuser.query(
      `INSERT INTO paydesk.payments (id, profile_id, environment, kind, order_id, amount_minor, currency, state, transaction_id, captured_minor)
       SELECT id, 'practice', 'practice', 'link', 'PD-' || id, 12550, 'SAR', 'paid', 'T-' || id, 12550 FROM unnest($1::uuid[]) AS id`,
      [payments],
    );
    await superuser.end();

    const heardAt = new Map<string, number>();
    const told = new Map<number, number>();
    let wake: (() => void) | undefined;
    child.on('message', (message: Told) => {
      if ('index' in message) told.set(message.index, message.sentAt);
      wake?.();
    });
    let listened: () => void = () => {};
    const listening = new Promise<void>((resolve) => (listened = resolve));
    const live = listenForTeamChanges({ host: '127.0.0.1', port: server.port, database, user: 'fay' }, 'bench-password-f-1', {
      onPaymentsChanged: (ids) => {
        const at = now();
        for (const id of ids) if (!heardAt.has(id)) heardAt.set(id, at);
        wake?.();
      },
      onStatus: (s) => {
        if (s.state === 'listening') listened();
      },
    });
    const until = async (done: () => boolean) => {
      while (!done()) await new Promise<void>((resolve) => (wake = resolve));
    };
    await listening;
    let ready = false;
    child.once('message', () => (ready = true));
    child.send({ port: server.port, database, password: 'bench-password-s-1', payments } satisfies Go);
    await until(() => ready);

    const latencies: number[] = [];
    for (let index = 0; index < payments.length; index++) {
      child.send({ index } satisfies Go);
      await until(() => told.has(index) && heardAt.has(payments[index]!));
      if (index >= warmup) latencies.push(heardAt.get(payments[index]!)! - told.get(index)!);
    }
    child.send({ done: true } satisfies Go);
    await live.close();

    const p50 = percentile(latencies, 50);
    const p95 = percentile(latencies, 95);
    console.log(`live update between two instances: ${changes} operation inserts, one at a time (load average ${load} at the start, ${loadavg()[0]!.toFixed(1)} at the end)`);
    table(['changes', 'p50', 'p95', 'max'], [[String(latencies.length), `${p50.toFixed(2)} ms`, `${p95.toFixed(2)} ms`, `${Math.max(...latencies).toFixed(2)} ms`]]);
    result('team_live_latency_p50', p50, 'ms');
    result('team_live_latency_p95', p95, 'ms');
  } finally {
    if (child.connected) child.kill();
    await server.stop();
  }
}
