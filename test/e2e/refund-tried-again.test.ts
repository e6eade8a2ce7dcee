// A refund the practice gateway refuses once, then tried again, in Arabic, in Chromium through the
// preview: the keyboard stays in the dialog, on Send, so Enter tries again; once it goes through, the
// band's "the refund failed" note of that payment goes, and the payment says what was refunded
// (docs/screens-after-sale.md, "Today's new pieces walked together"; DOM: action-refused-focus,
// refund-note-after-retry).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { refuseNextRefund } from './support/practice-control';
import { TransactionsPage } from './pages/transactions-page';
import { cardSale } from './support/test-card';

const customer = { name: 'نورة القحطاني', email: 'noura@example.com', phone: '+966501112233' };
let session: E2eSession;
let tx: TransactionsPage;

beforeAll(async () => {
  session = await openSession();
  tx = new TransactionsPage(session.page);
  await tx.open(session.preview.url);
  await cardSale(session.page, { orderId: 'RETRY-REFUND-1', amount: '125.50', currency: 'SAR', holder: 'NOURA ALQAHTANI', customer });
  await refuseNextRefund(session.page, session.preview.dataDir);
  await tx.chooseLanguage('ar');
});
afterAll(() => session?.close());

it('keeps the keyboard on Send after the refusal, and drops the failure note once the second try refunds', async () => {
  const page = session.page;
  await tx.pressRefund('RETRY-REFUND-1', '20', 'إرجاع جزء من الخدمة');
  await tx.dialog.getByRole('alert').waitFor();
  const notes = page.getByTestId('notifications');
  await notes.getByText(/فشل استرداد على/).waitFor();
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName);
  await expect.poll(focused).toBe('action-send');

  await page.keyboard.press('Enter'); // tried again, one press
  await tx.dialog.waitFor({ state: 'detached' });
  await tx.detailState('partially_refunded');
  expect(await tx.notice().textContent()).toContain('20.00');
  await expect.poll(() => notes.locator('p').count()).toBe(0);
  await session.screenshot('refund-tried-again-ar');
}, 60_000);
