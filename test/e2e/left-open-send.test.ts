// A refund whose send was left open past two minutes, in Chromium (docs/screens-after-sale.md, "A
// send left open"): Needs attention and the payment's detail say who sent it, when, that Paydesk may
// have stopped, what settles it and what to press, in English and Arabic, at 1280 × 800 and 800 × 600.
// The refund is held on the wire by the practice gateway and its intent rewound three minutes in the
// preview's own ledger file, as a Paydesk that stopped mid-send leaves it. The detail's badge and the
// list's row say "refund left open" (no longer "refund being sent").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLedgerDb } from '../../main/ledger/database';
import { openSession, type E2eSession } from './support/session';
import { callApi, practiceControl } from './support/practice-control';
import { TransactionsPage } from './pages/transactions-page';
import { cardSale } from './support/test-card';

const customer = { name: 'Huda Otaibi', email: 'huda@example.com', phone: '+966500000055' };

describe('a send left open, in Chromium', () => {
  let session: E2eSession;
  let practice: Awaited<ReturnType<typeof practiceControl>>;

  beforeAll(async () => {
    session = await openSession();
    await new TransactionsPage(session.page).open(session.preview.url);
    practice = await practiceControl(session.page, session.preview.dataDir);
  });
  afterAll(async () => {
    await practice?.fault('refund', null);
    await session?.close();
  });

  it('says who sent what, when, and what settles it, on the row and in the detail', async () => {
    const page = session.page;
    const sale = await cardSale(page, { orderId: 'LEFT-OPEN-E2E', amount: '100.00', currency: 'SAR', holder: 'HUDA OTAIBI', customer });
    await practice.fault('refund', { latencyMs: 15_000, times: 1 });
    const refunding = callApi(page, 'refundPayment', { paymentId: sale.id, amount: '50.00', currency: 'SAR', reason: 'Returned' }).catch(() => undefined);
    const db = openLedgerDb(session.preview.dataDir);
    try {
      await expect.poll(() => (db.prepare('SELECT count(*) AS n FROM ledger_operations WHERE outcome = 0').get() as { n: number }).n, { timeout: 5_000 }).toBe(1);
      db.prepare('UPDATE ledger_operations SET created_at = ? WHERE outcome = 0').run(BigInt(Date.now() - 180_000));
    } finally {
      db.close();
    }
    const tx = new TransactionsPage(page);
    for (const language of ['en', 'ar'] as const) {
      await tx.chooseLanguage(language);
      for (const [width, height] of [[1280, 800], [800, 600]] as const) {
        await page.setViewportSize({ width, height });
        await page.getByRole('navigation').getByRole('button', { name: language === 'en' ? 'Needs attention' : 'تحتاج إلى متابعة' }).click();
        const row = page.getByRole('row').filter({ hasText: 'LEFT-OPEN-E2E' });
        await expect.poll(() => row.textContent(), { timeout: 5_000 }).toMatch(language === 'en' ? /Refund of SAR.50\.00 sent by .* on this computer, no answer recorded since/ : /استرداد .* على هذا الحاسوب/);
        await session.windowShot(`left-open-attention-${language}-${width}`);
        await row.getByRole('button', { name: language === 'en' ? 'Open' : 'افتح' }).click();
        const note = page.getByTestId('detail-in-flight');
        await expect.poll(() => note.textContent(), { timeout: 5_000 }).toMatch(language === 'en' ? /may have stopped while sending/ : /ربما توقف بايدسك أثناء الإرسال/);
        // Its badge, and the list's row beside it at 1280 px, say it is left open, not "refund being sent".
        const leftOpen = language === 'en' ? 'refund left open' : 'استرداد معلَّق بلا رد';
        await expect.poll(() => page.getByTestId('payment-detail').locator('.in-flight').textContent()).toBe(leftOpen);
        if (width === 1280) await expect.poll(() => page.getByTestId('tx-row-LEFT-OPEN-E2E').locator('.in-flight').textContent()).toBe(leftOpen);
        await session.windowShot(`left-open-detail-${language}-${width}`);
        if (width === 800) {
          // The list's narrow state column at 800 px, the detail closed: the row's words whole on their line.
          await page.getByTestId('payment-detail').getByRole('button', { name: language === 'en' ? 'Close the detail' : 'أغلق التفاصيل' }).click();
          const state = page.getByTestId('tx-row-LEFT-OPEN-E2E').locator('.in-flight');
          await expect.poll(() => state.textContent()).toBe(leftOpen);
          expect(await state.evaluate((el) => el.scrollWidth <= el.parentElement!.clientWidth)).toBe(true);
          await session.windowShot(`left-open-list-${language}-800`);
        }
      }
    }
    await tx.chooseLanguage('en');
    await refunding;
  }, 90_000);
});
