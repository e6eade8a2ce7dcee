// The list's work after a page has answered, as main runs it in the app: the background count
// is announced as payments.counted events carrying the count the page named and the right number
// (so the list needs no polling), and the positions for deep jumps, walked in their own worker
// thread (bundled positions-worker), land a deep jump on the rows scrolling would show.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { openLedgerDb, type LedgerDb } from '../../main/ledger/database';
import { searchPayments, settle, type PaymentSort } from '../../main/ledger/search';
import { positionsBusy, positionsThread, quietWaiting, whileServingList } from '../../main/ledger/positions-thread';
import { createLedgerReads } from '../../main/payments/ledger-reads';
import { seedLedger } from '../../scripts/seed-ledger';
import type { AppEvent } from '../../contract/events';

let dir: string;
let db: LedgerDb;
let workerFile: string;
const events: AppEvent[] = [];
let reads: ReturnType<typeof createLedgerReads>;
const n = 30_000;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-list-bg-'));
  db = openLedgerDb(dir);
  seedLedger(db, { payments: n, seed: 21 });
  // Where the app keeps it (dist/main), by its name; inside node_modules so better-sqlite3 resolves.
  workerFile = resolve(`node_modules/.paydesk-workers-${process.pid}/positions-worker.cjs`);
  await build({ entryPoints: [resolve('main/ledger/positions-worker.ts')], outfile: workerFile, bundle: true, platform: 'node', format: 'cjs', packages: 'external', logLevel: 'silent', absWorkingDir: resolve('.') });
  // workerDir: where the app's worker bundles are; only the positions' is named here.
  reads = createLedgerReads({ db, events: { emit: (event) => void events.push(event) }, exportDir: join(dir, 'exports'), workerDir: dirname(workerFile) });
}, 60_000);
afterAll(async () => {
  await positionsThread(db)?.stop();
  db.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(dirname(workerFile), { recursive: true, force: true });
});

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** What a plain scan finds, newest first. */
const scan = (text: string) =>
  (db.prepare(`SELECT id FROM payments WHERE ${['order_id', 'transaction_id', 'customer_name', 'customer_email', 'customer_phone'].map((c) => `${c} LIKE @like ESCAPE '\\'`).join(' OR ')} ORDER BY created_at DESC, rowid DESC`).all({ like: like(text) }) as Array<{ id: string }>).map((r) => r.id);
const newest: PaymentSort = { by: 'createdAt', direction: 'desc' };
const search = (query: string, offset = 0, limit = 100) => reads.searchPayments({ filter: { query }, sort: newest, offset, limit });

describe('the background count', () => {
  it('is announced with the count the page named, "more than 1,000" first, then exact', async () => {
    const expected = scan('example').length;
    expect(expected).toBeGreaterThan(1_001);
    events.length = 0;
    const page = search('example');
    expect(page).toMatchObject({ total: 101, totalExact: false });
    expect(page.countId).toBeTruthy();
    await settle();
    const counted = events.filter((e) => e.type === 'payments.counted');
    expect(counted).toEqual([
      { type: 'payments.counted', countId: page.countId, total: 1_001, exact: false },
      { type: 'payments.counted', countId: page.countId, total: expected, exact: true },
    ]);
    // Asked again, the page knows it: exact, no count named.
    expect(search('example')).toMatchObject({ total: expected, totalExact: true, countId: undefined });
  });

  it('a search of fewer than 1,000 matches is announced exact at once after its page', async () => {
    const text = (db.prepare("SELECT substr(customer_name, 1, 6) AS t FROM payments WHERE customer_name IS NOT NULL LIMIT 1 OFFSET 77").get() as { t: string }).t;
    const expected = scan(text).length;
    events.length = 0;
    const page = search(text, 0, 5);
    if (expected <= 5) return expect(page).toMatchObject({ total: expected, totalExact: true });
    await settle();
    const counted = events.filter((e) => e.type === 'payments.counted');
    expect(counted.at(-1)).toEqual({ type: 'payments.counted', countId: page.countId, total: expected, exact: true });
  });

  it('nothing is announced when the page itself knew the count', async () => {
    events.length = 0;
    expect(search('no-such-payment-anywhere')).toMatchObject({ total: 0, totalExact: true, countId: undefined });
    await settle();
    expect(events.filter((e) => e.type === 'payments.counted')).toEqual([]);
  });
});

