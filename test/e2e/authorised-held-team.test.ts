// Home's "Authorised, not captured" on the team ledger (PostgreSQL), two laptops through two
// previews sharing one practice gateway: support (who captures) finds the held payment among Home's
// tasks; finance (who may not) reads it as a figure in the overview, in English and Arabic, and the
// figure opens the list at that payment. Once support captures it, it leaves finance's Home.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresMissing } from '../support/postgres-server';
import { approveCard, startTestGateway, testCustomer } from '../support/practice';
import { cardSale } from './support/test-card';
import { describeWithKeychain } from '../vault/support/keychain';
import { openSession, type E2eSession } from './support/session';
import { callApi } from './support/practice-control';
import { startTeamDatabase, type TeamDatabase, type TeamPerson } from './support/team-database';
import { TransactionsPage } from './pages/transactions-page';
import { axeViolations } from './support/axe';

const missing = postgresMissing();
const required = process.env.PAYDESK_REQUIRE_POSTGRES === '1';
if (missing && !required) console.warn(`Skipping Home's held payments on the team ledger: ${missing}`);
const withPostgres = missing && !required ? describe.skip : describeWithKeychain;
/** Without the isolates and direction marks around an amount, its no-break space a space. */
const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069\u200e\u200f]/g, '').replace(/\u00a0/g, ' ');

withPostgres('authorised, not captured, on the team ledger: support’s task, finance’s figure', () => {
  const sue: TeamPerson = { login: 'sue', role: 'support', password: 'held-money-password-n1' };
  const fay: TeamPerson = { login: 'fay', role: 'finance', password: 'held-money-password-n2' };
  let team: TeamDatabase;
  let practice: Awaited<ReturnType<typeof startTestGateway>>;
  const dirs: string[] = [];
  let support: E2eSession;
  let finance: E2eSession;

  async function laptop(person: TeamPerson): Promise<E2eSession> {
    const dataDir = mkdtempSync(join(tmpdir(), `paydesk-e2e-held-${person.login}-`));
    dirs.push(dataDir);
    await team.prepareLaptop(dataDir, person);
    const session = await openSession({ dataDir, env: { PAYDESK_PRACTICE_GATEWAY: practice.conn.baseUrl, PAYDESK_PRACTICE_KEY: practice.conn.apiKey } });
    await new TransactionsPage(session.page).open(session.preview.url);
    return session;
  }

  beforeAll(async () => {
    team = await startTeamDatabase([sue, fay]);
    practice = await startTestGateway();
    support = await laptop(sue);
    finance = await laptop(fay);
  }, 120_000);
  afterAll(async () => {
    await support?.close().catch(() => undefined);
    await finance?.close().catch(() => undefined);
    await practice?.gateway.close();
    await team?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('is a task for support and a figure for finance, which opens the payment, and leaves once captured', async () => {
    const payment = await cardSale(support.page, { orderId: 'HELD-TEAM-1', amount: '12.345', currency: 'KWD', holder: approveCard.holder, customer: testCustomer, authOnly: true });
    expect(payment.state).toBe('authorised');

    // Support: among the tasks (Home read again: Alt+1 from another screen).
    await support.page.keyboard.press('Alt+5');
    await support.page.keyboard.press('Alt+1');
    const task = support.page.getByTestId('home-tasks').getByTestId('held-task-KWD');
    await task.waitFor();
    expect(plain(await task.textContent())).toBe('Authorised, not captured: 1 payment, KWD 12.345');
    expect(await support.page.getByTestId('ov-held').count()).toBe(0);

    // Finance: a figure in the overview, not a task.
    const page = finance.page;
    await page.keyboard.press('Alt+5');
    await page.keyboard.press('Alt+1');
    const figure = page.getByTestId('ov-held');
    await figure.waitFor();
    expect(await page.getByTestId('home-tasks').getByTestId('held-task-KWD').count()).toBe(0);
    expect(plain(await figure.getByTestId('held-figure-KWD').textContent())).toBe('1 payment, KWD 12.345');
    expect(await figure.getByTestId('held-oldest-KWD').textContent()).toBe('oldest under a day ago');
    await figure.scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
    await finance.screenshot('home-authorised-held-finance-en');
    const tx = new TransactionsPage(page);
    await tx.chooseLanguage('ar');
    await expect.poll(async () => plain(await figure.getByRole('heading').textContent())).toBe('مفوَّضة غير محصَّلة');
    expect(plain(await figure.getByTestId('held-figure-KWD').textContent())).toBe('دفعة واحدة، 12.345 KWD');
    await finance.screenshot('home-authorised-held-finance-ar');
    await tx.chooseLanguage('en');

    await figure.getByTestId('held-figure-KWD').click();
    await tx.row('HELD-TEAM-1').waitFor();
    expect(await tx.total()).toBe(1);
    expect(await page.locator('#tx-state').inputValue()).toBe('authorised');

    // Support captures it; finance's Home no longer holds it.
    await callApi(support.page, 'capturePayment', { paymentId: payment.id, amount: '12.345', currency: 'KWD' });
    await page.keyboard.press('Alt+1');
    await page.getByTestId('ov-figures').waitFor();
    await expect.poll(() => page.locator('[data-testid^="held-"]').count()).toBe(0);
  }, 120_000);
});
