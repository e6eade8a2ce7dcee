// Writes scripts/start-functions.json: the fingerprints of the first screen's functions that V8
// compiles lazily (on the page's main thread) before the transactions list's rows are shown, in a
// returning user's start (Paydesk opens on the list) and a new user's (Home, then the list's tab),
// so start-functions.mjs can mark them for V8's streaming compile. Builds the page once without the
// marks (and without them its functions' positions are V8's), opens it in Chromium with V8's
// function log (`--log-function-events`) `--runs` times per path, and keeps every function seen.
// Run after `node scripts/build.mjs` (main's preview is taken from dist/main), then build again:
//   node scripts/run-ts.mjs scripts/start-functions-list.ts --ledger DIR [--runs 2]
// DIR: a data folder from `npm run seed` (copied); the newest payment's row is the mark.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { chromium } from 'playwright-core';
import Database from 'better-sqlite3';
import { fingerprint, functionsOf, parse, type FunctionNode } from './start-functions.mjs';
import { startAndWaitForUrl, stop } from '../bench/ui-support';

const option = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const ledger = option('ledger');
const runs = Number(option('runs') ?? 2);
if (!ledger) throw new Error('--ledger DIR (a data folder from `npm run seed`) is needed');
const work = mkdtempSync(join(tmpdir(), 'paydesk-start-functions-'));
// Called by the page's observer when the rows show: its own lazy compile is the log's mark.
const rowsMark = '__paydeskStartRowsShown';
const listFile = resolve('scripts/start-functions.json');

function newestOrderId(dataDir: string): string {
  const db = new Database(join(dataDir, 'paydesk.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT order_id FROM payments ORDER BY created_at DESC, rowid DESC LIMIT 1').pluck().get() as string;
  } finally {
    db.close();
  }
}

/** One start with V8's function log; returns the positions where the first script's lazily compiled functions start. */
async function loggedStart(returning: boolean, run: number, newest: string): Promise<Set<number>> {
  const dataDir = join(work, `data-${returning ? 'returning' : 'new'}-${run}`);
  cpSync(ledger!, dataDir, { recursive: true });
  const log = join(work, `v8-${returning ? 'returning' : 'new'}-${run}.log`);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup', `--js-flags=--log-function-events --logfile=${log} --no-logfile-per-isolate`],
  });
  const preview = await startAndWaitForUrl([join(work, 'dist/main/preview.cjs'), '--port', '0', '--data-dir', dataDir]);
  try {
    const page = await (await browser.newContext()).newPage();
    await page.addInitScript(({ returning, newest }) => {
      if (returning) localStorage.setItem('paydesk.lastScreen', 'transactions');
      let clicked = false;
      let shown = false;
      // Its name is the log's mark (rowsMark): compiled at its first call, when the rows show.
      function __paydeskStartRowsShown() {}
      new MutationObserver(() => {
        if (!returning && !clicked && document.querySelector('main[data-ready="true"]')) {
          clicked = true;
          (document.querySelector('[data-testid="nav-transactions"]') as HTMLElement | null)?.click();
        }
        if (!shown && document.querySelector(`[data-testid="tx-row-${newest}"]`)) {
          shown = true;
          __paydeskStartRowsShown();
        }
      }).observe(document, { subtree: true, childList: true, attributes: true });
    }, { returning, newest });
    await page.goto(preview.url);
    await page.waitForSelector(`[data-testid="tx-row-${newest}"]`);
  } finally {
    await browser.close();
    await stop(preview.child);
  }
  // function,<event>,<script id>,<start>,<end>,<ms>,<timestamp>,<name>; script-details,<id>,<url>,…
  const lines = readFileSync(log, 'utf8').split('\n').map((line) => line.split(','));
  const scriptIds = new Set(lines.filter((f) => f[0] === 'script-details' && /\/assets\/index-[^/]*\.js$/.test(f[2] ?? '')).map((f) => f[1]));
  const until = Number(lines.find((f) => f[0] === 'function' && f[1] === 'parse-function' && f[7] === rowsMark)?.[6]);
  if (scriptIds.size === 0 || !Number.isFinite(until)) throw new Error(`no first script or rows mark in ${log}`);
  return new Set(lines.filter((f) => f[0] === 'function' && f[1] === 'parse-function' && scriptIds.has(f[2]) && Number(f[6]) < until).map((f) => Number(f[3])));
}

async function main() {
  // This checkout's main (with its modules), and its page built without the marks.
  cpSync(resolve('dist/main'), join(work, 'dist/main'), { recursive: true });
  cpSync(resolve('package.json'), join(work, 'package.json'));
  symlinkSync(resolve('node_modules'), join(work, 'node_modules'));
  process.env.PAYDESK_START_MARKS = 'off';
  await build({ logLevel: 'warn', build: { outDir: join(work, 'dist/renderer') } });
  const assets = join(work, 'dist/renderer/assets');
  const script = readdirSync(assets).find((name) => /^index-.*\.js$/.test(name))!;
  const code = readFileSync(join(assets, script), 'utf8');
  // V8 starts a function at its parameters' `(` (an arrow's: its first character).
  const byStart = new Map<number, FunctionNode>();
  for (const { node } of functionsOf(parse(code))) {
    byStart.set(node.type === 'ArrowFunctionExpression' ? node.start : code.indexOf('(', node.id ? node.id.end : node.start), node);
    if (node.type === 'ArrowFunctionExpression' && node.async) byStart.set(code.indexOf('async', node.start) + 5, node);
  }
  const newest = newestOrderId(ledger!);
  const prints = new Set<string>();
  const counts: string[] = [];
  for (let run = 0; run < runs; run++) {
    for (const returning of [true, false]) {
      const starts = await loggedStart(returning, run, newest);
      const nodes = [...starts].map((start) => byStart.get(start)).filter((node) => node !== undefined);
      for (const node of nodes) prints.add(fingerprint(node));
      counts.push(`${returning ? 'returning' : 'new'} user: ${starts.size} compiled lazily, ${nodes.length} found in the script`);
    }
  }
  const functions = [...prints].sort();
  writeFileSync(listFile, `${JSON.stringify({ about: 'Fingerprints of the first screen\'s functions a start compiles lazily (scripts/start-functions-list.ts; used by start-functions.mjs)', script: script.replace(/-[^-]*\.js$/, '.js'), bytes: code.length, functions }, null, 1)}\n`);
  console.log(`${counts.join('\n')}\n${functions.length} functions listed in ${listFile}`);
}

main().then(() => process.argv.includes('--keep') || rmSync(work, { recursive: true, force: true }), (error: unknown) => {
  console.error(error);
  console.error(`(kept ${work})`);
  process.exit(1);
});
