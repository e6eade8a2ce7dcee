// Tonight's longer words ("order reference", every amount with its ISO code, the unclear refund's
// note, the filter row's chips, a refunded link's row buttons) on every screen, in Chromium through the preview, in English and
// Arabic at 600 and 800 px: the page never scrolls sideways, no button's words are cut, and no
// amount or state badge breaks across lines. The Arabic 600 px screens are left as screenshots to
// look at (test-results/screenshots/overflow-sweep-<screen>-ar-600.png).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { openSession, type E2eSession } from './support/session';
import { callApi, practiceControl } from './support/practice-control';
import { approvedCard, cardSale } from './support/test-card';
import { cards, payOnGatewayPage } from './pages/get-paid-page';
import { TransactionsPage } from './pages/transactions-page';
import { OverviewPage } from './pages/overview-page';

type Payment = { id: string; orderId: string };
const customer = { name: 'عبد الرحمن بن عبد العزيز القحطاني', email: 'abdulrahman@example.com', phone: '+966500000044' };
const holder = 'ABDULRAHMAN QAHTANI';
const longOrder = 'PD-20261129-RIYADH-OLAYA-BRANCH-000123456789';
const unclearOrder = 'SWEEP-UNCLEAR-1';
const kwdOrder = 'SWEEP-KWD-1';
const declinedOrder = 'SWEEP-DECLINED-1';

/** What overflows on the page as it is now: sideways scroll, a cut button, an amount or badge on two lines. */
function overflows(page: Page, where: string): Promise<string[]> {
  return page.evaluate((where) => {
    const problems: string[] = [];
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 1 && box.height > 1 && getComputedStyle(element).visibility === 'visible';
    };
    const lineCount = (range: Range) => new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
    const root = document.scrollingElement!;
    if (root.scrollWidth > root.clientWidth) {
      // Named by the innermost elements past the window's edge, which is what to fix.
      const past = [...document.body.querySelectorAll('*:not(.skip-link)')].filter((element) => {
        const box = element.getBoundingClientRect();
        return shown(element) && (box.right > root.clientWidth + 0.5 || box.left < -0.5) && ![...element.children].some((child) => {
          const inner = child.getBoundingClientRect();
          return inner.right > root.clientWidth + 0.5 || inner.left < -0.5;
        });
      });
      const names = past.slice(0, 3).map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${element.textContent?.trim().slice(0, 40)}"`);
      problems.push(`${where}: the page scrolls sideways by ${root.scrollWidth - root.clientWidth} px (${names.join('; ')})`);
    }
    for (const button of document.querySelectorAll('button')) {
      if (shown(button) && button.scrollWidth > button.clientWidth) problems.push(`${where}: button "${button.textContent?.trim()}" is cut (${button.scrollWidth} > ${button.clientWidth})`);
    }
    // A button's hint written beside it ("Export … (CSV)" and what the file holds): each of its lines beside the button, none under it.
    for (const button of document.querySelectorAll('button[aria-describedby]')) {
      const hint = button.nextElementSibling;
      if (!hint?.classList.contains('field-hint') || hint.id !== button.getAttribute('aria-describedby') || !shown(button)) continue;
      const edge = button.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(hint);
      const rtl = getComputedStyle(button).direction === 'rtl';
      const under = [...range.getClientRects()].filter((r) => r.width > 0 && (rtl ? r.right > edge.left + 0.5 : r.left < edge.right - 0.5));
      if (under.length > 0) problems.push(`${where}: the hint "${hint.textContent?.trim().slice(0, 30)}" runs under its button "${button.textContent?.trim()}"`);
    }
    for (const badge of document.querySelectorAll('.state-badge')) {
      const range = document.createRange();
      range.selectNodeContents(badge);
      if (shown(badge) && lineCount(range) > 1) problems.push(`${where}: badge "${badge.textContent}" takes ${lineCount(range)} lines`);
    }
    // "SAR 1,234.50" / "1,234.50 SAR" (bidi isolates and no-break spaces between), broken between its lines.
    const amount = /[A-Z]{3}[\s\u00a0\u2066-\u2069]*\d[\d,]*(?:\.\d+)?|\d[\d,]*(?:\.\d+)?[\s\u00a0\u2066-\u2069]*[A-Z]{3}/g;
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let text = texts.nextNode(); text; text = texts.nextNode()) {
      const parent = text.parentElement;
      if (!parent || !shown(parent)) continue;
      for (const match of text.textContent!.matchAll(amount)) {
        const range = document.createRange();
        range.setStart(text, match.index!);
        range.setEnd(text, match.index! + match[0].length);
        if (lineCount(range) > 1) problems.push(`${where}: amount "${match[0]}" breaks across lines in "${parent.textContent?.trim().slice(0, 60)}"`);
      }
    }
    // The links list may scroll inside its own box (gp-table-box) rather than push the page, as a
    // last resort for an amount of many digits: the sweep's rows must fit without it.
    for (const box of document.querySelectorAll('.gp-table-box')) {
      if (shown(box) && box.scrollWidth > box.clientWidth + 0.5) problems.push(`${where}: the links list scrolls sideways by ${box.scrollWidth - box.clientWidth} px`);
    }
    return problems;
  }, where);
}

