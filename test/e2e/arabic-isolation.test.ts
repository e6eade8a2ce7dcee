// Arabic screens as Chromium draws them: left-to-right tokens (a phone, an e-mail, a card mask, a
// transaction id, a path) read in their own order inside right-to-left text ("+966…", not
// "966…+"; "/home/you/…", not "home/you/…/"), and the words Paydesk stored in the ledger itself
// (the check-up's refund reason) read in Arabic on the audit log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { checkupRefundReason } from '../../contract/app-written-reasons';
import { openSession, type E2eSession } from './support/session';
import { callApi } from './support/practice-control';
import { TransactionsPage } from './pages/transactions-page';
import { cardSale } from './support/test-card';

const customer = { name: 'ليلى حداد', email: 'layla.ar@example.com', phone: '+966501234567' };
const holder = 'LAYLA HADDAD';

/**
 * Whether the text's characters are drawn left to right, in their own order, where it shows
 * inside `within`: each character's box starts right of the one before (the first `count`).
 */
async function drawnLeftToRight(within: Locator, text: string, count = text.length): Promise<boolean> {
  return within.evaluate((root, [text, count]) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const start = (node as Text).data.indexOf(text);
      if (start < 0) continue;
      const range = document.createRange();
      const xs = [...Array(count).keys()].map((i) => {
        range.setStart(node!, start + i);
        range.setEnd(node!, start + i + 1);
        return range.getBoundingClientRect().x;
      });
      return xs.every((x, i) => i === 0 || x > xs[i - 1]!);
    }
    throw new Error(`"${text}" is not shown`);
  }, [text, count] as const);
}

