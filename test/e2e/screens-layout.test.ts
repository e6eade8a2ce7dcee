// What a person trips on in Arabic at 800 px and beside the amount, in Chromium through the
// preview: the check-up's step numbers and findings stay inside the profile card, a link's order
// id stays on one line in the links list and its row's cells end together, and the currency list
// sits level with the amount field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { GetPaidPage } from './pages/get-paid-page';

describe('screens in Arabic at 800 px', () => {
  let session: E2eSession;
  let app: GetPaidPage;

  beforeAll(async () => {
    session = await openSession();
    app = new GetPaidPage(session.page);
    await app.open(session.preview.url);
  });
  afterAll(() => session?.close());

  /** How far the currency list's top is from the amount field's, in pixels. */
  const currencyOffset = (form: string) => session.page.evaluate((id) => {
    const top = (name: string) => document.getElementById(`${id}-${name}`)!.getBoundingClientRect().top;
    return Math.round(top('currency') - top('amount'));
  }, form);

  it('keeps the check-up’s step numbers and findings inside the profile card', async () => {
    await session.page.keyboard.press('Alt+9');
    const section = session.page.getByTestId('checkup-section').first();
    await section.getByTestId('checkup-run').click();
    await section.locator('[data-testid="checkup-run-view"][data-run-state="finished"]').waitFor({ timeout: 60_000 });
    await app.chooseLanguage('ar');
    await session.page.setViewportSize({ width: 800, height: 800 });
    const outside = await section.evaluate((el) => {
      for (const details of el.querySelectorAll('details')) details.open = true; // what came back, too
      const card = el.closest('li.profile-card')!.getBoundingClientRect();
      const out: string[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) if (r.width > 0 && (r.left < card.left - 0.5 || r.right > card.right + 0.5)) out.push(node.textContent!.trim().slice(0, 40));
      }
      return out;
    });
    expect(outside).toEqual([]);
    // Every step's number is on screen, inside the card (the list's markers from 10 on were cut at its edge).
    const numbers = await section.locator('li.checkup-step').evaluateAll((steps) => steps.map((step) => {
      const card = step.closest('li.profile-card')!.getBoundingClientRect();
      const number = [...step.children].find((child) => /^\d+\.$/.test(child.textContent ?? ''));
      const box = number?.getBoundingClientRect();
      return box && box.left >= card.left && box.right <= card.right ? number!.textContent : `step ${step.getAttribute('data-testid')}: no number inside the card`;
    }));
    expect(numbers).toEqual(Array.from({ length: 11 }, (_, i) => `${i + 1}.`));
    expect(await section.locator('label[for$="-progress"]').textContent()).toBe('التقدم: 11 من 11 خطوةً');
    await section.screenshot({ path: 'test-results/screenshots/checkup-ar-800.png' });
    await session.page.setViewportSize({ width: 1280, height: 800 });
    await app.chooseLanguage('en');
  });

  it('keeps a link’s order id on one line in the links list (it broke at its hyphen)', async () => {
    await app.openScreen('links');
    await app.createLink({ orderId: 'PD-20261125-7F3KQ2', amount: '125.50', description: 'Invoice', customer: { name: 'ليلى حداد', email: 'layla@example.com', phone: '+966501234567' } });
    await app.chooseLanguage('ar');
    await session.page.setViewportSize({ width: 800, height: 800 });
    const id = app.linkRow('PD-20261125-7F3KQ2').locator('td').first().locator('bdi').first();
    expect(await id.evaluate((el) => el.getClientRects().length)).toBe(1);
    expect(await session.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true); // and the page does not scroll sideways for it
    await session.page.getByTestId('links-table').screenshot({ path: 'test-results/screenshots/links-list-ar-800.png' });
    await session.page.setViewportSize({ width: 1280, height: 800 });
    await app.chooseLanguage('en');
  });

  it('ends every cell of a link’s row where the row ends, the actions’ too, in both languages at 1280 and 800 px', async () => {
    // The actions' cell was a flex box, no table cell: under one line of buttons beside a name on two
    // lines, its line sat 12 px above the row's.
    await app.newLinkByKeyboard();
    await app.createLink({ orderId: 'PD-ROW-CELLS', amount: '12.50', description: 'Invoice', customer: { name: 'Yousef Abdullah Al Kandari General Trading Company', email: 'yousef@example.com', phone: '+966501234567' } });
    const gaps: Record<string, string[]> = {};
    for (const width of [1280, 800]) {
      await session.page.setViewportSize({ width, height: 800 });
      for (const language of ['ar', 'en'] as const) {
        await app.chooseLanguage(language);
        gaps[`${language} ${width}`] = await app.linkRow('PD-ROW-CELLS').evaluate((row) => {
          const bottom = row.getBoundingClientRect().bottom;
          return [...row.children].map((cell) => `${getComputedStyle(cell).display} ${Math.round(bottom - cell.getBoundingClientRect().bottom)}`);
        });
      }
    }
    const whole = Array(6).fill('table-cell 0');
    expect(gaps).toEqual({ 'ar 1280': whole, 'en 1280': whole, 'ar 800': whole, 'en 800': whole });
    await session.page.setViewportSize({ width: 1280, height: 800 });
  });

  it('puts the currency list level with the amount field, in both languages', async () => {
    for (const language of ['en', 'ar'] as const) {
      await app.chooseLanguage(language);
      for (const width of [1280, 800]) {
        await session.page.setViewportSize({ width, height: 800 });
        for (const [key, form] of [['2', 'link'], ['4', 'terminal']] as const) {
          await session.page.keyboard.press(`Alt+${key}`); // a new, empty form
          await app.form(form).waitFor();
          expect({ language, width, form, offset: await currencyOffset(form) }).toEqual({ language, width, form, offset: 0 });
        }
      }
    }
    await session.page.setViewportSize({ width: 1280, height: 800 });
    await app.chooseLanguage('en');
  });

  it('leaves a field’s gap under a form’s hints: “Authorise only”, the tax-invoice advice and the CSV template touched what came next', async () => {
    /** The space, in pixels, between an element's bottom and the top of the next thing drawn below it. */
    const gapBelow = (selector: string) => session.page.evaluate((css) => {
      const el = document.querySelector(css)!.closest('p')!;
      const bottom = el.getBoundingClientRect().bottom;
      const below = [...el.closest('form')!.querySelectorAll('label, input, button, select')].map((x) => x.getBoundingClientRect().top).filter((top) => top >= bottom - 0.5);
      return Math.round(Math.min(...below) - bottom);
    }, selector);
    await session.page.keyboard.press('Alt+3');
    await app.form('checkout').waitFor();
    expect(await gapBelow('#checkout-authOnly-hint')).toBeGreaterThanOrEqual(8);
    await session.page.keyboard.press('Alt+2');
    await session.page.getByTestId('invoice-needs-seller').waitFor(); // drawn once the seller details are asked for
    expect(await gapBelow('[data-testid="invoice-needs-seller"] button')).toBeGreaterThanOrEqual(8);
    await session.page.keyboard.press('Alt+8');
    const [template, label] = await Promise.all([session.page.getByTestId('bulk-template').boundingBox(), session.page.locator('label[for="bulk-file"]').boundingBox()]);
    expect(Math.round(label!.y - (template!.y + template!.height))).toBeGreaterThanOrEqual(8);
  });
});
