// A payment's state as a reader needs it, in Chromium through the preview against the practice
// gateway: each state's badge on one line and whole ("Partly refunded" took two lines at 600 px),
// and the operation open on it (its answer lost: "refund unclear") whole beside it, not inside it
// ("Partly refunded · checking" was cut at the badge's column in one-line rows).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSession, type E2eSession } from './support/session';
import { callApi, practiceControl } from './support/practice-control';
import { TransactionsPage } from './pages/transactions-page';
import { cardSale, type CardSale } from './support/test-card';

type Payment = { id: string; orderId: string };
const customer = { name: 'Abdulrahman Al-Harbi', email: 'abdulrahman@example.com', phone: '+966500000012' };

/**
 * What is cut, wraps or spills out of its row among the states' badges and their open operation's
 * words: in the list, a payment's title, Needs attention. `sending`: the words of an operation being
 * sent, drawn in place of the first row's open operation for the measure (no row stays "being sent"
 * long enough to measure: the gateway answers).
 */
function misfits(page: Page, where: string, sending?: string): Promise<string[]> {
  return page.evaluate(([where, sending]) => {
    const problems: string[] = [];
    // The lines of its text: an inline-block inside (the title's id, cut at its own end) has a box whose top is not its text's.
    const lines = (element: Element) => {
      const tops = new Set<number>();
      const texts = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let text = texts.nextNode(); text; text = texts.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(text);
        for (const box of range.getClientRects()) if (box.width > 0) tops.add(Math.round(box.top));
      }
      return tops.size;
    };
    const inside = (inner: DOMRect, outer: DOMRect) => inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5 && inner.top >= outer.top - 0.5 && inner.bottom <= outer.bottom + 0.5;
    const check = (box: Element, element: Element | null, what: string) => {
      if (!element) return;
      const text = `${where}: ${what} "${element.textContent}"`;
      if (lines(element) !== 1) problems.push(`${text} takes ${lines(element)} lines`);
      if (!inside(element.getBoundingClientRect(), box.getBoundingClientRect())) problems.push(`${text} is outside its ${box.getAttribute('role') ?? 'box'}`);
    };
    // The room the badges take comes from the other columns: the page and the list never scroll
    // sideways, and each order id (Paydesk's, the longest it makes) and amount is whole.
    const root = document.scrollingElement!;
    if (root.scrollWidth > root.clientWidth) problems.push(`${where}: the page scrolls sideways`);
    const list = document.querySelector('.tx-table');
    if (list && getComputedStyle(list).visibility === 'visible' && list.scrollWidth > list.clientWidth) problems.push(`${where}: the list scrolls sideways`);
    for (const row of document.querySelectorAll('.tx-table .tx-row:not(.tx-head)')) {
      const cells = row.querySelectorAll('[role="gridcell"]');
      for (const other of [cells[1], cells[3]]) if (other && other.scrollWidth > other.clientWidth) problems.push(`${where}: "${other.textContent}" is cut`);
      const cell = cells[4];
      if (!cell) continue;
      if (cell.scrollWidth > cell.clientWidth) problems.push(`${where}: "${cell.textContent}" is cut`);
      for (const [element, what] of [[cell.querySelector('.state-badge'), 'the badge'], [cell.querySelector('.in-flight'), 'the open operation']] as const) {
        check(cell, element, what);
        check(row, element, what);
      }
    }
    const open = document.querySelector('.tx-table .tx-row:not(.tx-head) .in-flight');
    if (sending && open instanceof HTMLElement) {
      const probe = open.cloneNode() as HTMLElement;
      probe.textContent = sending;
      open.style.display = 'none';
      open.after(probe);
      const cell = open.closest('[role="gridcell"]')!;
      if (cell.scrollWidth > cell.clientWidth) problems.push(`${where}: "${sending}" is cut`);
      check(cell, probe, 'the operation being sent');
      check(cell.closest('.tx-row')!, probe, 'the operation being sent');
      probe.remove();
      open.style.display = '';
    }
    for (const cell of document.querySelectorAll('.attention-table td:has(.state-badge)')) {
      check(cell, cell.querySelector('.state-badge'), 'the badge');
      check(cell, cell.querySelector('.in-flight'), 'the open operation');
    }
    const head = document.querySelector('.detail-head');
    if (head) {
      const title = head.querySelector('h2')!;
      if (lines(title) !== 1 || title.scrollWidth > title.clientWidth) problems.push(`${where}: the payment's title "${title.textContent}" is not whole on one line`);
      check(head, head.querySelector('.state-badge'), 'the detail\'s badge');
      check(head, head.querySelector('.in-flight'), 'the detail\'s open operation');
    }
    return problems;
  }, [where, sending] as const);
}