describe('overflow sweep', () => {
  let session: E2eSession;
  let tx: TransactionsPage;
  let practice: Awaited<ReturnType<typeof practiceControl>>;

  beforeAll(async () => {
    session = await openSession();
    tx = new TransactionsPage(session.page);
    await tx.open(session.preview.url);
    const page = session.page;
    practice = await practiceControl(page, session.preview.dataDir);
    const refunded = await cardSale<Payment>(page, { orderId: longOrder, amount: '12345.50', currency: 'SAR', holder, customer });
    await callApi(page, 'refundPayment', { paymentId: refunded.id, amount: '1234.50', currency: 'SAR', reason: 'Part returned' });
    await cardSale(page, { orderId: kwdOrder, amount: '1234.567', currency: 'KWD', holder, customer });
    await cardSale(page, { orderId: 'SWEEP-JPY-1', amount: '1234567', currency: 'JPY', holder, customer });
    await cardSale(page, { orderId: 'SWEEP-HELD-1', amount: '999.99', currency: 'SAR', holder, customer, authOnly: true });
    await callApi(page, 'createPaymentLink', { orderId: 'SWEEP-LINK-20261129-0001', amount: '2500.00', currency: 'SAR', description: 'Two oak chairs and a table', customer });
    // Paid on the practice page, then refunded in part: its row offers "Send a refund confirmation"
    // and "New link like this", which pushed the page sideways at 600 px (walk of 2026-11-30).
    const paidLink = await callApi<Payment & { url: string }>(page, 'createPaymentLink', { orderId: 'SWEEP-LINK-PAID-1', amount: '1234.567', currency: 'KWD', description: 'Consulting hours', customer });
    const customerTab = await session.context.newPage();
    await payOnGatewayPage(customerTab, paidLink.url, cards.approved);
    await customerTab.close();
    await vi.waitFor(async () => expect((await callApi<{ state: string }>(page, 'checkPaymentStatus', { paymentId: paidLink.id })).state).toBe('paid'), { timeout: 30_000, interval: 500 });
    await callApi(page, 'refundPayment', { paymentId: paidLink.id, amount: '100.000', currency: 'KWD', reason: 'Part returned' });
    // Declined: its detail offers "Try another card" and "Send a payment link instead".
    await callApi(page, 'chargeCard', { orderId: declinedOrder, amount: '75.00', currency: 'SAR', customer, authOnly: false, card: { ...approvedCard(holder), number: '4000000000000002', cvv: '123' } });
    await cardSale(page, { orderId: unclearOrder, amount: '500.00', currency: 'SAR', holder, customer });
    // The refund's answer lost, every status check failing after it: its note stays in the band, the payment in Needs attention.
    await tx.refundWithLostAnswer(practice.fault, unclearOrder, '50.00', 'Customer asked');
  });
  afterAll(async () => {
    await practice?.fault('status', null);
    await session?.close();
  });

  const open = async (screen: string, ready: string) => {
    await session.page.getByTestId(`nav-${screen}`).click();
    await session.page.getByTestId(ready).first().waitFor();
  };

  /** Each screen as a person reaches it; `leave` closes what it opened. */
  const screens: Array<{ name: string; show(): Promise<void>; leave?(): Promise<void> }> = [
    { name: 'home', show: async () => { await open('home', 'home-tasks'); await new OverviewPage(session.page).chartsDrawn(); } },
    { name: 'links', show: () => open('links', 'link-row') },
    { name: 'checkout', show: () => open('checkout', 'checkout-form') },
    { name: 'terminal', show: () => open('terminal', 'terminal-form') },
    {
      // The folded filters said as a chip: "Currency: SAR ×".
      name: 'transactions',
      show: async () => {
        await tx.show();
        await session.page.getByTestId('more-filters').click();
        await session.page.locator('#tx-currency').selectOption('SAR');
        await session.page.getByTestId('more-filters').click();
        await session.page.getByTestId('filter-chip').waitFor();
        await tx.row(unclearOrder).waitFor();
      },
    },
    { name: 'payment', show: async () => { await tx.show(); await tx.openPayment(unclearOrder); } },
    { name: 'declined-payment', show: async () => { await tx.openPayment(declinedOrder); await tx.detail.getByTestId('make-another').waitFor(); } },
    {
      name: 'refund-dialog',
      show: async () => { await tx.openPayment(kwdOrder); await tx.startAction('refund'); },
      leave: async () => { await session.page.keyboard.press('Escape'); await tx.dialog.waitFor({ state: 'detached' }); },
    },
    { name: 'attention', show: () => open('attention', `attention-${unclearOrder}`) },
    { name: 'audit', show: () => open('audit', 'audit-table') },
    { name: 'bulk', show: () => open('bulk', 'bulk-screen') },
    { name: 'settings', show: () => open('settings', 'team-ledger') },
  ];

  it('keeps every screen inside the window, its buttons whole and its amounts and badges on one line, in English and Arabic at 600 and 800 px', async () => {
    const found: string[] = [];
    for (const language of ['en', 'ar'] as const) {
      await tx.chooseLanguage(language);
      for (const width of [600, 785]) { // 785: an 800 px window less its scroll bar
        await session.page.setViewportSize({ width, height: 800 });
        for (const screen of screens) {
          await screen.show();
          found.push(...(await overflows(session.page, `${language} ${width} ${screen.name}`)));
          if (language === 'ar' && width === 600) await session.screenshot(`overflow-sweep-${screen.name}-ar-600`);
          await screen.leave?.();
        }
      }
    }
    expect(found, found.join('\n')).toEqual([]);
  }, 120_000);
});