describe('a count and walk restarted by changes while they run', () => {
  const newVersion = () => db.prepare("UPDATE ledger_meta SET value = value + 1 WHERE key = 'payments_version'").run();
  const counted = (countId?: string) => events.filter((e) => e.type === 'payments.counted' && e.countId === countId);

  it('wait for a quiet moment, then count once, never an older version\'s count', async () => {
    search('example');
    await settle();
    // After the last count ended, the next version's count starts at once.
    newVersion();
    events.length = 0;
    const first = search('example');
    expect(first.totalExact).toBe(false);
    expect(positionsBusy()).toBe(true);
    expect(quietWaiting()).toBe(false);
    // Changes while it runs, each re-read at once (a user scrolling while payments change): the
    // running count and walk are stopped, nothing runs beside the pages, the next waits.
    const burst = Array.from({ length: 5 }, () => {
      newVersion();
      return search('example');
    });
    expect(positionsBusy()).toBe(false);
    expect(quietWaiting()).toBe(true);
    // A change with no page after it: the waiting count's version is gone, so it never starts.
    const matching = db.prepare("SELECT rowid FROM payments WHERE customer_email LIKE '%example%' LIMIT 1").pluck().get() as number;
    db.prepare("UPDATE payments SET customer_email = 'moved@nowhere.test' WHERE rowid = ?").run(matching);
    await settle();
    for (const page of [first, ...burst]) expect(counted(page.countId).filter((e) => e.type === 'payments.counted' && e.exact)).toEqual([]);
    // The next page counts its own version, at once (no count was under way), exactly.
    const after = search('example');
    expect(quietWaiting()).toBe(false);
    await settle();
    expect(counted(after.countId).at(-1)).toEqual({ type: 'payments.counted', countId: after.countId, total: scan('example').length, exact: true });
    expect(search('example')).toMatchObject({ total: scan('example').length, totalExact: true });
  });
});

describe('positions walked in their own thread', () => {
  it('exist for the app\'s ledger', () => {
    expect(positionsThread(db)).toBeDefined();
  });

  // On a busy machine the kernel then runs main's thread (the user's calls) before the list's work.
  // A thread's nice value is the 19th field of its stat (after the name in parentheses).
  const nice = (tid: string | number) => Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
  it.runIf(process.platform === 'linux' && nice(process.pid) < 19)('which runs at the lowest priority, main\'s thread at its own', async () => {
    const own = nice(process.pid);
    search('example');
    await settle();
    expect(readdirSync('/proc/self/task').filter((tid) => nice(tid) === 19)).toHaveLength(1);
    expect(nice(process.pid)).toBe(own);
  });

  it.each([
    ['a text search', 'example', newest],
    ['the whole list by customer', '', { by: 'customer', direction: 'asc' } as PaymentSort],
  ])('a deep jump into %s shows the rows scrolling would', async (_name, query, sort) => {
    const filter = query ? { query } : {};
    const all = query ? scan(query) : (db.prepare("SELECT id FROM payments ORDER BY ifnull(customer_name, '') COLLATE NOCASE ASC, rowid ASC").all() as Array<{ id: string }>).map((r) => r.id);
    expect(all.length).toBeGreaterThan(20_000);
    db.prepare("UPDATE ledger_meta SET value = value + 1 WHERE key = 'payments_version'").run(); // nothing known yet
    expect(searchPayments(db, filter, sort, 0, 100).rows.map((r) => r.id)).toEqual(all.slice(0, 100));
    await settle();
    for (const offset of [10_000, 12_345, 20_001, all.length - 50]) {
      expect(searchPayments(db, filter, sort, offset, 100).rows.map((r) => r.id)).toEqual(all.slice(offset, offset + 100));
    }
  });
});

describe('the list\'s thread while main answers a page', () => {
  // CPU time a thread has run, in ns (the first field of its schedstat).
  const ranNs = (tid: string) => Number(readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
  const nice = (tid: string) => Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
  const listThread = () => readdirSync('/proc/self/task').find((tid) => nice(tid) === 19)!;
  const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
  const newVersion = () => db.prepare("UPDATE ledger_meta SET value = value + 1 WHERE key = 'payments_version'").run();
  // A count of every match of 'example' (most of the ledger) started by a page.
  const countStarted = () => {
    newVersion();
    const page = search('example');
    expect(page.totalExact).toBe(false);
  };

  it.runIf(process.platform === 'linux' && nice(String(process.pid)) < 19)('holds still, so the page never waits behind its count for a core', async () => {
    search('example');
    await settle();
    const thread = listThread();
    // What the whole count costs the thread, unhindered.
    let before = ranNs(thread);
    countStarted();
    await settle();
    const whole = ranNs(thread) - before;
    // The same count started by a page that takes 80 ms (main sleeping, the cores free; the
    // thread holds still for 100 ms at most at a time, so a list paged nonstop still gets counted).
    const held = whileServingList(db, () => {
      countStarted();
      before = ranNs(thread);
      sleep(80);
      return ranNs(thread) - before;
    });
    await settle();
    expect(whole).toBeGreaterThan(0);
    expect(held).toBeLessThan(whole / 5);
  });

  it('still finishes its count while the list is paged without a pause', async () => {
    events.length = 0;
    newVersion();
    const page = search('example');
    const exact = () => events.some((e) => e.type === 'payments.counted' && e.countId === page.countId && e.exact);
    // Pages back to back for 50 ms at a time, a turn of main's event loop between (to hear the thread).
    for (let until = Date.now() + 20_000; !exact() && Date.now() < until; ) {
      whileServingList(db, () => {
        for (const end = Date.now() + 50; Date.now() < end; ) search('example', 0, 20);
      });
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(exact()).toBe(true);
  });
});
