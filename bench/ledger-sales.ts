// Benchmark: card sales per second through the app's payments service onto a ledger that
// already holds --earlier payments (seeded), against the practice gateway over HTTP: what a sale
// costs with everything the ledger keeps in step on each write (indexes, the trigram index, the
// counts, the overview's money by hour). Every second sale is then refunded in part.
// Run: node scripts/run-ts.mjs bench/ledger-sales.ts [--earlier 100000] [--sales 500] [--runs 5]
import { loadavg } from 'node:os';
import { customer, goodCard, startTestLedger } from '../test/ledger/support';
import { seedLedger } from '../scripts/seed-ledger';
import { option, result, stats, table } from './support';

const earlier = Number(option('earlier') ?? 100_000);
const sales = Number(option('sales') ?? 500);
const runs = Number(option('runs') ?? 5);

async function main() {
  const t = await startTestLedger();
  try {
    if (earlier > 0) seedLedger(t.db, { payments: earlier });
    type Call = (i: unknown, c: unknown) => Promise<{ ok: boolean; value: { payment: { id: string } }; error?: unknown }>;
    const call = async (name: string, input: unknown) => {
      const r = await (t.handlers as unknown as Record<string, Call>)[name]!(input, t.ctx);
      if (!r.ok) throw new Error(`${name}: ${JSON.stringify(r.error)}`);
      return r.value;
    };
    const rates: number[] = [];
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      for (let i = 0; i < sales; i++) {
        const sale = await call('chargeCard', { amount: '10.00', currency: 'SAR', card: goodCard, customer, authOnly: false });
        if (i % 2) await call('refundPayment', { paymentId: sale.payment.id, amount: '1.00', currency: 'SAR', reason: 'bench' });
      }
      rates.push(Math.round((sales / (performance.now() - started)) * 1000));
    }
    const s = stats(rates);
    console.log(`Sales through the payments service and the practice gateway (HTTP), ${earlier.toLocaleString('en')} earlier payments, ${sales} a run, half refunded, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    table(['runs', 'sales/s median', 'all runs'], [[String(runs), String(s.p50), rates.join(', ')]]);
    result('ledger_sales_per_s', Number(s.p50), '/s');
  } finally {
    await t.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
