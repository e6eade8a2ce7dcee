// What the person meant, in Chromium through the preview: amounts exactly as typed (or a
// message and nothing sent), the fewest steps for the day's tasks (counted), nothing the
// gateway echoes (card number, CVV, key) reaching the screen, the ledger or the log, and no
// English on any screen once Arabic is chosen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { userInfo } from 'node:os';
import { openSession, type E2eSession } from './support/session';
import { callApi, practiceControl, practiceKey } from './support/practice-control';
import { TransactionsPage } from './pages/transactions-page';
import { fillTerminalSale } from './pages/get-paid-page';
import { cardSale } from './support/test-card';

const customer = { name: 'Reem Al-Otaibi', email: 'reem@example.com', phone: '+966500000031' };
const arabicCustomer = { name: 'ريم العتيبي', email: 'reem.ar@example.com', phone: '+966500000032' };

describe('what the person meant', () => {
  let session: E2eSession;
  let tx: TransactionsPage;
  let practice: Awaited<ReturnType<typeof practiceControl>>;
  let steps = 0;
  /** One interaction of the person: a click, a field filled, a choice, a key. */
  const step = async <T>(action: Promise<T>): Promise<T> => {
    steps++;
    return action;
  };
  const linksCount = async () => (await callApi<{ total: number }>(session.page, 'searchPayments', { filter: { kinds: ['link'] } })).total;

  beforeAll(async () => {
    session = await openSession();
    tx = new TransactionsPage(session.page);
    await tx.open(session.preview.url);
    practice = await practiceControl(session.page, session.preview.dataDir);
    // An earlier customer, so the picker has someone to offer.
    await callApi(session.page, 'createPaymentLink', { orderId: 'EARLIER-1', amount: '10', currency: 'SAR', description: 'Earlier', customer });
  });
  afterAll(() => session?.close());

  it.each([
    ['12.345', 'SAR', /SAR allows at most 2 decimals/],
    ['-5', 'SAR', /without a sign/],
    ['1.5', 'JPY', /JPY has no decimals/],
    ['12,50', 'SAR', /Use a dot for the decimals, as in 12\.50/],
    ['12.50 SAR', 'SAR', /as digits/],
  ])('keeps %j in %s as typed, says why next to the field, and creates nothing', async (amount, currency, message) => {
    const before = await linksCount();
    await session.page.getByTestId('nav-links').click();
    if (await session.page.getByTestId('new-link').isVisible()) await session.page.getByTestId('new-link').click();
    await session.page.locator('#link-currency').selectOption(currency);
    await session.page.locator('#link-amount').fill(amount); // fill, like a paste
    expect(await session.page.locator('#link-amount').inputValue()).toBe(amount);
    expect(await session.page.getByTestId('error-link-amount').textContent()).toMatch(message);
    await session.page.getByTestId('link-earlier-customer').selectOption({ index: 1 });
    await session.page.getByTestId('link-submit').click();
    expect(await session.page.getByTestId('error-link-amount').textContent()).toMatch(message);
    expect(await linksCount()).toBe(before);
  });

  it('issues a payment link from Home in at most 4 interactions, for the amount the button named', async () => {
    await session.page.getByTestId('nav-home').click();
    steps = 0;
    await step(session.page.getByTestId('task-new-link').click());
    await expect.poll(() => session.page.evaluate(() => document.activeElement?.id)).toBe('link-amount'); // the form is ready, its keyboard in Amount
    await step(session.page.locator('#link-amount').fill('12,345.50'));
    await step(session.page.getByTestId('link-earlier-customer').selectOption({ index: 1 }));
    const submit = session.page.getByTestId('link-submit');
    expect(await submit.textContent()).toMatch(/Create link for SAR\s?12,345\.50/);
    await step(submit.click());
    await session.page.getByTestId('link-result').waitFor();
    expect(steps).toBeLessThanOrEqual(4);
    const orderId = (await session.page.getByTestId('result-order-id').textContent())!.trim();
    const created = await callApi<{ rows: Array<{ amountMinor: number; customer: { name: string } }> }>(session.page, 'searchPayments', { filter: { query: orderId } });
    expect(created.rows[0]).toMatchObject({ amountMinor: 1_234_550, customer: { name: customer.name } });
  });

  it('refunds part of a found payment in at most 6 interactions from Home', async () => {
    await cardSale(session.page, { orderId: 'STEP-REFUND-1', amount: '80.00', currency: 'SAR', holder: 'REEM', customer });
    await session.page.getByTestId('nav-home').click();
    steps = 0;
    await step(session.page.getByTestId('home-find').fill('STEP-REFUND-1'));
    await step(session.page.getByTestId('home-find').press('Enter'));
    await tx.detailState('paid');
    await step(tx.action('refund').click());
    await step(tx.fillAmount('25'));
    await step(tx.dialog.getByLabel(/^Reason/).fill('One item returned'));
    await step(tx.send());
    await tx.detailState('partially_refunded');
    expect(steps).toBeLessThanOrEqual(6);
  });

  it('lets nothing a careless gateway echoes (card number, CVV, key) reach the screen, the ledger or the log', async () => {
    const key = practiceKey(session.preview.dataDir);
    await practice.fault('sale', { failure: 'echo_request', times: 1 });
    const page = session.page;
    await fillTerminalSale(page, { amount: '15.00', holder: 'REEM', customer });
    await page.getByTestId('terminal-submit').click();
    const error = page.getByTestId('send-error');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/The gateway refused the request/);
    expect(await error.textContent()).toMatch(/The gateway said: “Rejected request with key \[redacted\]/);
    const dom = await page.evaluate(() => document.documentElement.outerHTML.replace(/value="[^"]*"/g, ''));
    for (const secret of ['5123450000000008', '"cardCvv":"100"', key]) expect(dom).not.toContain(secret);
    const files = readdirSync(session.preview.dataDir).filter((name) => /\.(sqlite|sqlite-wal|log)$/.test(name));
    expect(files.length).toBeGreaterThan(1);
    for (const name of files) {
      const content = readFileSync(join(session.preview.dataDir, name)).toString('latin1');
      for (const secret of ['5123450000000008', '5123 4500 0000 0008', '"cardCvv":"100"', key]) expect(content, name).not.toContain(secret);
    }
  });

  it('shows no English on any screen once Arabic is chosen: errors, empty states, counts and timelines included', async () => {
    const page = session.page;
    await callApi(page, 'createPaymentLink', { orderId: 'AR-LINK-1', amount: '20', currency: 'SAR', description: 'فاتورة', customer: arabicCustomer });
    await tx.chooseLanguage('ar');
    const osUser = userInfo().username;
    const keyEnd = practiceKey(session.preview.dataDir).slice(-4);
    /** Latin words left on the page once ids, amounts, card digits, URLs, codes and keys are set aside. */
    const latinWords = () => page.evaluate((exempt) => {
      const root = document.querySelector('main')!;
      const clone = root.cloneNode(true) as HTMLElement;
      // A name the person typed is drawn in its own direction (<bdi> or dir="auto"): data, not the app's words.
      clone.querySelectorAll('bdi, [dir="ltr"], [dir="auto"], .mono, [lang="en"], kbd, code, pre, input, textarea, select, option, .env-badge, svg, details').forEach((el) => el.remove());
      // URLs, host names, e-mail addresses and example file paths are left as they are in every language.
      const text = clone.innerText.replace(/https?:\/\/\S+/g, '').replace(/\b[a-z0-9-]+(?:\.[a-z0-9-]+)+\b/g, '').replace(/\S+@\S+/g, '').replace(/(?:\/|\b[A-Za-z]:\\)[^\s،)]*/g, '');
      const [keyEnd, ...words] = exempt;
      // The key's last four characters are shown as they are: an id, like order ids and user names.
      return (text.match(/[A-Za-z][A-Za-z'’-]*/g) ?? []).filter((word) => !words.includes(word) && !keyEnd!.includes(word));
    }, [keyEnd, osUser, 'SAR', 'KWD', 'JPY', 'USD', 'API', 'CSV', 'CVV', 'Alt', 'PDF', 'QR', 'ID', 'https', 'YYYY-MM-DD', 'PostgreSQL', 'TLS', 'PEM']);

    const screens = ['home', 'links', 'checkout', 'terminal', 'transactions', 'attention', 'audit', 'bulk', 'settings'];
    for (const screen of screens) {
      await page.getByTestId(`nav-${screen}`).click();
      await page.locator('main[data-ready="true"]').waitFor();
      await page.waitForTimeout(300); // lists and counts arrive from main
      expect(await latinWords(), screen).toEqual([]);
    }
    // An error from main, in a form: the empty link form sent.
    await page.getByTestId('nav-links').click();
    if (await page.getByTestId('new-link').isVisible()) await page.getByTestId('new-link').click();
    await page.locator('#link-amount').fill('12,50');
    await page.getByTestId('link-submit').click();
    expect(await latinWords(), 'link form errors').toEqual([]);
    // A payment's detail with its timeline, and the refund dialog with a refused amount.
    await page.getByTestId('nav-transactions').click();
    await tx.openPayment('STEP-REFUND-1');
    expect(await latinWords(), 'detail').toEqual([]);
    await tx.startAction('refund');
    await tx.dialog.locator('input').first().fill('-5');
    expect(await latinWords(), 'refund dialog').toEqual([]);
    await page.keyboard.press('Escape');
    // A search that finds nothing: the empty state and the count.
    await page.getByRole('searchbox').fill('لا-يوجد');
    await page.waitForTimeout(400);
    expect(await latinWords(), 'empty search').toEqual([]);
    await tx.chooseLanguage('en');
  });
});
