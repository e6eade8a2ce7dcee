// "Send a receipt" brings its Send buttons into the window (walk16): at the counter, in Arabic at
// 1024 × 768 (and in English at 1280 × 800), the panel opened under the sale's result began below
// the window's edge; the press seemed to do nothing until the page was scrolled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSession, type E2eSession } from './support/session';
import { fillTerminalSale, GetPaidPage } from './pages/get-paid-page';

async function sell(page: Page, orderId: string) {
  await fillTerminalSale(page, { amount: '75.50', holder: 'NOURA ALQAHTANI', customer: { name: 'نورة القحطاني', email: 'noura@example.com', phone: '+966505551234' }, orderId });
  await page.getByTestId('terminal-submit').click();
  await page.getByTestId('sale-result').locator('[data-testid="payment-state"][data-state="paid"]').waitFor();
}

/** Whether the element lies whole inside the window, as it is now (nothing scrolled by the test). */
const wholeInWindow = (page: Page, testId: string) => page.getByTestId(testId).evaluate((el) => {
  const box = el.getBoundingClientRect();
  return box.top >= 0 && box.bottom <= window.innerHeight;
});

describe('a receipt’s Send buttons in view', () => {
  let session: E2eSession;

  beforeAll(async () => {
    session = await openSession();
    await new GetPaidPage(session.page).open(session.preview.url);
  });
  afterAll(() => session?.close());

  it.each([
    { language: 'ar' as const, width: 1024, height: 768, send: 'إرسال إيصال' },
    { language: 'en' as const, width: 1280, height: 800, send: 'Send a receipt' },
  ])('under a sale’s result, $language at $width × $height', async ({ language, width, height, send }) => {
    const page = session.page;
    await page.setViewportSize({ width, height });
    await new GetPaidPage(page).chooseLanguage(language);
    await sell(page, `W16-RECEIPT-${language}`);
    await page.getByTestId('sale-result').getByRole('button', { name: send }).click();
    await page.getByTestId('receipt-email').waitFor();
    await expect.poll(() => wholeInWindow(page, 'receipt-email')).toBe(true);
    expect(await wholeInWindow(page, 'receipt-whatsapp')).toBe(true);
    await session.screenshot(`receipt-in-view-${language}`);
  });
});
