// Benchmark: Home's overview in real Chromium over the preview, at 1,000,000 payments (issue 17:
// "the overview appears in ≤ 300 ms after the app is ready"). Each run starts a fresh preview
// process on the seeded ledger and a fresh browser context, opens the app and records, in the
// page, four moments (each the first animation frame after the DOM shows it, i.e. the frame
// that paints it; performance.now() from navigation start):
//   ready:   `main[data-ready="true"]`, the shell has its session and draws Home's tasks;
//   figures: the overview's figures table (every period, every currency) is in the page;
//   in view: the overview as the window (1280 × 800, or --height H) shows it: the figures, and
//            every chart whose box is in the window drawn, none of it still "loading" (what a
//            person sees first);
//   charts:  every overview chart is drawn, those below the fold too (uPlot's draw hook sets
//            `data-drawn="true"`; the share bars are HTML, drawn with the page).
// Goal: the overview in view ≤ 300 ms after ready (docs/overview.md, Speed, says why this moment);
// every chart drawn is printed beside it. Median and p95 (nearest rank), with where the time
// went: each getOverview call sent → answered, and answered → charts drawn.
// The seeded history ends on 2026-11-01 (scripts/seed-ledger.ts); so that today, the last 7
// days, this month and the charts' 30 days hold payments as they would for a merchant, the page's
// clock is set to the seed's last day (`Date` only, timers and performance.now() stay real).
// A second row runs with the real clock (fewer payments in the periods; once the seed is older than
// the charts' days, none in them, and the charts' moment is their "nothing captured" sentence shown).
// Run: node scripts/build.mjs && node scripts/run-ts.mjs bench/overview-ui.ts --data-dir DIR [--runs 7]
//   DIR seeded by `npm run seed -- --payments 1000000 --data-dir DIR` (or bench/run-all.ts).
//   --against OTHER[,OTHER2]: also runs OTHER/dist (another checkout, built), alternating run by
//   run with this one, so a before/after comparison sees the same load on a shared machine.
//   --against-data-dir D[,D2]: the ledger each OTHER opens (default DIR): a build before a
//   migration needs a ledger at its own version (a newer build would migrate DIR for it).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../test/support/browser';
import { ledgerFileName } from '../main/ledger/database';
import { option, result, stats, table } from './support';
import { shiftClock, startAndWaitForUrl, stop } from './ui-support';

const dataDir = option('data-dir') ?? '/tmp/paydesk-overview-1m';
const runs = Number(option('runs') ?? 7);
// The window's height (the width is 1280): a taller one has charts in view at first.
const height = Number(option('height') ?? 800);
const otherDirs = option('against-data-dir')?.split(',') ?? [];
const builds = [
  { label: 'this build', dist: 'dist', dataDir },
  ...(option('against')?.split(',') ?? []).map((other, i) => ({ label: other, dist: join(other, 'dist'), dataDir: otherDirs[i] ?? dataDir })),
];
const seedLastDay = '2026-10-31T15:00:00';

type Marks = { ready: number; figures: number; view: number; charts: number };
// Where the time goes (the page's resource timings of its two getOverview calls, figures first):
// each call from sent to answered, and from the charts' answer (or their code, if later) to drawn.
type Phases = { figuresCall: number; chartsCall: number; drawn: number };

// Runs in the page before the app: records when each moment is first painted.
function recorder() {
  const marks: Record<string, number> = {};
  (window as unknown as { __marks: Record<string, number> }).__marks = marks;
  const seen = (name: string) => {
    if (name in marks) return;
    marks[name] = -1;
    requestAnimationFrame(() => (marks[name] = performance.now()));
  };
  const check = () => {
    if (document.querySelector('main[data-ready="true"]')) seen('ready');
    if (!document.querySelector('[data-testid="ov-figures"]')) return;
    seen('figures');
    const figures = [...document.querySelectorAll('[data-testid="ov-charts"] figure.ov-chart')];
    if (!('view' in marks)) {
      // Read once the figures are there (a layout read, as the page's own first paint does).
      const inView = (el: Element) => {
        const box = el.getBoundingClientRect();
        return box.bottom > 0 && box.top < innerHeight;
      };
      const loading = [...document.querySelectorAll('[data-testid="overview"] [role="status"]')].some(inView);
      if (!loading && figures.filter(inView).every((f) => f.getAttribute('data-drawn') === 'true')) seen('view');
    }
    // With no payment captured in the charts' days (the real clock, once the seed is over 30 days
    // old), the answered section holds only its "nothing captured" sentence: drawn as it shows.
    const answered = document.querySelector('[data-testid="ov-charts"]');
    const empty = answered !== null && answered.querySelector('.ov-currency-charts') === null;
    if (empty || (figures.length > 0 && figures.every((f) => f.getAttribute('data-drawn') === 'true'))) seen('charts');
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  // Calls the page sends together (one `/api/calls` request, docs/preview-bridge.md) are answered
  // one line each: each getOverview's time is when its line arrived, read from a copy of the stream.
  const times: Array<[number, number, number]> = []; // sent, answered, the call's place in its request
  (window as unknown as { __overviewCalls: typeof times }).__overviewCalls = times;
  const fetchOf = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const started = performance.now();
    const response = await fetchOf(input, init);
    if (!String(input).endsWith('/api/calls') || !response.body) return response;
    const methods = (JSON.parse(String(init?.body)) as { calls: Array<{ method: string }> }).calls.map((c) => c.method);
    const [page, copy] = response.body.tee();
    void (async () => {
      const reader = copy.pipeThrough(new TextDecoderStream()).getReader();
      let buffered = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        const lines = (buffered += value).split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) {
          const i = line.trim() ? (JSON.parse(line) as { i: number }).i : -1;
          if (methods[i] === 'getOverview') times.push([started, performance.now(), i]);
        }
      }
    })();
    return new Response(page, { status: response.status, headers: response.headers });
  };
}

