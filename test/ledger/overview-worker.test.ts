// Home's overview read in the app's worker threads (the bundled overview-worker) answers exactly
// what the same sums read on main's connection answer, on a seeded ledger of mixed currencies,
// kinds, states, brands and profiles; and while a worker reads, main answers a list call.
// SQLite only: the worker threads are SQLite's way to read off main's thread; the team ledger's
// overview is read by the database server (the same figures: overview.test.ts, overview-summary.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openLedgerDb, type LedgerDb } from '../../main/ledger/database';
import { createOverviewReader, type OverviewReader } from '../../main/ledger/overview-reader';
import { createOverview } from '../../main/payments/overview';
import { createLedgerReads } from '../../main/payments/ledger-reads';
import { createHandlers, type Implementations } from '../../main/api/create-handlers';
import { overviewHandlers } from '../../main/api/overview-handlers';
import { ledgerHandlers } from '../../main/api/ledger-handlers';
import { createEventHub } from '../../main/core/event-hub';
import { createLogger } from '../../main/log/logger';

let dir: string;
let db: LedgerDb;
let workerFile: string;
let inWorkers: OverviewReader;

const currencies = ['SAR', 'KWD', 'JPY', 'USD', 'AED'];
const kinds = ['sale', 'link', 'checkout', 'recurring', 'external'];
const states = ['paid', 'partially_refunded', 'refunded', 'pending', 'declined', 'voided', 'partially_captured', 'unknown', 'authorised'];
const bins = [null, '400000', '512345', '222100', '371449', '601100'];

/** 3,000 payments over March 2026, every combination of the lists above, a fixed pseudo-random walk. */
function seedMixed() {
  const insert = db.prepare(`INSERT INTO payments (id, profile_id, environment, kind, order_id, amount_minor, currency, card_bin, card_last4, state, captured_minor, refunded_minor, needs_attention, created_by, created_at, updated_at)
    VALUES (?, ?, 'practice', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'seed', ?, ?)`);
  let x = 7;
  // Park–Miller's generator: every product stays an exact integer in a double.
  const next = (n: number) => ((x = (x * 48_271) % 2_147_483_647), x % n);
  db.transaction(() => {
    for (let i = 0; i < 3_000; i++) {
      const state = states[next(states.length)]!;
      const amount = 100 + next(5_000_000);
      const captured = ['paid', 'partially_refunded', 'refunded', 'unknown'].includes(state) ? amount : state === 'partially_captured' ? Math.floor(amount / 2) : 0;
      const refunded = state === 'refunded' ? captured : state === 'partially_refunded' ? 1 + next(captured - 1) : 0;
      const at = new Date(Date.UTC(2026, 2, 1) + next(31 * 86_400) * 1_000 + next(1_000)).toISOString();
      const bin = bins[next(bins.length)]!;
      insert.run(`p-${i}`, next(3) ? 'practice' : 'shop', kinds[next(kinds.length)], `MIX-${i}`, amount, currencies[next(currencies.length)], bin, bin ? '0008' : null,
        state, captured, refunded, next(20) === 0 ? 1 : 0, at, at);
    }
  })();
}

const day = (date: string) => ({ date, from: `${date}T00:00:00.000Z`, to: new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString() });
const days = (first: number, count: number) => Array.from({ length: count }, (_, i) => day(`2026-03-${String(first + i).padStart(2, '0')}`));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-overview-worker-'));
  db = openLedgerDb(dir);
  seedMixed();
  // The worker as the app ships it: one bundled file next to main's.
  workerFile = resolve(`node_modules/.overview-worker-${process.pid}.cjs`);
  await build({ entryPoints: [resolve('main/ledger/overview-worker.ts')], outfile: workerFile, bundle: true, platform: 'node', format: 'cjs', packages: 'external', logLevel: 'silent', absWorkingDir: resolve('.') });
  inWorkers = createOverviewReader({ db, workerFile, threads: 2 }); // two, as on 4 cores or more
  await inWorkers.whenReady(); // from here on the calls are read in the threads
});

