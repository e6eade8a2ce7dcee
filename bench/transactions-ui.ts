// Benchmark: the preview's cold start to an interactive transactions list over N payments,
// against a bare Vite React page started and served the same way (a Node process serving
// built files on loopback), in a fresh browser context each run, by two paths: a new user
// (nothing stored: Home opens, and the list's tab is clicked the moment Home shows) and a
// returning user who last used the list (the window's stored last screen says so, as Paydesk
// keeps it: renderer/src/app/navigation-store.ts; Paydesk opens on the list). A fourth kind of run
// serves Paydesk's built page from the bare page's server with no main, for its DOMContentLoaded
// beside the bare page's (the page's own files' part of the gap). The four are alternated, each
// run starting with the next one in turn. Prints each phase (spawn → "Open:" → page loaded → main ready →
// list chunk, in builds that had one → first rows), the calls the page made to main on the way, searching (pasted and
// typed key by key) and filtering, and the JavaScript loaded before the first screen.
// Run: node scripts/build.mjs && node scripts/run-ts.mjs bench/transactions-ui.ts [payments] [runs] [--ledger DIR] [--build DIR]
// `--build DIR`: the preview from DIR/dist (a build of another commit) instead of this folder's;
// `--new-only`: the new user's path only (a build from before Paydesk reopened the last screen).
// `--ledger DIR`: a copy of that data folder (a ledger from `npm run seed`) instead of the quick
// one; its newest payment marks the first rows, one order id is searched, and `payments` is its size.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { openLedgerDb } from '../main/ledger/database';
import { option, percentile, result, table } from './support';
import { bareApp, bareRun, domContentLoaded, epoch, launchChromium, markWaiter, orderId, readMarks, recordMarks, seedSimpleLedger, startAndWaitForUrl, staticServer, stop, watchFor } from './ui-support';

const ledger = option('ledger');
const previewEntry = join(resolve(option('build') ?? '.'), 'dist/main/preview.cjs');
const builtPage = join(resolve(option('build') ?? '.'), 'dist/renderer');
let count = Number(process.argv[2] ?? 100_000);
const runs = Math.max(7, Number(process.argv[3] ?? 7));
const typingDelay = 120; // ms between keys: a brisk typist (about 8 keys a second)
const work = mkdtempSync(join(tmpdir(), 'paydesk-uibench-'));

type Phases = Record<string, number>;
/** What the runs look for: the newest payment (the list's first row), a search and what it finds, the refunded count. */
type Expect = { newest: string; search: string; searchTotal: number; refunded: number };
let expect: Expect = { newest: '', search: 'PD-00042', searchTotal: 100, refunded: 0 };
type Call = { name: string; start: number; end?: number };

/**
 * Times from the process spawn; the calls to main the page made; the JS it loaded before ready.
 * `returning`: the page's storage holds the list as the last screen used (a returning user), so
 * Paydesk opens on it; otherwise Home opens and the list's tab is clicked the moment it shows.
 */
async function paydeskRun(browser: Browser, dataDir: string, returning: boolean) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (returning) await page.addInitScript(() => localStorage.setItem('paydesk.lastScreen', 'transactions'));
  const want = { ready: 'main[data-ready="true"]', screen: '[data-testid="transactions-screen"]', rows: `[data-testid="tx-row-${expect.newest}"]` };
  await recordMarks(page, want, returning ? undefined : { when: 'ready', target: '[data-testid="nav-transactions"]' });
  const marked = await markWaiter(page);
  const t0 = epoch();
  const at = () => epoch() - t0;
  const preview = await startAndWaitForUrl([previewEntry, '--port', '0', '--data-dir', dataDir]);
  const phases: Phases = { open: at() };
  await page.goto(preview.url);
  phases.loaded = at();
  await marked('rows');
  const marks = await readMarks(page);
  phases.ready = marks.ready! - t0;
  phases.screen = marks.screen! - t0;
  phases.rows = marks.rows! - t0;
  // The calls, the list's chunk and the scripts from the page's own Resource Timing (Playwright's
  // request events reach this process late while the machine is busy: up to 200 ms and more).
  const { calls, chunk, scripts } = await requestTimes(page, t0);
  if (chunk !== undefined) phases.chunk = chunk; // builds before the list came in the page's own files (--build)
  // The page's own time after main's answers (main's speed left out): main[data-ready] (the first
  // screen drawn) after the session's two calls were answered, the rows after the list's first page was.
  const ends = (name: string) => calls.filter((c) => c.name === name && c.end !== undefined && c.end <= phases.rows!).map((c) => c.end!);
  // A call sent with others (one `/api/calls` request, docs/preview-bridge.md) is answered by the time that request ends.
  const answered = (name: string) => Math.max(...(ends(name).length ? ends(name) : ends('calls')));
  phases.readyAfterSession = phases.ready! - Math.max(answered('getAppInfo'), answered('getActiveProfile'));
  phases.rowsAfterPage = phases.rows - answered('searchPayments');
  const searches = await searchTimes(page);
  await stop(preview.child);
  await context.close();
  const initialJs = scripts.filter((js) => js.end <= phases.ready!).map((js) => js.size);
  return { phases, calls, initialJs, searches };
}

