// A note naming a long order id (a shop's "SHOPIFY_ORDER_…", no hyphen to break at) in a 600 px
// window: the id is cut at its end inside the note, and the note's Dismiss stays in the window in
// both directions. Its cut id's full width widened the notes' band past the window, and Dismiss
// went partly off its edge. In Chromium through the preview.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { AppPage } from './pages/app-page';
import { TransactionsPage } from './pages/transactions-page';
import { callApi, refuseNextRefund } from './support/practice-control';
import { cardSale } from './support/test-card';

const orderId = 'SHOPIFY_ORDER_20261129_000000000000001234567890_BRANCH_DAMMAM';

describe('a note naming a long order id at 600 px', () => {
  let session: E2eSession;

  beforeAll(async () => {
    session = await openSession();
    await session.page.setViewportSize({ width: 600, height: 700 });
    await new AppPage(session.page).open(session.preview.url);
    const payment = await cardSale(session.page, { orderId, amount: '50.00', currency: 'SAR', holder: 'HUDA AL-QAHTANI', customer: { name: 'Huda Al-Qahtani', email: 'huda@example.com', phone: '+966500000062' } });
    // A refund the gateway refuses: an error note, which stays until dismissed.
    await refuseNextRefund(session.page, session.preview.dataDir);
    await callApi(session.page, 'refundPayment', { paymentId: payment.id, amount: '20.00', currency: 'SAR', reason: 'Returned' }).catch(() => undefined);
    await session.page.getByTestId('notifications').locator('.notification').first().waitFor();
  });
  afterAll(() => session?.close());

  for (const language of ['en', 'ar'] as const) {
    it(`keeps Dismiss inside the window and the page without sideways scroll (${language})`, async () => {
      const page = session.page;
      await new TransactionsPage(page).chooseLanguage(language);
      const note = page.getByTestId('notifications').locator('.notification').first();
      await note.getByRole('button').waitFor();
      const seen = await note.evaluate((element, id) => {
        const button = element.querySelector('button')!.getBoundingClientRect();
        const box = element.getBoundingClientRect();
        return {
          dismissInside: button.left >= 0 && button.right <= window.innerWidth,
          noteInside: box.left >= 0 && box.right <= window.innerWidth,
          sideways: document.scrollingElement!.scrollWidth > window.innerWidth,
          idCut: element.textContent!.includes(id),
        };
      }, orderId);
      expect(seen).toEqual({ dismissInside: true, noteInside: true, sideways: false, idCut: true });
    });
  }
});
