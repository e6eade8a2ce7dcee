// Benchmark: the preview's cold start of two or more builds, alternated run by run (not
// invocation by invocation as transactions-ui.ts does with `--build`): on a shared two-core
// machine the load drifts within a minute, so only runs taken side by side compare builds fairly.
// Each round runs the bare Vite React page, then each build's returning user (Paydesk opens on the
// list), then each build's new user (Home, the list's tab clicked the moment Home shows). Prints
// per build the medians of each phase, in ms from the process spawn: the page's HTML answered,
// its first calls sent, their last answer, the list's rows shown, and the page's own part (rows
// after the answers); and each path's ratio of medians against the bare page. With two or more
// builds, also each build's run-by-run differences from the first (median, rounds ahead).
// Run: node scripts/build.mjs && node scripts/run-ts.mjs bench/start-ab.ts --ledger DIR --builds A,B [--runs 12] [--paths new|returning] [--trace DIR [--samples] [--categories a,b]] [--lazy-source-positions | --both-positions]
// `--builds`: folders holding a build (`dist/`); `--ledger`: a data folder from `npm run seed`
// (copied once per build, opened by each build in an uncounted first round: seed it with the oldest
// build's `scripts/seed.ts`, and the newer builds migrate their copies before anything is timed); `--trace DIR`: a Chromium trace of every Paydesk run into DIR
// (devtools.timeline: the page's tasks, its requests, and `m:ready` / `m:rows` marks); with
// `--samples`, V8's CPU samples too. `--lazy-source-positions`: V8's default in the bench's Chromium,
// which re-parses the page's script for a DevTools stack trace (ui-support.ts, launchChromium).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import Database from 'better-sqlite3';
import { option, percentile } from './support';
import { bareApp, bareRun, epoch, launchChromium, markWaiter, readMarks, recordMarks, startAndWaitForUrl, stop } from './ui-support';

const ledger = option('ledger');
const builds = (option('builds') ?? '.').split(',').map((dir) => resolve(dir));
const runs = Number(option('runs') ?? 12);
const traceDir = option('trace');
// `--samples`: the trace also holds V8's CPU samples (what each task ran; heavier on the page).
const cpuSamples = process.argv.includes('--samples');
// `--categories a,b`: more trace categories, e.g. disabled-by-default-v8.compile (each function V8
// compiles, named) or disabled-by-default-v8.runtime_stats (V8's time per kind of work in each task).
const moreCategories = option('categories')?.split(',') ?? [];
// `--paths new` or `--paths returning`: only that user's start (both by default).
const paths = { new: [false], returning: [true] }[option('paths') ?? ''] ?? [true, false];
if (!ledger) throw new Error('--ledger DIR (a data folder from `npm run seed`) is needed');
const work = mkdtempSync(join(tmpdir(), 'paydesk-start-ab-'));

type Samples = Record<string, number[]>;
const results = new Map<string, Samples>();
const add = (key: string, phase: string, ms: number) => {
  const samples = results.get(key) ?? {};
  (samples[phase] ??= []).push(ms);
  results.set(key, samples);
};

// Read-only, without this checkout's migrations: opening it the app's way upgraded the copy of
// the first build, which an older build (a base with an earlier schema) then refused to open.
function newestOrderId(dataDir: string): string {
  const db = new Database(join(dataDir, 'paydesk.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT order_id FROM payments ORDER BY created_at DESC, rowid DESC LIMIT 1').pluck().get() as string;
  } finally {
    db.close();
  }
}

async function paydeskRun(browser: Browser, build: string, dataDir: string, newest: string, returning: boolean, label: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (returning) await page.addInitScript(() => localStorage.setItem('paydesk.lastScreen', 'transactions'));
  const want = { ready: 'main[data-ready="true"]', rows: `[data-testid="tx-row-${newest}"]` };
  await recordMarks(page, want, returning ? undefined : { when: 'ready', target: '[data-testid="nav-transactions"]' });
  // The same moments as performance marks, for a trace's timeline.
  await page.addInitScript((selectors) => {
    const seen = new Set<string>();
    new MutationObserver(() => {
      for (const [name, selector] of Object.entries(selectors)) {
        if (seen.has(name) || !document.querySelector(selector)) continue;
        seen.add(name);
        performance.mark(`m:${name}`);
      }
    }).observe(document, { subtree: true, childList: true, attributes: true });
  }, want);
  const marked = await markWaiter(page);
  if (traceDir) await browser.startTracing(page, { path: join(traceDir, `${label.replace(/\W+/g, '-')}-${Date.now()}.json`), categories: ['devtools.timeline', 'blink.user_timing', 'v8.execute', 'loading', 'toplevel', ...(cpuSamples ? ['disabled-by-default-v8.cpu_profiler'] : []), ...moreCategories] });
  const t0 = epoch();
  const preview = await startAndWaitForUrl([join(build, 'dist/main/preview.cjs'), '--port', '0', '--data-dir', dataDir]);
  add(label, 'Open:', epoch() - t0);
  await page.goto(preview.url);
  await marked('rows');
  const marks = await readMarks(page);
  const rows = marks.rows! - t0;
  const timing = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const calls = performance.getEntriesByType('resource').map((e) => e as PerformanceResourceTiming).filter((e) => /\/api\/calls?(\/|$)/.test(e.name));
    return { origin: performance.timeOrigin, html: nav.responseStart, calls: calls.map((c) => ({ start: c.startTime, end: c.responseEnd })) };
  });
  if (traceDir) await browser.stopTracing();
  const at = (ms: number) => timing.origin + ms - t0;
  add(label, 'html', at(timing.html));
  if (returning) {
    // The start's own calls: those answered before the rows were shown.
    const first = timing.calls.filter((c) => at(c.end) <= rows);
    const answered = Math.max(...first.map((c) => at(c.end)));
    add(label, 'sent', Math.min(...first.map((c) => at(c.start))));
    add(label, 'answered', answered);
    add(label, 'rows after answers', rows - answered);
  }
  // A new user's Home shown (the click's moment) and the rows after it: the click's own part.
  else {
    add(label, 'Home shown', marks.ready! - t0);
    add(label, 'rows after Home', marks.rows! - marks.ready!);
  }
  add(label, 'rows', rows);
  // The page's path once main listens, run by run: the spawn's own jitter (tens of ms under load) left out.
  add(label, 'rows after Open:', rows - results.get(label)!['Open:']!.at(-1)!);
  await stop(preview.child);
  await context.close();
}

