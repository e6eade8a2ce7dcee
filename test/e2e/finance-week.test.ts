// A finance person's week on a seeded ledger (made-up history from the first day of last month up
// to now), in Chromium through the preview, in English and Arabic at 1280 and 800 px: Home's share charts compare by
// length, the unpaid links' amounts read one by one, and a status check the gateway cannot answer
// does not read as the gateway confirming the payment's state (in Arabic, the gateway's quoted
// words on one line); last month's paid SAR payments from Transactions with its "Last month".
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLedgerDb } from '../../main/ledger/database';
import { seedLedger } from '../../scripts/seed-ledger';
import { openSession, type E2eSession } from './support/session';
import { OverviewPage } from './pages/overview-page';
import { TransactionsPage } from './pages/transactions-page';

const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

describe('a finance person’s week', () => {
  let session: E2eSession;
  let home: OverviewPage;
  let tx: TransactionsPage;
  let dataDir: string;
  let paidOrderId: string;
  let lastMonthPaidSar: number;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'paydesk-e2e-finance-'));
    const db = openLedgerDb(dataDir);
    const now = new Date();
    // From the first day of last month: a whole last month whatever today is (30 days back from the
    // 30th left October one day, and one paid SAR payment, "1 payment", not "N payments").
    // 1,500: Home's unpaid links older than a week are the seed's month-long links only (the rest
    // expired after their 7 days, as the gateway would have said), in several currencies.
    seedLedger(db, { payments: 1_500, seed: 7, start: new Date(now.getFullYear(), now.getMonth() - 1, 1), end: now });
    // None left in flight: the preview's reconciliation stays out of the way.
    db.exec('UPDATE ledger_operations SET outcome = 2 WHERE outcome IN (0, 3)');
    // A paid sale the practice gateway never saw (the seed made it up): its status check finds nothing.
    paidOrderId = (db.prepare("SELECT order_id FROM payments WHERE state = 'paid' AND kind = 'sale' AND transaction_id IS NOT NULL AND needs_attention = 0 ORDER BY created_at DESC LIMIT 1").pluck().get() as string);
    // Last month's paid SAR payments in this machine's zone (the browser's), counted from the ledger.
    const [first, next] = [new Date(now.getFullYear(), now.getMonth() - 1, 1), new Date(now.getFullYear(), now.getMonth(), 1)];
    lastMonthPaidSar = db.prepare("SELECT count(*) FROM payments WHERE state = 'paid' AND currency = 'SAR' AND captured_minor > 0 AND created_at >= ? AND created_at < ?").pluck().get(first.toISOString(), next.toISOString()) as number;
    db.close();
    session = await openSession({ dataDir });
    home = new OverviewPage(session.page);
    tx = new TransactionsPage(session.page);
    // Every text the charts draw on their canvases, as drawn (an axis's labels are nowhere else).
    await session.page.addInitScript(() => {
      const drawn: string[] = ((window as unknown as { drawnTexts: string[] }).drawnTexts = []);
      const fillText = CanvasRenderingContext2D.prototype.fillText;
      CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
        drawn.push(String(text));
        return fillText.call(this, text, ...rest);
      };
    });
    await home.open(session.preview.url);
  });
  afterAll(async () => {
    await session?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('opens last month’s paid payments in one currency from Home: its count, then State Paid (two steps, not six)', async () => {
    const page = session.page;
    await home.chooseLanguage('en');
    await page.getByTestId('nav-home').click();
    const now = new Date();
    const day = (d: Date) => new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(d);
    const row = home.row('lastMonth', 'SAR');
    expect(await page.getByTestId('ov-period-lastMonth').locator('th').first().textContent()).toBe('Last month');
    await row.getByTestId('ov-count').click();
    await tx.counted();
    // The month and currency said as chips, "More filters" folded (the rows first: docs/overview.md).
    const chips = await page.getByTestId('filter-chip').allTextContents();
    expect(chips).toEqual(expect.arrayContaining(['Currency: SAR', `From: ${day(new Date(now.getFullYear(), now.getMonth() - 1, 1))}`, `To: ${day(new Date(now.getFullYear(), now.getMonth(), 0))}`]));
    await page.getByLabel('State').selectOption({ label: 'Paid' });
    await page.locator('[data-testid="tx-count"]:not([aria-busy="true"])').filter({ hasText: `${lastMonthPaidSar} payments` }).waitFor();
    expect(lastMonthPaidSar).toBeGreaterThan(0);
    await home.chooseLanguage('ar');
    await page.getByTestId('nav-home').click();
    expect(await page.getByTestId('ov-period-lastMonth').locator('th').first().textContent()).toBe('الشهر الماضي');
    await home.chooseLanguage('en');
  });

  it('lists last month’s paid SAR payments from Transactions with "Last month" beside the dates (5 interactions, was 6 with two typed dates)', async () => {
    const page = session.page;
    const now = new Date();
    const day = (d: Date) => new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(d);
    await tx.show(); // Transactions (Clear filters: the test before left its own)
    await page.getByLabel('State').selectOption({ label: 'Paid' });
    // Folded unless a test before left them open (Clear filters keeps them as they are).
    if (await page.getByTestId('more-filters').getAttribute('aria-expanded') !== 'true') await page.getByTestId('more-filters').click();
    await page.getByLabel('Currency').selectOption('SAR');
    await page.getByRole('button', { name: 'Last month' }).click();
    await page.locator('[data-testid="tx-count"]:not([aria-busy="true"])').filter({ hasText: `${lastMonthPaidSar} payments` }).waitFor();
    // The choice's days are in the fields (local days, both included, as Home's "Last month"), and it reads as chosen.
    expect(await page.locator('#tx-from').inputValue()).toBe(day(new Date(now.getFullYear(), now.getMonth() - 1, 1)));
    expect(await page.locator('#tx-to').inputValue()).toBe(day(new Date(now.getFullYear(), now.getMonth(), 0)));
    expect(await page.getByRole('button', { name: 'Last month' }).getAttribute('aria-pressed')).toBe('true');
    await home.chooseLanguage('ar');
    const choices = page.getByRole('group', { name: 'التواريخ' }).getByRole('button');
    expect(await choices.allTextContents()).toEqual(['اليوم', 'آخر 7 أيام', 'هذا الشهر', 'الشهر الماضي', 'هذه السنة']);
    await home.chooseLanguage('en');
    await page.getByTestId('nav-home').click(); // the tests after read Home's charts
  });

  it('draws every share bar of a chart on one track: same start, same length, a bar as long as its share', async () => {
    const page = session.page;
    for (const width of [1280, 800]) {
      await page.setViewportSize({ width, height: 800 });
      for (const [language, title] of [['en', 'Captured by kind of payment, SAR'], ['ar', 'المحصَّل حسب نوع الدفع، SAR']] as const) {
        await home.chooseLanguage(language);
        const chart = await home.chart(title);
        await chart.scrollIntoViewIfNeeded();
        const rows = await chart.locator('.ov-share').evaluateAll((buttons) => buttons.map((button) => {
          const trackBox = button.querySelector('.ov-share-track')!;
          const track = trackBox.getBoundingClientRect();
          const bar = button.querySelector('.ov-share-bar')!.getBoundingClientRect();
          const percent = Number(/([\d.]+)[%٪]/.exec(button.querySelector('.ov-share-amount')!.textContent!)![1]);
          return { left: Math.round(track.left), width: Math.round(track.width), bar: bar.width / trackBox.clientWidth, percent };
        }));
        expect(rows.length).toBeGreaterThan(2); // links, checkouts, sales… with amounts of different widths
        for (const row of rows) {
          // Before: each row's track sized by its own name and amount, 30 px apart.
          expect({ width, language, left: row.left, trackWidth: row.width }).toEqual({ width, language, left: rows[0]!.left, trackWidth: rows[0]!.width });
          expect(Math.abs(row.bar * 100 - row.percent)).toBeLessThan(1);
        }
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await home.chooseLanguage('en');
  });

  it('writes a daily chart’s amounts in Arabic as the figures do: "500.00 USD", the code after the digits and whole', async () => {
    const page = session.page;
    await page.evaluate(() => { (window as unknown as { drawnTexts: string[] }).drawnTexts.length = 0; });
    await home.chooseLanguage('ar');
    const chart = await home.chart('المحصَّل والمسترد يوميًا، USD');
    await chart.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => (window as unknown as { drawnTexts: string[] }).drawnTexts.some((text) => text.includes('USD')));
    // Laid out right to left as the Arabic page's canvas draws it: is the code read "USD", after the digits?
    const order = await page.evaluate(() => [...new Set((window as unknown as { drawnTexts: string[] }).drawnTexts.filter((text) => text.includes('USD')))].map((text) => {
      const line = document.createElement('div');
      line.dir = 'rtl';
      line.textContent = text;
      document.body.append(line);
      const x = (char: string) => {
        const range = document.createRange();
        const at = text.indexOf(char);
        range.setStart(line.firstChild!, at);
        range.setEnd(line.firstChild!, at + 1);
        return range.getBoundingClientRect().left;
      };
      const seen = { codeInOrder: x('U') < x('S') && x('S') < x('D'), digitsBeforeCode: x('0') < x('U') };
      line.remove();
      return seen;
    }));
    expect(order.length).toBeGreaterThan(1);
    for (const seen of order) expect(seen).toEqual({ codeInOrder: true, digitsBeforeCode: true });
    await home.chooseLanguage('en');
  });

  it('says each unpaid amount apart, after a "·", never broken over two lines', async () => {
    const page = session.page;
    await page.setViewportSize({ width: 800, height: 800 });
    for (const language of ['en', 'ar'] as const) {
      await home.chooseLanguage(language);
      const older = page.getByTestId('ov-unpaid').locator(':scope > div').last().locator('dd');
      const text = plain(await older.textContent());
      const amounts = await older.locator('.ov-amount').count();
      expect(amounts).toBeGreaterThan(2);
      // "196 links · AED 9,340.62 · BHD 38.425 · …": before, "196 links AED 9,340.62 BHD 38.425 …".
      expect({ language, separators: text.split(' · ').length - 1 }).toEqual({ language, separators: amounts });
      const heights = await older.locator('.ov-amount').evaluateAll((spans) => spans.map((s) => s.getBoundingClientRect().height / parseFloat(getComputedStyle(s).lineHeight)));
      expect(heights.every((lines) => lines < 1.5)).toBe(true);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await home.chooseLanguage('en');
  });

  it('a status check the gateway cannot answer says the state is the one last known, not "Status checked: Paid."', async () => {
    const page = session.page;
    await tx.chooseLanguage('en');
    await tx.show();
    await tx.search(paidOrderId);
    await tx.openPayment(paidOrderId);
    await tx.action('status').click();
    const notice = tx.notice();
    await notice.filter({ hasText: 'did not confirm' }).waitFor();
    expect(plain(await notice.textContent())).toBe('The gateway did not confirm the state (its answer is above): Paid is the state Paydesk last knew.');
    expect(await page.getByTestId('detail-last-error').textContent()).toContain('no such order');
    await tx.chooseLanguage('ar');
    await notice.filter({ hasText: 'لم تؤكد البوابة' }).waitFor();
    expect(plain(await notice.textContent())).toContain('مدفوعة هي آخر حالة عرفها بايدسك');
    // The gateway's quoted words («No transaction tx_…».) read as one unit in the red error: on one
    // line at every width, never "«No transaction" ending a line and "tx_…»." starting the next.
    const lastError = page.getByTestId('detail-last-error');
    for (let width = 700; width <= 1280; width += 20) {
      await page.setViewportSize({ width, height: 800 });
      const lines = await lastError.evaluate((p) => {
        const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
        const range = document.createRange();
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = node.textContent!.indexOf('\u2068');
          if (at < 0) continue;
          range.setStart(node, at);
          range.setEnd(node, node.textContent!.indexOf('\u2069') + 1);
          return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
        }
        return -1; // no quotation found
      });
      expect({ width, lines }).toEqual({ width, lines: 1 });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await tx.chooseLanguage('en');
  });
});
