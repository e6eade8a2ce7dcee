// An error note stays until dismissed: it must cover nothing a person reads or presses. At 800 px
// the stack lay over the end of the Transactions list's rows (their amount and state, the row's
// end in both directions) and over a payment's detail. In Chromium through the preview.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSession, type E2eSession } from './support/session';
import { AppPage } from './pages/app-page';
import { TransactionsPage } from './pages/transactions-page';
import { callApi, refuseNextRefund } from './support/practice-control';
import { cardSale } from './support/test-card';

const customer = { name: 'Huda Al-Qahtani', email: 'huda@example.com', phone: '+966500000061' };
const paidSale = async (page: Page, orderId: string) => (await cardSale(page, { orderId, amount: '1234.50', currency: 'SAR', holder: 'HUDA AL-QAHTANI', customer })).id;

/**
 * What of `selector`'s elements shows its start but not its end: a note lying over it. A point is
 * seen when a click there lands on the element (nothing over it: a note, the sticky header, the
 * window's or its list's edge). Before, the note lay over the rows' amounts and states, their end
 * in both directions, while their dates and order ids showed. Named by their words.
 */
function halfCovered(page: Page, selector: string) {
  return page.evaluate((css) => {
    const rtl = document.documentElement.dir === 'rtl';
    const seen = (element: Element, x: number, y: number) => element.contains(document.elementFromPoint(x, y));
    const found: string[] = [];
    for (const element of document.querySelectorAll(css)) {
      const box = element.getBoundingClientRect();
      const y = box.top + box.height / 2;
      const [start, end] = rtl ? [box.right - 3, box.left + 3] : [box.left + 3, box.right - 3];
      if (box.width > 0 && seen(element, start, y) && !seen(element, end, y)) found.push((element.textContent ?? '').trim().slice(0, 40));
    }
    return found;
  }, selector);
}

/** The last row whose start shows, and whether its amount and state are clear of every note and pressable at their middle. */
function lastRowSeen(page: Page) {
  return page.evaluate(() => {
    const notes = [...document.querySelectorAll('[data-testid="notifications"] .notification')].map((n) => n.getBoundingClientRect());
    const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const pressable = (element: Element) => {
      const box = element.getBoundingClientRect();
      return element.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
    };
    const rows = [...document.querySelectorAll('[data-testid^="tx-row-"]')].filter((row) => pressable(row.querySelector('[role="gridcell"]')!));
    const row = rows.at(-1)!;
    const [amount, state] = [...row.querySelectorAll('[role="gridcell"]')].slice(3);
    return {
      orderId: row.getAttribute('data-testid')!.replace('tx-row-', ''),
      amountClear: !notes.some((n) => overlaps(n, amount!.getBoundingClientRect())) && pressable(amount!),
      stateClear: !notes.some((n) => overlaps(n, state!.getBoundingClientRect())) && pressable(state!),
    };
  });
}

/**
 * The page to its start or end: while notes show, the body scrolls it, in the window above their
 * band (app.css, html.notes-shown; test/e2e/notes-leave-room.test.ts), else the window.
 */
const scrollPage = (page: Page, where: 'start' | 'end') => page.evaluate((end) => {
  for (const scroller of [document.scrollingElement!, document.body]) scroller.scrollTop = end ? scroller.scrollHeight : 0;
}, where === 'end');

describe('an error note', () => {
  let session: E2eSession;
  const notes = () => session.page.getByTestId('notifications').locator('.notification');

  beforeAll(async () => {
    session = await openSession();
    await session.page.setViewportSize({ width: 800, height: 700 });
    await new AppPage(session.page).open(session.preview.url);
    for (let n = 1; n <= 24; n++) await paidSale(session.page, `COVER-${String(n).padStart(2, '0')}`);
    // A refund the gateway refuses: an error note, which stays until dismissed.
    const id = await paidSale(session.page, 'COVER-REFUSED');
    await refuseNextRefund(session.page, session.preview.dataDir);
    await callApi(session.page, 'refundPayment', { paymentId: id, amount: '20.00', currency: 'SAR', reason: 'Returned' }).catch(() => undefined);
    await notes().first().waitFor();
  });
  afterAll(() => session?.close());

  const rows = '[data-testid^="tx-row-"]';
  const detailParts = '[data-testid="payment-detail"] :is(button, a, dd, dt, h2, h3, li, p)';

  for (const language of ['en', 'ar'] as const) {
    it(`leaves the list's last row in view readable and pressable at 800 px, and its last rows scroll clear (${language})`, async () => {
      const page = session.page;
      const tx = new TransactionsPage(page);
      await page.setViewportSize({ width: 800, height: 700 });
      await tx.chooseLanguage(language);
      await tx.show();
      await tx.uncoverList();
      await scrollPage(page, 'start');
      await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="notifications"] .notification')].some((n) => n.getBoundingClientRect().width > 100));
      await session.windowShot(`notifications-over-list-800-${language}`);
      expect(await halfCovered(page, rows)).toEqual([]);
      const last = await lastRowSeen(page);
      expect(last).toEqual({ orderId: expect.stringMatching(/^COVER-/), amountClear: true, stateClear: true });
      // Scrolled to the page's end and the list's: its last row (the first sale) above the notes.
      await scrollPage(page, 'end');
      await tx.scrollToRow('COVER-01');
      await session.windowShot(`notifications-over-list-end-800-${language}`);
      expect(await halfCovered(page, rows)).toEqual([]);
      expect(await lastRowSeen(page)).toEqual({ orderId: 'COVER-01', amountClear: true, stateClear: true });
      // Pressed where its state is, it opens.
      await tx.row('COVER-01').locator('[role="gridcell"]').nth(4).click({ trial: true });
    });

    for (const width of [800, 1280]) {
      it(`leaves a payment's detail readable and pressable, at ${width} px (${language})`, async () => {
        const page = session.page;
        const tx = new TransactionsPage(page);
        await page.setViewportSize({ width, height: 700 });
        await tx.chooseLanguage(language);
        await tx.show();
        await tx.openPayment('COVER-01');
        await scrollPage(page, 'start');
        expect(await halfCovered(page, detailParts)).toEqual([]);
        await session.windowShot(`notifications-over-detail-${width}-${language}`);
        // At the page's end nothing of it is under the notes.
        await scrollPage(page, 'end');
        await session.windowShot(`notifications-over-detail-end-${width}-${language}`);
        const under = await page.evaluate((css) => {
          const band = document.querySelector('[data-testid="notifications"]')!.getBoundingClientRect();
          return [...document.querySelectorAll(css)].filter((e) => e.getBoundingClientRect().bottom > band.top).map((e) => (e.textContent ?? '').trim().slice(0, 40));
        }, detailParts);
        expect(under).toEqual([]);
        await tx.uncoverList();
      });
    }
  }
});