describe('state badges', () => {
  let session: E2eSession;
  let tx: TransactionsPage;
  let practice: Awaited<ReturnType<typeof practiceControl>>;
  const sale = (amount: string, extra: Partial<CardSale> = {}) => cardSale<Payment>(session.page, { amount, currency: 'SAR', holder: 'ABDULRAHMAN AL-HARBI', customer, ...extra });
  /** An operation sent whose answer is lost on the way back, its status unanswered: it stays unclear. */
  const unanswered = async (operation: 'refund' | 'capture' | 'void', input: Record<string, unknown>) => {
    await practice.fault(operation, { failure: 'reset_after_processing', times: 1 });
    await callApi(session.page, `${operation}Payment`, input).catch(() => undefined); // the outcome unknown: no answer to read
  };

  beforeAll(async () => {
    session = await openSession();
    tx = new TransactionsPage(session.page);
    await tx.open(session.preview.url);
    practice = await practiceControl(session.page, session.preview.dataDir);
  });
  afterAll(() => session?.close());

  it('shows each state\'s badge on one line and whole, the open operation ("refund unclear") whole beside it (under it in the list\'s rows), in English and Arabic at 600, 800, 900, 1280 and 1600 px, a payment\'s title whole on one line beside the list, and Needs attention at 600 px', async () => {
    const page = session.page;
    await practice.fault('status', { failure: 'http_500' }); // no status answer settles the operations below while the test looks
    try {
      const refunded = await sale('12345.67');
      await callApi(page, 'refundPayment', { paymentId: refunded.id, amount: '1234.56', currency: 'SAR', reason: 'Part returned' });
      const refunding = await sale('500.00');
      await callApi(page, 'refundPayment', { paymentId: refunding.id, amount: '100.00', currency: 'SAR', reason: 'Part returned' });
      await unanswered('refund', { paymentId: refunding.id, amount: '50.00', currency: 'SAR', reason: 'Part returned' });
      const capturing = await sale('300.00', { authOnly: true });
      await callApi(page, 'capturePayment', { paymentId: capturing.id, amount: '100.00', currency: 'SAR' });
      await unanswered('capture', { paymentId: capturing.id, amount: '50.00', currency: 'SAR' });
      const voiding = await sale('75.00', { authOnly: true }); // "void unclear": in Arabic «إلغاء تفويض غير مؤكد», the longest open operation's words
      await unanswered('void', { paymentId: voiding.id });
      const verifying = await sale('50.00', { card: 'challenge' }); // "Awaiting verification", the longest state word
      const words = {
        en: { partlyRefunded: 'Partly refunded', partlyCaptured: 'Partly captured', verifying: 'Awaiting verification', refundUnclear: 'refund unclear', captureUnclear: 'capture unclear', voidUnclear: 'void unclear', longestSending: 'payment being sent', longestLeftOpen: 'payment left open' },
        ar: { partlyRefunded: 'مستردة جزئيًا', partlyCaptured: 'محصَّلة جزئيًا', verifying: 'بانتظار التحقق', refundUnclear: 'استرداد غير مؤكد', captureUnclear: 'تحصيل غير مؤكد', voidUnclear: 'إلغاء تفويض غير مؤكد', longestSending: 'جارٍ إرسال إلغاء التفويض', longestLeftOpen: 'إلغاء تفويض معلَّق بلا رد' },
      };
      // The three answers lost are told in notifications, which lie over the list's state column: dismissed, so the screenshots show it.
      const dismiss = page.getByTestId('notifications').getByRole('button');
      await dismiss.nth(2).waitFor();
      while (await dismiss.count()) await dismiss.first().click();
      const found: string[] = [];
      for (const language of ['en', 'ar'] as const) {
        await tx.chooseLanguage(language);
        const said = words[language];
        for (const width of [600, 785, 900, 1280, 1600]) { // 785: an 800 px window less its scroll bar
          await page.setViewportSize({ width, height: 800 });
          await tx.show();
          if (await tx.detail.count()) await tx.detail.locator('.close').click();
          await tx.row(verifying.orderId).waitFor();
          found.push(...(await misfits(page, `${language} ${width}`, said.longestSending)));
          // And a send left open past two minutes (left-open.ts), drawn so in the same place.
          found.push(...(await misfits(page, `${language} ${width}`, said.longestLeftOpen)));
          // The words, each where it belongs (soft: the measures above are told too when one is not).
          const badge = (p: Payment) => tx.row(p.orderId).locator('.state-badge');
          expect.soft(await badge(refunded).textContent()).toBe(said.partlyRefunded);
          expect.soft(await tx.row(refunded.orderId).locator('.in-flight').allTextContents()).toEqual([]);
          expect.soft(await badge(refunding).textContent()).toBe(said.partlyRefunded);
          expect.soft(await tx.row(refunding.orderId).locator('.in-flight').allTextContents()).toEqual([said.refundUnclear]);
          expect.soft(await badge(capturing).textContent()).toBe(said.partlyCaptured);
          expect.soft(await tx.row(capturing.orderId).locator('.in-flight').allTextContents()).toEqual([said.captureUnclear]);
          expect.soft(await tx.row(voiding.orderId).locator('.in-flight').allTextContents()).toEqual([said.voidUnclear]);
          expect.soft(await badge(verifying).textContent()).toBe(said.verifying);
        }
        // Beside the list (1024 and 1280 px) the detail is narrowest: its title and badge whole there too.
        for (const width of [1024, 1280]) {
          await page.setViewportSize({ width, height: 800 });
          await tx.openPayment(refunding.orderId);
          found.push(...(await misfits(page, `${language} ${width}, the payment open`)));
          await session.screenshot(`state-badges-detail-${language}-${width}`);
          await tx.detail.locator('.close').click();
        }
        await page.setViewportSize({ width: 785, height: 800 });
        await session.screenshot(`state-badges-list-${language}-800`);
        await page.setViewportSize({ width: 600, height: 800 });
        await session.screenshot(`state-badges-list-${language}-600`);
      }
      // Needs attention: the refund no status answer can decide (100.00 refunded before it, the
      // gateway says "partly refunded" either way) waits there for a person; its Why names it
      // ("… whether the refund of SAR 50.00 went through …"), so its State cell has the state alone.
      await practice.fault('status', null);
      await callApi(page, 'checkPaymentStatus', { paymentId: refunding.id });
      const undecidable = { en: /whether the refund of SAR\s50\.00 went through/, ar: /هل تم استرداد .*50\.00/ };
      for (const language of ['en', 'ar'] as const) {
        await tx.chooseLanguage(language);
        await page.setViewportSize({ width: 600, height: 800 });
        await page.getByTestId('nav-attention').click();
        const row = page.getByTestId(`attention-${refunding.orderId}`);
        await row.getByText(undecidable[language]).waitFor();
        expect.soft(await row.locator('.in-flight').count()).toBe(0);
        found.push(...(await misfits(page, `${language} 600, Needs attention`)));
        await session.screenshot(`state-badges-attention-${language}-600`);
      }
      expect(found, found.join("\n")).toEqual([]);
    } finally { // the next tests' gateway, window and language, even after a failure here
      await practice.fault('status', null);
      await page.setViewportSize({ width: 1280, height: 800 });
      await tx.chooseLanguage('en');
    }
  });
});
