// A dialog fits the window however short it is, in Chromium with the page's real CSS: at 600 × 500
// px a refund dialog with every line it can show at once (production's box and its message, the
// amount's message, main's refusal, the credit note and the "still waiting" line) keeps its title
// and its Send and Dismiss in view, and what is between them scrolls. Before, the dialog grew
// past the window (at 700 px too) and its buttons were off screen, out of reach of the mouse.
// A practice payment has no production box or credit note: those lines are added to the real
// dialog with production's and the invoice's own words and classes (the box's rendering itself:
// test/dom/action-production-enter.test.tsx). English and Arabic.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import type { Locator } from 'playwright-core';
import { practiceControl } from './support/practice-control';
import { TransactionsPage } from './pages/transactions-page';
import { cardSale } from './support/test-card';
import { en } from '../../renderer/src/i18n/en';
import { ar } from '../../renderer/src/i18n/ar';
import { reasonTexts } from '../../contract/reasons';
import { reasonsAr } from '../../contract/reasons-ar';

const orderId = 'SHOPIFY_ORDER_20261129_000000000000001234567890_BRANCH_KHOBAR';
const unclearId = 'SHOPIFY_ORDER_20261129_000000000000001234567890_BRANCH_TABUK';
const customer = { name: 'عبد الرحمن بن عبد العزيز القحطاني', email: 'abdulrahman@example.com', phone: '+966500000055' };

/** The lines a production refund of an invoiced link can show at once, worded as the app words them. */
function tallestLines(language: 'en' | 'ar') {
  const words = language === 'en' ? en : ar;
  const refused = (language === 'en' ? reasonTexts : reasonsAr)['gateway.operationRefused'].replace('{operation}', language === 'en' ? 'refund' : 'الاسترداد');
  return {
    live: words['action.liveConfirm'].replace('{name}', 'Riyadh live'),
    liveNeeded: words['action.liveConfirmNeeded'],
    refused,
    creditNote: words['action.creditNote'].replace('{number}', 'INV-2026-000042'),
    waiting: words['action.waiting'],
  };
}

