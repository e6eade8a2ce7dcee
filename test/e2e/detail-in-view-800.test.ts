// A payment opened in an 800 × 600 window comes into view: "Open the existing payment" (the error for
// an order reference already used) landed with the detail's title at 584 px, under the search, the
// filters and "Find a payment made elsewhere", and a held payment opened from its row showed only
// its buttons, so a capture's "Captured SAR 60.00." came out of sight (docs/screens-walks.md, the
// second walk). In Chromium through the preview, in English and Arabic.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { GetPaidPage } from './pages/get-paid-page';
import { TransactionsPage } from './pages/transactions-page';
import { cardSale } from './support/test-card';

const customer = { name: 'Noura Otaibi', email: 'noura@example.com', phone: '+966501234567' };

describe('a payment opened at 800 × 600', () => {
  let session: E2eSession;
  let app: GetPaidPage;
  let tx: TransactionsPage;

  beforeAll(async () => {
    session = await openSession();
    await session.page.setViewportSize({ width: 800, height: 600 });
    app = new GetPaidPage(session.page);
    tx = new TransactionsPage(session.page);
    await app.open(session.preview.url);
    // Oldest first: each language's held payment is the first row in turn.
    for (const orderId of ['HELD-800-en', 'HELD-800-ar', 'INV-800-77']) {
      await cardSale(session.page, { orderId, amount: '100.00', currency: 'SAR', holder: 'NOURA OTAIBI', customer, authOnly: true });
    }
  });
  afterAll(() => session?.close());

  /** The detail's title and the line under its buttons (where an operation's outcome is said) inside the window, below the header. */
  const detailInView = () => session.page.locator('[data-testid="payment-detail"]').evaluate((detail) => {
    const title = detail.querySelector('h2')!.getBoundingClientRect();
    const header = document.querySelector('header')!.getBoundingClientRect();
    return { titleTop: Math.round(title.top), inView: title.top >= header.bottom && title.bottom + 120 <= window.innerHeight };
  });

  for (const [language, openWords, heldWords, captureWords] of [
    ['en', 'Open the existing payment', /^Authorised, not captured: .*SAR/, 'Capture'],
    ['ar', 'افتح الدفعة الموجودة', /^مفوَّضة غير محصَّلة: .*SAR/, 'تحصيل'],
  ] as const) {
    it(`brings the existing payment into view from the order reference's error (${language})`, async () => {
      const page = session.page;
      await tx.chooseLanguage(language);
      await app.newLinkByKeyboard();
      const form = app.form('link');
      await form.locator('#link-orderId').fill('INV-800-77');
      await form.locator('#link-amount').fill('12.00');
      await form.locator('#link-description').fill('Tea');
      await app.fillCustomer(form, customer, language === 'en' ? undefined : { name: 'اسم العميل', email: 'البريد الإلكتروني للعميل', phone: 'هاتف العميل' });
      await page.getByTestId('link-submit').click();
      await page.getByRole('button', { name: openWords }).click();
      await page.locator('[data-testid="payment-detail"] h2:has-text("INV-800-77")').waitFor();
      await expect.poll(detailInView).toMatchObject({ inView: true });
      await session.windowShot(`detail-in-view-800-existing-${language}`);
    });

    it(`keeps a held payment opened from its row, and its capture's outcome, in view (${language})`, async () => {
      const page = session.page;
      await page.keyboard.press('Alt+1');
      await page.getByRole('button', { name: heldWords }).click(); // opens oldest first
      await page.getByText(`HELD-800-${language}`, { exact: true }).click();
      await page.locator(`[data-testid="payment-detail"] h2:has-text("HELD-800-${language}")`).waitFor();
      await expect.poll(detailInView).toMatchObject({ inView: true });
      await page.getByRole('button', { name: captureWords, exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: /SAR/ }).click();
      const outcome = page.getByTestId('detail-notice');
      await outcome.waitFor();
      expect(await outcome.evaluate((line) => line.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);
      await session.windowShot(`detail-in-view-800-captured-${language}`);
    });
  }
});
