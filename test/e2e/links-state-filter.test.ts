// "Which links are still unpaid?" in Chromium through the preview against the practice gateway:
// three links made, one paid on the gateway's pay page; the links list's State filter reached by
// Tab from the search and chosen with the arrow keys shows the 2 unpaid ones ("2 unpaid links"),
// and 1 when the customer of another pays, without a reload; each unpaid row says when it expires.
// English and Arabic at 800 px, axe clean. docs/screens-getting-paid.md, "The links list's State filter".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSession, type E2eSession } from './support/session';
import { axeViolations } from './support/axe';
import { cards, GetPaidPage, payOnGatewayPage } from './pages/get-paid-page';

const customer = { name: 'Omar Khalid', email: 'omar@example.com', phone: '+966502223344' };

describe('the links list\'s State filter', () => {
  let session: E2eSession;
  let app: GetPaidPage;
  let customerTab: Page;
  const urls: Record<string, string> = {};

  beforeAll(async () => {
    session = await openSession();
    app = new GetPaidPage(session.page);
    await app.open(session.preview.url);
    await session.page.setViewportSize({ width: 785, height: 1000 }); // an 800 px window less its scroll bar
    customerTab = await session.customerTab();
  });
  afterAll(() => session?.close());

  const rows = () => session.page.getByTestId('link-row');
  const count = () => session.page.getByTestId('links-count').textContent();

  it('shows the 2 unpaid of 3 links, then 1 when another is paid, without a reload', async () => {
    await app.newLinkByKeyboard();
    for (const [i, orderId] of ['STATE-A', 'STATE-B', 'STATE-C'].entries()) {
      if (i > 0) await session.page.getByTestId('new-link').click();
      urls[orderId] = await app.createLink({ orderId, amount: `${10 + i}`, description: `Invoice ${orderId}`, customer });
    }
    expect(await payOnGatewayPage(customerTab, urls['STATE-A']!, cards.approved)).toMatch(/result=success/);
    await app.waitForLinkState('STATE-A', 'paid');

    // By keyboard: Tab from the search to State, Down to Unpaid.
    await session.page.getByTestId('links-search').focus();
    await session.page.keyboard.press('Tab');
    expect(await session.page.evaluate(() => document.activeElement?.id)).toBe('links-state');
    await session.page.keyboard.press('ArrowDown');
    expect(await session.page.getByRole('combobox', { name: 'State' }).inputValue()).toBe('pending');
    await expect.poll(count).toBe('2 unpaid links');
    await expect.poll(() => rows().evaluateAll((r) => r.map((e) => (e as HTMLElement).dataset.orderId))).toEqual(['STATE-C', 'STATE-B']);
    // Each unpaid link says when it expires: the form's default, 7 days after today.
    const week = new Date(Date.now() + 7 * 86_400_000);
    const expires = `Expires ${week.getDate()} ${week.toLocaleString('en-GB', { month: 'short' })}`;
    expect(await app.linkRow('STATE-B').getByTestId('link-expiry').textContent()).toBe(expires);
    expect(await axeViolations(session.page)).toEqual([]);
    await session.screenshot('links-state-unpaid-800-en');

    // Another customer pays: the list follows, no reload (the page's own marker survives).
    await session.page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    expect(await payOnGatewayPage(customerTab, urls['STATE-C']!, cards.approved)).toMatch(/result=success/);
    await expect.poll(count, { timeout: 30_000 }).toBe('1 unpaid link');
    expect(await rows().evaluateAll((r) => r.map((e) => (e as HTMLElement).dataset.orderId))).toEqual(['STATE-B']);
    expect(await session.page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(await session.page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

    // In Arabic: the same choice, its words and count.
    await app.chooseLanguage('ar');
    expect(await session.page.getByRole('combobox', { name: 'الحالة' }).evaluate((s: HTMLSelectElement) => s.selectedOptions[0]!.textContent)).toBe('غير مدفوعة');
    await expect.poll(count).toBe('رابط واحد غير مدفوع');
    expect(await app.linkRow('STATE-B').getByTestId('link-expiry').textContent()).toMatch(new RegExp(`^تنتهي في ${week.getDate()} \\S+$`));
    expect(await session.page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    expect(await axeViolations(session.page)).toEqual([]);
    await session.screenshot('links-state-unpaid-800-ar');
    await session.page.getByRole('combobox', { name: 'الحالة' }).selectOption('paid');
    await expect.poll(count).toBe('رابطان مدفوعان');
  });
});
