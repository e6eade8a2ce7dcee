// The navigation's "Needs attention" says how many wait, live (docs/screens-after-sale.md, "How many
// wait, in the navigation"): support refunds a payment on Transactions, the practice gateway loses
// the refund's answer, and with no reload the navigation shows 1 (its name says "1 payment
// waiting"), then nothing once a status check settles it. It said "Needs attention" whatever waited.
// Chromium, the preview, the practice gateway's faults over HTTP. At 800 × 600 in both languages
// the navigation keeps its lines with the number in it; over 99 waiting (a seeded ledger) it reads
// "99+" and the navigation keeps its two lines from 600 to 1100 px.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLedgerDb } from '../../main/ledger/database';
import { seedLedger } from '../../scripts/seed-ledger';
import { openSession, type E2eSession } from './support/session';
import { callApi, practiceControl } from './support/practice-control';
import { TransactionsPage } from './pages/transactions-page';
import { axeViolations } from './support/axe';
import { cardSale } from './support/test-card';

const customer = { name: 'Nora Harbi', email: 'nora@example.com', phone: '+966500000058' };

/** How many lines the navigation's entries take (their tops, rounded). */
const navLines = (session: E2eSession) => session.page.evaluate(() => new Set([...document.querySelectorAll('.app-nav li')].map((li) => Math.round(li.getBoundingClientRect().top))).size);

/** The number drawn inside its button, within the button's box. */
async function inItsButton(session: E2eSession) {
  const button = (await session.page.getByTestId('nav-attention').boundingBox())!;
  const badge = (await session.page.getByTestId('attention-waiting').boundingBox())!;
  expect(badge.y).toBeGreaterThanOrEqual(button.y);
  expect(badge.y + badge.height).toBeLessThanOrEqual(button.y + button.height);
  expect(badge.x).toBeGreaterThanOrEqual(button.x);
  expect(badge.x + badge.width).toBeLessThanOrEqual(button.x + button.width);
}

describe('the count beside Needs attention in the navigation', () => {
  let session: E2eSession;
  let tx: TransactionsPage;
  let practice: Awaited<ReturnType<typeof practiceControl>>;
  let paymentId = '';
  const count = () => session.page.getByTestId('attention-waiting');
  const attention = () => session.page.getByTestId('nav-attention');

  beforeAll(async () => {
    session = await openSession();
    tx = new TransactionsPage(session.page);
    await tx.open(session.preview.url);
    practice = await practiceControl(session.page, session.preview.dataDir);
    paymentId = (await cardSale(session.page, { orderId: 'NAV-COUNT-1', amount: '100.00', currency: 'SAR', holder: 'NORA HARBI', customer })).id;
  });
  afterAll(async () => {
    await practice?.fault('status', null);
    await session?.close();
  });

  it('shows 1 on another screen the moment a refund\'s answer is lost, without a reload, and goes once it is settled', async () => {
    const page = session.page;
    await tx.show();
    await expect.poll(() => count().count()).toBe(0);
    expect(await page.getByRole('navigation').getByRole('button', { name: 'Needs attention', exact: true }).count()).toBe(1); // none waiting: its name alone
    await page.evaluate(() => Object.assign(window, { notReloaded: true }));

    await tx.refundWithLostAnswer(practice.fault, 'NAV-COUNT-1', '100', 'Customer asked'); // all of it: a status answer can settle it
    await expect.poll(() => count().textContent()).toBe('1');
    expect(await page.getByRole('navigation').getByRole('button', { name: 'Needs attention: 1 payment waiting', exact: true }).count()).toBe(1);
    // Its name holds what is seen (axe's label-content-name-mismatch failed an aria-label over "Needs attention1").
    expect(await axeViolations(page, 'nav')).toEqual([]);
    await session.screenshot('nav-attention-count-en');

    // It stays on every screen, and it is the number Needs attention itself shows.
    await page.getByTestId('nav-links').click();
    await expect.poll(() => count().textContent()).toBe('1');
    await attention().click();
    await page.getByTestId('attention-NAV-COUNT-1').waitFor();
    expect(await page.locator('[data-testid^="attention-NAV-"]').count()).toBe(1);
    await page.getByTestId('nav-transactions').click();

    await tx.chooseLanguage('ar');
    await expect.poll(() => page.getByRole('navigation').getByRole('button', { name: 'تحتاج إلى متابعة: دفعة واحدة تنتظر', exact: true }).count()).toBe(1);
    expect(await count().textContent()).toBe('1');
    expect(await axeViolations(page, 'nav')).toEqual([]);
    await session.screenshot('nav-attention-count-ar');
    await tx.chooseLanguage('en');

    // The gateway's status answers again ("refunded in full"): the check settles it and the number goes by itself.
    await practice.fault('status', null);
    await callApi(page, 'checkPaymentStatus', { paymentId });
    await expect.poll(() => count().count()).toBe(0);
    expect(await page.getByRole('navigation').getByRole('button', { name: 'Needs attention', exact: true }).count()).toBe(1); // none waiting: its name alone
    expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect((await practice.records()).filter((r) => r.operation === 'refund')).toHaveLength(1);
  }, 60_000);

  it('says nothing while a sale is being sent, as Home and Needs attention do: nobody can act on it', async () => {
    // Until 2026-12-01 the count held payments `creating`: a sale the gateway answered in 1.5 s showed
    // "1" for about a second (Home and the person with nothing to do), docs/ledger.md "one definition".
    const page = session.page;
    await page.getByTestId('nav-home').click();
    await expect.poll(() => count().count()).toBe(0);
    await practice.fault('sale', { latencyMs: 1_500, times: 1 });
    let answered = false;
    const sale = cardSale(page, { orderId: 'NAV-COUNT-SLOW', amount: '20.00', currency: 'SAR', holder: 'NORA HARBI', customer }).finally(() => (answered = true));
    const seen: number[] = [];
    while (!answered) {
      seen.push(await count().count());
      await page.waitForTimeout(50);
    }
    expect(await sale).toMatchObject({ orderId: 'NAV-COUNT-SLOW', state: 'paid' });
    expect(seen.length).toBeGreaterThan(10); // looked at all through the sale's 1.5 s
    expect(Math.max(...seen)).toBe(0);
    expect(await page.getByTestId('task-attention').count()).toBe(0);
  }, 60_000);

  it('keeps the navigation on its lines at 800 × 600 in English and Arabic with a number in it', async () => {
    const page = session.page;
    await page.setViewportSize({ width: 800, height: 600 });
    await page.getByTestId('nav-home').click();
    const lines = { en: 0, ar: 0 };
    for (const language of ['en', 'ar'] as const) {
      await tx.chooseLanguage(language);
      lines[language] = await navLines(session);
    }
    // A second lost answer: the number back in the navigation.
    await tx.chooseLanguage('en');
    await cardSale(page, { orderId: 'NAV-COUNT-2', amount: '50.00', currency: 'SAR', holder: 'NORA HARBI', customer });
    await tx.show();
    await tx.refundWithLostAnswer(practice.fault, 'NAV-COUNT-2', '50', 'Customer asked');
    await page.getByTestId('nav-home').click();
    for (const language of ['en', 'ar'] as const) {
      await tx.chooseLanguage(language);
      await expect.poll(() => count().textContent()).toBe('1');
      expect(await navLines(session)).toBe(lines[language]);
      await inItsButton(session);
      await session.windowShot(`nav-attention-count-800-${language}`);
    }
    await tx.chooseLanguage('en');
  }, 60_000);
});

