// After the sale, as support and finance staff do it, in Chromium through the preview against
// the practice gateway: capture and refund in parts with every excess refused, void, recurring,
// an unclear refund settled by a status check, a double click, search, filters (a date field holding
// a day that does not exist keeps the list on its last good date; the app's own calendar, in Arabic) and export.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { callApi, practiceControl } from './support/practice-control';
import { TransactionsPage } from './pages/transactions-page';
import { axeViolations } from './support/axe';
import { readFileSync } from 'node:fs';
import { cardSale, type CardSale } from './support/test-card';
import { scrollingSeen, watchScrolling } from './support/scroll-watch';

type Payment = { id: string; orderId: string; transactionId: string; createdAt: string };
const customer = { name: 'Huda Otaibi', email: 'huda@example.com', phone: '+966500000011' };
const holder = 'HUDA OTAIBI';

describe('transactions', () => {
  let session: E2eSession;
  let tx: TransactionsPage;
  let practice: Awaited<ReturnType<typeof practiceControl>>;
  const sale = (orderId: string, amount: string, extra: Partial<CardSale> = {}) => cardSale<Payment>(session.page, { orderId, amount, currency: 'SAR', holder, customer, ...extra });
  const refundsAtGateway = async (p: Payment) => (await practice.records()).filter((r) => r.operation === 'refund' && r.transactionId === p.transactionId);

  beforeAll(async () => {
    session = await openSession();
    tx = new TransactionsPage(session.page);
    await tx.open(session.preview.url);
    practice = await practiceControl(session.page, session.preview.dataDir);
  });
  afterAll(() => session?.close());

  it('captures an authorisation in two parts, then refunds it in two parts, refusing every excess', async () => {
    await sale('AUTH-1', '100.00', { authOnly: true });
    await tx.show();
    await tx.openPayment('AUTH-1');
    await tx.detailState('authorised');

    await tx.startAction('capture');
    await tx.fillAmount('100.01');
    expect(await session.page.getByTestId('error-action-amount').textContent()).toMatch(/At most .*100\.00/);
    expect(await tx.sendButton.isDisabled()).toBe(true);
    await tx.fillAmount('60');
    expect(await session.page.getByTestId('confirm-line').textContent()).toMatch(/Capture .*60\.00 from Huda Otaibi on the practice gateway\./);
    await tx.send();
    await tx.detailState('partially_captured');

    await tx.startAction('capture');
    expect(await tx.dialog.getByLabel(/^Amount/).inputValue()).toBe('40.00'); // what is left
    await tx.send();
    await tx.detailState('paid');
    // The list beside the detail follows main's change too (a row still saying Authorised beside a paid detail misleads).
    await expect.poll(() => session.page.getByTestId('tx-row-AUTH-1').textContent(), { timeout: 5_000 }).toMatch(/Paid/);
    await session.screenshot('transactions-captured-en');

    await tx.startAction('refund');
    await tx.fillAmount('100.01');
    expect(await tx.sendButton.isDisabled()).toBe(true);
    await tx.fillAmount('30');
    await tx.sendButton.click();
    expect(await session.page.getByTestId('error-action-reason').textContent()).toMatch(/reason/i); // main requires it
    await tx.dialog.getByLabel(/^Reason/).fill('Item damaged');
    await tx.send();
    await tx.detailState('partially_refunded');
    expect(await session.page.getByTestId('detail-refund-left').textContent()).toMatch(/70\.00/);

    await tx.startAction('refund');
    await tx.fillAmount('70.01');
    expect(await tx.sendButton.isDisabled()).toBe(true);
    await tx.fillAmount('70');
    await tx.dialog.getByLabel(/^Reason/).fill('Rest of the order cancelled');
    await tx.send();
    await tx.detailState('refunded');
    expect(await tx.action('refund').count()).toBe(0); // nothing left to refund: no button
  });

  it('voids before capture, and offers no void after a capture (main refuses it too)', async () => {
    await sale('AUTH-V1', '20.00', { authOnly: true });
    const captured = await sale('AUTH-V2', '20.00', { authOnly: true });
    await callApi(session.page, 'capturePayment', { paymentId: captured.id, amount: '5', currency: 'SAR' });
    await tx.show();
    await tx.openPayment('AUTH-V1');
    await tx.startAction('void');
    await tx.send();
    await tx.detailState('voided');

    await tx.openPayment('AUTH-V2');
    await tx.detailState('partially_captured');
    expect(await tx.action('void').count()).toBe(0);
    await expect(callApi(session.page, 'voidPayment', { paymentId: captured.id })).rejects.toThrow(/rule_violation/);
  });

  it('charges a stored card again with the token of a recurring payment', async () => {
    await sale('REC-FIRST', '50.00', { recurringInit: true });
    await tx.show();
    await tx.openPayment('REC-FIRST');
    await tx.startAction('recurring');
    await tx.fillAmount('12.50');
    await tx.dialog.getByLabel('Description').fill('Monthly plan');
    await tx.send();
    const recurring = (await practice.records()).filter((r) => r.operation === 'recurring');
    expect(recurring).toHaveLength(1);
    expect(recurring[0]!.amountMinor).toBe(1_250);
  });

  it('an unclear refund leads to a status check, which settles it without a second refund', async () => {
    const p = await sale('UNCLEAR-1', '40.00');
    await practice.fault('refund', { failure: 'reset_after_processing', times: 1 });
    await tx.show();
    await tx.openPayment('UNCLEAR-1');
    await tx.startAction('refund');
    await tx.dialog.getByLabel(/^Reason/).fill('Customer asked');
    await tx.sendButton.click();
    await session.page.getByTestId('outcome-unknown').waitFor();
    await session.screenshot('transactions-outcome-unknown-en');
    expect(await session.page.getByRole('button', { name: /Refund/ }).count()).toBe(0); // no retry offered
    await session.page.getByTestId('check-status').click();
    await tx.dialog.waitFor({ state: 'detached' });
    await tx.detailState('refunded');
    expect(await refundsAtGateway(p)).toHaveLength(1);
  });

  it('shows the actions of a payment a search opened in the window, without scrolling', async () => {
    await sale('INVIEW-1', '15.00');
    await tx.show();
    // From the page's start, whichever scrolls it: Transactions pressed again keeps the place read,
    // and while the band shows (the tests before leave a lost refund's note, removed once main says
    // it is settled) that place is the body's; when the band goes it becomes the window's. Read
    // as the window alone, an earlier test's place showed up here as 42 and 86 px in two CI runs of
    // 2026-12-02, whenever the note went during this test.
    await session.page.evaluate(() => { window.scrollTo(0, 0); document.body.scrollTo(0, 0); });
    await watchScrolling(session.page);
    await tx.search('INVIEW-1');
    try {
      await tx.openPayment('INVIEW-1');
      const refund = await tx.action('refund').boundingBox();
      const scrolled = await session.page.evaluate(() => window.scrollY + document.body.scrollTop);
      expect(scrolled, await scrollingSeen(session.page)).toBe(0);
      expect(refund!.y + refund!.height).toBeLessThanOrEqual(800); // the session's window is 1280 × 800
    } finally {
      await tx.search(''); // the next test looks for its own payment in the list: one failure stays one
    }
  });

  it('keeps the environment in view: a screen opened by its shortcut does not scroll the page, and the header stays on top when it scrolls', async () => {
    await sale('STICKY-1', '12.00');
    const badge = session.page.getByTestId('environment-badge').first();
    await session.page.keyboard.press('Alt+1');
    await session.page.keyboard.press('Alt+5');
    await tx.row('STICKY-1').waitFor();
    expect(await session.page.evaluate(() => window.scrollY)).toBe(0);
    await session.page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => session.page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const box = await badge.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(60);
    await session.page.evaluate(() => window.scrollTo(0, 0));
  });

  it('a double click on Refund sends one refund', async () => {
    const p = await sale('DOUBLE-1', '10.00');
    await practice.fault('refund', { latencyMs: 300, times: 1 });
    await tx.show();
    await tx.openPayment('DOUBLE-1');
    await tx.startAction('refund');
    await tx.dialog.getByLabel(/^Reason/).fill('Duplicate charge');
    await tx.sendButton.dblclick();
    await tx.sendButton.click({ force: true, timeout: 1000 }).catch(() => undefined);
    await tx.dialog.waitFor({ state: 'detached' });
    await tx.detailState('refunded');
    expect(await refundsAtGateway(p)).toHaveLength(1);
  });

  it('tells the user in the app when a watched payment link is paid', async () => {
    const link = await callApi<{ id: string; orderId: string; url: string }>(session.page, 'createPaymentLink', { orderId: 'WATCH-1', amount: '33', currency: 'SAR', description: 'Watched invoice', customer });
    await tx.show();
    await tx.openPayment('WATCH-1');
    await session.page.getByLabel('Tell me when it is paid').click();
    await expect.poll(() => session.page.getByLabel('Tell me when it is paid').isChecked()).toBe(true);
    const url = new URL(link.url);
    const paid = await fetch(`${url.origin}/link`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ linkId: url.searchParams.get('linkId')!, cardNumber: '5123450000000008', cardHolder: 'H', expiry: '01/39', cvv: '100' }) });
    expect(paid.status).toBe(303);
    await session.page.getByTestId('notifications').getByText('Payment link WATCH-1 was paid').waitFor();
    await tx.detailState('paid');
  });

  it('finds the right rows by search and filters, with the keyboard', async () => {
    await tx.show();
    await session.page.keyboard.press('/');
    await session.page.keyboard.type('UNCLEAR');
    await expect.poll(() => tx.total()).toBe(1);
    await tx.search('');
    await session.page.getByLabel('State').selectOption('voided');
    await expect.poll(() => tx.total()).toBe(1);
    await tx.row('AUTH-V1').waitFor();
    await session.page.getByLabel('State').selectOption('');
    await session.page.getByRole('button', { name: /^More filters/ }).click(); // amounts and currency are folded below the common filters
    await session.page.getByLabel('Amount from').fill('45');
    await session.page.getByText('Choose a currency to filter by amount.').first().waitFor();
    await session.page.getByLabel('Currency').selectOption('SAR');
    await expect.poll(() => tx.total()).toBe(2); // AUTH-1 (100) and REC-FIRST (50); WATCH-1 is 33
    await session.page.getByLabel('Amount from').fill('');
    await session.page.getByLabel('Currency').selectOption('');
    await expect.poll(() => tx.total()).toBeGreaterThan(6);
    // Keyboard: focus the list, move down, open with Enter.
    await tx.list.focus();
    await session.page.keyboard.press('ArrowDown');
    await session.page.keyboard.press('Enter');
    await tx.detail.waitFor();
  });

  it('exports the view as CSV that matches the ledger row by row', async () => {
    await tx.show();
    // Main writes the file itself (a snapshot, off its main thread) and says where.
    await session.page.getByTestId('export-csv').click();
    const status = session.page.getByTestId('export-status');
    await expect.poll(() => status.getAttribute('data-path')).toBeTruthy();
    const csv = readFileSync((await status.getAttribute('data-path'))!, 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).trimEnd().split('\r\n');
    const header = lines[0]!.split(',');
    const listed = await callApi<{ total: number; rows: Array<{ orderId: string; amountMinor: number; state: string }> }>(session.page, 'searchPayments', { limit: 500 });
    expect(lines.length - 1).toBe(listed.total);
    listed.rows.forEach((row, i) => {
      const cells = lines[i + 1]!.split(',');
      expect(cells[header.indexOf('order_id')]).toBe(row.orderId);
      expect(cells[header.indexOf('state')]).toBe(row.state);
      expect(cells[header.indexOf('amount')]!.replace('.', '')).toBe(String(row.amountMinor).padStart(3, '0'));
    });
    expect(await status.textContent()).toMatch(/Saved \d+ rows to /);
  });

  it('keeps the list on the last good date while a date field holds 31/02/2026 or half a date, and says so next to it', async () => {
    await sale('DATE-1', '12.00');
    await tx.show();
    const page = session.page;
    const more = page.getByTestId('more-filters');
    if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
    const from = page.locator('#tx-from');
    const retype = async (text: string) => {
      await from.click();
      await page.keyboard.press('ControlOrMeta+A');
      if (text) await page.keyboard.type(text);
      else await page.keyboard.press('Backspace');
      await page.keyboard.press('Tab');
    };
    // Tomorrow in the browser's own time zone: no payment yet.
    const tomorrow = await page.evaluate(() => {
      const d = new Date();
      d.setDate(d.getDate() + 1);
      return `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
    });
    await retype(tomorrow);
    await expect.poll(() => tx.total()).toBe(0);

    await retype('31/02/2026');
    await page.getByLabel('Kind').selectOption('sale'); // the list asks main again: still from tomorrow, not from any day
    expect(await tx.total()).toBe(0);
    const error = page.getByTestId('error-tx-from');
    expect(await error.textContent()).toBe(`31/02/2026 is not a date: February 2026 has 28 days. Until it is corrected or cleared, the list keeps the last date, ${tomorrow}.`);
    expect(await from.getAttribute('aria-invalid')).toBe('true');
    expect(await from.getAttribute('aria-describedby')).toContain('tx-from-error');

    await retype(tomorrow.slice(0, -2)); // half typed, then Tab
    expect(await error.textContent()).toMatch(/^Type the date as day\/month\/year, for example 24\/11\/2026\. Until it is corrected or cleared/);
    await page.getByLabel('Kind').selectOption('');
    expect(await tx.total()).toBe(0);

    await retype(''); // cleared on purpose: no start
    expect(await error.count()).toBe(0);
    expect(await from.getAttribute('aria-invalid')).toBeNull();
    await expect.poll(() => tx.total()).toBeGreaterThan(0);
    await page.getByTestId('clear-filters').click();
  });

  it('with a payment open beside the list, each row\'s order id, customer, amount (with what was refunded) and state are whole at 1280 px, in English and Arabic', async () => {
    // Side by side with the order id, the customer's name had 58 px ("Huda…"); it now goes under the id.
    const cut = () => session.page.evaluate(() => {
      const viewport = document.querySelector('.tx-table')!;
      const cells = [...document.querySelectorAll<HTMLElement>('.tx-row [role="gridcell"], .tx-row [role="columnheader"], .tx-row .customer-name')];
      const wider = cells.filter((cell) => cell.scrollWidth > cell.clientWidth + 1).map((cell) => cell.textContent);
      return viewport.scrollWidth > viewport.clientWidth + 1 ? [...wider, 'the list scrolls sideways'] : wider;
    });
    await tx.show();
    await tx.openPayment('AUTH-1'); // refunded: its amount has a second line
    expect(await session.page.locator('.tx-row [role="gridcell"]').count()).toBeGreaterThan(10);
    expect(await cut()).toEqual([]);
    await tx.chooseLanguage('ar');
    await session.page.getByTestId('tx-count').waitFor();
    expect(await cut()).toEqual([]);
    await tx.chooseLanguage('en');
  });

  it('fits a half-screen window: at 700 px wide, and at 1024 px with a payment open, in English and Arabic, the page never scrolls sideways and every header, id, name, amount and state is whole; at 700 px an opened payment has the keyboard, the hidden list none, and beside the list the list keeps it', async () => {
    const page = session.page;
    // An id Paydesk makes (PD-20261124-ACDYCM1N), a 20-letter name, an amount with a refund, and a
    // card sale awaiting 3-D Secure ("Awaiting verification", the longest state word).
    const big = await cardSale<Payment>(page, { amount: '12345.67', currency: 'SAR', holder, customer: { ...customer, name: 'Abdulrahman Al-Harbi' } });
    await callApi(page, 'refundPayment', { paymentId: big.id, amount: '1234.56', currency: 'SAR', reason: 'Part returned' });
    await cardSale(page, { amount: '50.00', currency: 'SAR', holder, card: 'challenge', customer: { ...customer, name: 'عبدالرحمن سعود الحربي' } });
    expect(big.orderId).toMatch(/^PD-\d{8}-\w{8}$/);
    const misfits = () => page.evaluate(() => {
      const problems: string[] = [];
      const root = document.scrollingElement!;
      if (root.scrollWidth > root.clientWidth) problems.push('the page scrolls sideways');
      const list = document.querySelector<HTMLElement>('.tx-table')!;
      if (getComputedStyle(list).visibility !== 'visible') return [...problems, 'the list is hidden'];
      const left = list.getBoundingClientRect().left + list.clientLeft;
      const right = left + list.clientWidth;
      for (const head of list.querySelectorAll<HTMLElement>('[role="columnheader"]')) {
        const box = head.getBoundingClientRect();
        if (box.left < left - 0.5 || box.right > right + 0.5) problems.push(`the header ${head.textContent} is outside the list`);
      }
      for (const row of list.querySelectorAll('.tx-row:not(.tx-head)')) {
        const cells = row.querySelectorAll<HTMLElement>('[role="gridcell"]');
        if (cells.length < 5) continue;
        for (const text of [cells[1]!, row.querySelector('.customer-name')!, cells[3]!, cells[4]!]) {
          if (text.scrollWidth > text.clientWidth) problems.push(`${text.textContent} is cut`);
        }
      }
      return problems;
    });
    const focused = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.getAttribute('data-testid') || document.activeElement?.tagName);
    // Where a Tab walk's press left the keyboard, and whether it is back on the walk's first stop
    // (a whole round of the page: tab order does not change while the page does not).
    const focusAfterPress = (first: boolean) => page.evaluate((isFirst) => {
      const walk = window as unknown as { walkStart?: Element | null };
      const active = document.activeElement;
      if (isFirst) walk.walkStart = active;
      return { inList: !!active?.closest('[data-testid="tx-list"]'), roundDone: !isFirst && active === walk.walkStart };
    }, first);
    // In the list's place, the keyboard is on the payment's title, not on the hidden list: arrows
    // move no unseen selection, and Tab, either way round the page, never lands on the list.
    const keyboardInDetail = async (where: string) => {
      await expect.poll(focused, { message: where }).toBe('detail-title');
      expect(await tx.list.evaluate((list) => (list as HTMLElement).inert), where).toBe(true);
      const selected = await tx.list.getAttribute('aria-activedescendant');
      expect(selected, where).not.toBe('tx-row-0'); // so Home or an arrow up on the list would move it
      for (const key of ['Home', 'ArrowUp', 'k']) await page.keyboard.press(key);
      expect(await tx.list.getAttribute('aria-activedescendant'), where).toBe(selected);
      // The title is no tab stop (tabindex -1), so a walk never came back to it: each of the eight
      // ran its 60 presses. It ends once the first stop comes round again, the whole page walked.
      for (const key of ['Tab', 'Shift+Tab']) {
        await page.locator('#detail-title').focus();
        for (let i = 0; i < 60; i++) {
          await page.keyboard.press(key);
          const now = await focusAfterPress(i === 0);
          expect(now.inList, `${where}: ${key} ×${i + 1}`).toBe(false);
          if (now.roundDone) break; // round the page and back
        }
      }
      await page.locator('#detail-title').focus();
    };
    // Beside the list, the list keeps the keyboard: opened by Enter, Home and arrows move on.
    const keyboardOnList = async (where: string) => {
      await tx.list.focus();
      await page.keyboard.press('Enter');
      await tx.detail.waitFor();
      expect(await tx.list.evaluate((list) => (list as HTMLElement).inert), where).toBe(false);
      expect(await focused(), where).toBe('tx-list');
      await page.keyboard.press('Home');
      expect(await tx.list.getAttribute('aria-activedescendant'), where).toBe('tx-row-0');
      await page.keyboard.press('ArrowDown');
      expect(await focused(), where).toBe('tx-list');
      expect(await tx.list.getAttribute('aria-activedescendant'), where).toBe('tx-row-1');
    };
    const detailInWindow = async () => {
      const box = (await tx.detail.boundingBox())!;
      return box.x >= 0 && box.x + box.width <= page.viewportSize()!.width;
    };
    try {
      for (const language of ['en', 'ar'] as const) {
        await tx.chooseLanguage(language);
        await page.setViewportSize({ width: 700, height: 800 });
        await tx.show();
        if (await tx.detail.count()) await tx.detail.locator('.close').click(); // open from before: it would cover the list
        await tx.row(big.orderId).waitFor();
        expect(await page.locator('.tx-row .state-badge[data-state="pending"]').first().textContent()).toBe(language === 'en' ? 'Awaiting verification' : 'بانتظار التحقق');
        expect(await misfits(), `${language} 700`).toEqual([]);
        await tx.openPayment(big.orderId); // too narrow for both: the detail takes the list's place
        expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= document.scrollingElement!.clientWidth)).toBe(true);
        expect(await detailInWindow()).toBe(true);
        await keyboardInDetail(`${language} 700, opened by a click`);
        await tx.detail.locator('.close').click();
        await expect.poll(focused).toBe('tx-list'); // the keyboard is back on the list
        expect(await misfits(), `${language} 700, detail closed`).toEqual([]);
        await page.keyboard.press('Enter'); // the same payment again, by keyboard; Escape gives the list back
        await keyboardInDetail(`${language} 700, opened by Enter`);
        await page.keyboard.press('Escape');
        await expect.poll(focused).toBe('tx-list');
        await tx.detail.waitFor({ state: 'detached' });

        await page.setViewportSize({ width: 1024, height: 800 });
        await tx.openPayment(big.orderId);
        expect(await misfits(), `${language} 1024, detail open`).toEqual([]);
        expect(await detailInWindow()).toBe(true);
        await keyboardOnList(`${language} 1024`);
        await page.setViewportSize({ width: 1280, height: 800 });
        await keyboardOnList(`${language} 1280`);
      }
    } finally { // the next tests' window and language, even after a failure here
      await page.setViewportSize({ width: 1280, height: 800 });
      await tx.chooseLanguage('en');
    }
  });

  it('keeps the columns\' words apart: at least 16 px between any two headers or cells side by side (the amount and the state were 6 px apart, "المبلغ الحالة" read as one phrase), in English and Arabic, wide and narrow', async () => {
    const page = session.page;
    const p = await cardSale<Payment>(page, { amount: '12345.67', currency: 'SAR', holder, customer: { ...customer, name: 'Abdulrahman Al-Harbi' } });
    await callApi(page, 'refundPayment', { paymentId: p.id, amount: '1234.56', currency: 'SAR', reason: 'Part returned' });
    await cardSale(page, { amount: '50.00', currency: 'SAR', holder, card: 'challenge', customer: { ...customer, name: 'عبدالرحمن سعود الحربي' } }); // awaiting verification
    await sale('GAP-AUTH', '9.50', { authOnly: true }); // three payments at least: Arabic counts one or two in words, without a digit
    const tooClose = () => page.evaluate(() => {
      // What a reader sees of a cell: its words (a line each), or the state's badge.
      const inks = (cell: Element) => {
        const badge = cell.querySelector('.state-badge');
        if (badge) return [badge.getBoundingClientRect()];
        const boxes: DOMRect[] = [];
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(node);
          boxes.push(...[...range.getClientRects()].filter((box) => box.width > 0));
        }
        return boxes;
      };
      const problems: string[] = [];
      for (const row of document.querySelectorAll('.tx-table .tx-row')) {
        const cells = [...row.querySelectorAll(':scope > [role="columnheader"], :scope > [role="gridcell"]')].map((cell) => ({ text: cell.textContent, boxes: inks(cell) }));
        for (const a of cells) for (const b of cells) {
          if (a === b) continue;
          // Side by side: on one line (more than half of the lower line's height shared; a name under
          // its order id shares a few px of its glyphs' ascent, not the line).
          const sideBySide = (x: DOMRect, y: DOMRect) => Math.min(x.bottom, y.bottom) - Math.max(x.top, y.top) > Math.min(x.height, y.height) / 2;
          const gaps = a.boxes.flatMap((x) => b.boxes.filter((y) => sideBySide(x, y) && x.left < y.left).map((y) => y.left - x.right));
          const gap = Math.min(...gaps);
          if (gap < 16) problems.push(`"${a.text}" and "${b.text}" are ${gap.toFixed(1)} px apart`);
        }
      }
      return problems;
    });
    const found: string[] = [];
    const check = async (where: string) => found.push(...(await tooClose()).map((problem) => `${where}: ${problem}`));
    // The widest time a row shows is a morning hour of two digits: in Arabic "11:05 ص", whose "ص" is
    // wider than the evening's "م" (the date took 155 of its column's 160 px and sat 12.7 px from the
    // order id, found by a run at 00:02 UTC). The page's zone is set so that its time reads 11 in the
    // morning, whatever the hour this test runs at (Etc/GMT-N is UTC+N).
    const cdp = await page.context().newCDPSession(page);
    const ahead = ((11 - new Date(p.createdAt).getUTCHours() + 36) % 24) - 12;
    await cdp.send('Emulation.setTimezoneOverride', { timezoneId: ahead === 0 ? 'Etc/GMT' : `Etc/GMT${ahead > 0 ? '-' : '+'}${Math.abs(ahead)}` });
    try {
      for (const language of ['en', 'ar'] as const) {
        await tx.chooseLanguage(language);
        await tx.show();
        if (await tx.detail.count()) await tx.detail.locator('.close').click();
        await tx.row(p.orderId).waitFor();
        expect(await tx.row(p.orderId).locator('.date-cell').textContent()).toMatch(/ 11:\d\d/);
        await check(`${language} 1280, one-line rows`);
        await tx.openPayment(p.orderId); // beside the detail: two-line rows
        await check(`${language} 1280, detail open`);
        await page.setViewportSize({ width: 1024, height: 800 });
        await check(`${language} 1024, detail open`);
        await tx.detail.locator('.close').click();
        await page.setViewportSize({ width: 700, height: 800 });
        await check(`${language} 700`);
        await page.setViewportSize({ width: 1280, height: 800 });
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
      await cdp.send('Emulation.setTimezoneOverride', { timezoneId: '' }); // the browser's own zone again
      await cdp.detach();
      await tx.chooseLanguage('en');
    }
    expect(found).toEqual([]);
  });

  it('says "Find a payment made elsewhere"\'s hint on one line under its field and buttons, the buttons level with the field, in English and Arabic from 600 px up (it took two lines, "السجل." alone on the second)', async () => {
    const page = session.page;
    for (const orderId of ['HINT-1', 'HINT-2', 'HINT-3']) await sale(orderId, '5.00'); // a list to show, counted in digits in Arabic too
    const layout = () => page.evaluate(() => {
      const hint = document.getElementById('lookup-id-hint')!;
      const range = document.createRange();
      range.selectNodeContents(hint);
      const lines = new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size;
      const middle = (element: Element) => { const box = element.getBoundingClientRect(); return box.top + box.height / 2; };
      const field = document.getElementById('lookup-id')!;
      const buttons = [...document.querySelectorAll('.lookup button')];
      return {
        lines,
        buttonsLevel: buttons.every((button) => Math.abs(middle(button) - middle(field)) < 2),
        hintUnder: buttons.every((button) => button.getBoundingClientRect().bottom <= hint.getBoundingClientRect().top),
        sideways: document.scrollingElement!.scrollWidth > document.scrollingElement!.clientWidth,
      };
    });
    const seen: Record<string, unknown> = {};
    try {
      for (const language of ['en', 'ar'] as const) {
        await tx.chooseLanguage(language);
        await tx.show();
        for (const width of [1280, 1024, 700, 600]) {
          await page.setViewportSize({ width, height: 800 });
          seen[`${language} ${width}`] = await layout();
        }
        await page.setViewportSize({ width: 1280, height: 800 });
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
      await tx.chooseLanguage('en');
    }
    const expected = { lines: 1, buttonsLevel: true, hintUnder: true, sideways: false };
    expect(seen).toEqual(Object.fromEntries(Object.keys(seen).map((key) => [key, expected])));
  });

  it('has no accessibility violations on the transaction screens, in English and Arabic, and lays Arabic out right to left', async () => {
    await tx.show();
    const more = session.page.getByTestId('more-filters');
    if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click(); // the folded filters and their date fields are checked too
    await tx.openPayment('AUTH-1');
    expect(await axeViolations(session.page)).toEqual([]);
    await tx.openPayment('REC-FIRST');
    await tx.startAction('refund');
    expect(await axeViolations(session.page)).toEqual([]);
    await session.page.keyboard.press('Escape');
    await tx.dialog.waitFor({ state: 'detached' });
    await tx.chooseLanguage('ar');
    expect(await tx.documentDirection()).toBe('rtl');
    await tx.show();
    await tx.openPayment('AUTH-1');
    expect(await axeViolations(session.page)).toEqual([]);
    await session.screenshot('transactions-ar');
    for (const screen of ['attention', 'audit']) {
      await session.page.getByTestId(`nav-${screen}`).click();
      await session.page.getByTestId(screen === 'audit' ? 'audit-table' : 'attention-screen').waitFor();
      expect(await axeViolations(session.page), screen).toEqual([]);
      await session.screenshot(`${screen}-ar`);
    }
    await tx.chooseLanguage('en');
    for (const screen of ['attention', 'audit']) {
      await session.page.getByTestId(`nav-${screen}`).click();
      await session.page.getByTestId(screen === 'audit' ? 'audit-table' : 'attention-screen').waitFor();
      expect(await axeViolations(session.page), screen).toEqual([]);
      await session.screenshot(`${screen}-en`);
    }
    expect(await session.page.getByTestId('audit-chain').textContent()).toMatch(/intact/);
  });

  // Last: its payment makes the list long enough to scroll (checked with axe at its end).
  it('filters the list by a day chosen on the app’s own calendar, in Arabic right to left (not the browser’s English picker)', async () => {
    await sale('CAL-1', '13.00');
    await tx.show();
    const page = session.page;
    const more = page.getByTestId('more-filters');
    if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
    const calendar = page.getByTestId('calendar');
    const focusedDay = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    const inWindow = async () => {
      const box = (await calendar.boundingBox())!;
      return box.x >= 0 && box.x + box.width <= page.viewportSize()!.width;
    };
    const [todayIso, tomorrowIso] = await page.evaluate(() => {
      const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      const d = new Date();
      const today = iso(d);
      d.setDate(d.getDate() + 1);
      return [today, iso(d)];
    });
    // The day's full name as Chromium's own ICU words it in Arabic.
    const arabicDay = (iso: string) => page.evaluate((day) => new Intl.DateTimeFormat('ar-SA', { dateStyle: 'full', timeZone: 'UTC', numberingSystem: 'latn', calendar: 'gregory' }).format(new Date(`${day}T00:00:00Z`)), iso);
    const arabicField = (iso: string) => `${Number(iso.slice(8))}\u200f/${Number(iso.slice(5, 7))}\u200f/${iso.slice(0, 4)}`;

    // English first, for the screenshot: the calendar opens on today, Monday first.
    await page.getByRole('button', { name: 'Choose “From” on a calendar' }).click();
    await calendar.waitFor();
    expect(await calendar.getByRole('columnheader').first().getAttribute('aria-label')).toBe('Monday');
    expect(await inWindow()).toBe(true);
    expect(await axeViolations(page, '[data-testid="calendar"]')).toEqual([]);
    await session.screenshot('date-calendar-en');
    await page.keyboard.press('Escape');
    await calendar.waitFor({ state: 'detached' });

    await tx.chooseLanguage('ar');
    const from = page.locator('#tx-from');
    await from.focus();
    await page.keyboard.press('Alt+ArrowDown');
    await calendar.waitFor();
    expect(await calendar.getAttribute('dir')).toBe('rtl');
    expect(await calendar.getByRole('columnheader').first().getAttribute('aria-label')).toBe('الأحد');
    expect(await calendar.getByRole('button', { name: 'الشهر التالي' }).count()).toBe(1);
    expect(await focusedDay()).toBe(await arabicDay(todayIso)); // the Arabic day's name, Latin digits
    expect(await inWindow()).toBe(true);
    expect(await axeViolations(page, '[data-testid="calendar"]')).toEqual([]);
    await session.screenshot('date-calendar-ar');
    await page.keyboard.press('ArrowLeft'); // right to left: left is the next day
    expect(await focusedDay()).toBe(await arabicDay(tomorrowIso));
    await page.keyboard.press('Enter');
    await calendar.waitFor({ state: 'detached' });
    expect(await from.inputValue()).toBe(arabicField(tomorrowIso));
    await page.getByTestId('tx-empty').waitFor(); // nothing from tomorrow on (Arabic counts none in words)

    await page.getByRole('button', { name: 'اختر «من» من التقويم' }).click();
    expect(await focusedDay()).toBe(await arabicDay(tomorrowIso)); // opens on the field's day
    await page.keyboard.press('ArrowRight'); // back to today
    await page.keyboard.press('Enter');
    expect(await from.inputValue()).toBe(arabicField(todayIso));
    await tx.row('CAL-1').waitFor(); // today's payment is back
    expect(await page.getByTestId('tx-empty').count()).toBe(0);

    // A narrow window: each field's calendar stays inside it (along the field's other edge if need be).
    await page.setViewportSize({ width: 700, height: 800 });
    for (const label of ['من', 'إلى']) {
      await page.getByRole('button', { name: `اختر «${label}» من التقويم` }).click();
      await calendar.waitFor();
      expect(await inWindow(), label).toBe(true);
      await page.keyboard.press('Escape');
      await calendar.waitFor({ state: 'detached' });
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: 'اختر «من» من التقويم' }).click();
    await calendar.getByRole('button', { name: 'مسح' }).click();
    expect(await from.inputValue()).toBe('');
    await tx.chooseLanguage('en');
    await page.getByTestId('clear-filters').click();

    // The list, now longer than its box, scrolls where the keyboard is: the grid itself (an inner
    // scroller inside it had no keyboard stop of its own, and axe said so).
    const scrolls = () => page.getByTestId('tx-list').evaluate((grid) => [grid, ...grid.querySelectorAll('*')].some((e) => e.scrollHeight > e.clientHeight + 1 && getComputedStyle(e).overflowY === 'auto'));
    await expect.poll(scrolls).toBe(true); // once the cleared filter's whole list is in
    expect(await axeViolations(page)).toEqual([]);
  });

  // After the tests that open payments lower in the list: its two payments move those rows.
  it('at 700 px, with a payment open in the list\'s place, opens another one from the list (the page object closes the first: the rows under it are hidden, and a click on one waited for ever)', async () => {
    const page = session.page;
    await sale('NARROW-A', '11.00');
    await sale('NARROW-B', '12.00');
    try {
      await page.setViewportSize({ width: 700, height: 800 });
      await tx.show();
      await tx.openPayment('NARROW-A');
      expect(await tx.list.isVisible()).toBe(false); // the detail covers the list
      await tx.openPayment('NARROW-B');
      expect(await tx.detail.locator('h2').textContent()).toBe('NARROW-B');
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});