async function once(browser: Browser, shiftTo: string | null, dist = 'dist', dir = dataDir): Promise<Marks & Phases> {
  const preview = await startAndWaitForUrl([join(dist, 'main/preview.cjs'), '--port', '0', '--data-dir', dir]);
  const context = await browser.newContext({ viewport: { width: 1280, height } });
  try {
    const page = await context.newPage();
    if (shiftTo) await page.addInitScript(shiftClock, shiftTo);
    await page.addInitScript(recorder);
    await page.goto(preview.url);
    await page.waitForFunction(() => {
      const m = (window as unknown as { __marks: Partial<Marks> }).__marks;
      return (m.ready ?? 0) > 0 && (m.figures ?? 0) > 0 && (m.view ?? 0) > 0 && (m.charts ?? 0) > 0;
    }, undefined, { timeout: 60_000 });
    const { marks, calls, chunkEnd } = await page.evaluate(() => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return {
        marks: (window as unknown as { __marks: Marks }).__marks,
        calls: [
          ...entries.filter((e) => e.name.includes('/api/call/getOverview')).map((e) => [e.startTime, e.responseEnd, 0] as const),
          ...(window as unknown as { __overviewCalls: Array<[number, number, number]> }).__overviewCalls,
        ].sort((a, b) => a[0] - b[0] || a[2] - b[2]),
        chunkEnd: entries.find((e) => /overview-charts-[^/]*\.js/.test(e.name))?.responseEnd ?? 0,
      };
    });
    const [figures, charts] = calls;
    return {
      ...marks,
      figuresCall: figures ? figures[1] - figures[0] : NaN,
      chartsCall: charts ? charts[1] - charts[0] : NaN,
      drawn: charts ? marks.charts - Math.max(charts[1], chunkEnd) : NaN,
    };
  } finally {
    await context.close();
    await stop(preview.child);
  }
}

async function main() {
  if (!existsSync(join(dataDir, ledgerFileName))) {
    console.error(`No ledger in ${dataDir}: npm run seed -- --payments 1000000 --data-dir ${dataDir}`);
    process.exit(2);
  }
  const browser = await launchChromium();
  const rows: string[][] = [];
  const results: Array<[string, string]> = [];
  try {
    for (const build of builds) await once(browser, seedLastDay, build.dist, build.dataDir); // warm-up: the OS file cache, Chromium's code cache
    for (const [label, shiftTo] of [[`clock at the seed's last day (${seedLastDay})`, seedLastDay], ['real clock', null]] as const) {
      const samples = builds.map(() => [] as Array<Marks & Phases>);
      for (let i = 0; i < runs; i++) for (const [b, build] of builds.entries()) samples[b]!.push(await once(browser, shiftTo, build.dist, build.dataDir));
      for (const [b, build] of builds.entries()) {
        const row = (what: string, pick: (m: Marks & Phases) => number) => {
          const s = stats(samples[b]!.map(pick));
          rows.push([...(builds.length > 1 ? [build.label] : []), label, what, `${s.p50} ms`, `${s.p95} ms`]);
        };
        row('navigation → ready', (m) => m.ready);
        row('ready → figures shown', (m) => m.figures - m.ready);
        row('ready → overview in view drawn (goal)', (m) => m.view - m.ready);
        row('ready → every chart drawn', (m) => m.charts - m.ready);
        row('  figures call, sent → answered', (m) => m.figuresCall);
        row('  charts call, sent → answered', (m) => m.chartsCall);
        row('  charts answered → every chart drawn', (m) => m.drawn);
        if (b === 0 && shiftTo) {
          results.push(['overview_figures_p50_1m', stats(samples[b]!.map((m) => m.figures - m.ready)).p50]);
          results.push(['overview_in_view_p50_1m', stats(samples[b]!.map((m) => m.view - m.ready)).p50]);
          results.push(['overview_in_view_p95_1m', stats(samples[b]!.map((m) => m.view - m.ready)).p95]);
          results.push(['overview_charts_p50_1m', stats(samples[b]!.map((m) => m.charts - m.ready)).p50]);
          results.push(['overview_charts_p95_1m', stats(samples[b]!.map((m) => m.charts - m.ready)).p95]);
        }
      }
    }
  } finally {
    await browser.close();
  }
  console.log(`Home's overview in Chromium, ${dataDir}, window 1280 × ${height}, ${runs} runs each (fresh preview process and page per run), load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  table([...(builds.length > 1 ? ['build'] : []), 'clock', 'moment', 'median', 'p95'], rows);
  for (const [name, value] of results) result(name, Number(value), 'ms'); // this build, the seed's last day
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
