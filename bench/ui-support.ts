// What the browser benchmarks share: a quickly seeded ledger of N payments (order ids
// PD-0000000…), the bare Vite React page served by a Node process, starting a server and
// waiting for the address it prints, Chromium, and the machine-readable RESULT line.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { build } from 'vite';
import { chromium, type Browser, type Page } from 'playwright-core';
import { openLedgerDb } from '../main/ledger/database';

export const orderId = (i: number) => `PD-${String(i).padStart(7, '0')}`;

/** Payments PD-0000000 … one a minute from 2025-01-01, five states in turn, all SAR sales. */
export function seedSimpleLedger(dataDir: string, count: number): void {
  mkdirSync(dataDir, { recursive: true });
  const db = openLedgerDb(dataDir);
  const insert = db.prepare(`INSERT INTO payments (id, profile_id, environment, kind, order_id, amount_minor, currency, customer_name, customer_email, customer_phone, transaction_id, state, created_by, created_at, updated_at)
    VALUES (?, 'practice', 'practice', 'sale', ?, ?, 'SAR', ?, ?, ?, ?, ?, 'bench', ?, ?)`);
  const states = ['paid', 'authorised', 'refunded', 'declined', 'pending'];
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const at = new Date(Date.parse('2025-01-01T00:00:00Z') + i * 60_000).toISOString();
      insert.run(randomUUID(), orderId(i), 100 + ((i * 7919) % 500_000), `Customer ${i % 977}`, `c${i}@example.com`, `+9665${10_000_000 + i}`, `tx-${i}`, states[i % states.length], at, at);
    }
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

/** Builds a one-heading React page with Vite and writes a Node server for it; returns the server file. */
export async function bareApp(work: string): Promise<string> {
  const root = join(work, 'bare');
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>');
  writeFileSync(join(root, 'main.js'), "import { createElement } from 'react'; import { createRoot } from 'react-dom/client'; createRoot(document.getElementById('root')).render(createElement('h1', { id: 'ready' }, 'Ready'));");
  await build({ root, base: './', logLevel: 'error', build: { outDir: join(root, 'dist'), emptyOutDir: true }, resolve: { alias: { react: resolve('node_modules/react'), 'react-dom': resolve('node_modules/react-dom') } } });
  return staticServer(work, 'serve-bare.cjs', join(root, 'dist'));
}

/**
 * Writes a plain Node server of the files under `root` (the bare page's server; the benches also
 * serve Paydesk's built page with it, with no main behind it) and returns its file.
 */
export function staticServer(work: string, name: string, root: string): string {
  const server = join(work, name);
  writeFileSync(server, `const http = require('http'), fs = require('fs'), path = require('path');
const root = ${JSON.stringify(root)};
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.woff2': 'font/woff2' };
const s = http.createServer((req, res) => { const file = path.join(root, req.url === '/' ? 'index.html' : req.url.split('?')[0]);
  fs.readFile(file, (e, body) => { if (e) { res.writeHead(404); return res.end(); } res.writeHead(200, { 'Content-Type': types[path.extname(file)] || 'application/octet-stream' }); res.end(body); }); });
s.listen(0, '127.0.0.1', () => console.log('Open: http://127.0.0.1:' + s.address().port + '/'));`);
  return server;
}

/** The page's DOMContentLoaded (its scripts fetched, parsed and run), in ms since the epoch. */
export async function domContentLoaded(page: Page): Promise<number> {
  return page.evaluate(() => performance.timeOrigin + (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventEnd);
}

/** Starts `node ...args` and resolves with the address it prints after "Open:". */
export function startAndWaitForUrl(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolveStart, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = /Open: (\S+)/.exec(out);
      if (match) resolveStart({ child, url: match[1]! });
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}`)));
  });
}

/** Stops a started server and waits until it has gone (so the next run starts on a quiet CPU). */
export function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.removeAllListeners('exit');
    child.once('exit', () => done());
    child.kill();
  });
}

/**
 * Chromium as the benchmarks use it. Without the omnibox's WebUI popups: Chromium 156 starts a
 * renderer for them with every new window (each run's fresh context), which spent about 500 ms of
 * CPU (and the browser process ~150 ms more) in the 200 ms after the page was opened, on a 2-core
 * machine exactly while the measured page loaded. Neither Paydesk nor the bare page has an omnibox.
 */
export function launchChromium(options: { lazySourcePositions?: boolean } = {}): Promise<Browser> {
  // V8's source positions kept with each compile, not rebuilt on demand: Playwright drives every
  // page with DevTools' Runtime domain on, which makes V8 take a full stack trace of every Error
  // created, and React creates five at load (its suspense sentinels). Each trace needs the source
  // positions of every frame, so V8 re-parsed the whole first script (Paydesk's 690 KB: 20–25 ms of
  // the page's main thread, the bare page's 219 KB: 14–15 ms) — a cost no user's browser pays, as no
  // DevTools is attached (docs/performance.md, "Cold start, eighteenth pass"). `lazySourcePositions`:
  // V8's default, for figures comparable with those measured before.
  const jsFlags = options.lazySourcePositions ? '--expose-gc' : '--expose-gc --no-enable-lazy-source-positions';
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--js-flags=${jsFlags}`, '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup'],
  });
}