describe('over 99 waiting, on a seeded ledger', () => {
  let session: E2eSession;
  let tx: TransactionsPage;
  let dataDir = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'paydesk-e2e-nav-count-'));
    const db = openLedgerDb(dataDir);
    const now = new Date();
    // About 1 in 100 seeded payments is unknown, flagged, its create's answer lost: over 100 of 15,000.
    seedLedger(db, { payments: 15_000, seed: 11, start: new Date(now.getTime() - 3_600_000), end: now });
    // None checked while the test runs: the practice gateway never saw them, and a check would settle them as not created.
    db.exec('UPDATE payments SET next_check_at = NULL');
    db.exec('UPDATE ledger_operations SET outcome = 2 WHERE outcome = 0');
    db.close();
    session = await openSession({ dataDir });
    tx = new TransactionsPage(session.page);
    await tx.open(session.preview.url);
  });
  afterAll(async () => {
    await session?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('reads 99+, says how many exactly, and keeps the navigation on two lines from 600 to 1100 px in both languages', async () => {
    const page = session.page;
    const { total } = await callApi<{ total: number }>(page, 'countNeedsAttention', {});
    expect(total).toBeGreaterThan(99);
    await expect.poll(() => page.getByTestId('attention-waiting').textContent()).toBe('99+');
    expect(await page.getByRole('navigation').getByRole('button', { name: `Needs attention: ${total} payments waiting`, exact: true }).count()).toBe(1);
    for (const language of ['en', 'ar'] as const) {
      await tx.chooseLanguage(language);
      for (const width of [600, 800, 900, 1100]) {
        await page.setViewportSize({ width, height: 600 });
        expect({ language, width, lines: await navLines(session) }).toEqual({ language, width, lines: 2 });
        await inItsButton(session);
      }
      await page.setViewportSize({ width: 800, height: 600 });
      await session.windowShot(`nav-attention-count-99-800-${language}`);
      await page.setViewportSize({ width: 1280, height: 800 });
      await inItsButton(session);
      await session.windowShot(`nav-attention-count-99-1280-${language}`);
    }
    await tx.chooseLanguage('en');
  }, 60_000);
});
