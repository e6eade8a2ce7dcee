// What Home's sums (home-sums.sql, team schema step 32; chart-sums.sql, step 34) cost a write: support's laptops record
// sales, captures and refunds as the app does (each step its own transaction: the sale and its
// create sent, the create's answer and the capture, the refund sent, its answer and the payment's
// refunded total; 4 transactions, 7 statements a payment), in rounds alternating the sums'
// triggers on and off (ALTER TABLE … DISABLE TRIGGER as the superuser between rounds, nothing else
// changed). With --laptops 2 two connections write at once, every payment in the same hour,
// currency and profile: the hour row each write takes. Payments a second and ms a payment, median
// of the rounds. On a throwaway PostgreSQL it starts itself; without the binaries it says so.
// Run: node scripts/run-ts.mjs bench/team-write-sums.ts [--payments 500] [--rounds 6] [--laptops 1] [--kind-brand]
//   --kind-brand: only step 34's triggers on and off (what the charts' sums add to step 32's).
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import pg from 'pg';
import { postgresMissing, startPostgres } from '../test/support/postgres-server';
import { option, percentile, table } from './support';
import { financeTeamDatabase } from './team-database';

const kindBrand = ['payments_kind_brand_insert', 'payments_kind_brand_update'];
const triggers = option('kind-brand') !== undefined ? kindBrand : ['payments_sums_insert', 'payments_sums_update', 'operations_sums_insert', 'operations_sums_update', ...kindBrand];

/** One payment's life on one laptop's connection, each step a transaction of its own. */
async function salePaidRefunded(c: pg.Client, i: number) {
  const tx = async (body: () => Promise<unknown>) => {
    await c.query('BEGIN');
    await body();
    await c.query('COMMIT');
  };
  const [id, create, refund] = [randomUUID(), randomUUID(), randomUUID()];
  const amount = 1_000 + (i % 5_000);
  await tx(async () => {
    await c.query(`INSERT INTO paydesk.payments (id, profile_id, environment, kind, order_id, amount_minor, currency, state) VALUES ($1, 'practice', 'practice', 'sale', $2, $3, 'SAR', 'creating')`, [id, `W-${id}`, amount]);
    await c.query(`INSERT INTO paydesk.operations (id, payment_id, kind, amount_minor, outcome) VALUES ($1, $2, 'create', $3, 'sending')`, [create, id, amount]);
  });
  await tx(async () => {
    await c.query(`UPDATE paydesk.payments SET state = 'paid', captured_minor = $2, transaction_id = $3 WHERE id = $1`, [id, amount, `T-${id}`]);
    await c.query(`UPDATE paydesk.operations SET outcome = 'succeeded', completed_at = now() WHERE id = $1`, [create]);
  });
  await tx(() => c.query(`INSERT INTO paydesk.operations (id, payment_id, kind, amount_minor, reason, outcome) VALUES ($1, $2, 'refund', 100, 'returned', 'sending')`, [refund, id]));
  await tx(async () => {
    await c.query(`UPDATE paydesk.payments SET state = 'partially_refunded', refunded_minor = 100 WHERE id = $1`, [id]);
    await c.query(`UPDATE paydesk.operations SET outcome = 'succeeded', completed_at = now() WHERE id = $1`, [refund]);
  });
}

const missing = postgresMissing();
if (missing) {
  console.log(`team-write-sums: skipped: ${missing}`);
} else {
  const payments = Number(option('payments') || 500);
  const rounds = Number(option('rounds') || 6);
  const laptops = Number(option('laptops') || 1);
  const loadStart = loadavg().map((l) => l.toFixed(1)).join(' ');
  const server = await startPostgres();
  try {
    const { superuser, database } = await financeTeamDatabase(server);
    await superuser.query(`SELECT paydesk.add_person('sue', 'support', 'bench-password-s-1')`);
    const clients = await Promise.all(Array.from({ length: laptops }, async (_, n) => {
      const c = new pg.Client({ host: '127.0.0.1', port: server.port, database, user: 'sue', password: 'bench-password-s-1' });
      await c.connect();
      await c.query(`SELECT set_config('paydesk.os_user', $1, false)`, [`laptop-${n}`]);
      return c;
    }));
    const perPayment: Record<'on' | 'off', number[]> = { on: [], off: [] };
    let written = 0;
    const round = async () => {
      const t = performance.now();
      await Promise.all(clients.map(async (c) => {
        for (let i = 0; i < payments / laptops; i++) await salePaidRefunded(c, written++);
      }));
      return (performance.now() - t) / payments;
    };
    await round(); // warm-up, sums on
    for (let r = 0; r < rounds * 2; r++) {
      const on = r % 2 === 0;
      for (const name of triggers) await superuser.query(`ALTER TABLE paydesk.${name.split('_')[0]} ${on ? 'ENABLE' : 'DISABLE'} TRIGGER ${name}`);
      perPayment[on ? 'on' : 'off'].push(await round());
    }
    const row = (label: string, ms: number[]) => [label, percentile(ms, 50).toFixed(3), (1000 / percentile(ms, 50)).toFixed(0), `${Math.min(...ms).toFixed(3)}–${Math.max(...ms).toFixed(3)}`];
    console.log(`\n${payments} payments a round, ${rounds} rounds each way, ${laptops} laptop(s) at once, triggers ${triggers.join(' ')}, load ${loadStart} → ${loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
    table(['sums triggers', 'ms a payment (p50)', 'payments/s', 'rounds'], [row('on', perPayment.on), row('off', perPayment.off)]);
    await Promise.all(clients.map((c) => c.end()));
    await superuser.end();
  } finally {
    await server.stop();
  }
}
