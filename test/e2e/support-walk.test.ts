// What a support agent does when a customer phones, in Chromium through the preview, in English
// and Arabic: finds the payment by its order id with the keyboard alone (typed in the search, ↓ to
// the results, Enter), by the amount the caller gives (typed in the search, which looks in ids and
// names, and told so with a button to the payments of that amount), by the card's last four digits
// (a button there too, to the "Card ends in" filter), and lists every payment with a
// refund, partly or fully refunded, with one choice of the State field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { callApi } from './support/practice-control';
import { TransactionsPage } from './pages/transactions-page';
import { translate } from '../../renderer/src/i18n';
import type { PaymentView } from '../../contract/methods/payments';
import { cardSale } from './support/test-card';

const customer = { name: 'Huda Karim', email: 'huda@example.com', phone: '+966500000031' };

describe('a support agent finds payments', () => {
  let session: E2eSession;
  let tx: TransactionsPage;
  // The practice gateway's transaction ids are random UUIDs, which the search also looks in: about
  // one run in a thousand, one of them holds "0008" and the search finds that payment.
  const sold: PaymentView[] = [];

  beforeAll(async () => {
    session = await openSession();
    tx = new TransactionsPage(session.page);
    await tx.open(session.preview.url);
    const sell = async (orderId: string) => {
      const payment = await cardSale<PaymentView>(session.page, { orderId, amount: '30.00', currency: 'SAR', holder: 'HUDA KARIM', customer });
      sold.push(payment);
      return payment;
    };
    const refund = (payment: PaymentView, amount: string) => callApi(session.page, 'refundPayment', { paymentId: payment.id, amount, currency: 'SAR', reason: 'Customer asked' });
    await sell('CALL-PAID');
    await refund(await sell('CALL-PART'), '10.00');
    await refund(await sell('CALL-FULL'), '30.00');
  });
  afterAll(() => session?.close());

  it.each(['en', 'ar'] as const)('opens a payment by its order id with the keyboard alone: type, ↓, Enter, in %s', async (language) => {
    await tx.chooseLanguage(language);
    await tx.show();
    await session.page.keyboard.press('/');
    await session.page.keyboard.type('CALL-PART');
    await expect.poll(() => tx.total()).toBe(1);
    await session.page.keyboard.press('ArrowDown');
    await session.page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'tx-list');
    await session.page.keyboard.press('Enter');
    await session.page.locator('[data-testid="payment-detail"] h2:has-text("CALL-PART")').waitFor();
  });

  it.each(['en', 'ar'] as const)('lists the partly and the fully refunded payments, not the others, with "Any refund", in %s', async (language) => {
    await tx.chooseLanguage(language);
    await tx.show();
    await session.page.getByLabel(translate(language, 'tx.filter.state')).selectOption({ label: translate(language, 'tx.filter.anyRefund') });
    await expect.poll(() => tx.total()).toBe(2);
    await tx.row('CALL-PART').waitFor();
    await tx.row('CALL-FULL').waitFor();
    expect(await tx.row('CALL-PAID').count()).toBe(0);
    await session.screenshot(`transactions-any-refund-${language}`);
  });

  it.each(['en', 'ar'] as const)('finds payments by the amount typed in the search, with one press (a Tab and Enter by keyboard), in %s', async (language) => {
    await tx.chooseLanguage(language);
    await tx.show();
    await session.page.keyboard.press('/');
    await session.page.keyboard.type('30');
    const byAmount = session.page.getByTestId('search-by-amount');
    expect(await byAmount.textContent()).toContain('30.00');
    // Next after the search, as the card's offer: a Tab, Enter.
    await session.page.keyboard.press('Tab');
    expect(await session.page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('search-by-amount');
    await session.page.keyboard.press('Enter');
    await expect.poll(() => tx.total()).toBe(3);
    expect(await session.page.getByRole('searchbox').inputValue()).toBe('');
    expect(await session.page.evaluate(() => document.activeElement?.id)).toBe('tx-search');
    await session.screenshot(`transactions-by-amount-${language}`);
  });

  it.each(['en', 'ar'] as const)('lists the payments of the card whose last four digits the search found nothing for, with one press, in %s', async (language) => {
    await tx.chooseLanguage(language);
    await tx.show();
    await session.page.keyboard.press('/');
    await session.page.keyboard.type('0008');
    const byCard = session.page.getByTestId('search-by-card');
    await byCard.waitFor();
    // The sentence about what the search looks in only when it found nothing; the card's offer either way.
    const found = sold.filter((payment) => payment.transactionId?.includes('0008')).length;
    await expect.poll(() => tx.total()).toBe(found);
    expect(await session.page.getByText(translate(language, 'tx.search.notAmounts')).count()).toBe(found === 0 ? 1 : 0);
    expect(await session.page.getByTestId('search-by-amount').count()).toBe(0);
    expect(await byCard.textContent()).toBe(translate(language, 'tx.search.byCard', { last4: '0008' }));
    // By keyboard: one Tab from the search, Enter (docs/screens-after-sale.md's count; it was 5 Tabs, past State, More filters, Clear filters and Sort).
    await session.page.keyboard.press('Tab');
    expect(await session.page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('search-by-card');
    await session.page.keyboard.press('Enter');
    await expect.poll(() => tx.total()).toBe(3);
    for (const order of ['CALL-PAID', 'CALL-PART', 'CALL-FULL']) await tx.row(order).waitFor();
    expect(await session.page.getByRole('searchbox').inputValue()).toBe('');
    expect(await session.page.getByLabel(translate(language, 'tx.filter.cardLast4')).inputValue()).toBe('0008');
    await session.screenshot(`transactions-by-card-${language}`);
  });

  // Said at once while typing, the message of a wrong character made the field wider: at 900 px it
  // jumped to a row of its own under the typing hand, and back once corrected (found walking, 2026-11-30).
  it.each(['en', 'ar'] as const)('keeps "Card ends in" where it is while a wrong character is said next to it, at 900 px, in %s', async (language) => {
    await session.page.setViewportSize({ width: 900, height: 800 });
    try {
      await tx.chooseLanguage(language);
      await tx.show();
      const field = session.page.getByLabel(translate(language, 'tx.filter.cardLast4'));
      if (!(await field.isVisible())) await session.page.locator('.more-filters').click();
      await field.fill('12');
      const before = await field.boundingBox();
      await session.page.keyboard.type('a');
      await session.page.locator('#tx-card-last4-error').waitFor();
      expect(await field.boundingBox()).toEqual(before);
      expect(await session.page.evaluate(() => document.activeElement?.id)).toBe('tx-card-last4');
      await field.fill('');
    } finally {
      await session.page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it.each(['en', 'ar'] as const)('in a 900 px window a second search shows its results, not the payment opened before, in %s', async (language) => {
    await session.page.setViewportSize({ width: 900, height: 800 });
    try {
      await tx.chooseLanguage(language);
      await tx.show();
      const openByKeyboard = async (orderId: string) => {
        await session.page.keyboard.press('/');
        await session.page.keyboard.press('Control+a');
        await session.page.keyboard.type(orderId);
        await session.page.keyboard.press('ArrowDown');
        await session.page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'tx-list');
        await expect.poll(() => tx.total()).toBe(1);
        await tx.row(orderId).waitFor();
        await session.page.keyboard.press('Enter');
        await session.page.locator(`[data-testid="payment-detail"] h2:has-text("${orderId}")`).waitFor();
      };
      await openByKeyboard('CALL-PAID');
      expect(await tx.list.isVisible()).toBe(false); // the payment is shown in the list's place
      // Typed with the payment open: the list comes back with what the search found.
      await session.page.keyboard.press('/');
      await session.page.keyboard.press('Control+a');
      await session.page.keyboard.type('CALL-FULL');
      await tx.row('CALL-FULL').waitFor({ state: 'visible' });
      expect(await tx.detail.count()).toBe(0);
      await openByKeyboard('CALL-PART');
    } finally {
      await session.page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it.each(['en', 'ar'] as const)('Home\'s "Find a payment" leaves the keyboard on the list it found, or on the search when it found none, in %s', async (language) => {
    await tx.chooseLanguage(language);
    const findFromHome = async (text: string) => {
      await session.page.keyboard.press('Alt+1');
      await session.page.getByTestId('home-find').fill(text);
      await session.page.keyboard.press('Enter');
      await tx.counted();
    };
    await findFromHome('Huda Karim'); // every payment of this test: several, none opened
    await session.page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'tx-list');
    await findFromHome('Nobody Anywhere');
    await session.page.waitForFunction(() => document.activeElement?.id === 'tx-search');
  });
});
