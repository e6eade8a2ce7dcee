// A refund whose answer was lost is told in the notes' band ("… answer not received; Paydesk is
// checking"); once Check status now in Needs attention settles it, that note leaves the band by
// itself. It stayed until dismissed, saying the answer was lost of a payment no longer in doubt
// (docs/screens-after-sale.md, "Needs attention walked in both languages"). Chromium, the preview,
// the practice gateway losing the refund's answer and failing status checks until told not to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { practiceControl } from './support/practice-control';
import { TransactionsPage } from './pages/transactions-page';
import { cardSale } from './support/test-card';

const customer = { name: 'Huda Al-Qahtani', email: 'huda@example.com', phone: '+966500000047' };

describe('the note of a lost answer, once a check settles the payment', () => {
  let session: E2eSession;
  let tx: TransactionsPage;
  let practice: Awaited<ReturnType<typeof practiceControl>>;
  const notes = () => session.page.getByTestId('notifications').locator('p').allTextContents();

  beforeAll(async () => {
    session = await openSession();
    tx = new TransactionsPage(session.page);
    await tx.open(session.preview.url);
    practice = await practiceControl(session.page, session.preview.dataDir);
    await cardSale(session.page, { orderId: 'NOTE-LOST-1', amount: '100.00', currency: 'SAR', holder: 'HUDA ALQAHTANI', customer });
    await tx.refundWithLostAnswer(practice.fault, 'NOTE-LOST-1', '100', 'Customer asked'); // all of it: a status answer can settle it
  });
  afterAll(async () => {
    await practice?.fault('status', null);
    await session?.close();
  });

  it('leaves the band by itself when Check status now in Needs attention settles it', async () => {
    const page = session.page;
    await expect.poll(notes).toContainEqual(expect.stringMatching(/^Refund of SAR.100\.00 on NOTE-LOST-1 sent, answer not received/));
    await page.getByTestId('nav-attention').click();
    const row = page.getByTestId('attention-NOTE-LOST-1');
    await row.waitFor();

    await practice.fault('status', null); // the gateway's status answers again
    await row.getByTestId('attention-check').click();
    await page.getByTestId('attention-empty').waitFor();
    await expect.poll(async () => (await notes()).filter((note) => note.includes('NOTE-LOST-1'))).toEqual([]);
  });
});
