// One preview, one Chromium and one page per test file, with screenshots kept as artifacts, and
// a failed test's page kept too (failures below).
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterEach } from 'vitest';
import { launchChromiumForTest } from './chromium-crash';
import { failureName } from './failure-name';
import { screenshotOnceMore } from './page-shot';
import { startPreview, type RunningPreview } from './preview';

export const artifactsDir = join('test-results', 'screenshots');
export const failuresDir = join('test-results', 'failures');

export type E2eSession = {
  preview: RunningPreview;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  consoleLines: string[];
  /**
   * A customer's page (the practice gateway's payment page) in a browser context of its own: the
   * customer's own browser, in a window of its own. With a second tab in the app's window, the
   * app's page was the hidden tab, and most clicks on it waited about 2 s in Playwright's
   * "visible, enabled and stable" check (invoices.test.ts took 74 s; with its own window, 20 s).
   */
  customerTab(): Promise<Page>;
  /** The whole page, or only the part `part` covers (a README's picture of one section). */
  screenshot(name: string, part?: Locator): Promise<string>;
  /**
   * The window as it is now, scrolled where the test left it: what is fixed to the window (the
   * notes' band over the rows, the navigation kept in view) drawn where a person sees it. Taken once
   * more if the capture stalls, as screenshot() is (page-shot.ts).
   */
  windowShot(name: string): Promise<string>;
  close(): Promise<void>;
};

/**
 * `dataDir`: a data folder prepared by the test (e.g. a seeded ledger), left for the test to remove.
 * `browser`: a Chromium the test launched (launchChromiumForTest) and closes itself, for a file that
 * restarts its preview several times (a laptop started again): the session gets a context of its
 * own in it, and close() closes that context, not the browser (a launch costs 0.5–2 s).
 */
export async function openSession(options: { env?: NodeJS.ProcessEnv; dataDir?: string; browser?: Browser } = {}): Promise<E2eSession> {
  const preview = await startPreview({ env: options.env, dataDir: options.dataDir });
  const browser = options.browser ?? await launchChromiumForTest();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const consoleLines: string[] = [];
  page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => consoleLines.push(`pageerror: ${error.message}`));
  mkdirSync(artifactsDir, { recursive: true });
  const session: E2eSession = {
    preview,
    browser,
    context,
    page,
    consoleLines,
    // The customer's own browser. Closed, its context goes too and the app's page is brought to the
    // front: a page left behind another window may get no animation frames, and Playwright's
    // "stable" check waits on them (CI, under load: money-from-ledger's next two clicks timed out).
    customerTab: async () => {
      const customer = await browser.newContext();
      const tab = await customer.newPage();
      tab.once('close', () => void customer.close().catch(() => undefined).then(() => page.bringToFront()).catch(() => undefined));
      return tab;
    },
    async screenshot(name, part) {
      const path = join(artifactsDir, `${name}.png`);
      await wholePageShot(page, path, undefined, part);
      return path;
    },
    async windowShot(name) {
      const path = join(artifactsDir, `${name}.png`);
      await screenshotOnceMore(page, { path });
      return path;
    },
    async close() {
      openSessions.delete(session);
      await (options.browser ? context.close() : browser.close());
      await preview.stop();
    },
  };
  openSessions.add(session);
  return session;
}

// A failed test leaves what its page showed: test-results/failures/<file> - <test>.png (a long
// title cut, with a hash: failure-name.ts; CI keeps
// test-results/), and beside it the page's address and its console's errors. The hook is
// registered for every test file that imports this module (each file has its own copy of it).
const openSessions = new Set<E2eSession>();

afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail' || openSessions.size === 0) return;
  mkdirSync(failuresDir, { recursive: true });
  const name = failureName(basename(task.file.name, '.test.ts'), task.name, task.fullName);
  let n = 0;
  for (const { page, consoleLines } of openSessions) {
    const path = join(failuresDir, `${name}${n++ ? `-${n}` : ''}`);
    const shot = await wholePageShot(page, `${path}.png`, 10_000).then(() => 'saved', (e: Error) => `not saved: ${e.message}`);
    const errors = consoleLines.filter((line) => line.startsWith('error') || line.startsWith('pageerror'));
    // The address without its per-launch token.
    writeFileSync(`${path}.txt`, [`test: ${task.fullName}`, `url: ${page.url().replace(/#token=[\w-]+/, '#token=…')}`, `screenshot: ${shot}`, `console errors (${errors.length}):`, ...errors, ''].join('\n'));
  }
});

