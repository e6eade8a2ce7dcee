// Benchmark: "a long day at the counter". The built preview (fresh data folder, its embedded
// practice gateway, its webhooks) left open while a script makes `--ops` (4,000) money operations
// through the bridge as the screens do (card sales with the test cards, authorisations captured in
// part or voided, refunds, payment links), and a person's page (Chromium) switches screens between
// batches (Home, Transactions with a detail open and the list scrolled, Needs attention, Payment
// links, Audit log). At the start and every `--every` (1,000) operations it prints what could grow
// with the day: main's heap after a full GC and RSS (over main's inspector: the preview is started
// with --inspect on loopback, nothing added to the build), main's timers and handles
// (`process.getActiveResourcesInfo`), its open files (/proc/PID/fd), the renderer's JS heap after a
// forced GC, its DOM nodes and listeners (CDP Performance.getMetrics), its live timers, the
// events the stream carried per batch, every file of the data folder (the ledger's WAL, the log,
// the practice gateway's state), and the time of four user actions (open the list, open a detail,
// search a name, open Home), first at "9 am" and last at "6 pm".
// Run: node scripts/build.mjs && node scripts/run-ts.mjs bench/long-day.ts [--ops 4000] [--every 1000] [--external-gateway] [--snapshots]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { callPreview, listenToPreview } from '../test/e2e/support/preview-api';
import { approveCard, startTestGateway } from '../test/support/practice';
import { option, result, table } from './support';
import { launchChromium } from './ui-support';

// Node 20's WebSocket (main's inspector) is behind a flag; the keychain a session of its own (as the other browser benches).
if (typeof WebSocket === 'undefined' || (!process.env.PAYDESK_IN_KEYRING_SESSION && process.platform === 'linux' && existsSync('/usr/bin/dbus-run-session'))) {
  const node = [process.execPath, '--experimental-websocket', ...process.argv.slice(1)];
  const inKeyring = !process.env.PAYDESK_IN_KEYRING_SESSION && process.platform === 'linux' && existsSync('/usr/bin/dbus-run-session');
  const run = spawnSync(inKeyring ? 'bash' : node[0]!, inKeyring ? ['scripts/with-keyring.sh', ...node] : node.slice(1), { stdio: 'inherit' });
  process.exit(run.status ?? 1);
}

const totalOps = Number(option('ops') || 4_000);
const every = Number(option('every') || 1_000);
const batch = 50; // operations between two screen switches
const work = mkdtempSync(join(tmpdir(), 'paydesk-long-day-'));
const dataDir = join(work, 'data');
const card = { ...approveCard, number: approveCard.number.replace(/ /g, '') };
const names = ['Layla Haddad', 'Omar Farouk', 'Sara Nasser', 'Yusuf Karim', 'Huda Saleh', 'Khalid Amin', 'Mona Aziz', 'Tariq Zaid'];

type Inspector = { send<T = unknown>(method: string, params?: object): Promise<T>; close(): void; onChunk: (f: (chunk: string) => void) => void };

function inspector(url: string): Promise<Inspector> {
  const ws = new WebSocket(url);
  let next = 1;
  const waiting = new Map<number, (message: { result?: unknown; error?: unknown }) => void>();
  let chunk: (text: string) => void = () => {};
  ws.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: unknown; method?: string; params?: { chunk?: string } };
    if (message.method === 'HeapProfiler.addHeapSnapshotChunk') chunk(message.params!.chunk!);
    if (message.id) waiting.get(message.id)?.(message);
  });
  return new Promise((resolve, reject) => {
    ws.addEventListener('error', reject, { once: true });
    ws.addEventListener('open', () => resolve({
      send: <T>(method: string, params = {}) => new Promise<T>((done, fail) => {
        const id = next++;
        waiting.set(id, (m) => (m.error ? fail(new Error(JSON.stringify(m.error))) : done(m.result as T)));
        ws.send(JSON.stringify({ id, method, params }));
      }),
      close: () => ws.close(),
      onChunk: (f) => (chunk = f),
    }), { once: true });
  });
}