describe('Arabic screens in Chromium', () => {
  let session: E2eSession;
  let tx: TransactionsPage;

  beforeAll(async () => {
    session = await openSession();
    tx = new TransactionsPage(session.page);
    await tx.open(session.preview.url);
    await tx.chooseLanguage('ar');
  });
  afterAll(() => session?.close());

  it('shows a payment\'s phone, e-mail, card and transaction id in their own order in the detail', async () => {
    const payment = await cardSale(session.page, { orderId: 'AR-ISO-1', amount: '150.75', currency: 'SAR', holder, customer });
    await tx.show();
    await tx.openPayment('AR-ISO-1');
    const detail = session.page.getByTestId('payment-detail');
    expect(await drawnLeftToRight(detail, '+966501234567', 4)).toBe(true); // the plus sign first, at the left
    expect(await drawnLeftToRight(detail, 'layla.ar@example.com')).toBe(true);
    expect(await drawnLeftToRight(detail, payment.transactionId.slice(0, 8))).toBe(true);
    expect(await drawnLeftToRight(detail, '512345', 6)).toBe(true);
    await session.screenshot('arabic-detail-ltr-tokens');
  });

  it('words the check-up\'s refund reason in Arabic on the audit log; a typed reason stays as typed', async () => {
    const payment = await cardSale(session.page, { orderId: 'AR-ISO-2', amount: '20.00', currency: 'SAR', holder, customer });
    // The check-up's own words, as an earlier Paydesk's ledger (or a check-up run) holds them.
    await callApi(session.page, 'refundPayment', { paymentId: payment.id, amount: '2.00', currency: 'SAR', reason: checkupRefundReason });
    await callApi(session.page, 'refundPayment', { paymentId: payment.id, amount: '3.00', currency: 'SAR', reason: 'Damaged item' });
    await session.page.getByTestId('nav-audit').click();
    const rows = session.page.getByTestId('audit-table').locator('tbody tr', { hasText: 'AR-ISO-2' });
    await expect.poll(() => rows.count()).toBe(3);
    const texts = await rows.allTextContents();
    expect(texts.some((t) => t.includes('استرداد — فحص البوابة: إعادة أموال الاختبار'))).toBe(true);
    expect(texts.join(' ')).not.toContain('Gateway check-up');
    expect(texts.some((t) => t.includes('Damaged item'))).toBe(true);
    await session.screenshot('arabic-audit-checkup-reason');
  });

  it('draws a dollar amount in a refund\'s sentences as in the tables, "10.00 USD", the digits before the code', async () => {
    await cardSale(session.page, { orderId: 'AR-ISO-USD', amount: '40.00', currency: 'USD', holder, customer });
    await tx.show();
    await tx.openPayment('AR-ISO-USD');
    await tx.startAction('refund');
    const dialog = session.page.getByTestId('action-dialog');
    await dialog.locator('#action-amount').fill('10');
    // The number first, at the left, then the code: each sentence that words the amount.
    const numberBeforeSymbol = (within: Locator) => within.evaluate((root) => {
      const text = root.textContent ?? '';
      const at = (needle: string) => {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const i = (node as Text).data.indexOf(needle);
          if (i < 0) continue;
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          return range.getBoundingClientRect().x;
        }
        throw new Error(`"${needle}" is not in "${text}"`);
      };
      return at('10.00') < at('USD');
    });
    expect(await numberBeforeSymbol(dialog.getByTestId('confirm-line'))).toBe(true);
    expect(await numberBeforeSymbol(dialog.getByTestId('action-send'))).toBe(true);
    await dialog.screenshot({ path: 'test-results/screenshots/arabic-refund-usd.png' });
    await session.page.keyboard.press('Escape');
  });

  it('draws a phone typed into each search left to right, and keeps an empty one\'s hint on the right', async () => {
    // Support's walk: "+966581519896" typed into Home's find read "966581519896+" (docs/screens-walks.md).
    const page = session.page;
    for (const [nav, field] of [['nav-home', '#home-find'], ['nav-transactions', '#tx-search'], ['nav-links', '#links-search'], ['nav-audit', '#audit-search']] as const) {
      await page.getByTestId(nav).click();
      const search = page.locator(field);
      const drawn = () => search.evaluate((e) => (e.matches(':dir(ltr)') ? 'ltr' : 'rtl'));
      expect(await drawn(), `${field} empty`).toBe('rtl');
      await search.fill('+966501234567');
      expect(await drawn(), `${field} with a phone`).toBe('ltr');
      if (field === '#tx-search') await search.screenshot({ path: 'test-results/screenshots/arabic-search-phone.png' });
      await search.fill('ليلى');
      expect(await drawn(), `${field} with a name`).toBe('rtl');
      await search.fill('');
    }
  });

  it('shows the backup folder\'s example path untranslated, drawn left to right', async () => {
    await session.page.getByTestId('nav-settings').click();
    const backups = session.page.getByTestId('backups');
    await backups.scrollIntoViewIfNeeded();
    const hint = backups.locator('#backup-folder-hint');
    expect(await hint.textContent()).toContain('/home/you/Dropbox/Paydesk');
    expect(await drawnLeftToRight(hint, '/home/you/Dropbox/Paydesk')).toBe(true);
    expect(await drawnLeftToRight(hint, 'D:\\Backups')).toBe(true);
    await backups.screenshot({ path: 'test-results/screenshots/arabic-backups-hint.png' });
  });

  it('draws typed text (a description, a reason) in the direction of its first letter, on English and Arabic screens', async () => {
    // The second walk: "عباءة Gift wrapping" typed in the English form and read on the English screens.
    const page = session.page;
    const dir = (l: Locator) => l.evaluate((e) => (e.matches(':dir(ltr)') ? 'ltr' : 'rtl'));
    const arabicFirst = 'عباءة Gift wrapping';
    const englishFirst = 'Gift wrapping عباءة';
    await tx.chooseLanguage('en');
    // The forms: the link's description takes the direction of what is typed in it.
    await page.keyboard.press('Alt+2');
    const description = page.getByTestId('link-form').locator('input[id$="description"]').first();
    await description.fill(arabicFirst);
    expect(await dir(description), 'the link form, English').toBe('rtl');
    await tx.chooseLanguage('ar');
    await description.fill(englishFirst);
    expect(await dir(description), 'the link form, Arabic').toBe('ltr');
    await description.fill('');
    expect(await dir(description), 'empty: the page\'s').toBe('rtl');

    // The detail: a card sale refunded with a reason typed Arabic first, settled reason apart.
    const payment = await cardSale(session.page, { orderId: 'AR-ISO-DIR', amount: '30.00', currency: 'SAR', holder, customer });
    await callApi(page, 'refundPayment', { paymentId: payment.id, amount: '5.00', currency: 'SAR', reason: arabicFirst });
    for (const language of ['en', 'ar'] as const) {
      await tx.chooseLanguage(language);
      await tx.show();
      await tx.openPayment('AR-ISO-DIR');
      const reason = page.getByTestId('payment-detail').locator('.timeline bdi.user-text', { hasText: arabicFirst });
      expect(await dir(reason), `the refund's reason, ${language}`).toBe('rtl');
      const refund = page.getByTestId('payment-detail').locator('.timeline li', { hasText: arabicFirst });
      await refund.screenshot({ path: `test-results/screenshots/typed-direction-refund-${language}.png` });
      // Dialog: the refund's reason field, as typed.
      await page.getByTestId('payment-detail').getByRole('button', { name: language === 'en' ? 'Refund' : 'استرداد', exact: true }).click();
      const field = page.locator('#action-reason');
      await field.fill(language === 'en' ? arabicFirst : englishFirst);
      expect(await dir(field), `the refund dialog's reason, ${language}`).toBe(language === 'en' ? 'rtl' : 'ltr');
      await page.keyboard.press('Escape');
    }
  });
});
