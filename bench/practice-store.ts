// Benchmark: the practice gateway's card sales per second through its engine, with no state
// file, and with its state kept on disk (the append-only log the app uses) at 0 and at N
// earlier sales. Medians of `runs` runs of `sales` sales each, the two file cases alternated.
// Run: node scripts/run-ts.mjs bench/practice-store.ts [--earlier 100000] [--sales 2000] [--runs 5]
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPracticeStore } from '../main/practice/store';
import { createEngine } from '../main/practice/engine';
import { option, result, sizeLabel, table } from './support';

const earlier = Number(option('earlier') ?? 100_000);
const sales = Number(option('sales') ?? 2_000);
const runs = Number(option('runs') ?? 5);
const dir = mkdtempSync(join(tmpdir(), 'paydesk-bench-practice-'));
const card = { number: '5123450000000008', holder: 'OMAR SALEH', expiryMonth: '01', expiryYear: '2039', cvv: '100' };
const customer = { name: 'Omar Saleh', email: 'omar@example.com', phone: '+966500000002' };
let order = 0;
const engineOn = (stateFile?: string) => createEngine(openPracticeStore({ stateFile }), { now: () => new Date(), onChange: () => {} });
const sell = (engine: ReturnType<typeof engineOn>, count: number) => {
  for (let i = 0; i < count; i++) engine.startSale({ orderId: `B-${order++}`, currency: 'SAR', amountMinor: 1_000 + (i % 500), authOnly: false, recurringInit: false, customer, successUrl: 'https://shop.example/ok', failureUrl: 'https://shop.example/no' }, card);
};
const perSecond = (engine: ReturnType<typeof engineOn>) => {
  const t0 = performance.now();
  sell(engine, sales);
  return (sales * 1000) / (performance.now() - t0);
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const bigFile = join(dir, 'big.log');
const t0 = performance.now();
sell(engineOn(bigFile), earlier);
console.log(`${earlier.toLocaleString('en')} earlier sales written in ${((performance.now() - t0) / 1000).toFixed(1)} s; state file ${(statSync(bigFile).size / 1e6).toFixed(1)} MB`);
const big = engineOn(bigFile);

const memory: number[] = [];
const empty: number[] = [];
const full: number[] = [];
for (let r = 0; r < runs; r++) {
  memory.push(perSecond(engineOn()));
  const fresh = engineOn(join(dir, `empty-${r}.log`));
  if (r % 2) {
    empty.push(perSecond(fresh));
    full.push(perSecond(big));
  } else {
    full.push(perSecond(big));
    empty.push(perSecond(fresh));
  }
}
console.log(`\nsales per second (median of ${runs} runs of ${sales} sales)`);
table(['state', 'sales/s'], [
  ['in memory only', median(memory).toFixed(0)],
  ['on disk, 0 earlier sales', median(empty).toFixed(0)],
  [`on disk, ${earlier.toLocaleString('en')} earlier sales`, median(full).toFixed(0)],
]);
result('practice_sales_per_s_0', median(empty), 'sales/s');
result(`practice_sales_per_s_${sizeLabel(earlier)}`, median(full), 'sales/s');
rmSync(dir, { recursive: true, force: true });
