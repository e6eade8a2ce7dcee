// Home's "Authorised, not captured", in Chromium through the preview against the practice gateway:
// an authorisation taken on the Card payment screen ("Authorise only") shows on Home with its
// amount and age, in English and Arabic; one press opens Transactions at exactly that payment
// (state Authorised, oldest first); captured from there, it leaves Home. A fresh ledger's Home shows no such line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { TransactionsPage } from './pages/transactions-page';
import { fillTerminalSale } from './pages/get-paid-page';
import { axeViolations } from './support/axe';

const customer = { name: 'Salma Harbi', email: 'salma@example.com', phone: '+966500000077' };
/** Without the isolates and direction marks around an amount, its no-break space a space. */
const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069\u200e\u200f]/g, '').replace(/\u00a0/g, ' ');

describe('money authorised and not captured, on Home', () => {
  let session: E2eSession;
  let tx: TransactionsPage;

  beforeAll(async () => {
    session = await openSession();
    tx = new TransactionsPage(session.page);
    await tx.open(session.preview.url);
  });
  afterAll(async () => {
    await session?.close();
  });

  it('shows an authorisation on Home, opens it in one press, and drops it once captured', async () => {
    const page = session.page;
    await page.getByTestId('ov-figures').waitFor();
    expect(await page.locator('[data-testid^="held-"]').count()).toBe(0); // nothing held, nothing said

    await fillTerminalSale(page, { amount: '150.00', holder: 'SALMA HARBI', customer, orderId: 'HELD-E2E-1' });
    await page.locator('#terminal-authOnly').check();
    await page.getByTestId('terminal-submit').click();
    const result = page.getByTestId('sale-result');
    await result.waitFor();
    expect(await result.getByRole('heading', { level: 2 }).textContent()).toBe('Authorisation approved');

    await page.keyboard.press('Alt+1');
    const task = page.getByTestId('home-tasks').getByTestId('held-task-SAR');
    await task.waitFor();
    expect(plain(await task.textContent())).toBe('Authorised, not captured: 1 payment, SAR 150.00');
    expect(await page.getByTestId('held-oldest-SAR').textContent()).toBe('oldest under a day ago');
    expect(await axeViolations(page)).toEqual([]);
    await session.screenshot('home-authorised-held-en');
    await tx.chooseLanguage('ar');
    await expect.poll(async () => plain(await task.textContent())).toBe('مفوَّضة غير محصَّلة: دفعة واحدة، 150.00 SAR');
    expect(await axeViolations(page)).toEqual([]);
    await session.screenshot('home-authorised-held-ar');
    await tx.chooseLanguage('en');

    await task.click(); // the one press
    await tx.row('HELD-E2E-1').waitFor();
    expect(await tx.total()).toBe(1);
    expect(await page.locator('#tx-state').inputValue()).toBe('authorised');
    expect(await page.locator('#tx-sort').inputValue()).toBe('createdAt:asc'); // oldest first: the hold that lapses first on top

    await tx.openPayment('HELD-E2E-1');
    await tx.startAction('capture');
    await tx.send(); // the whole amount, as offered
    await tx.detailState('paid');

    await page.keyboard.press('Alt+1');
    await page.getByTestId('ov-figures').waitFor();
    await expect.poll(() => page.locator('[data-testid^="held-"]').count()).toBe(0);
  }, 60_000);
});
