// A support agent in Arabic (and English) in a small window, 600 by 700 px, in Chromium with the
// page's real CSS: a payment's Capture, Void and Refund dialogs name its order whole and inside the
// dialog. An order id with no hyphen to break at (a shop's "SHOPIFY_ORDER_…") ran past the dialog's
// edge: in Arabic its start, the part read back to a customer, was off the window's left. And the
// detail itself stays inside the window with a long e-mail and a reason holding a pasted reference
// (the page scrolled sideways by 42 px, the facts' names cut off at the Arabic window's right).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { callApi } from './support/practice-control';
import { TransactionsPage } from './pages/transactions-page';
import { cardSale } from './support/test-card';

const authorisedId = 'SHOPIFY_ORDER_20261129_000000000000001234567890_BRANCH_RIYADH';
const paidId = 'SHOPIFY_ORDER_20261129_000000000000001234567890_BRANCH_JEDDAH';
const longWordsId = 'PD-20261129-LONGWORDS';
const reason = 'Customer_returned_item_SKU_1234567890_ABCDEFGHIJ_damaged_in_transit';
const customer = { name: 'عبد الرحمن بن عبد العزيز القحطاني', email: 'abdulrahman@example.com', phone: '+966500000033' };

describe('the payment detail\'s dialogs in a 600 × 700 px window', () => {
  let session: E2eSession;
  let tx: TransactionsPage;

  beforeAll(async () => {
    session = await openSession();
    tx = new TransactionsPage(session.page);
    await tx.open(session.preview.url);
    const holder = 'ABDULRAHMAN QAHTANI';
    await cardSale(session.page, { orderId: authorisedId, amount: '1500.00', currency: 'SAR', holder, customer, authOnly: true });
    await cardSale(session.page, { orderId: paidId, amount: '45.250', currency: 'KWD', holder, customer });
    const sale = await cardSale(session.page, {
      orderId: longWordsId, amount: '10.00', currency: 'SAR', holder,
      customer: { ...customer, email: 'abdulrahman.alqahtani.customer.service.department@example-company.com.sa' },
    });
    await callApi(session.page, 'refundPayment', { paymentId: sale.id, amount: '1.00', currency: 'SAR', reason });
    await session.page.setViewportSize({ width: 600, height: 700 });
  });
  // A dialog left open by a failed check would cover the next test's payment.
  afterEach(async () => {
    if (!(await tx.dialog.count())) return;
    await session.page.keyboard.press('Escape');
    await tx.dialog.waitFor({ state: 'detached' });
  });
  afterAll(async () => {
    await session?.page.setViewportSize({ width: 1280, height: 800 });
    await session?.close();
  });

  /** The dialog scrolls nothing sideways, and the order id's box lies inside it and inside the window. */
  const orderIdFits = (orderId: string) => tx.dialog.evaluate((dialog, orderId) => {
    const id = [...dialog.querySelectorAll('bdi')].find((bdi) => bdi.textContent === orderId);
    const [box, room] = [id!.getBoundingClientRect(), dialog.getBoundingClientRect()];
    return {
      sideways: dialog.scrollWidth > dialog.clientWidth,
      inside: box.left >= room.left && box.right <= room.right,
      inWindow: box.left >= 0 && box.right <= window.innerWidth,
    };
  }, orderId);

  for (const language of ['ar', 'en'] as const) {
    it(`keeps the detail with a long e-mail and a long reason inside the window, in ${language}`, async () => {
      await tx.chooseLanguage(language);
      await tx.show();
      await tx.openPayment(longWordsId);
      await tx.detail.getByText(reason).waitFor();
      const fit = await tx.detail.evaluate((detail) => ({
        detail: detail.scrollWidth <= detail.clientWidth,
        page: document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      }));
      expect(fit, language).toEqual({ detail: true, page: true });
      await session.screenshot(`detail-600-long-words-${language}`);
    });

    for (const [action, orderId] of [['capture', authorisedId], ['void', authorisedId], ['refund', paidId]] as const) {
      it(`shows the order id whole in the ${action} dialog, in ${language}`, async () => {
        await tx.chooseLanguage(language);
        await tx.show();
        await tx.openPayment(orderId);
        await tx.startAction(action);
        expect(await orderIdFits(orderId), `${action} ${language}`).toEqual({ sideways: false, inside: true, inWindow: true });
        await session.screenshot(`detail-600-${action}-${language}`);
      });
    }
  }
});