afterAll(async () => {
  await inWorkers.close();
  db.close();
  rmSync(workerFile, { force: true });
  rmSync(dir, { recursive: true, force: true });
});

describe("Home's overview read in worker threads", () => {
  const queries = [
    { label: 'the figures of four periods', query: { now: '2026-03-31T15:00:00.000Z', periods: [{ from: '2026-03-31T00:00:00.000Z', to: '2026-04-01T00:00:00.000Z' }, { from: '2026-03-24T00:00:00.000Z', to: '2026-04-01T00:00:00.000Z' }, { from: '2026-03-01T00:00:00.000Z', to: '2026-04-01T00:00:00.000Z' }, { from: '2026-03-10T00:00:00.000Z', to: '2026-03-12T00:00:00.000Z' }], days: [] } },
    { label: "the charts' 30 days", query: { now: '2026-03-31T15:00:00.000Z', periods: [], days: days(1, 30) } },
    { label: 'one profile, figures and charts together', query: { profileId: 'shop', now: '2026-03-20T09:30:00.000Z', periods: [{ from: '2026-03-01T00:00:00.000Z', to: '2026-03-20T00:00:00.000Z' }], days: days(5, 10) } },
  ];

  it.each(queries)('answers $label exactly as main computes it, every amount in integer minor units', async ({ query }) => {
    expect(inWorkers.inWorkers).toBe(true);
    const onMain = await createOverview({ db, reader: createOverviewReader({ db }) }).get(query);
    const fromWorker = await createOverview({ db, reader: inWorkers }).get(query);
    expect(fromWorker).toEqual(onMain);
    // Asked together, as Home asks for its figures and charts: each thread answers its own.
    const together = await Promise.all([inWorkers.read(query), inWorkers.read({ ...query, periods: [] }), inWorkers.read(query)]);
    expect(together[0]).toEqual(onMain);
    expect(together[2]).toEqual(onMain);
    expect(together[1]).toEqual({ ...onMain, periods: [], unpaidLinks: undefined, needsAttention: undefined, authorised: undefined });
    // The seed has payments in every part of the answer, so the comparison compares something.
    if (query.periods.length) expect(fromWorker.periods.every((p) => p.totals.length > 0)).toBe(true);
    if (query.days.length) expect(fromWorker.days.length).toBeGreaterThan(0);
    if (query.periods.length) expect(fromWorker.unpaidLinks?.some((a) => a.count > 0)).toBe(true);
    else expect(fromWorker.unpaidLinks).toBeUndefined();
    if (query.periods.length) expect(fromWorker.needsAttention).toBeGreaterThan(0);
    if (query.periods.length) expect(fromWorker.authorised?.some((a) => a.count > 0 && Number.isSafeInteger(a.amountMinor))).toBe(true);
    else expect(fromWorker.authorised).toBeUndefined();
    const amounts = [...fromWorker.periods.flatMap((p) => p.totals.flatMap((t) => [t.grossMinor, t.refundedMinor, t.netMinor])), ...fromWorker.days.flatMap((d) => [d.grossMinor, d.refundedMinor])];
    expect(amounts.every(Number.isSafeInteger)).toBe(true);
  });

  it("answers Home's first call at once from main's connection while the thread is still starting, then reads in the thread", async () => {
    const { query } = queries[0]!;
    const onMain = await createOverview({ db, reader: createOverviewReader({ db }) }).get(query);
    const starting = createOverviewReader({ db, workerFile, threads: 1 });
    try {
      expect(starting.threadReady).toBe(false); // a new thread opens the ledger and prepares first
      expect(await starting.read(query)).toEqual(onMain);
      await starting.whenReady();
      expect(starting.threadReady).toBe(true);
      expect(await starting.read(query)).toEqual(onMain);
    } finally {
      await starting.close();
    }
  });

  it('starts no thread before startThreads() when asked to start them later (the app: after its first screen), answering from main meanwhile', async () => {
    const { query } = queries[0]!;
    const onMain = await createOverview({ db, reader: createOverviewReader({ db }) }).get(query);
    const later = createOverviewReader({ db, workerFile, threads: 1, threadsLater: true });
    try {
      expect(await later.read(query)).toEqual(onMain);
      await new Promise((resolve) => setTimeout(resolve, 300)); // a thread started now would be ready by then
      expect(later.threadReady).toBe(false);
      later.startThreads();
      await later.whenReady();
      expect(await later.read(query)).toEqual(onMain);
    } finally {
      await later.close();
    }
  });

  it('sees a payment main recorded since its last answer (live updates reload from the ledger)', async () => {
    const query = { now: '2026-03-31T15:00:00.000Z', periods: [{ from: '2026-03-31T00:00:00.000Z', to: '2026-04-01T00:00:00.000Z' }], days: [] };
    const before = await inWorkers.read(query);
    const sar = (answer: typeof before) => answer.periods[0]!.totals.find((t) => t.currency === 'SAR')?.grossMinor ?? 0;
    db.prepare(`INSERT INTO payments (id, profile_id, environment, kind, order_id, amount_minor, currency, state, captured_minor, refunded_minor, needs_attention, created_by, created_at, updated_at)
      VALUES ('live-1', 'practice', 'practice', 'sale', 'LIVE-1', 12345, 'SAR', 'paid', 12345, 0, 0, 'seed', '2026-03-31T12:00:00.000Z', '2026-03-31T12:00:00.000Z')`).run();
    expect(sar(await inWorkers.read(query))).toBe(sar(before) + 12_345);
    expect(await inWorkers.read(query)).toEqual(await createOverviewReader({ db }).read(query));
  });

  it('leaves main free: main never reads the sums, and a list call is answered while they are read', async () => {
    // Main's connection as the overview sees it, recording every statement and transaction asked of it.
    const askedOnMain: string[] = [];
    const mainConnection = new Proxy(db, {
      get(target, key, receiver) {
        if (key === 'prepare' || key === 'transaction') askedOnMain.push(String(key));
        const value = Reflect.get(target, key, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const reader = createOverviewReader({ db: mainConnection, workerFile });
    await reader.whenReady(); // (before, Home's first call is read on main: the test above)
    const impl = {
      ...ledgerHandlers({ reads: createLedgerReads({ db, events: createEventHub(), exportDir: join(dir, 'exports') }), activeEnvironment: () => 'practice' }),
      ...overviewHandlers({ overview: createOverview({ db: mainConnection, reader }) }),
    } as unknown as Implementations;
    const handlers = createHandlers(impl, createLogger());
    const ctx = { transport: 'direct' as const, osUser: 'tester' };
    const settled: string[] = [];
    const query = { now: '2026-03-31T15:00:00.000Z', days: days(1, 31), periods: [{ from: '2026-03-01T00:00:00.000Z', to: '2026-04-01T00:00:00.000Z' }] };
    const overview = handlers.getOverview(query, ctx).then((r) => (settled.push('overview'), r));
    const list = await handlers.searchPayments({ filter: { currency: 'SAR' }, limit: 50 }, ctx);
    settled.push('list');
    // The worker's answer can only arrive once main's event loop is free again: the list came first.
    expect(list.ok && list.value.rows.length).toBe(50);
    expect(settled).toEqual(['list']);
    const answer = await overview;
    await reader.close();
    expect(settled).toEqual(['list', 'overview']);
    expect(answer.ok && answer.value).toEqual(await createOverviewReader({ db }).read(query));
    expect(askedOnMain).toEqual([]);
    // The same overview without the worker bundle reads on main's connection (what the spy sees).
    await createOverviewReader({ db: mainConnection }).read(query);
    expect(askedOnMain.length).toBeGreaterThan(0);
  });
});