async function startPreview(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--inspect=127.0.0.1:0', 'dist/main/preview.cjs', '--port', '0', '--data-dir', dataDir, '--export-dir', join(work, 'exports')], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  const found = await new Promise<{ url: string; ws: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`preview did not start\n${out}\n${err}`)), 60_000);
    const check = () => {
      const open = /Open: (\S+)/.exec(out);
      const ws = /Debugger listening on (ws:\/\/\S+)/.exec(err);
      if (open && ws) {
        clearTimeout(timer);
        resolve({ url: open[1]!, ws: ws[1]! });
      }
    };
    child.stdout!.on('data', check);
    child.stderr!.on('data', check);
  });
  const parsed = new URL(found.url);
  return { child, url: found.url, origin: parsed.origin, token: parsed.hash.replace('#token=', ''), main: await inspector(found.ws) };
}

type MainFigures = { heapMiB: number; rssMiB: number; externalMiB: number; resources: Record<string, number>; fds: number };

async function mainFigures(main: Inspector, pid: number): Promise<MainFigures> {
  await main.send('HeapProfiler.collectGarbage');
  await main.send('HeapProfiler.collectGarbage');
  const { result: value } = await main.send<{ result: { value: string } }>('Runtime.evaluate', {
    expression: 'JSON.stringify({ m: process.memoryUsage(), r: process.getActiveResourcesInfo() })',
    returnByValue: true,
  });
  const { m, r } = JSON.parse(value.value) as { m: NodeJS.MemoryUsage; r: string[] };
  const resources: Record<string, number> = {};
  for (const name of r) resources[name] = (resources[name] ?? 0) + 1;
  return { heapMiB: m.heapUsed / 2 ** 20, rssMiB: m.rss / 2 ** 20, externalMiB: m.external / 2 ** 20, resources, fds: readdirSync(`/proc/${pid}/fd`).length };
}

/** main's heap by constructor or kind: (count, bytes), from a snapshot over the inspector (`--snapshots`). */
async function heapByName(main: Inspector, ws: { onChunk: (f: (chunk: string) => void) => void }): Promise<Map<string, { count: number; bytes: number }>> {
  let text = '';
  ws.onChunk((chunk) => (text += chunk));
  await main.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  ws.onChunk(() => {});
  const snapshot = JSON.parse(text) as { snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }; nodes: number[]; strings: string[] };
  const fields = snapshot.snapshot.meta.node_fields;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const types = snapshot.snapshot.meta.node_types[0];
  const byName = new Map<string, { count: number; bytes: number }>();
  for (let i = 0; i < snapshot.nodes.length; i += fields.length) {
    const type = types[snapshot.nodes[i + typeAt!]!]!;
    const name = type === 'object' || type === 'closure' ? `${type} ${snapshot.strings[snapshot.nodes[i + nameAt!]!]}` : type;
    const entry = byName.get(name) ?? { count: 0, bytes: 0 };
    entry.count++;
    entry.bytes += snapshot.nodes[i + sizeAt!]!;
    byName.set(name, entry);
  }
  return byName;
}

type PageFigures = { heapMiB: number; nodes: number; listeners: number; intervals: number; timeouts: number };

async function pageFigures(page: Page, cdp: CDPSession): Promise<PageFigures> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? NaN;
  const timers = await page.evaluate(() => (window as unknown as { __timers: () => { intervals: number; timeouts: number } }).__timers());
  return { heapMiB: usedSize / 2 ** 20, nodes: metric('Nodes'), listeners: metric('JSEventListeners'), ...timers };
}

/** Live intervals and pending timeouts of the page, counted by wrapping the timer functions before any page script. */
function countTimers() {
  const intervals = new Set<number>();
  const timeouts = new Set<number>();
  const w = window as unknown as Record<string, unknown>;
  const { setInterval: si, clearInterval: ci, setTimeout: st, clearTimeout: ct } = window;
  w.setInterval = (fn: TimerHandler, ms?: number, ...rest: unknown[]) => {
    const id = si(fn, ms, ...rest);
    intervals.add(id);
    return id;
  };
  w.clearInterval = (id?: number) => {
    if (id !== undefined) intervals.delete(id);
    ci(id);
  };
  w.setTimeout = (fn: TimerHandler, ms?: number, ...rest: unknown[]) => {
    const id = st((...args: unknown[]) => {
      timeouts.delete(id);
      if (typeof fn === 'function') (fn as (...a: unknown[]) => void)(...args);
    }, ms, ...rest);
    timeouts.add(id);
    return id;
  };
  w.clearTimeout = (id?: number) => {
    if (id !== undefined) timeouts.delete(id);
    ct(id);
  };
  w.__timers = () => ({ intervals: intervals.size, timeouts: timeouts.size });
  // The calls the page makes to main, by method (single calls and batches alike), taken and reset by the bench.
  let calls: Record<string, number> = {};
  const fetchBefore = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    const single = /\/api\/call\/(\w+)/.exec(url);
    if (single) calls[single[1]!] = (calls[single[1]!] ?? 0) + 1;
    else if (url.endsWith('/api/calls') && typeof init?.body === 'string') {
      for (const c of (JSON.parse(init.body) as { calls: Array<{ method: string }> }).calls) calls[c.method] = (calls[c.method] ?? 0) + 1;
    }
    return fetchBefore(input, init);
  };
  w.__takeCalls = () => {
    const taken = calls;
    calls = {};
    return taken;
  };
}

