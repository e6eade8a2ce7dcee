// Notifications at 800 px lay over what they came about: the list's rows, Needs attention's row
// buttons, a form's buttons, the check-up in Settings. They now keep to a column of their own at
// the inline end (the left in Arabic), stacked from the bottom, and the screen leaves that column
// free while one is shown: nothing a person reads or presses is under them, at any scroll, in
// English or Arabic. In Chromium through the preview; three refunds whose answers were lost make
// three notifications (the status answers held back, so they stay).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { join } from 'node:path';
import { artifactsDir, openSession, type E2eSession } from './support/session';
import { AppPage } from './pages/app-page';
import { TransactionsPage } from './pages/transactions-page';
import { callApi, practiceControl } from './support/practice-control';
import { approvedCard } from './support/test-card';

const customer = { name: 'Huda Al-Qahtani', email: 'huda@example.com', phone: '+966500000061' };

/** What of the screen lies under a notification, at the top, middle and bottom of the page. */
function covered(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const found = new Set<string>();
    // Each notification as drawn: a pile taller than its column scrolls inside it, cut at its edges.
    const column = document.querySelector('[data-testid="notifications"]')!.getBoundingClientRect();
    const notes = [...document.querySelectorAll('[data-testid="notifications"] .notification')].map((n) => n.getBoundingClientRect())
      .map((n) => ({ left: n.left, right: n.right, top: Math.max(n.top, column.top), bottom: Math.min(n.bottom, column.bottom) }));
    const root = document.scrollingElement!;
    for (const top of [0, (root.scrollHeight - root.clientHeight) / 2, root.scrollHeight]) {
      root.scrollTop = top;
      await new Promise(requestAnimationFrame);
      for (const element of document.querySelectorAll('#main button, #main a[href], #main input, #main select, #main summary, #main [role="gridcell"], #main td, .app-nav button, .app-header select')) {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.bottom <= 0 || box.top >= innerHeight) continue;
        const under = notes.some((n) => box.left < n.right - 0.5 && box.right > n.left + 0.5 && box.top < n.bottom - 0.5 && box.bottom > n.top + 0.5);
        if (under) found.add(`${element.tagName.toLowerCase()} "${(element.textContent || element.getAttribute('aria-label') || element.id).trim().slice(0, 40)}"`);
      }
    }
    root.scrollTop = 0;
    return [...found];
  });
}

