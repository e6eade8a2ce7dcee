// Finance preparing for an auditor lists the audit log by dates, by the visible words only: "This
// month" beside the search lists this month's refund with who made it, "Last month" (nothing yet
// on a fresh ledger) says so, and the export of the dates shown says it saved a part of the log;
// the same in Arabic. Main is the real one (the preview), in Chromium.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { callApi } from './support/practice-control';
import { TransactionsPage } from './pages/transactions-page';
import { cardSale } from './support/test-card';

const customer = { name: 'Huda Al-Sabah', email: 'huda@example.com', phone: '+96550000001' };

describe('the audit screen by dates', () => {
  let session: E2eSession;

  beforeAll(async () => {
    session = await openSession();
    await new TransactionsPage(session.page).open(session.preview.url);
  });
  afterAll(() => session?.close());

  it('lists this month\'s refund by "This month", nothing by "Last month", and exports the dates shown', async () => {
    const { page } = session;
    const payment = await cardSale(page, { orderId: 'AUD-DATES-1', amount: '20.000', currency: 'KWD', holder: 'HUDA AL-SABAH', customer });
    await callApi(page, 'refundPayment', { paymentId: payment.id, amount: '12.500', currency: 'KWD', reason: 'Two items returned' });
    await page.getByTestId('nav-audit').click();
    const rows = page.getByTestId('audit-table').locator('tbody tr');
    await rows.filter({ hasText: 'AUD-DATES-1' }).first().waitFor();

    await page.getByRole('button', { name: 'This month' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'This month' }).getAttribute('aria-pressed')).toBe('true');
    await rows.filter({ hasText: 'Refund' }).filter({ hasText: '12.500' }).first().waitFor();

    await page.getByRole('button', { name: 'Export the entries of these dates' }).click();
    const saved = page.getByTestId('audit-message');
    await expect.poll(() => saved.textContent()).toMatch(/^Saved \d+ entries of these dates to \u2066?.*paydesk-audit-matching-.*\.csv\u2069?\. A part of the log/);
    const path = /to \u2066?(.*?\.csv)\u2069?\./.exec((await saved.textContent())!)![1]!;
    const csv = readFileSync(path, 'utf8');
    expect(csv).toContain('AUD-DATES-1');

    await page.getByRole('button', { name: 'Last month' }).click();
    await page.getByTestId('audit-empty').waitFor();
    await session.screenshot('audit-period-last-month-en');
  });

  it('offers the same in Arabic', async () => {
    const { page } = session;
    await new TransactionsPage(page).chooseLanguage('ar');
    await page.getByTestId('nav-audit').click();
    await page.getByRole('button', { name: 'هذا الشهر' }).click();
    await page.getByTestId('audit-table').locator('tbody tr', { hasText: 'استرداد' }).first().waitFor();
    await page.getByRole('button', { name: 'صدّر قيود هذه التواريخ' }).waitFor();
    await session.screenshot('audit-period-this-month-ar');
  });
});