function files(): Record<string, number> {
  const sizes: Record<string, number> = {};
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path, `${prefix}${entry.name}/`);
      else sizes[`${prefix}${entry.name}`] = statSync(path).size;
    }
  };
  walk(dataDir, '');
  return sizes;
}

const time = async (what: () => Promise<unknown>) => {
  const started = performance.now();
  await what();
  return performance.now() - started;
};

/** The four user actions, each timed from the press to what it shows. */
async function userActions(page: Page): Promise<Record<string, number>> {
  const figures: Record<string, number> = {};
  await page.getByTestId('nav-home').click();
  await page.getByTestId('ov-figures').waitFor();
  figures.list = await time(async () => {
    await page.getByTestId('nav-transactions').click();
    await page.locator('#tx-row-0 [role="gridcell"], #tx-row-0 [role="cell"]').first().waitFor();
  });
  figures.detail = await time(async () => {
    await page.locator('#tx-row-0').click();
    await page.locator('.detail h2, .detail h1').first().waitFor();
  });
  figures.search = await time(async () => {
    await page.locator('#tx-search').fill('Omar Farouk');
    await page.waitForFunction(() => document.querySelector('#tx-row-0')?.textContent?.includes('Omar'));
  });
  await page.locator('#tx-search').fill('');
  figures.home = await time(async () => {
    await page.getByTestId('nav-home').click();
    await page.getByTestId('ov-figures').waitFor();
    await page.waitForFunction(() => !document.querySelector('[data-testid="ov-figures"] [aria-busy="true"]'));
  });
  return figures;
}

const screens = ['home', 'transactions', 'attention', 'links', 'audit'] as const;

/** A person's screen switch: one screen opened and used a little (the list scrolled, a detail opened). */
async function visit(page: Page, screen: (typeof screens)[number]): Promise<void> {
  await page.getByTestId(`nav-${screen}`).click();
  if (screen === 'transactions') {
    await page.locator('#tx-row-0').waitFor();
    await page.locator('#tx-row-0').click();
    await page.evaluate(async () => {
      const list = document.querySelector('.tx-table') as HTMLElement | null;
      if (!list) return;
      for (let i = 0; i < 10; i++) {
        list.scrollTop += 440;
        list.dispatchEvent(new Event('scroll'));
        await new Promise((r) => requestAnimationFrame(r));
      }
      list.scrollTop = 0;
      list.dispatchEvent(new Event('scroll'));
    });
  } else if (screen === 'home') await page.getByTestId('ov-figures').waitFor();
  else await page.getByTestId(`${screen}-screen`).waitFor();
}

type Paid = { payment: { id: string } };
type View = { id: string };

