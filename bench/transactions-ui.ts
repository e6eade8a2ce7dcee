// Benchmark: the preview's cold start to an interactive transactions list over 100,000
// payments, against a bare Vite React page started and served the same way (a Node process
// serving built files on loopback); the time to filter that list; and the initial JavaScript.
// Run: node scripts/build.mjs && node scripts/run-ts.mjs bench/transactions-ui.ts [payments] [runs]
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { build } from 'vite';
import { chromium } from 'playwright-core';
import { openLedgerDb } from '../main/ledger/database';

const count = Number(process.argv[2] ?? 100_000);
const runs = Number(process.argv[3] ?? 5);
const work = mkdtempSync(join(tmpdir(), 'paydesk-uibench-'));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function seed(dataDir: string) {
  mkdirSync(dataDir, { recursive: true });
  const db = openLedgerDb(dataDir);
  const insert = db.prepare(`INSERT INTO payments (id, profile_id, environment, kind, order_id, amount_minor, currency, customer_name, customer_email, customer_phone, transaction_id, state, created_by, created_at, updated_at)
    VALUES (?, 'practice', 'practice', 'sale', ?, ?, 'SAR', ?, ?, ?, ?, ?, 'bench', ?, ?)`);
  const states = ['paid', 'authorised', 'refunded', 'declined', 'pending'];
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const at = new Date(Date.parse('2025-01-01T00:00:00Z') + i * 60_000).toISOString();
      insert.run(randomUUID(), `PD-${String(i).padStart(7, '0')}`, 100 + ((i * 7919) % 500_000), `Customer ${i % 977}`, `c${i}@example.com`, `+9665${10_000_000 + i}`, `tx-${i}`, states[i % states.length], at, at);
    }
  })();
  db.close();
}

async function bareApp(): Promise<string> {
  const root = join(work, 'bare');
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>');
  writeFileSync(join(root, 'main.js'), "import { createElement } from 'react'; import { createRoot } from 'react-dom/client'; createRoot(document.getElementById('root')).render(createElement('h1', { id: 'ready' }, 'Ready'));");
  await build({ root, base: './', logLevel: 'error', build: { outDir: join(root, 'dist'), emptyOutDir: true }, resolve: { alias: { react: resolve('node_modules/react'), 'react-dom': resolve('node_modules/react-dom') } } });
  const server = join(work, 'serve-bare.cjs');
  writeFileSync(server, `const http = require('http'), fs = require('fs'), path = require('path');
const root = ${JSON.stringify(join(root, 'dist'))};
const types = { '.html': 'text/html', '.js': 'text/javascript' };
const s = http.createServer((req, res) => { const file = path.join(root, req.url === '/' ? 'index.html' : req.url.split('?')[0]);
  fs.readFile(file, (e, body) => { if (e) { res.writeHead(404); return res.end(); } res.writeHead(200, { 'Content-Type': types[path.extname(file)] || 'application/octet-stream' }); res.end(body); }); });
s.listen(0, '127.0.0.1', () => console.log('Open: http://127.0.0.1:' + s.address().port + '/'));`);
  return server;
}

function startAndWaitForUrl(args: string[]): Promise<{ child: ChildProcess; url: string }> {
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

async function main() {
  const dataDir = join(work, 'data');
  const seeded = performance.now();
  seed(dataDir);
  console.log(`seeded ${count} payments in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
  const bareServer = await bareApp();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });

  const paydesk: number[] = [];
  const bare: number[] = [];
  const searchTimes: number[] = [];
  const filterTimes: number[] = [];
  for (let run = 0; run < runs; run++) {
    // Paydesk: process start to the first rows of the transactions list, ready for keys.
    const context = await browser.newContext();
    const page = await context.newPage();
    let t0 = performance.now();
    const preview = await startAndWaitForUrl(['dist/main/preview.cjs', '--port', '0', '--data-dir', dataDir]);
    await page.goto(preview.url);
    await page.locator('main[data-ready="true"]').waitFor();
    await page.getByTestId('nav-transactions').click();
    await page.getByTestId('tx-row-PD-0099999'.replace('0099999', String(count - 1).padStart(7, '0'))).waitFor();
    paydesk.push(performance.now() - t0);

    // Filtering: type a search, and choose a state, until the list shows the answer.
    t0 = performance.now();
    await page.getByRole('searchbox').fill('PD-00042');
    await page.locator('[data-testid="tx-list"][data-total="100"]').waitFor();
    searchTimes.push(performance.now() - t0);
    await page.getByRole('searchbox').fill('');
    await page.locator(`[data-testid="tx-list"][data-total="${count}"]`).waitFor();
    t0 = performance.now();
    await page.getByLabel('State').selectOption('refunded');
    await page.locator(`[data-testid="tx-list"][data-total="${Math.floor(count / 5)}"]`).waitFor();
    filterTimes.push(performance.now() - t0);
    preview.child.kill();
    await context.close();

    const bareContext = await browser.newContext();
    const barePage = await bareContext.newPage();
    t0 = performance.now();
    const server = await startAndWaitForUrl([bareServer]);
    await barePage.goto(server.url);
    await barePage.locator('#ready').waitFor();
    bare.push(performance.now() - t0);
    server.child.kill();
    await bareContext.close();
  }
  await browser.close();

  const assets = join('dist', 'renderer', 'assets');
  const js = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const bytes = js.reduce((sum, f) => sum + statSync(join(assets, f)).size, 0);
  const gzip = js.reduce((sum, f) => sum + gzipSync(readFileSync(join(assets, f))).length, 0);
  const f = (ms: number) => `${Math.round(ms)} ms`;
  console.log(`cold start to interactive list, median of ${runs}: Paydesk ${f(median(paydesk))} (${count} payments) vs bare Vite React page ${f(median(bare))} (ratio ${(median(paydesk) / median(bare)).toFixed(2)})`);
  console.log(`filter the list, median: search "PD-00042" ${f(median(searchTimes))}; state = refunded ${f(median(filterTimes))}`);
  console.log(`initial JavaScript: ${js.length} file(s), ${(bytes / 1024).toFixed(0)} KiB (${(gzip / 1024).toFixed(0)} KiB gzip)`);
  rmSync(work, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  rmSync(work, { recursive: true, force: true });
  process.exit(1);
});
