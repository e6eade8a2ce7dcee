// Home's money overview in Chromium through the preview: it follows new payments live, each
// figure and each chart bar opens exactly the payments behind it, the daily charts (uPlot) read
// out exact amounts, the shares (HTML bars) show them, every chart has a table view and mirrors in
// Arabic, and axe finds no serious or critical violation in English or Arabic, with the charts
// drawn and with every chart shown as a table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { callApi } from './support/practice-control';
import { OverviewPage } from './pages/overview-page';
import { TransactionsPage } from './pages/transactions-page';
import { axeViolations } from './support/axe';
import { cardSale } from './support/test-card';

const customer = { name: 'Layla Haddad', email: 'layla@example.com', phone: '+966500000031' };
const holder = 'LAYLA HADDAD';
const serious = (v: Array<{ impact: string | null }>) => v.filter((x) => x.impact === 'serious' || x.impact === 'critical');
/** Text as read, with the no-break spaces Intl puts in amounts made plain. */
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');
const today = () => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' }).format(new Date());

describe('the money overview on Home', () => {
  let session: E2eSession;
  let home: OverviewPage;
  let tx: TransactionsPage;

  beforeAll(async () => {
    session = await openSession();
    home = new OverviewPage(session.page);
    tx = new TransactionsPage(session.page);
    await home.open(session.preview.url);
  });
  afterAll(() => session?.close());

  it('keeps the tasks first and shows the money taken today, updated live as payments are made', async () => {
    const page = session.page;
    await home.section.waitFor();
    // The day's tasks and the search stay above the overview.
    const tasksTop = (await page.getByTestId('home-tasks').boundingBox())!.y;
    expect(tasksTop).toBeLessThan((await home.section.boundingBox())!.y);

    const sale = await cardSale(page, { amount: '120.00', currency: 'SAR', holder, customer });
    await cardSale(page, { amount: '1.500', currency: 'KWD', holder, customer });
    await callApi(page, 'refundPayment', { paymentId: sale.id, amount: '20.00', currency: 'SAR', reason: 'One item returned' });
    await callApi(page, 'createPaymentLink', { amount: '30.00', currency: 'SAR', description: 'Invoice 7', customer });

    await home.row('today', 'SAR').getByTestId('ov-net').filter({ hasText: '100.00' }).waitFor();
    expect(await home.row('today', 'SAR').getByTestId('ov-gross').textContent()).toContain('120.00');
    expect(await home.row('today', 'SAR').getByTestId('ov-refunds').textContent()).toContain('20.00');
    expect(await home.row('today', 'KWD').getByTestId('ov-gross').textContent()).toContain('1.500');
    // Amounts end at one edge, as in every table of money ("SAR 120.00" over "KWD 1.500").
    const end = async (currency: string) => home.row('today', currency).getByTestId('ov-gross').evaluate((b) => Math.round(b.getBoundingClientRect().right));
    expect(await end('KWD')).toBe(await end('SAR'));
    // The link was made last: its figure may come with a later refresh than the refund's.
    await page.getByTestId('ov-unpaid-day').filter({ hasText: '1 link' }).waitFor();
    expect(await page.getByTestId('ov-unpaid-day').textContent()).toBe('1 link');
    expect(await page.getByRole('button', { name: 'Under a day old 1 link' }).count()).toBe(1); // named with its age, not "1 link" alone
    await home.chart('Captured and refunded per day, SAR');
    await home.chartsDrawn();
    await session.screenshot('home-overview-en');
  });

  it('lists the unpaid links one age a line, the ages under each other, in English and Arabic', async () => {
    // Each age was a cell of a two-column grid: "Under a day old" and "1 to 7 days old" side by
    // side, the second pushed to the far end and its name broken over three lines by the amounts.
    const ages = () => session.page.getByTestId('ov-unpaid').locator(':scope > div').evaluateAll((rows) => rows.map((row) => {
      const name = row.querySelector('dt')!.getBoundingClientRect();
      const figure = row.querySelector('dd')!.getBoundingClientRect();
      const rtl = getComputedStyle(row).direction === 'rtl';
      return { start: Math.round(rtl ? name.right : name.left), top: Math.round(name.top), figureTop: Math.round(figure.top) };
    }));
    for (const language of ['en', 'ar'] as const) {
      await home.chooseLanguage(language);
      const rows = await ages();
      expect(rows).toHaveLength(3);
      for (const [i, row] of rows.entries()) {
        expect({ language, i, start: row.start, figureTop: row.figureTop }).toEqual({ language, i, start: rows[0]!.start, figureTop: row.top });
        if (i > 0) expect(row.top).toBeGreaterThan(rows[i - 1]!.top);
      }
    }
    await home.chooseLanguage('en');
  });

  it('opens the payments behind a figure', async () => {
    await home.row('today', 'SAR').getByTestId('ov-refunds').click();
    expect(await tx.total()).toBe(1);
    expect(await session.page.getByTestId('overview-filter-note').textContent()).toBe('Only payments with a refund');
    await session.page.getByTestId('nav-home').click();
    await session.page.getByTestId('ov-unpaid-day').click();
    expect(await tx.total()).toBe(1);
    await session.page.getByTestId('nav-home').click();
    await home.row('today', 'SAR').getByTestId('ov-count').click();
    expect(await tx.total()).toBe(1);
    await session.page.getByTestId('nav-home').click();
  });

  it('names each chart and its totals, reads out a day’s exact amounts under the pointer and shows each share’s', async () => {
    const chart = await home.chart('Captured and refunded per day, SAR');
    const image = session.page.getByRole('img', { name: 'Captured and refunded per day, SAR' });
    expect(await image.getAttribute('aria-describedby')).toBeTruthy();
    const described = await image.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby')!)!.textContent);
    expect(plain(described)).toBe('Captured: SAR 120.00 in all. Refunded: SAR 20.00 in all.');
    // Today is the last of 30 days, at the right end in English.
    const text = await home.pointAt(chart, await home.barPoint(chart, 29, 30, 0));
    expect(plain(text)).toBe(`${today()} · Captured: SAR 120.00 · Refunded: SAR 20.00`);
    const brands = await home.chart('Captured by card brand, SAR');
    const mastercard = brands.getByRole('button', { name: /^Mastercard/ });
    expect(plain(await mastercard.textContent())).toBe('Mastercard: SAR 120.00 · 100.0%');
    expect(await brands.getByRole('list', { name: 'Captured by card brand, SAR' }).getByRole('button').count()).toBe(1);
  });

  it('opens the payments behind a bar', async () => {
    let chart = await home.chart('Captured and refunded per day, SAR');
    await session.page.mouse.click(...xy(await home.barPoint(chart, 29, 30, 1)));
    expect(await tx.total()).toBe(1);
    expect(await session.page.getByTestId('overview-filter-note').textContent()).toBe('Only payments with a refund');
    await session.page.getByTestId('nav-home').click();
    chart = await home.chart('Captured by kind of payment, KWD');
    await chart.getByRole('button', { name: /^Card sale\b.*KWD\s1\.500/ }).click();
    expect(await tx.total()).toBe(1);
    expect(await session.page.getByTestId('filter-chip').allTextContents()).toContain('Kind: Card sale'); // "More filters" folded, what is on said as chips
    await session.page.getByTestId('nav-home').click();
  });

  it('shows every chart as a table too, 30 or 90 days', async () => {
    const chart = await home.chart('Captured and refunded per day, SAR');
    await chart.getByRole('button', { name: 'Show as table' }).click();
    expect(await chart.locator('tbody tr').count()).toBe(30);
    const last = chart.locator('tbody tr').last();
    expect(await last.locator('th').textContent()).toBe(today());
    expect(plain(await last.textContent())).toContain('SAR 120.00');
    await session.page.getByLabel('90 days').check();
    await chart.locator('tbody tr').nth(89).waitFor();
    expect(await chart.locator('tbody tr').count()).toBe(90);
    await last.getByRole('button', { name: /^SAR\s20\.00$/ }).click();
    expect(await tx.total()).toBe(1);
    await session.page.getByTestId('nav-home').click();
    const shares = await home.chart('Captured by kind of payment, SAR');
    await shares.getByRole('button', { name: 'Show as table' }).click();
    expect(plain(await shares.locator('tbody tr').textContent())).toBe('Card saleSAR 120.00100.0%');
    await shares.getByRole('button', { name: 'Show as chart' }).click();
    await session.page.getByLabel('30 days').check();
  });

  it('has no serious or critical accessibility violations, in English and in Arabic, charts drawn and as tables', async () => {
    const page = session.page;
    const asTables = async (show: string, back: string) => {
      const buttons = page.getByTestId('ov-charts').getByRole('button', { name: show, exact: true });
      const count = await buttons.count();
      expect(count).toBeGreaterThanOrEqual(6); // SAR and KWD: daily, brand and kind each
      for (let i = 0; i < count; i++) await buttons.first().click(); // each click turns one into a table
      expect(await page.getByTestId('ov-charts').locator('figure.ov-chart table').count()).toBe(count);
      const violations = serious(await axeViolations(page));
      for (let i = 0; i < count; i++) await page.getByTestId('ov-charts').getByRole('button', { name: back, exact: true }).first().click();
      return violations;
    };
    await home.chartsDrawn();
    expect(serious(await axeViolations(page))).toEqual([]);
    expect(await asTables('Show as table', 'Show as chart')).toEqual([]);
    await home.chooseLanguage('ar');
    await page.getByText('المال في لمحة').waitFor();
    await home.chartsDrawn();
    expect(serious(await axeViolations(page))).toEqual([]);
    await session.screenshot('home-overview-ar');
    expect(await asTables('اعرض جدولًا', 'اعرض رسمًا')).toEqual([]);
    await home.chartsDrawn();
  });

  it('runs the days right to left in Arabic: today at the left end, the oldest day at the right', async () => {
    const chart = await home.chart('المحصَّل والمسترد يوميًا، SAR');
    const left = plain(await home.pointAt(chart, await home.barPoint(chart, 29, 30, 0, true)));
    const right = plain(await home.pointAt(chart, await home.barPoint(chart, 0, 30, 0, true)));
    await chart.getByRole('button', { name: 'اعرض جدولًا' }).click();
    const first = plain(await chart.locator('tbody tr th').first().textContent());
    const last = plain(await chart.locator('tbody tr th').last().textContent());
    expect(left.startsWith(`${last} · `)).toBe(true);
    expect(left).toContain('120.00');
    expect(left).toContain('20.00');
    expect(right.startsWith(`${first} · `)).toBe(true);
    await chart.getByRole('button', { name: 'اعرض رسمًا' }).click();
    await home.chooseLanguage('en');
  });

  it('gives a drawn chart a new payment in place (the same canvas, new totals and bars)', async () => {
    const page = session.page;
    const chart = await home.chart('Captured and refunded per day, SAR');
    await chart.locator('canvas').evaluate((canvas) => canvas.setAttribute('data-kept', 'yes'));
    await cardSale(page, { amount: '5.00', currency: 'SAR', holder, customer });
    const image = page.getByRole('img', { name: 'Captured and refunded per day, SAR' });
    const described = () => image.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby')!)!.textContent);
    await expect.poll(async () => plain(await described()), { timeout: 10_000 }).toBe('Captured: SAR 125.00 in all. Refunded: SAR 20.00 in all.');
    expect(await chart.locator('canvas').getAttribute('data-kept')).toBe('yes');
    expect(plain(await home.pointAt(chart, await home.barPoint(chart, 29, 30, 0)))).toBe(`${today()} · Captured: SAR 125.00 · Refunded: SAR 20.00`);
  });
});

const xy = (p: { x: number; y: number }) => [p.x, p.y] as const;
