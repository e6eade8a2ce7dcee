// "Copy" beside a payment's order id (its title) and its transaction id, in Chromium with the real
// clipboard, in a 600 × 700 px window: the title of a long order id is cut with an ellipsis, and
// one press still puts the whole id on the clipboard (read back with the page's clipboard-read
// permission), "Copied" shown in place. English and Arabic. The refused clipboard: test/dom/detail-copy-ids.test.tsx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { TransactionsPage } from './pages/transactions-page';
import { cardSale } from './support/test-card';

const orderId = 'SHOPIFY_ORDER_20261129_000000000000001234567890_BRANCH_DAMMAM';
const customer = { name: 'ريم العتيبي', email: 'reem@example.com', phone: '+966500000044' };

describe('copying a payment\'s ids in a 600 × 700 px window', () => {
  let session: E2eSession;
  let tx: TransactionsPage;
  let transactionId: string;

  beforeAll(async () => {
    session = await openSession();
    tx = new TransactionsPage(session.page);
    await tx.open(session.preview.url);
    await session.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    transactionId = (await cardSale(session.page, { orderId, amount: '75.00', currency: 'SAR', holder: 'REEM OTAIBI', customer })).transactionId;
    await session.page.setViewportSize({ width: 600, height: 700 });
  });
  afterAll(async () => {
    await session?.page.setViewportSize({ width: 1280, height: 800 });
    await session?.close();
  });

  const clipboardText = () => session.page.evaluate(() => navigator.clipboard.readText());

  for (const [language, copyOrder, copyTransaction, copied, copiedOrder] of [
    ['en', 'Copy the order reference', 'Copy the transaction id', 'Copied', 'Copied the order reference'],
    ['ar', 'انسخ مرجع الطلب', 'انسخ رقم المعاملة', 'تم النسخ', 'تم نسخ مرجع الطلب'],
  ] as const) {
    it(`puts the whole order id and the transaction id on the clipboard with one press each, in ${language}`, async () => {
      await tx.chooseLanguage(language);
      await tx.show();
      await tx.openPayment(orderId);
      const title = session.page.locator('#detail-title bdi');
      // The title is cut with an ellipsis here: what a triple-click left people unsure of.
      expect(await title.evaluate((id) => id.scrollWidth > id.clientWidth)).toBe(true);
      await session.page.evaluate(() => navigator.clipboard.writeText(''));

      await tx.detail.getByRole('button', { name: copyOrder, exact: true }).click();
      // Its name follows what it shows, in Chromium's accessibility tree too.
      const copiedTitle = tx.detail.getByRole('button', { name: copiedOrder, exact: true });
      await copiedTitle.waitFor();
      expect(await copiedTitle.textContent()).toBe(copied);
      expect(await clipboardText()).toBe(orderId);
      await session.screenshot(`detail-copy-order-id-${language}`);

      await tx.detail.getByRole('button', { name: copyTransaction }).click();
      await session.page.getByTestId('copy-transaction-id-status').filter({ hasText: copied }).waitFor();
      expect(await clipboardText()).toBe(transactionId);
    });
  }
});
