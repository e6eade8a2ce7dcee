// Home's money overview in Chromium through the preview: it follows new payments live, each
// figure opens exactly the payments behind it, the charts have a table view, and axe finds no
// serious or critical violation in English or Arabic.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { callApi } from './support/practice-control';
import { HomePage } from './pages/home-page';
import { TransactionsPage } from './pages/transactions-page';
import { axeViolations } from './support/axe';

const customer = { name: 'Layla Haddad', email: 'layla@example.com', phone: '+966500000031' };
const card = { number: '5123450000000008', holder: 'LAYLA HADDAD', expiryMonth: '01', expiryYear: '2039', cvv: '100' };
const serious = (v: Array<{ impact: string | null }>) => v.filter((x) => x.impact === 'serious' || x.impact === 'critical');

describe('the money overview on Home', () => {
  let session: E2eSession;
  let home: HomePage;
  let tx: TransactionsPage;

  beforeAll(async () => {
    session = await openSession();
    home = new HomePage(session.page);
    tx = new TransactionsPage(session.page);
    await home.open(session.preview.url);
  });
  afterAll(() => session?.close());

  const todayRow = (currency: string) => session.page.locator(`[data-testid="ov-period-today"] tr[data-currency="${currency}"]`);

  it('keeps the tasks first and shows the money taken today, updated live as payments are made', async () => {
    const page = session.page;
    await page.getByTestId('overview').waitFor();
    // The day's tasks and the search stay above the overview.
    const tasksTop = (await page.getByTestId('home-tasks').boundingBox())!.y;
    expect(tasksTop).toBeLessThan((await page.getByTestId('overview').boundingBox())!.y);

    const sale = await callApi<{ payment: { id: string } }>(page, 'chargeCard', { amount: '120.00', currency: 'SAR', card, customer, authOnly: false });
    await callApi(page, 'chargeCard', { amount: '1.500', currency: 'KWD', card, customer, authOnly: false });
    await callApi(page, 'refundPayment', { paymentId: sale.payment.id, amount: '20.00', currency: 'SAR', reason: 'One item returned' });
    await callApi(page, 'createPaymentLink', { amount: '30.00', currency: 'SAR', description: 'Invoice 7', customer });

    await todayRow('SAR').getByTestId('ov-net').filter({ hasText: '100.00' }).waitFor();
    expect(await todayRow('SAR').getByTestId('ov-gross').textContent()).toContain('120.00');
    expect(await todayRow('SAR').getByTestId('ov-refunds').textContent()).toContain('20.00');
    expect(await todayRow('KWD').getByTestId('ov-gross').textContent()).toContain('1.500');
    expect(await page.getByTestId('ov-unpaid-day').textContent()).toBe('1 link');
    await session.screenshot('home-overview-en');
  });

  it('opens the payments behind a figure', async () => {
    await todayRow('SAR').getByTestId('ov-refunds').click();
    expect(await tx.total()).toBe(1);
    expect(await session.page.getByTestId('overview-filter-note').textContent()).toBe('Only payments with a refund');
    await session.page.getByTestId('nav-home').click();
    await session.page.getByTestId('ov-unpaid-day').click();
    expect(await tx.total()).toBe(1);
    await session.page.getByTestId('nav-home').click();
    await todayRow('SAR').getByTestId('ov-count').click();
    expect(await tx.total()).toBe(1);
    await session.page.getByTestId('nav-home').click();
  });

  it('shows every chart as a table too', async () => {
    const chart = session.page.getByTestId('ov-daily-SAR');
    await chart.getByRole('button', { name: 'Show as table' }).click();
    expect(await chart.locator('tbody tr').count()).toBe(30);
    expect(await chart.locator('tbody tr').last().textContent()).toContain('120.00');
  });

  it('has no serious or critical accessibility violations, in English and in Arabic', async () => {
    expect(serious(await axeViolations(session.page))).toEqual([]);
    await home.chooseLanguage('ar');
    await session.page.getByText('المال في لمحة').waitFor();
    expect(serious(await axeViolations(session.page))).toEqual([]);
    await session.screenshot('home-overview-ar');
    await home.chooseLanguage('en');
  });
});
