// A refund whose answer was lost, from opening Paydesk to its status checked, as a new user walks it
// (docs/screens-after-sale.md, "Needs attention walked in both languages"), in Chromium through the
// preview: Home's first screen says it among its tasks (the count was only in the overview, 2.5
// screens down at 600 px), one press opens Needs attention at its start with the keyboard on its
// title, and "Check status now" settles it: 2 presses. A screen opened from a press low on Home
// opened at that scroll, its title above the window, the keyboard on the page's body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { practiceControl } from './support/practice-control';
import { TransactionsPage } from './pages/transactions-page';
import { cardSale } from './support/test-card';

const customer = { name: 'ريم الشمري', email: 'reem@example.com', phone: '+966500000031' };

describe('a lost refund, from opening Paydesk to its status checked', () => {
  let session: E2eSession;
  let tx: TransactionsPage;
  let practice: Awaited<ReturnType<typeof practiceControl>>;
  const focusedHeading = () => session.page.evaluate(() => (document.activeElement?.tagName === 'H1' ? document.activeElement.textContent : `not the heading: ${document.activeElement?.tagName}`));
  const windowTop = () => session.page.evaluate(() => window.scrollY);

  beforeAll(async () => {
    session = await openSession();
    tx = new TransactionsPage(session.page);
    await tx.open(session.preview.url);
    practice = await practiceControl(session.page, session.preview.dataDir);
    await cardSale(session.page, { orderId: 'HOME-LOST-1', amount: '100.00', currency: 'SAR', holder: 'REEM ALSHAMMARI', customer });
    await tx.refundWithLostAnswer(practice.fault, 'HOME-LOST-1', '100', 'Customer asked'); // all of it: a status answer can settle it
  });
  afterAll(async () => {
    await practice?.fault('status', null);
    await session?.close();
  });

  it('opens Needs attention at its start, the keyboard on its title, from the overview’s count below the fold (1280 px)', async () => {
    const page = session.page;
    await page.getByTestId('nav-home').click();
    const figure = page.locator('button[data-testid="ov-attention"]');
    await figure.click(); // scrolled to it, as a person does
    await page.getByTestId('attention-HOME-LOST-1').waitFor();
    expect(await windowTop()).toBe(0);
    expect(await focusedHeading()).toBe('Needs attention');
  });

  it('is one press from Home’s first screen in Arabic at 600 px, and one more checks it', async () => {
    const page = session.page;
    await page.setViewportSize({ width: 600, height: 800 });
    await tx.chooseLanguage('ar');
    await page.getByTestId('nav-home').click();
    const task = page.getByTestId('task-attention');
    await expect.poll(() => task.textContent()).toBe('تحتاج إلى متابعة: دفعة واحدة');
    const box = (await task.boundingBox())!;
    expect(box.y + box.height).toBeLessThan(600); // in the first screen, above the notes' band
    await session.screenshot('attention-task-home-ar-600');

    await task.click(); // 1
    await page.getByTestId('attention-HOME-LOST-1').waitFor();
    expect(await windowTop()).toBe(0);
    expect(await focusedHeading()).toBe('تحتاج إلى متابعة');

    await practice.fault('status', null); // the gateway's status answers again
    await page.getByTestId('attention-HOME-LOST-1').getByTestId('attention-check').click(); // 2
    await expect.poll(() => page.getByTestId('attention-empty').textContent()).toBe('لا شيء يحتاج إلى متابعة.');
    expect(await page.getByTestId('attention-checked').textContent()).toContain('HOME-LOST-1');
    await page.getByTestId('nav-home').click();
    await page.getByTestId('ov-attention').waitFor();
    await expect.poll(() => page.getByTestId('task-attention').count()).toBe(0); // Home's figures follow the settling event
  });
});
