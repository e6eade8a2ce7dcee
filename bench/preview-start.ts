// Benchmark: main's side of the preview's cold start, without a browser (so the figures do not
// move with the page's own work): spawn → "Open:" printed, → index.html and every file it names
// sent, → the first API call answered, with the CPU time the process used by "Open:" and by the
// answer (Linux: /proc/PID/task/*/schedstat). Each run on a fresh copy of a ledger; with several
// `--build` folders (each holding a dist/ built from another commit) the builds alternate run by
// run. Each build's data folder keeps its `code-cache` (V8's cache of main's bundle,
// main/entry/code-cache.ts) from run to run, as a returning user's is; `--cold` deletes it before
// every run (a first start).
// Then the first screen's calls, as the page sends them once its bundle has run (`--gap` ms after
// its files, default 40): a returning user's (the session's two calls and the list's first page at
// once), or with `--new-user` a new user's (the session's calls, Home's figures and charts `--home`
// ms later, default 60, and the list's first page 5 ms after them: the click the moment Home shows).
// Printed: when the list's page was answered, and its own call's time (sent → answered).
// Run: node scripts/build.mjs && node scripts/run-ts.mjs bench/preview-start.ts --ledger DIR [--runs 11] [--cold] [--new-user] [--gap MS] [--build DIR ...]
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { option, percentile, result, table } from './support';
import { seedSimpleLedger, startAndWaitForUrl, stop } from './ui-support';

const runs = Number(option('runs') ?? 11);
const builds = process.argv.flatMap((arg, i) => (arg === '--build' && process.argv[i + 1] ? [resolve(process.argv[i + 1]!)] : []));
if (builds.length === 0) builds.push(resolve('.'));
const work = mkdtempSync(join(tmpdir(), 'paydesk-startbench-'));
const cold = process.argv.includes('--cold');
const newUser = process.argv.includes('--new-user');
const gapMs = Number(option('gap') ?? 40);
const homeMs = Number(option('home') ?? 60);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The list's first page as the renderer asks for it (transactions-store.ts). */
const firstPage = { filter: {}, sort: { by: 'createdAt', direction: 'desc' }, offset: 0, limit: 100 };

/** Home's two calls as overview-store.ts makes them: the figures (four periods), the charts (30 days). */
function homeCalls(now: Date) {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const at = (days: number) => new Date(midnight.getTime() + days * 86_400_000);
  const range = (from: Date, to: Date) => ({ from: from.toISOString(), to: to.toISOString() });
  const days = Array.from({ length: 30 }, (_, i) => ({ date: at(i - 29).toISOString().slice(0, 10), ...range(at(i - 29), at(i - 28)) }));
  const periods = [range(at(0), at(1)), range(at(-6), now), range(at(-29), now), range(at(-29), now)];
  return [{ now: now.toISOString(), periods }, { now: now.toISOString(), days }];
}
/**
 * CPU ms the process has used so far, all its threads (Linux: each thread's schedstat, in ns; the
 * process's /proc/PID/stat counts in 10 ms ticks, too coarse to tell two builds apart).
 */
function cpuMs(pid: number): number {
  let ns = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // a thread that ended meanwhile
    }
  }
  return ns / 1e6;
}

