// A finance clerk with low vision runs Paydesk zoomed to 200% on a 1366 × 768 laptop: the page
// has 683 × 384 CSS pixels (walk20, docs/screens-walks.md). On a seeded ledger, in Chromium through
// the preview, in English and Arabic:
// - a payment found by customer name from Home lands with the keyboard's first row in the window
//   (it was brought just above the bottom edge, then the totals above the list took a second line
//   and pushed it under);
// - ↓ in the list brings the keyboard's row into the window when the list is partly below it (the
//   row moved under the edge while the page stood still);
// - with the text spacing a reader may impose (WCAG 1.4.12), no row's date or amount is cut (the
//   date lost its last digit: "31/10/202", and "(SAR 482.71 refunded)" its end);
// - with Chromium's text size raised to 32 px instead (1366 × 768 at 100%), the navigation goes above
//   the screen as it does at 683 px (the window's breakpoints were in px: it kept 370 px at the side).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLedgerDb } from '../../main/ledger/database';
import { seedLedger } from '../../scripts/seed-ledger';
import { openSession, type E2eSession } from './support/session';
import { AppPage } from './pages/app-page';

/** Where the keyboard's row is against the window: under the sticky header and above the bottom edge. */
const keyboardRowInWindow = (page: E2eSession['page']) => page.evaluate(() => {
  const grid = document.querySelector('[data-testid="tx-list"]');
  const row = document.getElementById(grid?.getAttribute('aria-activedescendant') ?? '');
  const header = document.querySelector('.app-header')!.getBoundingClientRect();
  if (!row || document.activeElement !== grid) return { inView: false, why: 'no keyboard row' };
  const box = row.getBoundingClientRect();
  return { inView: box.top >= header.bottom - 1 && box.bottom <= window.innerHeight + 1, why: `${Math.round(box.top)}–${Math.round(box.bottom)} of ${Math.round(header.bottom)}–${window.innerHeight}` };
});

describe('zoomed to 200% on a 1366 × 768 laptop', () => {
  let session: E2eSession;
  let app: AppPage;
  let dataDir: string;
  let customer: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'paydesk-e2e-zoomed-'));
    const db = openLedgerDb(dataDir);
    const now = new Date();
    seedLedger(db, { payments: 600, seed: 20, start: new Date(now.getTime() - 90 * 86_400_000), end: now });
    db.exec('UPDATE ledger_operations SET outcome = 2 WHERE outcome IN (0, 3)'); // none in flight: reconciliation stays away
    // The customer with payments in the most currencies: the list's totals take more than one line.
    customer = db.prepare('SELECT customer_name FROM payments WHERE customer_name IS NOT NULL GROUP BY customer_name ORDER BY count(DISTINCT currency) DESC, count(*) DESC LIMIT 1').pluck().get() as string;
    db.close();
    session = await openSession({ dataDir });
    app = new AppPage(session.page);
    await session.page.setViewportSize({ width: 683, height: 384 });
    await app.open(session.preview.url);
  });
  afterAll(async () => {
    await session?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  for (const language of ['en', 'ar'] as const) {
    it(`finds a payment by name from Home with the keyboard's row in the window, and keeps it there on ↓ (${language})`, async () => {
      const { page } = session;
      await app.chooseLanguage(language);
      await page.keyboard.press('Alt+1');
      await page.getByTestId('home-find').waitFor();
      await page.keyboard.press('/');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('home-find');
      await page.keyboard.type(customer);
      await page.keyboard.press('Enter');
      await page.getByTestId('tx-totals-line').waitFor();
      await expect.poll(() => keyboardRowInWindow(page)).toMatchObject({ inView: true });
      await session.screenshot(`zoomed-200-found-${language}`);

      // The list partly under the window's bottom edge (the page scrolled back up), the keyboard on it.
      await page.evaluate(() => {
        const grid = document.querySelector<HTMLElement>('[data-testid="tx-list"]')!;
        window.scrollBy(0, grid.getBoundingClientRect().top + 60 - window.innerHeight);
      });
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => keyboardRowInWindow(page)).toMatchObject({ inView: true });
    });

    it(`cuts no row's date or amount with WCAG 1.4.12's text spacing (${language})`, async () => {
      const { page } = session;
      await app.chooseLanguage(language);
      await page.keyboard.press('Alt+5');
      await page.getByTestId('clear-filters').click();
      await page.locator('.tx-rows .date-cell').first().waitFor();
      // A reader's own style sheet (CSSOM: the page's CSP refuses a <style> element, not this).
      await page.evaluate(() => {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync('* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-block-end: 2em !important; }');
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      });
      const cut = await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.tx-rows [role="row"] > .date-cell, .tx-rows [role="row"] > .num')]
        .filter((cell) => cell.scrollWidth > cell.clientWidth + 0.5).map((cell) => cell.textContent));
      await session.screenshot(`zoomed-200-text-spacing-${language}`);
      await page.evaluate(() => void (document.adoptedStyleSheets = []));
      expect(cut).toEqual([]);
    });
  }

  it('puts the navigation above the screen when the text size is doubled instead of the zoom', async () => {
    const { page } = session;
    const cdp = await page.context().newCDPSession(page);
    try {
      await page.setViewportSize({ width: 1366, height: 768 });
      await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
      await page.keyboard.press('Alt+5');
      await page.getByTestId('tx-list').waitFor();
      await expect.poll(() => page.evaluate(() => document.querySelector('.app-nav')!.getBoundingClientRect().bottom <= document.querySelector('main')!.getBoundingClientRect().top)).toBe(true);
      await session.screenshot('text-size-32');
    } finally {
      await cdp.send('Page.setFontSizes', { fontSizes: { standard: 16, fixed: 13 } });
      await cdp.detach();
      await page.setViewportSize({ width: 683, height: 384 });
    }
  });
});