/** The page's requests so far, in ms from `t0`: each API call (sent → answered), the list's chunk, each script (end, bytes). */
async function requestTimes(page: Page, t0: number) {
  const entries = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => {
    const r = e as PerformanceResourceTiming;
    return { url: r.name, start: performance.timeOrigin + r.startTime, end: performance.timeOrigin + r.responseEnd, size: r.encodedBodySize };
  }));
  const calls: Call[] = [];
  const scripts: Array<{ end: number; size: number }> = [];
  let chunk: number | undefined;
  for (const entry of entries) {
    const name = /\/api\/call\/(\w+)/.exec(entry.url)?.[1] ?? (entry.url.endsWith('/api/calls') ? 'calls' : undefined);
    if (name) calls.push({ name, start: entry.start - t0, end: entry.end - t0 });
    if (/transactions-screen-[^/]*\.js$/.test(entry.url)) chunk ??= entry.end - t0;
    if (entry.url.endsWith('.js')) scripts.push({ end: entry.end - t0, size: entry.size });
  }
  return { calls: calls.sort((a, b) => a.start - b.start), chunk, scripts };
}

/** Pasted, then typed key by key (from the last key), then a state filter, until the list shows the answer. */
async function searchTimes(page: Page) {
  const box = page.getByRole('searchbox').first();
  const list = (total: number) => watchFor(page, `[data-testid="tx-list"][data-total="${total}"]`);
  let shown = await list(expect.searchTotal);
  let t0 = epoch();
  await box.fill(expect.search);
  const pasted = (await shown()) - t0;
  shown = await list(count);
  await box.fill('');
  await shown();

  let sent = 0;
  const countSearch = (request: { url(): string; postData(): string | null }) => {
    const batched = request.url().endsWith('/api/calls') && (request.postData() ?? '').includes('"method":"searchPayments"');
    if (request.url().endsWith('/api/call/searchPayments') || batched) sent++;
  };
  page.on('request', countSearch);
  await box.focus();
  shown = await list(expect.searchTotal);
  for (const [i, key] of [...expect.search].entries()) {
    if (i > 0) await page.waitForTimeout(typingDelay);
    t0 = epoch();
    await page.keyboard.press(key);
  }
  const typed = (await shown()) - t0;
  page.off('request', countSearch);
  shown = await list(count);
  await box.fill('');
  await shown();

  shown = await list(expect.refunded);
  t0 = epoch();
  await page.getByLabel('State').selectOption('refunded');
  return { pasted, typed, sent, filter: (await shown()) - t0 };
}

/**
 * Paydesk's built page served by the bare page's server, no main at all: its DOMContentLoaded
 * (the page's own files fetched, parsed and run) from the spawn, to set beside the bare page's,
 * so the gap splits into the page's part and main's (its calls fail here: nothing answers them).
 */
async function pageAloneRun(browser: Browser, server: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const t0 = epoch();
  const started = await startAndWaitForUrl([server]);
  await page.goto(started.url);
  const phases: Phases = { domContentLoaded: (await domContentLoaded(page)) - t0 };
  await stop(started.child);
  await context.close();
  return phases;
}

/** A seeded ledger: its size, its newest payment, the 42nd newest's order id (one match), how many are refunded. */
function ledgerExpectations(dataDir: string): Expect {
  const db = openLedgerDb(dataDir);
  try {
    const ids = db.prepare('SELECT order_id FROM payments ORDER BY created_at DESC, rowid DESC LIMIT 42').pluck().all() as string[];
    count = db.prepare('SELECT count(*) FROM payments').pluck().get() as number;
    const refunded = db.prepare("SELECT count(*) FROM payments WHERE state = 'refunded'").pluck().get() as number;
    return { newest: ids[0]!, search: ids.at(-1)!, searchTotal: 1, refunded };
  } finally {
    db.close();
  }
}