async function main() {
  const dataDirs = builds.map((_, i) => {
    const dir = join(work, `data-${i}`);
    cpSync(ledger!, dir, { recursive: true });
    return dir;
  });
  const newest = newestOrderId(ledger!);
  const bareServer = await bareApp(work);
  const loadBefore = loadavg()[0]!;
  // `--both-positions`: each round in a Chromium with V8's eager source positions and in one with its
  // lazy default, side by side, to see what the DevTools re-parse costs each page (ui-support.ts).
  const variants = process.argv.includes('--both-positions') ? [false, true] : [process.argv.includes('--lazy-source-positions')];
  const browsers = await Promise.all(variants.map((lazySourcePositions) => launchChromium({ lazySourcePositions })));
  const suffix = (v: number) => (variants.length > 1 && variants[v] ? ' [lazy positions]' : '');
  const label = (i: number, returning: boolean, v = 0) => `${builds[i]} (${returning ? 'returning' : 'new'} user)${suffix(v)}`;
  // Round -1, not counted: each build opens its own copy of the ledger once, so an older ledger is
  // migrated by the builds that need it, and each data folder holds main's code cache, as a returning
  // user's does, before the first counted round.
  for (let run = -1; run < runs; run++) {
    if (run === 0) results.clear();
    for (const [v, browser] of browsers.entries()) {
      const barePhases = await bareRun(browser, bareServer);
      add(`bare page${suffix(v)}`, 'ready', barePhases.ready!);
      add(`bare page${suffix(v)}`, 'Open:', barePhases.open!);
      for (const returning of paths) {
        // Every other round in the opposite order, so no build always runs first (A B, B A, …).
        const order = [...builds.entries()];
        if (run % 2 === 1) order.reverse();
        for (const [i, build] of order) await paydeskRun(browser, build, dataDirs[i]!, newest, returning, label(i, returning, v));
      }
    }
  }
  await Promise.all(browsers.map((browser) => browser.close()));
  console.log(`\ncold start, ms from the process spawn: medians of ${runs} runs, builds alternated run by run (load average ${loadBefore.toFixed(1)} → ${loadavg()[0]!.toFixed(1)})`);
  for (const v of variants.keys()) {
    const bareSamples = results.get(`bare page${suffix(v)}`)!;
    const bare = percentile(bareSamples.ready!, 50);
    const bareOpen = percentile(bareSamples['Open:']!, 50);
    console.log(`bare page${suffix(v)}: "Open:" printed ${bareOpen.toFixed(0)}, React rendered ${bare.toFixed(0)} (${(bare - bareOpen).toFixed(0)} after "Open:")`);
    for (const [key, samples] of results) {
      if (key.startsWith('bare page') || (suffix(v) ? !key.endsWith(suffix(v)) : key.endsWith(' [lazy positions]'))) continue;
      const phases = Object.entries(samples).map(([phase, values]) => `${phase} ${percentile(values, 50).toFixed(0)}`).join(', ');
      // The page's own path (from "Open:" to the rows, run by run) beside the bare page's: what is left once main has printed its address.
      const afterOpen = percentile(samples.rows!.map((ms, run) => ms - samples['Open:']![run]!), 50);
      console.log(`${key}: ${phases}; ratio ${(percentile(samples.rows!, 50) / bare).toFixed(2)} (p95 ${percentile(samples.rows!, 95).toFixed(0)}); rows ${afterOpen.toFixed(0)} after "Open:" (${(afterOpen / (bare - bareOpen)).toFixed(2)}× the bare page's)`);
    }
  }
  // Run by run against the first build and the one before (the runs of a round were taken side by
  // side): the median of the differences, and in how many rounds the build was ahead.
  const differences = (of: Samples, from: Samples) => Object.keys(from).map((phase) => {
    const d = of[phase]!.map((ms, run) => ms - from[phase]![run]!);
    const median = percentile(d, 50);
    return `${phase} ${median >= 0 ? '+' : ''}${median.toFixed(0)} (ahead in ${d.filter((x) => x < 0).length}/${d.length})`;
  }).join(', ');
  for (const returning of paths) {
    for (const i of builds.keys()) {
      if (variants.length > 1) console.log(`${label(i, returning)} minus itself with lazy positions, run by run, median: ${differences(results.get(label(i, returning))!, results.get(label(i, returning, 1))!)}`);
      if (i === 0) continue;
      const of = results.get(label(i, returning))!;
      console.log(`${label(i, returning)} minus ${builds[0]}, run by run, median: ${differences(of, results.get(label(0, returning))!)}`);
      if (i > 1) console.log(`${label(i, returning)} minus ${builds[i - 1]}, run by run, median: ${differences(of, results.get(label(i - 1, returning))!)}`);
    }
  }
  rmSync(work, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
