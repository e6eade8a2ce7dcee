// Profiling aid (not a goal figure): where the renderer's time goes while Home's overview loads at
// 1,000,000 payments. Opens the app like bench/overview-ui.ts (fresh preview, page clock on the
// seed's last day, 1280 × 800), records a Chromium trace (devtools.timeline, thread times) and a
// CPU profile, and prints per run the moments from the app ready and the renderer main thread's
// CPU from ready and from the charts' answer to every chart drawn; then, summed over the window
// from the charts' answer to every chart drawn, the trace events by name (thread time) and the
// CPU profile's self time by function (build with `minify: false` in vite.config.ts for names).
// Run: node scripts/build.mjs && node scripts/run-ts.mjs bench/overview-trace.ts --data-dir DIR
//   [--dist OTHER/dist] [--runs 3] [--main-prof 1: main's own CPU profile in /tmp/overview-trace]
import { join } from 'node:path';
import { launchChromium } from '../test/support/browser';
import { option } from './support';
import { shiftClock, startAndWaitForUrl, stop } from './ui-support';

const dist = option('dist') ?? 'dist';
const dir = option('data-dir') ?? '/tmp/paydesk-overview-1m';
const runs = Number(option('runs') ?? 3);
const seedLastDay = '2026-10-31T15:00:00';
type TraceEvent = { name: string; ph: string; ts: number; dur?: number; tdur?: number; tid: number; pid: number };

// Runs in the page before the app (after shiftClock): a performance mark at each moment.
function recorder() {
  const marks: Record<string, number> = {};
  (window as unknown as { __marks: Record<string, number> }).__marks = marks;
  const seen = (name: string) => {
    if (name in marks) return;
    marks[name] = -1;
    requestAnimationFrame(() => {
      marks[name] = performance.now();
      performance.mark(`m-${name}`);
    });
  };
  new MutationObserver(() => {
    if (document.querySelector('main[data-ready="true"]')) seen('ready');
    if (document.querySelector('[data-testid="ov-figures"]')) seen('figures');
    const figures = [...document.querySelectorAll('[data-testid="ov-charts"] figure.ov-chart')];
    if (figures.length && !('dom' in marks)) marks.dom = performance.now();
    if (figures.length && figures.every((f) => f.getAttribute('data-drawn') === 'true')) seen('charts');
  }).observe(document, { subtree: true, childList: true, attributes: true });
}

const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
const top = (map: Map<string, number>, n: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${(v / runs).toFixed(1).padStart(7)} ms  ${k}`).join('\n');

async function main() {
  const browser = await launchChromium();
  const byName = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (let r = 0; r < runs; r++) {
    const prof = option('main-prof') ? ['--cpu-prof', '--cpu-prof-dir=/tmp/overview-trace', '--cpu-prof-interval=200'] : [];
    const preview = await startAndWaitForUrl([...prof, join(dist, 'main/preview.cjs'), '--port', '0', '--data-dir', dir]);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await page.addInitScript(shiftClock, seedLastDay);
      await page.addInitScript(recorder);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await browser.startTracing(page, { categories: ['devtools.timeline', 'blink.user_timing', 'disabled-by-default-devtools.timeline'] });
      await cdp.send('Profiler.start');
      await page.goto(preview.url);
      await page.waitForFunction(() => ((window as unknown as { __marks: Record<string, number> }).__marks.charts ?? 0) > 0, undefined, { timeout: 60_000 });
      const { profile } = await cdp.send('Profiler.stop');
      const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
      const { marks, calls } = await page.evaluate(() => ({
        marks: (window as unknown as { __marks: Record<string, number> }).__marks,
        calls: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => e.name.includes('getOverview')).map((e) => [e.startTime, e.responseEnd]),
      }));
      const ready = events.find((e) => e.name === 'm-ready');
      const drawn = events.find((e) => e.name === 'm-charts');
      if (!ready || !drawn) continue;
      // Trace time (µs) of the page's performance.now() 0, from the mark of the last moment.
      const zero = drawn.ts - marks.charts! * 1000;
      const from = zero + (calls[1]?.[1] ?? marks.figures!) * 1000;
      const to = drawn.ts;
      const mainThread = events.find((e) => e.name === 'RunTask' && e.pid === drawn.pid && e.ts >= from && e.ts <= to && (e.dur ?? 0) > 5000);
      const onMain = (e: TraceEvent) => !!mainThread && e.pid === mainThread.pid && e.tid === mainThread.tid && e.ph === 'X';
      let cpuAll = 0;
      let cpuCharts = 0;
      for (const e of events) {
        if (!onMain(e)) continue;
        if (e.name === 'RunTask' && e.ts >= ready.ts && e.ts <= to) cpuAll += (e.tdur ?? 0) / 1000;
        if (e.name === 'RunTask' && e.ts >= from && e.ts <= to) cpuCharts += (e.tdur ?? 0) / 1000;
        if (e.ts >= from && e.ts <= to) add(byName, e.name, (e.tdur ?? e.dur ?? 0) / 1000);
      }
      const since = (ms: number) => `+${(ms - marks.ready!).toFixed(0)}`;
      console.log(`run ${r}: ready ${marks.ready!.toFixed(0)} ms; figures ${since(marks.figures!)}, charts in the DOM ${since(marks.dom!)}, every chart drawn ${since(marks.charts!)}; calls answered ${calls.map((c) => since(c[1]!)).join(', ')}`);
      console.log(`  renderer CPU: ready → every chart drawn ${cpuAll.toFixed(0)} ms, charts' answer → every chart drawn ${cpuCharts.toFixed(0)} ms (wall ${((to - from) / 1000).toFixed(0)} ms)`);
      const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
      let at = profile.startTime;
      profile.samples!.forEach((id, i) => {
        at += profile.timeDeltas![i]!;
        if (at < from || at > to) return;
        const frame = nodes.get(id)!.callFrame;
        add(byFunction, `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber}`, profile.timeDeltas![i]! / 1000);
      });
    } finally {
      await context.close();
      await stop(preview.child);
    }
  }
  await browser.close();
  console.log(`--- renderer main thread, charts' answer → every chart drawn, thread time per run\n${top(byName, 20)}`);
  console.log(`--- CPU profile self time, same window, per run\n${top(byFunction, 30)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