async function main() {
  // --external-gateway: the practice gateway in this process, not main's (no webhooks then): main's heap without the gateway's state.
  const external = option('external-gateway') !== undefined ? await startTestGateway() : undefined;
  const preview = await startPreview(external ? { PAYDESK_PRACTICE_GATEWAY: external.conn.baseUrl, PAYDESK_PRACTICE_KEY: external.conn.apiKey } : {});
  const pid = preview.child.pid!;
  const events: Record<string, number> = {};
  const stream = listenToPreview(preview, (e) => (events[e.type] = (events[e.type] ?? 0) + 1));
  await stream.opened;
  const browser = await launchChromium();
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
  await page.addInitScript(countTimers);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(preview.url);
  await page.getByTestId('nav-home').waitFor();

  let ops = 0;
  let failed = 0;
  const failures: Record<string, number> = {};
  const call = async <T>(method: string, input: unknown): Promise<T | undefined> => {
    ops++;
    const answer = await callPreview<T>(preview, method, input);
    if (answer.ok) return answer.value;
    failed++;
    failures[`${method}: ${answer.error.code}`] = (failures[`${method}: ${answer.error.code}`] ?? 0) + 1;
    return undefined;
  };
  let n = 0;
  const customer = () => ({ name: names[n % names.length]!, email: `c${n % 40}@example.com`, phone: '+966500000001' });
  /** One round: 7–8 operations as a counter's day mixes them. */
  async function round() {
    n++;
    const sale = await call<Paid>('chargeCard', { amount: '120.00', currency: 'SAR', card, customer: customer(), authOnly: false });
    if (sale) await call<View>('refundPayment', { paymentId: sale.payment.id, amount: '20.00', currency: 'SAR', reason: 'Returned one item' });
    const held = await call<Paid>('chargeCard', { amount: '300.00', currency: 'SAR', card, customer: customer(), authOnly: true });
    if (held) {
      await call<View>('capturePayment', { paymentId: held.payment.id, amount: '100.00', currency: 'SAR' });
      await call<View>('capturePayment', { paymentId: held.payment.id, amount: '50.00', currency: 'SAR' });
    }
    const voided = await call<Paid>('chargeCard', { amount: '75.50', currency: 'SAR', card, customer: customer(), authOnly: true });
    if (voided) await call<View>('voidPayment', { paymentId: voided.payment.id, reason: 'Customer changed their mind' });
    await call<View>('createPaymentLink', { amount: '49.00', currency: 'SAR', description: `Order ${n}`, customer: customer() });
  }

  type Row = { ops: number; main: MainFigures; page: PageFigures; files: Record<string, number>; events: Record<string, number>; actions?: Record<string, number> };
  const rows: Row[] = [];
  const snapshots = option('snapshots') !== undefined;
  const heaps: Array<Map<string, { count: number; bytes: number }>> = [];
  const measure = async (actions: boolean) => {
    const eventsNow = { ...events };
    for (const key of Object.keys(events)) events[key] = 0;
    const acts = actions ? await userActions(page) : undefined;
    await visit(page, 'home'); // the page's figures always on the same screen
    if (snapshots) heaps.push(await heapByName(preview.main, preview.main));
    rows.push({ ops, main: await mainFigures(preview.main, pid), page: await pageFigures(page, cdp), files: files(), events: eventsNow, actions: acts });
    const r = rows.at(-1)!;
    console.log(`at ${ops} ops: main heap ${r.main.heapMiB.toFixed(1)} MiB, rss ${r.main.rssMiB.toFixed(0)} MiB, page heap ${r.page.heapMiB.toFixed(1)} MiB, nodes ${r.page.nodes}, listeners ${r.page.listeners}`);
  };

  // 9 am: a few sales so the lists have rows, then the first figures.
  for (let i = 0; i < 3; i++) await round();
  await new Promise((r) => setTimeout(r, 2_000));
  await measure(true);
  let nextMark = every;
  let screen = 0;
  const started = performance.now();
  // The calls the page made while it sat on each screen during the batches (a person looking, not pressing).
  const sitting: Record<string, { batches: number; ops: number; calls: Record<string, number> }> = {};
  let sittingOn = 'home';
  const takeCalls = () => page.evaluate(() => (window as unknown as { __takeCalls: () => Record<string, number> }).__takeCalls());
  while (ops < totalOps) {
    const target = ops + batch;
    await takeCalls();
    const from = ops;
    while (ops < target) await round();
    await new Promise((r) => setTimeout(r, 500)); // the screen's answer to the batch's last events
    const seat = (sitting[sittingOn] ??= { batches: 0, ops: 0, calls: {} });
    seat.batches++;
    seat.ops += ops - from;
    for (const [method, n] of Object.entries(await takeCalls())) seat.calls[method] = (seat.calls[method] ?? 0) + n;
    sittingOn = screens[screen++ % screens.length]!;
    await visit(page, sittingOn as (typeof screens)[number]);
    if (ops >= nextMark) {
      nextMark += every;
      await new Promise((r) => setTimeout(r, 1_000)); // the last webhooks in
      await measure(ops >= totalOps);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`\n${ops} operations in ${seconds.toFixed(0)} s (${(ops / seconds).toFixed(1)}/s), ${failed} refused or failed${failed ? `: ${JSON.stringify(failures)}` : ''}, ${screen} screen switches`);

  const col = (f: (r: Row) => string) => rows.map(f);
  const header = ['', ...rows.map((r) => `${r.ops} ops`)];
  const lines: string[][] = [
    ['main heap MiB (after GC)', ...col((r) => r.main.heapMiB.toFixed(1))],
    ['main RSS MiB', ...col((r) => r.main.rssMiB.toFixed(0))],
    ['main external MiB', ...col((r) => r.main.externalMiB.toFixed(1))],
    ['main open fds', ...col((r) => String(r.main.fds))],
    ...[...new Set(rows.flatMap((r) => Object.keys(r.main.resources)))].sort().map((k) => [`main ${k}`, ...col((r) => String(r.main.resources[k] ?? 0))]),
    ['page heap MiB (after GC)', ...col((r) => r.page.heapMiB.toFixed(1))],
    ['page DOM nodes', ...col((r) => String(r.page.nodes))],
    ['page JS listeners', ...col((r) => String(r.page.listeners))],
    ['page live intervals', ...col((r) => String(r.page.intervals))],
    ['page pending timeouts', ...col((r) => String(r.page.timeouts))],
    ...[...new Set(rows.flatMap((r) => Object.keys(r.events)))].sort().map((k) => [`events ${k} (since last)`, ...col((r) => String(r.events[k] ?? 0))]),
    ...[...new Set(rows.flatMap((r) => Object.keys(r.files)))].sort().map((k) => [`file ${k} KiB`, ...col((r) => r.files[k] === undefined ? '-' : (r.files[k]! / 1024).toFixed(0))]),
  ];
  console.log('');
  table(header, lines);
  console.log('\nthe page\'s calls to main while it sat on a screen during the batches, per 100 operations');
  table(['screen', 'batches', 'calls per 100 ops', 'by method'], Object.entries(sitting).map(([name, seat]) => {
    const total = Object.values(seat.calls).reduce((a, b) => a + b, 0);
    return [name, String(seat.batches), (total / seat.ops * 100).toFixed(1), Object.entries(seat.calls).sort((a, b) => b[1] - a[1]).map(([m, n]) => `${m} ${(n / seat.ops * 100).toFixed(1)}`).join(', ')];
  }));
  for (const [name, seat] of Object.entries(sitting)) result(`long_day_page_calls_per_100_ops_${name}`, Object.values(seat.calls).reduce((a, b) => a + b, 0) / seat.ops * 100, 'calls', 1);
  if (heaps.length > 2) {
    // From the first mark after the start (warmed up) to the end: what main's heap gained, by kind.
    const [from, to] = [heaps[1]!, heaps.at(-1)!];
    const grown = [...to].map(([name, t]) => ({ name, count: t.count - (from.get(name)?.count ?? 0), bytes: t.bytes - (from.get(name)?.bytes ?? 0) })).sort((a, b) => b.bytes - a.bytes).slice(0, 15);
    console.log(`\nmain's heap gained from ${rows[1]!.ops} to ${rows.at(-1)!.ops} ops, by kind (heap snapshots)`);
    table(['kind', 'objects', 'KiB'], grown.map((g) => [g.name.slice(0, 60), String(g.count), (g.bytes / 1024).toFixed(1)]));
  }
  const first = rows[0]!;
  const last = rows.at(-1)!;
  console.log('\nuser actions, ms (9 am → 6 pm)');
  table(['action', '9 am', '6 pm'], Object.keys(first.actions!).map((k) => [k, first.actions![k]!.toFixed(0), last.actions![k]!.toFixed(0)]));
  result('long_day_main_heap_growth', last.main.heapMiB - first.main.heapMiB, 'MiB');
  result('long_day_page_heap_growth', last.page.heapMiB - first.page.heapMiB, 'MiB');
  result('long_day_page_listeners_growth', last.page.listeners - first.page.listeners, 'listeners', 0);
  result('long_day_main_fds_growth', last.main.fds - first.main.fds, 'fds', 0);

  stream.close();
  preview.main.close();
  await browser.close();
  await new Promise<void>((done) => {
    preview.child.once('exit', () => done());
    preview.child.kill();
  });
  await external?.gateway.close();
  rmSync(work, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  rmSync(work, { recursive: true, force: true });
  process.exit(1);
});
