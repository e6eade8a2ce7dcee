// page.screenshot, taken once more when Chromium's capture stalls while the page itself still
// draws. Seen once: the fresh-clone CI run of 573184c3 (2026-11-30), axe-every-screen's whole-page
// shot of the link result in Arabic at 1280 px waited its 30 s after "fonts loaded" in Playwright's
// call log: what follows that line is one read of the page's size in the page and CDP's
// Page.captureScreenshot (captureBeyondViewport: Chromium redraws the page at its whole height and
// copies that frame). Not reproduced here (docs/testing.md, "A whole-page screenshot that stalled").
// A page that stopped drawing is a defect a person would see: that fails here, saying so; a capture
// that stalls on a page that draws is Chromium's, and only the picture for a person to look at waits.
import { errors, type Page, type PageScreenshotOptions } from 'playwright-core';

/** How long the page may take to draw two frames once the capture stalled. */
const drawLimitMs = 5_000;

export async function screenshotOnceMore(page: Page, options: PageScreenshotOptions & { path: string }, warn: (line: string) => void = console.warn): Promise<void> {
  const budget = options.timeout || 30_000; // Playwright's own default
  const started = Date.now();
  const firstTry = Math.round(budget / 2);
  // No CSS animation or transition is caught half way, no caret blinks: the picture is of the page at rest.
  const shot = (timeout: number) => page.screenshot({ animations: 'disabled', caret: 'hide', ...options, timeout });
  try {
    await shot(firstTry);
  } catch (error) {
    if (!(error instanceof errors.TimeoutError)) throw error;
    const drawn = await twoFrames(page);
    if (drawn === undefined) throw new Error(`${options.path}: the page drew no frame in ${drawLimitMs / 1000} s once its screenshot had waited ${firstTry} ms: the page is stuck, not the capture.\n${error.message}`);
    warn(`[screenshot] ${options.path}: the capture waited ${firstTry} ms (${lastStep(error)}) while the page drew two frames in ${drawn} ms after: taken once more`);
    await shot(Math.max(budget - (Date.now() - started), drawLimitMs));
  }
}

/** Milliseconds the page took to draw two frames, or undefined if it did not within the limit. */
async function twoFrames(page: Page): Promise<number | undefined> {
  const frames = page.evaluate(() => new Promise<number>((drawn) => {
    const from = performance.now();
    requestAnimationFrame(() => requestAnimationFrame(() => drawn(Math.round(performance.now() - from))));
  }));
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<undefined>((resolve) => { timer = setTimeout(resolve, drawLimitMs, undefined); });
  try {
    return await Promise.race([frames.catch(() => undefined), limit]);
  } finally {
    clearTimeout(timer);
  }
}

/** The last line of Playwright's call log in a timeout's message: where the capture was waiting. */
const lastStep = (error: Error) => error.message.split('\n').map((line) => line.trim()).filter((line) => line.startsWith('- ')).at(-1)?.slice(2) ?? 'no call log';
