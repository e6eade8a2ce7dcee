// Card payment's Customer name follows Name on card (docs/decisions.md). A person who enters it to
// name someone else, by a click or by Tab, and types, replaces the copy: in the thirteenth walk a
// click and an Arabic name gave "NOURA SALEHنورة الصالح", sent as the customer's name unless seen.
// Once the person's own, a click places the caret as in any field. A payment link's Description,
// "Invoice" until typed over, is entered the same way ("InvoiceTwo cushions", walk14). Real Chromium, real clicks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { GetPaidPage } from './pages/get-paid-page';

describe('the customer name copied from the name on card', () => {
  let session: E2eSession;
  let app: GetPaidPage;

  beforeAll(async () => {
    session = await openSession();
    app = new GetPaidPage(session.page);
    await app.open(session.preview.url);
    await app.openScreen('terminal');
  });
  afterAll(() => session?.close());

  const name = () => session.page.getByLabel(/^Customer name/);

  it('is replaced by what is typed after a click into it, then edited like any field', async () => {
    const page = session.page;
    await page.getByLabel(/^Name on card/).fill('NOURA SALEH');
    await expect.poll(() => name().inputValue()).toBe('NOURA SALEH');
    await name().click();
    await page.keyboard.type('نورة الصالح');
    expect(await name().inputValue()).toBe('نورة الصالح');
    // Now the person's own: a second click places the caret; typing adds where it is.
    await name().click();
    await page.keyboard.press('End');
    await page.keyboard.type(' م');
    expect(await name().inputValue()).toBe('نورة الصالح م');
  });

  it('is replaced by what is typed after Tab into it', async () => {
    const page = session.page;
    await name().fill('');
    await page.getByLabel(/^Name on card/).fill('OMAR KHALID');
    await expect.poll(() => name().inputValue()).toBe('OMAR KHALID');
    await page.getByLabel(/^Name on card/).focus();
    for (let presses = 0; presses < 10 && await page.evaluate(() => document.activeElement?.id) !== 'terminal-customer-name'; presses++) await page.keyboard.press('Tab');
    await page.keyboard.type('Layla Haddad');
    expect(await name().inputValue()).toBe('Layla Haddad');
  });

  it('a payment link\'s default Description is replaced by what is typed after a click into it', async () => {
    const page = session.page;
    await app.openScreen('links');
    const description = page.getByLabel(/^Description/);
    expect(await description.inputValue()).toBe('Invoice');
    await description.click();
    await page.keyboard.type('Two cushions');
    expect(await description.inputValue()).toBe('Two cushions');
  });
});
