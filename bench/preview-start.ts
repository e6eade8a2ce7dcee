// Benchmark: main's side of the preview's cold start, without a browser (so the figures do not
// move with the page's own work): spawn → "Open:" printed, → index.html and every file it names
// sent, → the first API call answered, with the CPU time the process used by "Open:" and by the
// answer (Linux: /proc/PID/stat). Each run on a fresh copy of a ledger; with several `--build`
// folders (each holding a dist/ built from another commit) the builds alternate run by run.
// The data folder's `code-cache` (V8's cache of main's bundle, main/entry/code-cache.ts) is kept
// from run to run, as a returning user's is; `--cold` deletes it before every run (a first start).
// Run: node scripts/build.mjs && node scripts/run-ts.mjs bench/preview-start.ts --ledger DIR [--runs 11] [--cold] [--build DIR ...]
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
const ticksPerSecond = 100; // USER_HZ on Linux

/** CPU ms (user + system) the process has used so far. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

async function run(build: string, ledger: string) {
  const dataDir = join(work, 'data');
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
  const answer = await fetch(`${origin}/api/call/getActiveProfile`, { method: 'POST', headers: { origin, authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' });
  if (!(await answer.json() as { ok: boolean }).ok) throw new Error('getActiveProfile failed');
  const answered = performance.now() - t0;
  const cpuAnswered = cpuMs(started.child.pid!);
  await stop(started.child);
  return { open, sent, answered, cpuOpen, cpuAnswered };
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
  console.log(`\npreview start without a browser, ms from spawn, p50 / p95 over ${runs} runs, ${cold ? 'no code cache (first starts)' : 'code cache kept (the first run of each build writes it)'} (load average ${loadBefore.toFixed(1)} → ${loadavg()[0]!.toFixed(1)})`);
  table(['build', '"Open:"', 'page files sent', 'first call answered', 'CPU by "Open:"', 'CPU by the answer'], [...samples].map(([build, s]) => [
    build, ms(s.map((x) => x.open)), ms(s.map((x) => x.sent)), ms(s.map((x) => x.answered)), ms(s.map((x) => x.cpuOpen)), ms(s.map((x) => x.cpuAnswered)),
  ]));
  const first = samples.get(builds[0]!)!;
  result('preview_start_open_p50', percentile(first.map((x) => x.open), 50), 'ms');
  result('preview_start_first_answer_p50', percentile(first.map((x) => x.answered), 50), 'ms');
  result('preview_start_cpu_open_p50', percentile(first.map((x) => x.cpuOpen), 50), 'ms');
  rmSync(work, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  rmSync(work, { recursive: true, force: true });
  process.exit(1);
});
