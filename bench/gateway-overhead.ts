// Benchmark: the gateway client's overhead per call against a raw fetch to the same practice
// endpoint, and the practice gateway's status-call throughput. The gateway runs in its own
// process (as it does for a developer), so client and server do not share an event loop.
// Run: node scripts/build.mjs main && node scripts/run-ts.mjs bench/gateway-overhead.ts [calls]
import { spawn } from 'node:child_process';
import { createGatewayClient } from '../main/gateway/client';
import { createMemoryLogger } from '../main/log/logger';

const calls = Number(process.argv[2] ?? 2000);

async function startGateway() {
  const child = spawn(process.execPath, ['dist/main/practice-gateway.cjs', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (/API key/.test(out)) resolve();
    });
    child.once('exit', () => reject(new Error('practice gateway exited; run `node scripts/build.mjs main` first')));
  });
  return { child, baseUrl: /Base URL: (\S+)/.exec(out)![1]!, apiKey: /API key \(X-API-KEY\): (\S+)/.exec(out)![1]! };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const fmt = (ms: number) => `${(ms * 1000).toFixed(0)} µs`;

async function main() {
  const gw = await startGateway();
  const conn = { baseUrl: gw.baseUrl, apiKey: gw.apiKey };
  const client = createGatewayClient({ logger: createMemoryLogger() });
  // One real payment to look up, so both sides do the full read of a status answer.
  const sale = await client.sale(conn, {
    orderId: 'BENCH-1', amount: { minor: 12_345, currency: 'SAR' }, authOnly: false,
    card: { number: '5123450000000008', holder: 'BENCH', expiryMonth: '01', expiryYear: '2039', cvv: '100' },
    customer: { name: 'Bench', email: 'bench@example.com', phone: '+966500000000' },
    successUrl: 'https://shop.example/ok', failureUrl: 'https://shop.example/fail',
  });
  if (!sale.ok) throw new Error(sale.error.message);

  const raw = async () => {
    const response = await fetch(`${gw.baseUrl}/payment-gateway/status`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-KEY': gw.apiKey },
      body: JSON.stringify({ orderId: 'BENCH-1' }),
    });
    const body = await response.json();
    if (body.code !== 200) throw new Error('raw status failed');
  };
  const viaClient = async () => {
    const result = await client.status(conn, { orderId: 'BENCH-1' }, { retry: false });
    if (!result.ok) throw new Error(result.error.message);
  };

  for (let i = 0; i < 200; i++) await Promise.all([raw(), viaClient()]); // warm-up
  const times = { raw: [] as number[], client: [] as number[] };
  for (let i = 0; i < calls; i++) {
    // Alternate which goes first so neither always meets a warmer connection.
    const order = i % 2 ? (['raw', 'client'] as const) : (['client', 'raw'] as const);
    for (const which of order) {
      const started = performance.now();
      await (which === 'raw' ? raw() : viaClient());
      times[which].push(performance.now() - started);
    }
  }
  const sorted = { raw: times.raw.sort((a, b) => a - b), client: times.client.sort((a, b) => a - b) };
  console.log(`status call, ${calls} sequential calls each, loopback, gateway in its own process`);
  console.log(`  raw fetch + JSON.parse : median ${fmt(percentile(sorted.raw, 50))}, p95 ${fmt(percentile(sorted.raw, 95))}`);
  console.log(`  gateway client         : median ${fmt(percentile(sorted.client, 50))}, p95 ${fmt(percentile(sorted.client, 95))}`);
  console.log(`  client overhead        : median ${fmt(percentile(sorted.client, 50) - percentile(sorted.raw, 50))} per call (ratio ${(percentile(sorted.client, 50) / percentile(sorted.raw, 50)).toFixed(2)})`);

  for (const concurrency of [1, 8, 32]) {
    const total = calls * 2;
    let next = 0;
    const started = performance.now();
    await Promise.all(Array.from({ length: concurrency }, async () => {
      while (next++ < total) await raw();
    }));
    const seconds = (performance.now() - started) / 1000;
    console.log(`practice gateway status throughput, concurrency ${concurrency}: ${Math.round(total / seconds)} requests/s (${total} calls)`);
  }
  gw.child.kill();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