async function main() {
  const dataDir = join(work, 'data');
  if (ledger) {
    cpSync(ledger, dataDir, { recursive: true });
    expect = ledgerExpectations(dataDir);
    console.log(`a copy of ${ledger}: ${count.toLocaleString('en')} payments, newest ${expect.newest}, searching ${expect.search}`);
  } else {
    const seeded = performance.now();
    seedSimpleLedger(dataDir, count);
    // 100 order ids share a 5-digit prefix: PD-00042 (PD-0004200 to PD-0004299) as ever, or a
    // lower block on a smaller ledger, so the search finds 100 whatever the count (≥ 100).
    const block = String(Math.max(0, Math.min(42, Math.floor(count / 100) - 1))).padStart(5, '0');
    expect = { newest: orderId(count - 1), search: `PD-${block}`, searchTotal: Math.min(100, count), refunded: Math.floor(count / 5) };
    console.log(`seeded ${count} payments in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
  }
  const bareServer = await bareApp(work);
  const pageAloneServer = staticServer(work, 'serve-built-page.cjs', builtPage);
  const loadBefore = loadavg()[0]!;
  const browser = await launchChromium();
  const paydesk: Awaited<ReturnType<typeof paydeskRun>>[] = [];
  const returning: Awaited<ReturnType<typeof paydeskRun>>[] = [];
  const bare: Phases[] = [];
  const pageAlone: Phases[] = [];
  const kinds = [
    async () => paydesk.push(await paydeskRun(browser, dataDir, false)),
    async () => bare.push(await bareRun(browser, bareServer)),
    async () => pageAlone.push(await pageAloneRun(browser, pageAloneServer)),
    async () => returning.push(await paydeskRun(browser, dataDir, true)),
  ].slice(0, process.argv.includes('--new-only') ? 3 : 4);
  for (let run = 0; run < runs; run++) for (let k = 0; k < kinds.length; k++) await kinds[(run + k) % kinds.length]!();
  await browser.close();

  const ms = (v: number) => `${Math.round(v)}`;
  const col = (samples: Phases[], key: string) => samples.map((s) => s[key]!);
  const row = (label: string, samples: number[]) => [label, ms(percentile(samples, 50)), ms(percentile(samples, 95))];
  const phasesOf = (r: typeof paydesk) => r.map((x) => x.phases);
  console.log(`\ncold start, ms from the process spawn (${runs} runs each, the four kinds alternated; p50 and p95, nearest rank; load average ${loadBefore.toFixed(1)} → ${loadavg()[0]!.toFixed(1)})`);
  table(['phase', 'p50', 'p95'], [
    row('new user: main listening ("Open:" printed)', col(phasesOf(paydesk), 'open')),
    row('new user: page loaded (HTML + initial JS)', col(phasesOf(paydesk), 'loaded')),
    row('new user: main[data-ready] (Home shows; clicked then)', col(phasesOf(paydesk), 'ready')),
    ...(paydesk.every((r) => r.phases.chunk !== undefined) ? [row('new user: transactions chunk fetched', col(phasesOf(paydesk), 'chunk'))] : []),
    row('new user: transactions screen drawn', col(phasesOf(paydesk), 'screen')),
    row(`new user: list rows shown (${count.toLocaleString('en')} payments)`, col(phasesOf(paydesk), 'rows')),
    ...(returning.length === 0 ? [] : [
      row('returning user: main listening', col(phasesOf(returning), 'open')),
      row('returning user: page loaded', col(phasesOf(returning), 'loaded')),
      row('returning user: main[data-ready] (opens on the list)', col(phasesOf(returning), 'ready')),
      row('returning user: transactions screen drawn', col(phasesOf(returning), 'screen')),
      row('returning user: list rows shown', col(phasesOf(returning), 'rows')),
    ]),
    row('bare page: server listening', col(bare, 'open')),
    row('bare page: page loaded', col(bare, 'loaded')),
    row('bare page: React rendered', col(bare, 'ready')),
  ]);
  const bareTotal = col(bare, 'ready');
  const toList = (r: typeof paydesk) => r.map((x) => x.phases.rows!);
  const total = toList(paydesk);
  const ratio = percentile(total, 50) / percentile(bareTotal, 50);
  const returningRatio = percentile(toList(returning), 50) / percentile(bareTotal, 50); // NaN with --new-only
  const paths = [['new user (Home, then a click on Transactions)', total, ratio], ['returning user (opens on Transactions)', toList(returning), returningRatio]] as const;
  for (const [label, samples, r] of paths.filter(([, samples]) => samples.length > 0)) {
    console.log(`cold start to an interactive list, ${label}: Paydesk ${ms(percentile(samples, 50))} ms vs bare page ${ms(percentile(bareTotal, 50))} ms, ratio of medians ${r.toFixed(2)} (goal ≤ 1.5); p95 ${ms(percentile(samples, 95))} vs ${ms(percentile(bareTotal, 95))}`);
  }

  // Every run's figure, in run order (to pool the runs of several invocations).
  const pageAloneDcl = percentile(col(pageAlone, 'domContentLoaded'), 50);
  const bareDcl = percentile(col(bare, 'domContentLoaded'), 50);
  console.log(`the page's files alone (Paydesk's built page from the bare server, no main): DOMContentLoaded p50 ${ms(pageAloneDcl)} ms vs the bare page's ${ms(bareDcl)} ms (+${ms(pageAloneDcl - bareDcl)} ms)`);
  for (const [label, r] of [['new user', paydesk], ['returning user', returning]] as const) {
    if (r.length === 0) continue;
    console.log(`the page's own part, ${label}, p50 ms: first screen drawn (data-ready) ${ms(percentile(col(phasesOf(r), 'readyAfterSession'), 50))} after the session's calls were answered; rows shown ${ms(percentile(col(phasesOf(r), 'rowsAfterPage'), 50))} after the list's first page was`);
  }
  console.log(`\nruns, first rows / rendered, ms: new user ${total.map(ms).join(' ')}; returning user ${toList(returning).map(ms).join(' ')}; bare page ${bareTotal.map(ms).join(' ')}`);

  for (const [label, last] of [['new user', paydesk.at(-1)], ['returning user', returning.at(-1)]] as const) {
    if (!last) continue;
    console.log(`\ncalls to main during the last start, ${label} (ms from spawn: sent → answered)`);
    for (const c of last.calls.filter((c) => c.start <= last.phases.rows!)) console.log(`  ${c.name.padEnd(22)} ${ms(c.start).padStart(6)} → ${c.end === undefined ? '…' : ms(c.end)}`);
  }
  const last = paydesk.at(-1)!;

  const s = paydesk.map((r) => r.searches);
  const pick = (k: 'pasted' | 'typed' | 'filter' | 'sent') => s.map((x) => x[k]);
  console.log(`\nsearch "${expect.search}" until the list shows it, p50 / p95: pasted ${ms(percentile(pick('pasted'), 50))} / ${ms(percentile(pick('pasted'), 95))} ms; typed (${typingDelay} ms between keys) ${ms(percentile(pick('typed'), 50))} / ${ms(percentile(pick('typed'), 95))} ms after the last key, ${percentile(pick('sent'), 50)} search(es) sent to main for ${expect.search.length} keys; state = refunded ${ms(percentile(pick('filter'), 50))} / ${ms(percentile(pick('filter'), 95))} ms`);
  const js = last.initialJs;
  console.log(`JavaScript loaded before the first screen: ${js.length} file(s), ${(js.reduce((a, b) => a + b, 0) / 1024).toFixed(0)} KiB`);

  result('cold_start_paydesk_p50', percentile(total, 50), 'ms');
  result('cold_start_bare_p50', percentile(bareTotal, 50), 'ms');
  result('cold_start_ratio', ratio, 'x');
  if (returning.length > 0) {
    result('cold_start_returning_p50', percentile(toList(returning), 50), 'ms');
    result('cold_start_returning_ratio', returningRatio, 'x');
  }
  result('page_alone_dom_content_loaded_p50', pageAloneDcl, 'ms');
  result('bare_dom_content_loaded_p50', bareDcl, 'ms');
  result('cold_start_main_listening_p50', percentile(col(paydesk.map((r) => r.phases), 'open'), 50), 'ms');
  result('search_pasted_p50', percentile(pick('pasted'), 50), 'ms');
  result('search_typed_p50', percentile(pick('typed'), 50), 'ms');
  result('search_typed_calls', percentile(pick('sent'), 50), 'calls');
  result('initial_js', js.reduce((a, b) => a + b, 0) / 1024, 'KiB');
  rmSync(work, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  rmSync(work, { recursive: true, force: true });
  process.exit(1);
});