describe('a dialog in a 600 × 500 px window', () => {
  let session: E2eSession;
  let tx: TransactionsPage;
  let practice: Awaited<ReturnType<typeof practiceControl>>;

  beforeAll(async () => {
    session = await openSession();
    tx = new TransactionsPage(session.page);
    await tx.open(session.preview.url);
    await cardSale(session.page, { orderId, amount: '1250.00', currency: 'SAR', holder: 'ABDULRAHMAN QAHTANI', customer });
    await cardSale(session.page, { orderId: unclearId, amount: '300.00', currency: 'SAR', holder: 'ABDULRAHMAN QAHTANI', customer });
    practice = await practiceControl(session.page, session.preview.dataDir);
    await session.page.setViewportSize({ width: 600, height: 500 });
  });
  // A dialog left open by a failed check would cover the next test's language picker.
  afterEach(async () => {
    if (!(await tx.dialog.count())) return;
    await session.page.keyboard.press('Escape');
    await tx.dialog.waitFor({ state: 'detached' });
  });
  afterAll(async () => {
    await practice?.fault('status', null);
    await session?.page.setViewportSize({ width: 1280, height: 800 });
    await session?.close();
  });

  /** Where the title, Send and Dismiss are: inside the window, and each the thing a click there reaches. */
  const reach = (which: Locator = tx.dialog) => which.evaluate((dialog) => {
    const inWindow = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
    };
    const clickable = (el: Element) => {
      const box = el.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== null && el.contains(hit);
    };
    const buttons = [...dialog.querySelectorAll('.form-actions button')];
    const [title, send, dismiss] = [dialog.querySelector('h2')!, buttons[0]!, buttons.at(-1)!];
    return { title: inWindow(title), send: inWindow(send) && clickable(send), dismiss: inWindow(dismiss) && clickable(dismiss), dialog: inWindow(dialog) };
  });

  for (const language of ['en', 'ar'] as const) {
    it(`keeps a refund dialog's title and buttons in view and scrolls its body, with all its lines, in ${language}`, async () => {
      await tx.chooseLanguage(language);
      await tx.show();
      await tx.openPayment(orderId);
      await tx.startAction('refund');
      // The amount's own message: more than is left.
      await session.page.locator('#action-amount').fill('9999');
      await session.page.locator('#action-amount').locator('xpath=ancestor::div[contains(@class,"field")][1]').locator('.field-error').waitFor();
      await tx.dialog.evaluate((dialog, lines) => {
        const line = (className: string, text: string, testId: string) => Object.assign(document.createElement('p'), { className, textContent: text, id: testId });
        const box = document.createElement('label');
        box.className = 'field-check live-check';
        box.append(Object.assign(document.createElement('input'), { type: 'checkbox' }), lines.live);
        dialog.querySelector('[data-testid="confirm-line"]')!.after(
          line('confirm-line', lines.creditNote, 'stand-in-credit-note'), box, line('field-error', lines.liveNeeded, 'stand-in-live-needed'),
          line('form-error', lines.refused, 'stand-in-refused'), line('confirm-line', lines.waiting, 'stand-in-waiting'),
        );
      }, tallestLines(language));
      await session.screenshot(`dialog-600x500-refund-${language}`);

      expect(await reach(), language).toEqual({ title: true, send: true, dismiss: true, dialog: true });
      // What is between them scrolls, down to the last line.
      const scrolled = await tx.dialog.evaluate((dialog) => {
        const body = dialog.querySelector('.dialog-body');
        if (!body) return { scrolls: false, lastLineShown: false };
        const scrolls = body.scrollHeight > body.clientHeight;
        body.scrollTop = body.scrollHeight;
        const [last, room] = [dialog.querySelector('#stand-in-waiting')!.getBoundingClientRect(), body.getBoundingClientRect()];
        return { scrolls, lastLineShown: last.top >= room.top && last.bottom <= room.bottom + 1 };
      });
      expect(scrolled, language).toEqual({ scrolls: true, lastLineShown: true });
      expect(await reach(), `${language}, scrolled`).toEqual({ title: true, send: true, dismiss: true, dialog: true });
      await session.screenshot(`dialog-600x500-refund-${language}-scrolled`);

      // Tab stays inside; the amount, reached by Tab, is scrolled into the body's view.
      for (let i = 0; i < 10; i++) await session.page.keyboard.press('Tab');
      expect(await session.page.evaluate(() => document.querySelector('[data-testid="action-dialog"]')?.contains(document.activeElement))).toBe(true);
      await session.page.locator('#action-amount').focus();
      expect(await session.page.locator('#action-amount').evaluate((field) => {
        const [box, room] = [field.getBoundingClientRect(), field.closest('.dialog-body')!.getBoundingClientRect()];
        return box.top >= room.top - 1 && box.bottom <= room.bottom + 1;
      })).toBe(true);

      // Dismiss, clicked where it is, closes it; the keyboard goes back to Refund.
      await tx.dialog.locator('.form-actions button').last().click();
      await tx.dialog.waitFor({ state: 'detached' });
      await expect.poll(() => session.page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('action-refund');
      // Escape still closes it.
      await tx.startAction('refund');
      await session.page.keyboard.press('Escape');
      await tx.dialog.waitFor({ state: 'detached' });
    });
  }
  for (const language of ['en', 'ar'] as const) {
    it(`at 200% on a 1366 × 768 laptop's window, Tab on to Send brings the line saying what it sends, to whom and where into view, in ${language}`, async () => {
      // Before, the body's scroll left it below the reason: Tab went amount, reason, Send (walk20). The
      // window's content under the taskbar, title and menu bars: about 680 px, 340 at 200%.
      await session.page.setViewportSize({ width: 683, height: 340 });
      try {
        await tx.chooseLanguage(language);
        await tx.show();
        await tx.openPayment(orderId);
        await tx.startAction('refund');
        await session.page.locator('#action-amount').fill('10');
        await session.page.keyboard.press('Tab');
        await session.page.keyboard.type('Damaged');
        // Scrolled back up to read whose payment it is (the facts at the body's top), then on to Send.
        await tx.dialog.locator('.dialog-body').evaluate((body) => (body.scrollTop = 0));
        await session.page.keyboard.press('Tab');
        expect(await session.page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('action-send');
        expect(await tx.dialog.locator('[data-testid="confirm-line"]').evaluate((line) => {
          const [box, room] = [line.getBoundingClientRect(), line.closest('.dialog-body')!.getBoundingClientRect()];
          return box.top >= room.top - 1 && box.bottom <= room.bottom + 1;
        }), language).toBe(true);
        await session.screenshot(`dialog-683x340-refund-send-${language}`);
      } finally {
        await session.page.setViewportSize({ width: 600, height: 500 });
      }
    });
  }

  it('keeps the "Outcome unknown" dialog\'s and the settle dialog\'s title and buttons in view, with a failed check\'s error (settling in English and Arabic)', async () => {
    // A refund whose answer is lost, and status checks that fail: the dialog turns into "Outcome unknown".
    await practice.fault('refund', { failure: 'reset_after_processing', times: 1 });
    await practice.fault('status', { failure: 'http_500' });
    await tx.chooseLanguage('en');
    await tx.show();
    await tx.openPayment(unclearId);
    await tx.startAction('refund');
    await tx.fillAmount('30');
    await tx.dialog.getByLabel(/^Reason/).fill('Customer asked');
    await tx.sendButton.click();
    await session.page.getByTestId('outcome-unknown').waitFor();
    await session.page.getByTestId('check-status').click();
    await tx.dialog.locator('.form-error[role="alert"]').waitFor();
    expect(await reach(), 'outcome unknown').toEqual({ title: true, send: true, dismiss: true, dialog: true });
    await session.screenshot('dialog-600x500-outcome-unknown-en');
    await tx.dialog.locator('.form-actions button').last().click();
    await tx.dialog.waitFor({ state: 'detached' });

    // A check that cannot decide it leaves it to a person: settling by hand, its own dialog.
    await practice.fault('status', null);
    await session.page.getByTestId('action-status').click();
    await session.page.getByTestId('action-settle').waitFor();
    for (const language of ['en', 'ar'] as const) {
      await tx.chooseLanguage(language);
      await session.page.getByTestId('action-settle').click();
      const settle = session.page.getByTestId('settle-dialog');
      await settle.waitFor();
      expect(await reach(settle), `settle, ${language}`).toEqual({ title: true, send: true, dismiss: true, dialog: true });
      await session.screenshot(`dialog-600x500-settle-${language}`);
      await settle.locator('.form-actions button').last().click();
      await settle.waitFor({ state: 'detached' });
    }
  });
});
