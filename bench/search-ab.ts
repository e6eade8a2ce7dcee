// The transactions list's pasted search, two builds side by side: each build's preview started on
// its own copy of one ledger (`--ledger DIR`, quick-seeded by the OLDER build: a newer build
// migrates its copy on open, timed apart), one Chromium page on each, and the search pasted into
// one then the other, alternated search by search (order swapped each round), until the list
// shows its 100 matches; then cleared until it shows every payment again. What
// transactions-ui.ts's "search pasted" measures, without its cold starts between, so two builds
// meet the same moment's load. Run: node scripts/build.mjs && node scripts/run-ts.mjs
// bench/search-ab.ts --build OLD_CHECKOUT --ledger DIR [--rounds 30] [--search PD-00042 --total 100]
// (inside scripts/with-keyring.sh). `--this DIR`: another checkout's build in this one's place.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { option, percentile } from './support';
import { epoch, launchChromium, startAndWaitForUrl, stop, watchFor } from './ui-support';

const ledger = option('ledger');
const other = option('build');
if (!ledger || !other) throw new Error('search-ab: --ledger DIR and --build DIR are both needed');
const rounds = Number(option('rounds') ?? 30);
const search = option('search') ?? 'PD-00042';
const total = Number(option('total') ?? 100);
// `--cold`: each round starts each build's preview afresh on a fresh copy and pastes the search the
// moment the list shows its first rows, as transactions-ui.ts does (the first search of a start).
// `--settle MS`: with --cold, the search pasted that long after the rows show (the start's own work done).
const cold = process.argv.includes('--cold');
const settle = Number(option('settle') ?? 0);
const work = mkdtempSync(join(tmpdir(), 'paydesk-search-ab-'));
const builds = [{ name: 'this', dir: resolve(option('this') ?? '.') }, { name: 'other', dir: resolve(other) }];

async function open(build: { name: string; dir: string }, browser: Awaited<ReturnType<typeof launchChromium>>, from = ledger!, quiet = false) {
  const dataDir = join(work, `${build.name}-${Math.random().toString(36).slice(2)}`);
  cpSync(from, dataDir, { recursive: true });
  const started = performance.now();
  const preview = await startAndWaitForUrl([join(build.dir, 'dist/main/preview.cjs'), '--port', '0', '--data-dir', dataDir]);
  const page = await (await browser.newContext()).newPage();
  await page.addInitScript(() => localStorage.setItem('paydesk.lastScreen', 'transactions'));
  await page.goto(preview.url);
  // The list's element is drawn before its first page (total 0 meanwhile in older builds).
  await page.waitForSelector('[data-testid="tx-list"][data-total]:not([data-total=""]):not([data-total="0"])', { timeout: 600_000 });
  const count = Number(await page.getAttribute('[data-testid="tx-list"]', 'data-total'));
  if (!quiet) console.log(`${build.name} (${build.dir}): list of ${count} shown ${((performance.now() - started) / 1000).toFixed(1)} s after spawn (a migration included)`);
  return { ...build, preview, page, count, dataDir };
}

/** Pasted until the list shows its matches; cleared back to the whole list (not timed). */
async function pasted(page: Page, count: number) {
  const box = page.getByRole('searchbox').first();
  const list = (n: number) => watchFor(page, `[data-testid="tx-list"][data-total="${n}"]`);
  let shown = await list(total);
  const t0 = epoch();
  await box.fill(search);
  const ms = (await shown()) - t0;
  shown = await list(count);
  await box.fill('');
  await shown();
  return ms;
}

const browser = await launchChromium();
try {
  if (cold) await coldRounds();
  else await warmRounds();
} finally {
  await browser.close();
  rmSync(work, { recursive: true, force: true });
}

/** Each build's ledger opened (migrated) once; each round copies that and starts afresh. */
async function coldRounds() {
  const masters: Record<string, string> = {};
  for (const build of builds) {
    const o = await open(build, browser);
    await stop(o.preview.child);
    await o.page.context().close();
    masters[build.name] = o.dataDir;
  }
  const times: Record<string, { first: number[]; second: number[] }> = { this: { first: [], second: [] }, other: { first: [], second: [] } };
  const loads: number[] = [];
  for (let r = 0; r < rounds; r++) {
    loads.push(loadavg()[0]!);
    for (const build of r % 2 ? [...builds].reverse() : builds) {
      const o = await open(build, browser, masters[build.name], true);
      if (settle) await o.page.waitForTimeout(settle);
      times[build.name]!.first.push(await pasted(o.page, o.count));
      times[build.name]!.second.push(await pasted(o.page, o.count));
      await stop(o.preview.child);
      await o.page.context().close();
      rmSync(o.dataDir, { recursive: true, force: true });
    }
  }
  for (const build of builds) {
    for (const which of ['first', 'second'] as const) {
      const t = times[build.name]![which];
      console.log(`${build.name}: ${which} search after the start, pasted "${search}" p50 ${percentile(t, 50).toFixed(0)} ms, p95 ${percentile(t, 95).toFixed(0)} ms (${t.map((x) => x.toFixed(0)).join(' ')})`);
    }
  }
  const ahead = times.this!.first.filter((t, i) => t < times.other!.first[i]!).length;
  console.log(`this build's first search faster in ${ahead} of ${rounds} rounds; load ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}`);
}

async function warmRounds() {
  const opened = [];
  for (const build of builds) opened.push(await open(build, browser));
  for (const o of opened) { await pasted(o.page, o.count); await pasted(o.page, o.count); } // warm-up, not counted
  const times: Record<string, number[]> = { this: [], other: [] };
  const loads: number[] = [];
  for (let r = 0; r < rounds; r++) {
    loads.push(loadavg()[0]!);
    for (const o of r % 2 ? [...opened].reverse() : opened) times[o.name]!.push(await pasted(o.page, o.count));
  }
  const ahead = times.this!.filter((t, i) => t < times.other![i]!).length;
  for (const o of opened) {
    const t = times[o.name]!;
    console.log(`${o.name}: pasted "${search}" p50 ${percentile(t, 50).toFixed(0)} ms, p95 ${percentile(t, 95).toFixed(0)} ms (${t.map((x) => x.toFixed(0)).join(' ')})`);
  }
  console.log(`this build faster in ${ahead} of ${rounds} rounds; load ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}`);
  for (const o of opened) await stop(o.preview.child);
}