/** Runs in the page: whether a modal dialog is shown over the window (in a fixed box that covers it), not over the page. */
function overWindow(): boolean {
  return [...document.querySelectorAll('[aria-modal="true"]')].some((dialog) => {
    for (let box = dialog.parentElement; box; box = box.parentElement) {
      if (getComputedStyle(box).position !== 'fixed') continue;
      const r = box.getBoundingClientRect();
      return r.top <= 0 && r.left <= 0 && r.right >= innerWidth && r.bottom >= innerHeight;
    }
    return false;
  });
}

/**
 * The whole page as a person would see it scrolled from its top (a modal dialog: the window): the header and the navigation are
 * sticky, and taken while the page was scrolled they were drawn half way down the picture. The
 * page's scroll is put back after, so a test goes on where it was. A part is cut from that
 * picture rather than taken with its own screenshot(), which scrolls it under the sticky header.
 */
async function wholePageShot(page: Page, path: string, timeout?: number, part?: Locator): Promise<void> {
  // A modal dialog's backdrop is fixed to the window (inset 0), which it covers at any scroll and
  // any window size: in a picture of the whole page it covered the first 800 px only, and the page
  // below it read as if it were not behind a dialog. Taken as the person sees it: the window, as
  // scrolled now.
  if (await page.evaluate(overWindow)) {
    const clip = part ? await part.boundingBox() : null;
    if (part && !clip) throw new Error(`${path}: the part to take is not shown`);
    return void (await screenshotOnceMore(page, { path, timeout, ...(clip ? { clip } : {}) }));
  }
  // While notes show, the body scrolls the page in the window above their band (app.css,
  // html.notes-shown): a whole-page picture took the body's window only. For the picture the window
  // scrolls the page again, room kept at its end for the band drawn there (below); put back after.
  const bodyScrolled = await page.evaluate(() => {
    const root = document.documentElement;
    if (!root.classList.contains('notes-shown')) return undefined;
    const y = document.body.scrollTop;
    root.classList.remove('notes-shown');
    document.body.style.setProperty('padding-block-end', 'var(--notes-block-size, 0px)');
    return y;
  });
  const scrolled = await page.evaluate(() => window.scrollY);
  if (scrolled) await page.evaluate(() => window.scrollTo(0, 0));
  // The notes' band is fixed to the window's bottom: in a picture of the whole page it was drawn
  // where the window ended, over the rows there. Drawn at the page's end instead (the room the page
  // keeps for it), where a person scrolled to the end sees it; put back after.
  const bandMoved = await page.evaluate(() => {
    const band = document.querySelector<HTMLElement>('[data-testid="notifications"]');
    if (!band || band.childElementCount === 0 || getComputedStyle(band).position !== 'fixed') return false;
    const end = document.documentElement.scrollHeight - band.offsetHeight;
    band.style.setProperty('position', 'absolute');
    band.style.setProperty('inset-block', `${end}px auto`);
    return true;
  });
  // Parts kept undrawn until scrolled near (content-visibility: auto: Home's charts of a second
  // currency) were blank in the picture, where a person scrolling sees them drawn: drawn for it.
  const undrawn = await page.evaluate(() => {
    const skipped = [...document.querySelectorAll<HTMLElement>('main *')].filter((el) => getComputedStyle(el).contentVisibility === 'auto');
    for (const el of skipped) {
      el.dataset.shotDrawn = 'true';
      el.style.setProperty('content-visibility', 'visible');
    }
    return skipped.length > 0;
  });
  if (undrawn) await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
  try {
    // Scrolled to the top, where the part is on the page is where it is in the window.
    const clip = part ? await part.boundingBox() : null;
    if (part && !clip) throw new Error(`${path}: the part to take is not shown`);
    await screenshotOnceMore(page, { path, fullPage: true, timeout, ...(clip ? { clip } : {}) });
  } finally {
    if (bandMoved) await page.evaluate(() => {
      const band = document.querySelector<HTMLElement>('[data-testid="notifications"]');
      band?.style.removeProperty('position');
      band?.style.removeProperty('inset-block');
    });
    if (undrawn) await page.evaluate(() => {
      for (const el of document.querySelectorAll<HTMLElement>('[data-shot-drawn]')) {
        el.style.removeProperty('content-visibility');
        delete el.dataset.shotDrawn;
      }
    });
    if (scrolled) await page.evaluate((y) => window.scrollTo(0, y), scrolled);
    if (bodyScrolled !== undefined) await page.evaluate((y) => {
      document.body.style.removeProperty('padding-block-end');
      document.documentElement.classList.add('notes-shown');
      window.scrollTo(0, 0);
      document.body.scrollTop = y;
    }, bodyScrolled);
  }
}
