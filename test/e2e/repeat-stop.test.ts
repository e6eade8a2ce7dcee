// "Stop repeat charges" in Chromium with the page's real CSS, by visible labels, in English and
// Arabic at 1280 × 800 and in an 800 px window: support opens the first payment of a stored card
// (one repeat charge made), presses Stop (one press), reads who stopped it, finds "Charge again"
// gone and the keyboard on "Allow repeat charges again"; main refuses a charge sent anyway (the
// preview's own API, as a second window would); Allow brings "Charge again" back. The list names
// the series and what each charge was for. Nothing is sent to the gateway by either press.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { callApi } from './support/practice-control';
import { TransactionsPage } from './pages/transactions-page';
import { cardSale } from './support/test-card';

const customer = { name: 'منى الدوسري', email: 'muna@example.com', phone: '+966507771234' };
type Made = { id: string; orderId: string };
const words = {
  en: { stop: 'Stop repeat charges', allow: 'Allow repeat charges again', again: 'Charge again', stopped: 'Stopped' },
  ar: { stop: 'إيقاف الخصم المتكرر', allow: 'السماح بالخصم المتكرر مجددًا', again: 'خصم مرة أخرى', stopped: 'موقوف' },
} as const;

describe('stopping a stored card\'s repeat charges', () => {
  let session: E2eSession;
  let tx: TransactionsPage;

  beforeAll(async () => {
    session = await openSession();
    tx = new TransactionsPage(session.page);
    await tx.open(session.preview.url);
  });
  afterAll(async () => {
    await session?.page.setViewportSize({ width: 1280, height: 800 });
    await session?.close();
  });

  for (const [width, height] of [[1280, 800], [785, 600]] as const) {
    for (const language of ['en', 'ar'] as const) {
      it(`one press stops them, said with who and when, and Allow undoes it, in ${language} at ${width + (width < 1280 ? 15 : 0)} px`, async () => {
        const w = words[language];
        await session.page.setViewportSize({ width, height });
        await tx.chooseLanguage(language);
        const first = await cardSale<Made>(session.page, { amount: '99.00', currency: 'SAR', holder: 'MUNA', customer, recurringInit: true, orderId: `BOX-${language}-${width}` });
        const repeat = await callApi<Made>(session.page, 'chargeRecurring', { paymentId: first.id, amount: '99.00', currency: 'SAR', description: 'December box' });
        await tx.show();
        await tx.openPayment(first.orderId);
        const detail = session.page.getByTestId('payment-detail');
        await detail.getByRole('button', { name: w.again, exact: true }).waitFor();
        expect(await detail.getByTestId('repeat-series').textContent()).toContain(first.orderId);
        expect(await detail.getByTestId('repeat-description').textContent()).toBe('December box');

        await detail.getByRole('button', { name: w.stop }).click();
        const allow = detail.getByRole('button', { name: w.allow });
        await allow.waitFor();
        await expect.poll(() => allow.evaluate((el) => el === document.activeElement)).toBe(true);
        expect(await detail.getByRole('button', { name: w.again, exact: true }).count()).toBe(0);
        expect(await detail.getByTestId('repeats-stopped').textContent()).toBe(w.stopped);
        await detail.getByTestId('repeat-stopped').waitFor();
        expect(await session.page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
        await session.screenshot(`repeat-stopped-${language}-${width}`);

        // A charge sent anyway (another window, an older screen) is refused by main, in the person's language.
        const refused = await callApi(session.page, 'chargeRecurring', { paymentId: first.id, amount: '99.00', currency: 'SAR', description: 'January box' }).catch((e: Error) => e.message);
        expect(refused).toContain('rule_violation');

        // The repeat charge's own detail: the same mark, no "Charge again", its first payment named with what the series is.
        await tx.openPayment(repeat.orderId);
        await detail.getByTestId('repeat-stopped').waitFor();
        expect(await detail.getByRole('button', { name: w.again, exact: true }).count()).toBe(0);
        expect(await detail.getByTestId('repeat-series').textContent()).toContain(customer.name);
        await session.screenshot(`repeat-stopped-from-charge-${language}-${width}`);
        await tx.openPayment(first.orderId);

        await allow.click();
        await detail.getByRole('button', { name: w.again, exact: true }).waitFor();
        expect(await detail.getByTestId('repeat-stopped').count()).toBe(0);
        await expect.poll(() => detail.getByRole('button', { name: w.stop }).evaluate((el) => el === document.activeElement)).toBe(true);
        expect(await detail.getByRole('button', { name: w.again, exact: true }).count()).toBe(1);
      });
    }
  }
});