describe('notifications at 800 px', () => {
  let session: E2eSession;

  beforeAll(async () => {
    session = await openSession();
    await session.page.setViewportSize({ width: 800, height: 700 });
    await new AppPage(session.page).open(session.preview.url);
    await callApi(session.page, 'chargeCard', { orderId: 'NOTE-DIALOG', amount: '90.00', currency: 'SAR', card: approvedCard('HUDA AL-QAHTANI'), customer, authOnly: false });
    const practice = await practiceControl(session.page, session.preview.dataDir);
    await practice.fault('status', { failure: 'http_500' }); // no status answer settles them while the test looks
    for (const n of [1, 2, 3]) {
      const { payment } = await callApi<{ payment: { id: string } }>(session.page, 'chargeCard', { orderId: `NOTE-PLACE-${n}`, amount: '120.00', currency: 'SAR', card: approvedCard('HUDA AL-QAHTANI'), customer, authOnly: false });
      await practice.fault('refund', { failure: 'reset_after_processing', times: 1 });
      await callApi(session.page, 'refundPayment', { paymentId: payment.id, amount: '20.00', currency: 'SAR', reason: 'Returned' }).catch(() => undefined);
    }
    await session.page.getByTestId('notifications').locator('.notification').nth(2).waitFor({ state: 'attached' });
  });
  afterAll(() => session?.close());

  it.each(['en', 'ar'] as const)('leave every row, button and field of the list, Needs attention, a form and Settings in view (%s)', async (language) => {
    const page = session.page;
    await new AppPage(page).chooseLanguage(language);
    const found: Record<string, string[]> = {};
    const drawn = { transactions: 'transactions-screen', attention: 'attention-NOTE-PLACE-3', checkout: 'checkout-form', settings: 'profile-list' };
    for (const [key, screen] of [['5', 'transactions'], ['6', 'attention'], ['3', 'checkout'], ['9', 'settings']] as const) {
      await page.keyboard.press(`Alt+${key}`);
      await page.getByTestId(drawn[screen]).waitFor();
      if (screen === 'settings') await page.getByRole('button', { name: language === 'en' ? 'Run check-up' : 'تشغيل الفحص' }).first().waitFor();
      found[screen] = await covered(page);
      await page.screenshot({ path: join(artifactsDir, `notifications-800-${screen}-${language}.png`) }); // the window as seen: the notifications fixed in it
    }
    expect(found).toEqual({ transactions: [], attention: [], checkout: [], settings: [] });
    // The column is at the inline end: the right in English, the left in Arabic.
    const column = await page.getByTestId('notifications').boundingBox();
    if (language === 'en') expect(column!.x + column!.width).toBeGreaterThan(700);
    else expect(column!.x).toBeLessThan(100);
  });

  // A refund's dialog opened while they show: at 800 px the column lay over its fields' ends. A
  // dialog is modal: it is on top and whole; the notes stay in the log and are pressed once it closes.
  it.each(['en', 'ar'] as const)('leave a dialog on top and whole, at 800 and 1100 px, their Dismiss pressable after it closes (%s)', async (language) => {
    const page = session.page;
    const tx = new TransactionsPage(page);
    await tx.chooseLanguage(language);
    const hidden: Record<number, string[]> = {};
    for (const width of [800, 1100]) {
      await page.setViewportSize({ width, height: 700 });
      await tx.show();
      await tx.openPayment('NOTE-DIALOG');
      await tx.startAction('refund');
      hidden[width] = await page.evaluate(() => {
        const dialog = document.querySelector('[data-testid="action-dialog"]')!;
        const found: string[] = [];
        for (const element of dialog.querySelectorAll('button, input, select, textarea, h2')) {
          const box = element.getBoundingClientRect();
          // Its four corners, inside a rounded button's curve.
          for (const [x, y] of [[box.left + 4, box.top + 4], [box.right - 4, box.top + 4], [box.left + 4, box.bottom - 4], [box.right - 4, box.bottom - 4]]) {
            if (!element.contains(document.elementFromPoint(x!, y!))) found.push(`${element.tagName.toLowerCase()} "${(element.textContent || element.id).trim().slice(0, 30)}"`);
          }
        }
        return [...new Set(found)];
      });
      await page.screenshot({ path: join(artifactsDir, `notifications-dialog-${width}-${language}.png`) });
      await page.keyboard.press('Escape');
      await tx.dialog.waitFor({ state: 'detached' });
    }
    expect(hidden).toEqual({ 800: [], 1100: [] });
    expect(await page.getByTestId('notifications').locator('.notification').count()).toBe(3);
    await page.getByTestId('notifications').getByRole('button').first().click({ trial: true }); // nothing over it: a person can press it
  });

  // "NOTE-PLACE-1" broke at its hyphens in a notification's words ("NOTE-" / "PLACE-1") and in Needs
  // attention's narrowed rows: one unit on one line, cut at its end if longer, whole in its title.
  it.each(['en', 'ar'] as const)('keep each order id on one line in their words and in Needs attention beside them (%s)', async (language) => {
    const page = session.page;
    await new AppPage(page).chooseLanguage(language);
    await page.setViewportSize({ width: 800, height: 700 });
    await page.keyboard.press('Alt+6');
    await page.getByTestId('attention-NOTE-PLACE-3').waitFor();
    const lines = (selector: string) => page.evaluate((css) => [...document.querySelectorAll(css)].map((id) => {
      const high = id.getBoundingClientRect().height / parseFloat(getComputedStyle(id).fontSize);
      return `${id.getAttribute('title')}: ${high < 2 ? 'one line' : 'broken'}`;
    }).sort(), selector);
    const one = ['NOTE-PLACE-1: one line', 'NOTE-PLACE-2: one line', 'NOTE-PLACE-3: one line'];
    expect(await lines('[data-testid="notifications"] bdi[title^="NOTE-PLACE"]')).toEqual(one);
    expect(await lines('.attention-table .order-cell bdi[title^="NOTE-PLACE"]')).toEqual(one);
    await page.screenshot({ path: join(artifactsDir, `notifications-ids-800-${language}.png`) });
  });
});