/** Now, in ms since the epoch, on the same clock as a page's `performance.timeOrigin + performance.now()`. */
export const epoch = () => performance.timeOrigin + performance.now();

/**
 * Installed before any page script: records in `window.__marks` the moment each selector first
 * matches (a MutationObserver, so no polling interval rounds a time up), and clicks `click.target`
 * as soon as `click.when` has a mark, as a user who clicks the moment the screen shows.
 */
export async function recordMarks(page: Page, want: Record<string, string>, click?: { when: string; target: string }): Promise<void> {
  await page.addInitScript(({ want, click }) => {
    const marks: Record<string, number> = {};
    (window as unknown as { __marks: typeof marks }).__marks = marks;
    const check = () => {
      for (const [name, selector] of Object.entries(want)) {
        if (marks[name] === undefined && document.querySelector(selector)) {
          marks[name] = performance.timeOrigin + performance.now();
          if (click && name === click.when) (document.querySelector(click.target) as HTMLElement | null)?.click();
          (window as unknown as { __markSeen?: (name: string) => void }).__markSeen?.(name);
        }
      }
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  }, { want, click });
}

/**
 * Installed before the page opens: the returned function resolves once the page's recorder
 * (recordMarks) has marked `name`. The recorder tells it through a binding, so nothing of
 * Playwright's runs in the page while it starts: a locator's `waitFor` there injected Playwright's
 * selector engine (a script of its own, 10–40 ms of the page's main thread in a trace, more under
 * load) right after the load event, and polled the DOM, in the middle of the measured start.
 */
export async function markWaiter(page: Page): Promise<(name: string) => Promise<void>> {
  const seen = new Set<string>();
  const waiting = new Map<string, Array<() => void>>();
  await page.exposeFunction('__markSeen', (name: string) => {
    seen.add(name);
    for (const resolve of waiting.get(name) ?? []) resolve();
    waiting.delete(name);
  });
  return (name) => seen.has(name) ? Promise.resolve() : new Promise((resolve) => waiting.set(name, [...(waiting.get(name) ?? []), resolve]));
}

export async function readMarks(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => (window as unknown as { __marks: Record<string, number> }).__marks);
}

/** Starts watching for `selector` now; the returned function resolves with the epoch ms it first matched. */
export async function watchFor(page: Page, selector: string): Promise<() => Promise<number>> {
  const key = `__wait${Math.random().toString(36).slice(2)}`;
  await page.evaluate(({ selector, key }) => {
    (window as unknown as Record<string, Promise<number>>)[key] = new Promise((resolve) => {
      const check = () => {
        if (!document.querySelector(selector)) return;
        observer.disconnect();
        resolve(performance.timeOrigin + performance.now());
      };
      const observer = new MutationObserver(check);
      observer.observe(document, { subtree: true, childList: true, attributes: true });
    });
  }, { selector, key });
  return () => page.evaluate((key) => (window as unknown as Record<string, Promise<number>>)[key]!, key);
}

/**
 * Runs in the page before the app (`page.addInitScript(shiftClock, at)`, before the bench's own
 * recorder): the page's clock starts at `at` (the seeded ledger's last day), so "today" has sales.
 * Self-contained: Playwright sends its source text to the page.
 */
export function shiftClock(shiftTo: string): void {
  const RealDate = Date;
  const offset = RealDate.now() - new RealDate(shiftTo).getTime();
  class ShiftedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() - offset);
      else super(...(args as [number]));
    }
    static override now() {
      return RealDate.now() - offset;
    }
  }
  (window as unknown as { Date: DateConstructor }).Date = ShiftedDate as DateConstructor;
}

/** One start of the bare Vite React page (server spawn → React rendered), in ms from the spawn, in a fresh context. */
export async function bareRun(browser: Browser, server: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await recordMarks(page, { ready: '#ready' });
  const marked = await markWaiter(page);
  const t0 = epoch();
  const started = await startAndWaitForUrl([server]);
  const phases: Record<string, number> = { open: epoch() - t0 };
  await page.goto(started.url);
  phases.loaded = epoch() - t0;
  await marked('ready');
  phases.ready = (await readMarks(page)).ready! - t0;
  phases.domContentLoaded = (await domContentLoaded(page)) - t0;
  await stop(started.child);
  await context.close();
  return phases;
}
