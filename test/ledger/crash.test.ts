// The crash test: a worker process moves money on the practice gateway and is killed with
// SIGKILL at random moments, again and again. After every restart nothing recorded is lost,
// every interrupted request is settled by status or, where answers without totals cannot
// decide, by a person reading the gateway's records; and the practice gateway's own records
// prove that no operation reached it twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import Database from 'better-sqlite3';
import { startTestGateway } from '../support/practice';

const kills = Number(process.env.PAYDESK_CRASH_KILLS ?? 20);
const worker = resolve('node_modules/.paydesk-crash-worker.mjs');
let dir: string;
let env: Awaited<ReturnType<typeof startTestGateway>>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-crash-'));
  env = await startTestGateway();
  // Latency before the gateway acts makes many kills land while a request is in flight.
  for (const op of ['sale', 'capture', 'refund', 'void'] as const) env.gateway.faults.set(op, { latencyMs: 15 });
  await build({ entryPoints: ['test/ledger/crash-worker.ts'], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: worker, packages: 'external', logLevel: 'warning' });
});
afterAll(async () => {
  await env.gateway.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(worker, { force: true });
});

function runWorker(mode: 'run' | 'reconcile', killAfterMs?: number): Promise<{ recorded: string[]; signal: NodeJS.Signals | null; code: number | null }> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, [worker], { env: { ...process.env, DATA_DIR: dir, BASE_URL: env.gateway.baseUrl, API_KEY: env.gateway.apiKey, MODE: mode }, stdio: ['ignore', 'pipe', 'pipe'] });
    const recorded: string[] = [];
    let out = '';
    let err = '';
    child.stderr.on('data', (chunk) => (err += chunk));
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const lines = out.split('\n');
      out = lines.pop()!;
      for (const line of lines) {
        if (line.startsWith('recorded ')) recorded.push(line.slice(9));
        if (line === 'ready' && killAfterMs !== undefined) setTimeout(() => child.kill('SIGKILL'), killAfterMs);
      }
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (signal !== 'SIGKILL' && code !== 0) reject(new Error(`worker failed (${code}): ${err}`));
      else resolveRun({ recorded, signal, code });
    });
  });
}

describe('crash test', () => {
  it(`survives ${kills} SIGKILLs without losing a record or sending anything twice`, async () => {
    const recorded = new Set<string>();
    for (let i = 0; i < kills; i++) {
      const run = await runWorker('run', 40 + Math.floor(Math.random() * 400));
      expect(run.signal).toBe('SIGKILL');
      run.recorded.forEach((id) => recorded.add(id));
    }
    await runWorker('reconcile');

    const db = new Database(join(dir, 'paydesk.sqlite'), { readonly: true });
    try {
      // Nothing recorded is lost.
      const ids = new Set((db.prepare('SELECT id FROM payments').all() as Array<{ id: string }>).map((r) => r.id));
      expect(recorded.size).toBeGreaterThan(kills);
      for (const id of recorded) expect(ids.has(id)).toBe(true);

      // Every intent is resolved.
      expect(db.prepare("SELECT count(*) AS n FROM operations WHERE outcome IN ('sending', 'unknown')").get()).toEqual({ n: 0 });
      expect(db.prepare("SELECT count(*) AS n FROM payments WHERE state IN ('creating', 'unknown')").get()).toEqual({ n: 0 });

      // No operation reached the gateway twice, and the ledger agrees with the gateway.
      const records = env.gateway.records();
      const payments = db.prepare('SELECT * FROM payments').all() as Array<{ id: string; order_id: string; transaction_id: string | null; state: string; amount_minor: number; auth_only: number; captured_minor: number; refunded_minor: number }>;
      let moneyOps = 0;
      for (const p of payments) {
        const sales = records.filter((r) => r.operation === 'sale' && r.orderId === p.order_id);
        expect(sales.length, `sale ${p.order_id}`).toBe(p.state === 'not_created' ? 0 : 1);
        if (!p.transaction_id) continue;
        for (const kind of ['capture', 'refund', 'void'] as const) {
          const atGateway = records.filter((r) => r.operation === kind && r.transactionId === p.transaction_id);
          const inLedger = db.prepare("SELECT amount_minor FROM operations WHERE payment_id = ? AND kind = ? AND outcome = 'succeeded' ORDER BY created_at").all(p.id, kind) as Array<{ amount_minor: number | null }>;
          expect(atGateway.length, `${kind}s of ${p.order_id}`).toBe(inLedger.length);
          if (kind !== 'void') expect(atGateway.map((r) => r.amountMinor).sort()).toEqual(inLedger.map((r) => r.amount_minor).sort());
          moneyOps += atGateway.length;
        }
        // The ledger's own totals equal what the gateway's records add up to.
        const sum = (kind: string) => records.filter((r) => r.operation === kind && r.transactionId === p.transaction_id).reduce((total, r) => total + (r.amountMinor ?? 0), 0);
        expect([p.captured_minor, p.refunded_minor], `totals of ${p.order_id}`).toEqual([(p.auth_only ? 0 : p.amount_minor) + sum('capture'), sum('refund')]);
      }
      const interrupted = (db.prepare("SELECT count(*) AS n FROM state_history WHERE source = 'restart'").get() as { n: number }).n;
      expect(interrupted).toBeGreaterThan(0); // some kills did land while a request was in flight
      console.log(`crash test: ${kills} kills, ${payments.length} payments, ${moneyOps} captures/refunds/voids, ${interrupted} interrupted requests settled, all matching the gateway`);
    } finally {
      db.close();
    }
  }, 180_000);
});
