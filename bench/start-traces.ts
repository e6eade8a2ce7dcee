// Reads the Chromium traces `start-ab.ts --trace DIR` wrote and prints, per build, the medians of
// the page's main-thread CPU (thread time, not wall time: on a shared machine the load moves wall
// times by tens of ms, thread times by a few) from the navigation to the rows' mark: all tasks, the
// module evaluation, React's scheduled work (its first draw), V8's lazy compiles, V8 re-parsing for
// source positions (a DevTools artefact: ui-support.ts, launchChromium), minor GCs, style and layout;
// the first screen's scripts' parse on the streaming thread; and two wall times (the scripts'
// streaming start to their evaluation, the evaluation to the rows), as a compile moved between the
// two threads shows in both. React's work is found by its function's position, not its minified
// name. The lazy compiles are seen only in a trace taken with `--categories disabled-by-default-v8.compile`.
// Run: node scripts/run-ts.mjs bench/start-traces.ts DIR
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { percentile, table } from './support';

type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: { data?: { url?: string; functionName?: string; lineNumber?: number; columnNumber?: number } } };

const dir = process.argv[2];
if (!dir) throw new Error('usage: bench/start-traces.ts DIR (the folder start-ab.ts --trace wrote)');

/** Thread ms of the outermost events that match, so nested events are not counted twice. */
function threadMs(events: TraceEvent[], matches: (e: TraceEvent) => boolean): number {
  let sum = 0;
  let end = -1;
  for (const e of events) {
    if (!matches(e) || e.ts < end) continue;
    sum += e.tdur ?? 0;
    end = e.ts + (e.dur ?? 0);
  }
  return sum / 1000;
}

function phases(file: string): Record<string, number> | undefined {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents ?? [];
  const rows = events.find((e) => e.name === 'm:rows');
  if (!rows) return undefined;
  const start = events.find((e) => e.pid === rows.pid && e.name === 'DocumentLoader::CommitNavigation')?.ts ?? 0;
  const page = events
    .filter((e) => e.pid === rows.pid && e.tid === rows.tid && e.ph === 'X' && e.ts >= start && e.ts <= rows.ts)
    .sort((a, b) => a.ts - b.ts);
  const reparses = page.filter((e) => e.name === 'V8.CollectSourcePositions');
  const outsideReparse = (e: TraceEvent) => !reparses.some((r) => e.ts >= r.ts && e.ts <= r.ts + (r.dur ?? 0));
  // The first screen's scripts: the entry, and the eager chunk with React (vite.config.ts).
  const firstScreen = /\/(index|first-screen-eager|rolldown-runtime)-[^/]*\.js$/;
  const streaming = events.filter((e) => e.pid === rows.pid && e.name === 'v8.parseOnBackground' && firstScreen.test(e.args?.data?.url ?? ''));
  // React's scheduled work: the scheduler's message handler, the page's function called with the
  // most thread time (found by its position, as its minified name changes from build to build).
  const calls = page.filter((e) => e.name === 'FunctionCall' && firstScreen.test(e.args?.data?.url ?? ''));
  const where = (e: TraceEvent) => `${e.args?.data?.url}:${e.args?.data?.lineNumber}:${e.args?.data?.columnNumber}`;
  const byPlace = new Map<string, number>();
  for (const e of calls) byPlace.set(where(e), (byPlace.get(where(e)) ?? 0) + (e.tdur ?? 0));
  const scheduler = [...byPlace].sort((a, b) => b[1] - a[1])[0]?.[0];
  const evaluation = page.find((e) => e.name === 'v8.evaluateModule');
  return {
    'tasks': threadMs(page, (e) => e.name === 'ThreadControllerImpl::RunTask'),
    'modules run': threadMs(page, (e) => e.name === 'v8.evaluateModule'),
    'React': threadMs(page, (e) => e.name === 'FunctionCall' && where(e) === scheduler),
    'lazy compiles': threadMs(page, (e) => /^V8\.(ParseFunction|PreParse|CompileIgnition|CompileCode)$/.test(e.name) && outsideReparse(e)),
    'source positions': threadMs(page, (e) => e.name === 'V8.CollectSourcePositions'),
    'GC': threadMs(page, (e) => e.name === 'MinorGC' || e.name === 'MajorGC'),
    'style+layout': threadMs(page, (e) => e.name === 'UpdateLayoutTree' || e.name === 'Layout'),
    'streaming parse': streaming.reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000,
    // Wall ms: from the first script's streaming start to the module evaluation (what a compile
    // moved onto the streaming thread adds), and from there to the rows (what it takes off).
    'wall: streamed→run': ((evaluation?.ts ?? 0) - Math.min(...streaming.map((e) => e.ts))) / 1000,
    'wall: run→rows': (rows.ts - (evaluation?.ts ?? 0)) / 1000,
  };
}

// start-ab.ts names each trace after its build's folder and path, then the time: group by that.
const byBuild = new Map<string, Record<string, number>[]>();
for (const name of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
  const found = phases(join(dir, name));
  if (!found) continue;
  const build = name.replace(/-\d+\.json$/, '');
  byBuild.set(build, [...(byBuild.get(build) ?? []), found]);
}
const columns = Object.keys([...byBuild.values()][0]?.[0] ?? {});
console.log(`the page's main thread from the navigation to the rows, thread ms, medians (${dir})`);
table(['build', 'runs', ...columns], [...byBuild].map(([build, runs]) => [build, String(runs.length), ...columns.map((c) => percentile(runs.map((r) => r[c]!), 50).toFixed(1))]));
