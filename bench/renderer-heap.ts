// Benchmark: the renderer's JS heap while the transactions list is scrolled through every one
// of N payments, in Chromium over the preview. The heap is read after a forced garbage
// collection (CDP HeapProfiler.collectGarbage, then Runtime.getHeapUsage) at 0, 10,000, 50,000
// and N rows scrolled: it should stay flat (the list keeps ~1,000 rows either side of the view).
// Run: node scripts/build.mjs && node scripts/run-ts.mjs bench/renderer-heap.ts [payments]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { result, table } from './support';
import { launchChromium, orderId, seedSimpleLedger, startAndWaitForUrl, stop } from './ui-support';

const count = Number(process.argv[2] ?? 100_000);
const work = mkdtempSync(join(tmpdir(), 'paydesk-heapbench-'));
const rowHeight = 44; // renderer/src/features/transactions/payment-list.tsx
const step = 100; // one page of rows per scroll step

async function heapMiB(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize / 1024 / 1024;
}

/** Scrolls the list from row `from` to row `to`, a page at a time, each time until the row in view has its data. */
async function scrollRows(page: Page, from: number, to: number): Promise<void> {
  await page.evaluate(async ({ from, to, step, rowHeight }) => {
    const viewport = document.querySelector('.tx-table') as HTMLElement;
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let row = from; row <= to; row += step) {
      const target = Math.min(row, to);
      viewport.scrollTop = target * rowHeight;
      viewport.dispatchEvent(new Event('scroll'));
      const started = performance.now();
      while (!document.querySelector(`#tx-row-${target}[data-testid]`)) {
        if (performance.now() - started > 10_000) throw new Error(`row ${target} never loaded`);
        await frame();
      }
    }
  }, { from, to: Math.min(to, count - 1), step, rowHeight });
}

async function main() {
  const dataDir = join(work, 'data');
  const seeded = performance.now();
  seedSimpleLedger(dataDir, count);
  console.log(`seeded ${count} payments in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
  const browser = await launchChromium();
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const cdp = await page.context().newCDPSession(page);
  const preview = await startAndWaitForUrl(['dist/main/preview.cjs', '--port', '0', '--data-dir', dataDir]);
  await page.goto(preview.url);
  await page.getByTestId('nav-transactions').click();
  await page.getByTestId(`tx-row-${orderId(count - 1)}`).waitFor();

  const marks = [0, 10_000, 50_000, count].filter((m, i, all) => m <= count && all.indexOf(m) === i);
  const rows: string[][] = [];
  const heaps: number[] = [];
  let at = 0;
  const t0 = performance.now();
  for (const mark of marks) {
    if (mark > at) await scrollRows(page, at, mark);
    at = mark;
    const heap = await heapMiB(cdp);
    heaps.push(heap);
    rows.push([mark.toLocaleString('en'), heap.toFixed(1), (heap - heaps[0]!).toFixed(1)]);
  }
  console.log(`\nrenderer JS heap after a forced GC, scrolling the list through ${count.toLocaleString('en')} payments (${((performance.now() - t0) / 1000).toFixed(0)} s, a page of ${step} rows a step)`);
  table(['rows scrolled', 'heap MiB', 'vs start'], rows);
  result('renderer_heap_start', heaps[0]!, 'MiB');
  result('renderer_heap_growth', heaps.at(-1)! - heaps[0]!, 'MiB');
  // Bounded: once the row cache is full (by 10,000 rows), scrolling further adds nothing.
  result('renderer_heap_growth_after_10k', heaps.at(-1)! - heaps[Math.min(1, heaps.length - 1)]!, 'MiB');
  await stop(preview.child);
  await browser.close();
  rmSync(work, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  rmSync(work, { recursive: true, force: true });
  process.exit(1);
});
