// A payment's detail in an 800 px window, in Chromium with the page's real CSS and chunks, in English
// and Arabic: an unpaid link's "Resend link" opens the links list's share panel (fetched then) with
// the link's address, inside the window; "Charge again" opened from a repeat charge names the first
// payment's card ending and order id, which it charges, not the repeat charge's own order id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { callApi } from './support/practice-control';
import { TransactionsPage } from './pages/transactions-page';
import { cardSale } from './support/test-card';

const customer = { name: 'Huda Nasser', email: 'huda@example.com', phone: '+966500000044' };
type Made = { id: string; orderId: string; url: string | null; cardMasked: string | null };

describe('a payment\'s detail at 800 px', () => {
  let session: E2eSession;
  let tx: TransactionsPage;

  beforeAll(async () => {
    session = await openSession();
    tx = new TransactionsPage(session.page);
    await tx.open(session.preview.url);
    await session.page.setViewportSize({ width: 785, height: 1000 }); // an 800 px window less its scroll bar
  });
  afterAll(async () => {
    await session?.page.setViewportSize({ width: 1280, height: 800 });
    await session?.close();
  });

  for (const language of ['en', 'ar'] as const) {
    it(`offers an unpaid link's Copy link and Resend link, the share panel inside the window, in ${language}`, async () => {
      await tx.chooseLanguage(language);
      const link = await callApi<Made>(session.page, 'createPaymentLink', { amount: '75.00', currency: 'SAR', description: 'Two lamps', customer });
      await tx.show();
      await tx.openPayment(link.orderId);
      const detail = session.page.getByTestId('payment-detail');
      await detail.getByTestId('detail-copy').waitFor();
      await detail.getByTestId('detail-resend').click();
      const panel = detail.getByTestId('detail-share');
      expect(await panel.getByTestId('share-url').inputValue()).toBe(link.url);
      await panel.getByTestId('link-qr').waitFor();
      expect(await session.page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      await panel.scrollIntoViewIfNeeded();
      await session.screenshot(`detail-800-resend-link-${language}`);
    });

    it(`names the first payment's card and order id in Charge again from a repeat charge, in ${language}`, async () => {
      await tx.chooseLanguage(language);
      const first = await cardSale<Made>(session.page, { amount: '80.00', currency: 'SAR', holder: 'HUDA NASSER', customer, recurringInit: true });
      const repeat = await callApi<Made>(session.page, 'chargeRecurring', { paymentId: first.id, amount: '80.00', currency: 'SAR', description: 'November box' });
      await tx.show();
      await tx.openPayment(repeat.orderId);
      await session.page.getByTestId('action-recurring').click();
      const dialog = session.page.getByTestId('action-dialog');
      expect(await dialog.getByTestId('charged-order').textContent()).toBe(first.orderId);
      expect(await dialog.getByTestId('charged-card').textContent()).toContain(first.cardMasked!.slice(-4));
      expect(await dialog.textContent()).not.toContain(repeat.orderId);
      await session.screenshot(`detail-800-charge-again-from-repeat-${language}`);
      await session.page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    });
  }
});
