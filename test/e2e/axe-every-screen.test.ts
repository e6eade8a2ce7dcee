// The accessibility sweep: every screen of the navigation and the main dialogs (the keyboard shortcuts help too), with a little data
// made first (a link, a card sale, a refund), checked by axe in English and in Arabic, at 1280 px
// and at 900 px, in one session. A violation anywhere fails the test with where it was (language,
// width, screen). The Arabic pass leaves a screenshot of each screen to look at
// (test-results/screenshots/axe-<screen>-ar-<width>.png). Every data table must have a name too.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { axeViolations } from './support/axe';
import { makeScreensData, openScreen, screensCustomer, switchProfile } from './support/screens-data';
import { TransactionsPage } from './pages/transactions-page';
import { GetPaidPage } from './pages/get-paid-page';
import { OverviewPage } from './pages/overview-page';
import { describeWithKeychain, forgetKeysOf } from '../vault/support/keychain';

const customer = screensCustomer;
const saleOrder = 'AXE-SALE-1';

describeWithKeychain('every screen passes axe, in English and Arabic, at 1280 and 900 px', () => {
  let session: E2eSession;
  let tx: TransactionsPage;
  let links: GetPaidPage;
  let home: OverviewPage;
  let linksMade = 0;
  let liveProfileId: string;
  let practiceProfileId: string;

  beforeAll(async () => {
    session = await openSession();
    tx = new TransactionsPage(session.page);
    links = new GetPaidPage(session.page);
    home = new OverviewPage(session.page);
    await tx.open(session.preview.url);
    const page = session.page;
    ({ practiceProfileId, liveProfileId } = await makeScreensData(page, 'AXE'));
  });
  afterAll(async () => {
    if (session) await forgetKeysOf(session.preview.dataDir);
    await session?.close();
  });

  const open = (screen: string) => openScreen(session.page, screen);

  /**
   * Each step shows one screen or dialog as a person reaches it; `broken` names what is visibly
   * wrong there beyond axe's rules; `leave` closes what it opened.
   */
  const steps: Array<{ name: string; show(): Promise<void>; broken?(): Promise<string[]>; leave?(): Promise<void> }> = [
    { name: 'home', show: async () => { await open('home'); await home.chartsDrawn(); } },
    { name: 'links', show: async () => { await open('links'); await links.linkRow('AXE-LINK-1').waitFor(); } },
    {
      // A link just made: its QR code, share actions and "Open in Transactions".
      name: 'link-result',
      show: async () => { await links.createLink({ orderId: `AXE-LINK-${(linksMade += 1) + 1}`, amount: '45.50', description: 'Invoice 9', customer }); },
    },
    { name: 'checkout', show: async () => { await open('checkout'); await session.page.getByTestId('checkout-form').waitFor(); } },
    { name: 'terminal', show: async () => { await open('terminal'); await session.page.getByTestId('terminal-form').waitFor(); } },
    {
      name: 'transactions',
      show: async () => { await tx.show(); await tx.openPayment(saleOrder); await tx.detailState('partially_refunded'); },
    },
    {
      name: 'refund-dialog',
      show: async () => { await tx.startAction('refund'); },
      leave: async () => { await session.page.keyboard.press('Escape'); await tx.dialog.waitFor({ state: 'detached' }); },
    },
    {
      // The keyboard shortcuts help, from its button at the navigation's end (`?` opens it too: shortcuts-help.test.ts).
      name: 'shortcuts-help',
      show: async () => { await session.page.getByTestId('shortcuts-open').click(); await session.page.getByTestId('shortcuts-help').waitFor(); },
      leave: async () => { await session.page.keyboard.press('Escape'); await session.page.getByTestId('shortcuts-help').waitFor({ state: 'detached' }); },
    },
    { name: 'attention', show: async () => { await open('attention'); await session.page.getByTestId('attention-empty').waitFor(); } },
    {
      name: 'audit',
      show: async () => { await open('audit'); await session.page.getByTestId('audit-table').waitFor(); },
      // An order id is read and searched by whole: it broke at its hyphen at 900 px ("AXE-" over "SALE-1").
      broken: () => session.page.getByTestId('audit-table').locator('td bdi.mono').evaluateAll((ids) =>
        ids.filter((id) => id.getClientRects().length > 1).map((id) => `order id on ${id.getClientRects().length} lines: ${id.textContent}`)),
    },
    { name: 'bulk', show: async () => { await open('bulk'); await session.page.getByTestId('bulk-screen').waitFor(); } },
    {
      // A new profile's form and the seller form (one profile form opens at a time: the key form next).
      name: 'settings',
      show: async () => {
        const page = session.page;
        await open('settings');
        await page.getByTestId('team-ledger').waitFor();
        await page.getByTestId('add-profile').click();
        await page.locator('form.profile-form').waitFor();
        await page.getByTestId('seller-edit').click();
        await page.getByTestId('seller-form').waitFor();
      },
    },
    {
      name: 'settings-key-form',
      show: async () => {
        await session.page.locator('li.profile-card', { hasText: 'Shop sandbox' }).locator('.profile-actions button[aria-expanded]').nth(1).click();
        await session.page.locator('form.key-form').waitFor();
      },
    },
    {
      // Using a production profile asks first (the header's Switch here; a card's "Use this profile" too).
      name: 'production-switch-confirmation',
      show: async () => {
        await session.page.getByTestId('profile-switch').selectOption(liveProfileId);
        await session.page.locator('form.profile-switcher button[type="submit"]').click();
        await session.page.getByTestId('production-confirm').waitFor();
      },
      leave: async () => {
        await session.page.keyboard.press('Escape');
        await session.page.getByTestId('production-confirm').waitFor({ state: 'detached' });
      },
    },
    {
      // The production profile asks before money moves: switched to, a link's Send asks first.
      name: 'production-confirmation',
      show: async () => {
        const page = session.page;
        await switchTo(liveProfileId, true);
        await open('links');
        await page.locator('#link-amount').fill('12.00');
        await page.locator('#link-description').fill('Invoice 8');
        await page.locator('#link-customer-name').fill(customer.name);
        await page.locator('#link-customer-email').fill(customer.email);
        await page.locator('#link-customer-phone').fill(customer.phone);
        await page.getByTestId('link-submit').click();
        await page.getByTestId('production-confirm').waitFor();
      },
      leave: async () => {
        await session.page.keyboard.press('Escape');
        await session.page.getByTestId('production-confirm').waitFor({ state: 'detached' });
        await switchTo(practiceProfileId);
      },
    },
  ];

  const switchTo = (profileId: string, production = false) => switchProfile(session.page, profileId, production);

  it('finds no violation on any screen or dialog', async () => {
    const found: Array<{ where: string; id: string; targets: string[] }> = [];
    for (const language of ['en', 'ar'] as const) {
      await tx.chooseLanguage(language);
      for (const width of [1280, 900]) {
        await session.page.setViewportSize({ width, height: 800 });
        for (const step of steps) {
          await step.show();
          const where = `${language} ${width} ${step.name}`;
          for (const v of await axeViolations(session.page)) found.push({ where, id: v.id, targets: v.targets });
          for (const problem of await step.broken?.() ?? []) found.push({ where, id: problem, targets: [] });
          // Every data table has a name (a screen reader lists the page's tables by it; walk18 found Home's and
          // the links' unnamed): its caption, aria-label or aria-labelledby. The calendar's grid is named apart.
          for (const unnamed of await session.page.locator('table:not([role])').evaluateAll((tables) => tables
            .filter((table) => !((table as HTMLTableElement).caption?.textContent?.trim() || table.getAttribute('aria-label')?.trim()
              || (table.getAttribute('aria-labelledby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join('').trim()))
            .map((table) => `table without a name: ${[...table.querySelectorAll('th')].slice(0, 3).map((th) => th.textContent?.trim()).join(' | ')}`))) found.push({ where, id: unnamed, targets: [] });
          // Nothing wider than the window: the page never scrolls sideways.
          if (await session.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)) found.push({ where, id: 'page scrolls sideways', targets: [] });
          if (language === 'ar') await session.screenshot(`axe-${step.name}-ar-${width}`);
          await step.leave?.();
        }
      }
    }
    expect(found).toEqual([]);
  }, 120_000);

  it('logs no errors in the browser console', () => {
    expect(session.consoleLines.filter((line) => line.startsWith('error') || line.startsWith('pageerror'))).toEqual([]);
  });
});