async function run(build: string, ledger: string) {
  // One data folder per build: a build's code cache is its own (saving one deletes the others', so
  // a shared folder made every alternated run of two builds a start without a cache).
  const dataDir = join(work, `data-${builds.indexOf(build)}`);
  // a fresh copy of the ledger each run; V8's code cache stays unless --cold
  if (existsSync(dataDir)) for (const name of readdirSync(dataDir)) if (cold || name !== 'code-cache') rmSync(join(dataDir, name), { recursive: true, force: true });
  cpSync(ledger, dataDir, { recursive: true });
  const t0 = performance.now();
  const started = await startAndWaitForUrl([join(build, 'dist/main/preview.cjs'), '--port', '0', '--data-dir', dataDir]);
  const open = performance.now() - t0;
  const cpuOpen = cpuMs(started.child.pid!);
  const [origin, token] = [started.url.split('/#')[0]!, started.url.split('token=')[1]!];
  const html = await (await fetch(`${origin}/`)).text();
  const files = [...html.matchAll(/(?:src|href)="\.?(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
  await Promise.all(files.map(async (file) => (await fetch(origin + file)).arrayBuffer()));
  const sent = performance.now() - t0;
  await pause(gapMs);
  const call = async (name: string, body: unknown) => {
    const from = performance.now() - t0;
    const answer = await fetch(`${origin}/api/call/${name}`, { method: 'POST', headers: { origin, authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!(await answer.json() as { ok: boolean }).ok) throw new Error(`${name} failed`);
    const at = performance.now() - t0;
    return { at, took: at - from };
  };
  const session = [call('getAppInfo', {}), call('getActiveProfile', {})];
  let list: { at: number; took: number };
  if (newUser) {
    await Promise.all(session);
    await Promise.all([call('listProfiles', {}), call('setLanguage', { language: 'en' })]);
    await pause(homeMs);
    const home = homeCalls(new Date()).map((input) => call('getOverview', input));
    await pause(5);
    [list] = await Promise.all([call('searchPayments', firstPage), ...home]);
  } else {
    [list] = await Promise.all([call('searchPayments', firstPage), ...session]);
  }
  const answered = (await session[1]!).at;
  const cpuAnswered = cpuMs(started.child.pid!);
  await stop(started.child);
  return { open, sent, answered, cpuOpen, cpuAnswered, listAt: list.at, listTook: list.took };
}

async function main() {
  let ledger = option('ledger');
  if (!ledger) {
    ledger = join(work, 'seeded');
    seedSimpleLedger(ledger, 100_000);
  }
  const samples = new Map(builds.map((build) => [build, [] as Awaited<ReturnType<typeof run>>[]]));
  const loadBefore = loadavg()[0]!;
  for (let i = 0; i < runs; i++) for (const build of i % 2 ? [...builds].reverse() : builds) samples.get(build)!.push(await run(build, ledger));
  const ms = (values: number[]) => `${Math.round(percentile(values, 50))} / ${Math.round(percentile(values, 95))}`;
  console.log(`\npreview start without a browser, ${newUser ? 'a new user (Home, then the list)' : 'a returning user (the list)'}, ms from spawn, p50 / p95 over ${runs} runs, ${cold ? 'no code cache (first starts)' : 'code cache kept (the first run of each build writes it)'} (load average ${loadBefore.toFixed(1)} → ${loadavg()[0]!.toFixed(1)})`);
  table(['build', '"Open:"', 'page files sent', 'session answered', 'list answered', 'list call (ms)', 'CPU by "Open:"', 'CPU by the answer'], [...samples].map(([build, s]) => [
    build, ms(s.map((x) => x.open)), ms(s.map((x) => x.sent)), ms(s.map((x) => x.answered)), ms(s.map((x) => x.listAt)), ms(s.map((x) => x.listTook)), ms(s.map((x) => x.cpuOpen)), ms(s.map((x) => x.cpuAnswered)),
  ]));
  const first = samples.get(builds[0]!)!;
  result('preview_start_open_p50', percentile(first.map((x) => x.open), 50), 'ms');
  result('preview_start_first_answer_p50', percentile(first.map((x) => x.answered), 50), 'ms');
  result('preview_start_cpu_open_p50', percentile(first.map((x) => x.cpuOpen), 50), 'ms');
  result(newUser ? 'preview_start_new_user_list_call_p50' : 'preview_start_list_call_p50', percentile(first.map((x) => x.listTook), 50), 'ms');
  rmSync(work, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  rmSync(work, { recursive: true, force: true });
  process.exit(1);
});
