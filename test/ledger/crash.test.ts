// The crash test: a worker process moves money on the practice gateway and is killed with
// SIGKILL at random moments, again and again. After every restart nothing recorded is lost,
// every interrupted request is settled by status or, where answers without totals cannot
// decide, by a person reading the gateway's records; and the practice gateway's own records
// prove that no operation reached it twice. On a laptop's SQLite file and on a team database
// (the worker logged in as support, one laptop restarted again and again).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import Database from 'better-sqlite3';
import { startTestGateway } from '../support/practice';
import { describeOnBackends } from '../support/ledger-apps';
import { teamServer } from '../support/postgres-tests';

const kills = Number(process.env.PAYDESK_CRASH_KILLS ?? 20);

describeOnBackends('crash test', (backend) => {
  const worker = resolve(`node_modules/.paydesk-crash-worker-${backend}-${process.pid}.mjs`);
  let dir: string;
  let env: Awaited<ReturnType<typeof startTestGateway>>;
  // A team ledger's capture or refund takes more round trips (a server, its triggers: about 90 ms
  // against 35 at load 13): three times as long between kills records about as many payments.
  const runMs = (ms: number) => (backend === 'postgres' ? 3 * ms : ms);
  /** The worker's ledger: its SQLite folder, or its team database's URL. */
  let ledgerEnv: Record<string, string>;
  let database: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'paydesk-crash-'));
    env = await startTestGateway();
    // Latency before the gateway acts makes many kills land while a request is in flight.
    for (const op of ['sale', 'capture', 'refund', 'void'] as const) env.gateway.faults.set(op, { latencyMs: 15 });
    await build({ entryPoints: ['test/ledger/crash-worker.ts'], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: worker, packages: 'external', logLevel: 'warning' });
    if (backend === 'sqlite') ledgerEnv = { DATA_DIR: dir };
    else {
      const server = teamServer();
      database = await server.createTeamDatabase();
      const sue = server.person('support');
      ledgerEnv = { PG_URL: `postgres://${encodeURIComponent(sue.login)}:${encodeURIComponent(sue.password)}@${server.host}:${server.port}/${database}`, LAPTOP: 'crash-laptop' };
    }
  });
  afterAll(async () => {
    await env?.gateway.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(worker, { force: true });
  });

  function runWorker(mode: 'run' | 'reconcile', killAfterMs?: number): Promise<{ recorded: string[]; signal: NodeJS.Signals | null; code: number | null }> {
    return new Promise((resolveRun, reject) => {
      const child = spawn(process.execPath, [worker], { env: { ...process.env, ...ledgerEnv, BASE_URL: env.gateway.baseUrl, API_KEY: env.gateway.apiKey, MODE: mode }, stdio: ['ignore', 'pipe', 'pipe'] });
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

  /** The ledger as it is after the last restart (read from outside: the file read-only, or the server's superuser). */
  async function ledgerRows(sql: string, ...values: unknown[]): Promise<Array<Record<string, unknown>>> {
    if (backend === 'postgres') {
      let n = 0;
      const text = sql.replace(/\{(payments|operations)\}/g, 'paydesk.$1').replace('{history}', 'paydesk.payment_history').replace(/\?/g, () => `$${++n}`);
      return (await teamServer().sql(database, text, values)).rows;
    }
    const db = new Database(join(dir, 'paydesk.sqlite'), { readonly: true });
    try {
      return db.prepare(sql.replace(/\{(payments|operations)\}/g, '$1').replace('{history}', 'state_history')).all(...values) as Array<Record<string, unknown>>;
    } finally {
      db.close();
    }
  }
  const count = async (sql: string) => Number((await ledgerRows(sql))[0]!.n);

  it(`survives at least ${kills} SIGKILLs without losing a record or sending anything twice`, async () => {
    const recorded = new Set<string>();
    // Under load a worker records less before its kill: more rounds (up to 3× as many) until it has
    // recorded more payments than the kills, so the check below never passes on too little work.
    let rounds = 0;
    for (; rounds < kills || (recorded.size <= kills && rounds < 3 * kills); rounds++) {
      const run = await runWorker('run', runMs(40) + Math.floor(Math.random() * runMs(400)));
      expect(run.signal).toBe('SIGKILL');
      run.recorded.forEach((id) => recorded.add(id));
    }
    await runWorker('reconcile');

    // Nothing recorded is lost.
    const ids = new Set((await ledgerRows('SELECT id FROM {payments}')).map((r) => String(r.id)));
    expect(recorded.size).toBeGreaterThan(kills);
    for (const id of recorded) expect(ids.has(id)).toBe(true);

    // Every intent is resolved.
    expect(await count("SELECT count(*) AS n FROM {operations} WHERE outcome IN ('sending', 'unknown')")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM {payments} WHERE state IN ('creating', 'unknown')")).toBe(0);

    // No operation reached the gateway twice, and the ledger agrees with the gateway.
    const records = env.gateway.records();
    const payments = (await ledgerRows('SELECT id, order_id, transaction_id, state, amount_minor, auth_only, captured_minor, refunded_minor FROM {payments}')).map((p) => ({
      id: String(p.id), order_id: p.order_id as string, transaction_id: p.transaction_id as string | null, state: p.state as string,
      amount_minor: Number(p.amount_minor), auth_only: p.auth_only === true || p.auth_only === 1, captured_minor: Number(p.captured_minor), refunded_minor: Number(p.refunded_minor),
    }));
    let moneyOps = 0;
    for (const p of payments) {
      const sales = records.filter((r) => r.operation === 'sale' && r.orderId === p.order_id);
      expect(sales.length, `sale ${p.order_id}`).toBe(p.state === 'not_created' ? 0 : 1);
      if (!p.transaction_id) continue;
      for (const kind of ['capture', 'refund', 'void'] as const) {
        const atGateway = records.filter((r) => r.operation === kind && r.transactionId === p.transaction_id);
        const inLedger = (await ledgerRows("SELECT amount_minor FROM {operations} WHERE payment_id = ? AND kind = ? AND outcome = 'succeeded' ORDER BY created_at", p.id, kind)).map((r) => (r.amount_minor === null ? null : Number(r.amount_minor)));
        expect(atGateway.length, `${kind}s of ${p.order_id}`).toBe(inLedger.length);
        if (kind !== 'void') expect(atGateway.map((r) => r.amountMinor).sort()).toEqual(inLedger.sort());
        moneyOps += atGateway.length;
      }
      // The ledger's own totals equal what the gateway's records add up to.
      const sum = (kind: string) => records.filter((r) => r.operation === kind && r.transactionId === p.transaction_id).reduce((total, r) => total + (r.amountMinor ?? 0), 0);
      expect([p.captured_minor, p.refunded_minor], `totals of ${p.order_id}`).toEqual([(p.auth_only ? 0 : p.amount_minor) + sum('capture'), sum('refund')]);
    }
    const interrupted = await count("SELECT count(*) AS n FROM {history} WHERE source = 'restart'");
    expect(interrupted).toBeGreaterThan(0); // some kills did land while a request was in flight
    console.log(`crash test (${backend}): ${rounds} kills, ${payments.length} payments, ${moneyOps} captures/refunds/voids, ${interrupted} interrupted requests settled, all matching the gateway`);
  }, 360_000);
});
