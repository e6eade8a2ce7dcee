// The evening shift (walk21): the operating system asks for dark, or for Windows High Contrast
// (forced colours). In dark every screen is drawn dark and every text keeps its contrast: axe runs on
// each screen and dialog a person walks, in English and Arabic, and production is still told from
// practice at a glance. In forced colours what a fill or a shadow alone said (the open payment, the
// screen in use, a badge's shape, production's badge, a dialog's edge, Home's chart colours) is still
// drawn. The dark pass leaves a screenshot of each screen (test-results/screenshots/dark-<screen>-<language>.png;
// transactions-dark-en/ar and home-dark-en are the README's).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { callApi } from './support/practice-control';
import { axeViolations } from './support/axe';
import { makeScreensData, openScreen, screensCustomer, switchProfile } from './support/screens-data';
import { TransactionsPage } from './pages/transactions-page';
import { GetPaidPage } from './pages/get-paid-page';
import { OverviewPage } from './pages/overview-page';
import { describeWithKeychain, forgetKeysOf } from '../vault/support/keychain';

const customer = screensCustomer;
const saleOrder = 'DARK-SALE-1';

/** WCAG's relative luminance of a computed `rgb(…)` colour. */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/[\d.]+/g) ?? []).slice(0, 3).map((c) => {
    const v = Number(c) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

describeWithKeychain('dark mode and forced colours', () => {
  let session: E2eSession;
  let tx: TransactionsPage;
  let links: GetPaidPage;
  let home: OverviewPage;
  let liveProfileId: string;
  let practiceProfileId: string;
  let linksMade = 0;

  beforeAll(async () => {
    session = await openSession();
    tx = new TransactionsPage(session.page);
    links = new GetPaidPage(session.page);
    home = new OverviewPage(session.page);
    await tx.open(session.preview.url);
    const page = session.page;
    ({ practiceProfileId, liveProfileId } = await makeScreensData(page, 'DARK'));
  });
  afterAll(async () => {
    if (session) await forgetKeysOf(session.preview.dataDir);
    await session?.close();
  });

  const open = (screen: string) => openScreen(session.page, screen);

  /** Switches, then waits for the header to show the profile's environment (the switcher's button settles before the header's session does). */
  const switchTo = async (profileId: string, production = false, environment?: 'practice' | 'sandbox' | 'production') => {
    await switchProfile(session.page, profileId, production);
    if (environment) await session.page.locator(`.app-header .env-badge.env-${environment}`).waitFor();
  };

  /** The screens of the walk, as a person reaches them; `leave` closes what a step opened. */
  const steps: Array<{ name: string; show(): Promise<void>; leave?(): Promise<void> }> = [
    { name: 'home', show: async () => { await open('home'); await home.chartsDrawn(); } },
    {
      // The date field's own calendar (Home's From), drawn over the page.
      name: 'calendar',
      show: async () => { await session.page.locator('button.date-calendar').first().click(); await session.page.getByTestId('calendar').waitFor(); },
      leave: async () => { await session.page.keyboard.press('Escape'); await session.page.getByTestId('calendar').waitFor({ state: 'detached' }); },
    },
    { name: 'transactions', show: async () => { await tx.show(); await tx.openPayment(saleOrder); await tx.detailState('partially_refunded'); } },
    {
      name: 'refund-dialog',
      show: async () => { await tx.startAction('refund'); },
      leave: async () => { await session.page.keyboard.press('Escape'); await tx.dialog.waitFor({ state: 'detached' }); },
    },
    {
      name: 'shortcuts-help',
      show: async () => { await session.page.getByTestId('shortcuts-open').click(); await session.page.getByTestId('shortcuts-help').waitFor(); },
      leave: async () => { await session.page.keyboard.press('Escape'); await session.page.getByTestId('shortcuts-help').waitFor({ state: 'detached' }); },
    },
    { name: 'attention', show: async () => { await open('attention'); await session.page.getByTestId('attention-empty').waitFor(); } },
    { name: 'audit', show: async () => { await open('audit'); await session.page.getByTestId('audit-table').waitFor(); } },
    {
      name: 'settings',
      show: async () => {
        await open('settings');
        await session.page.getByTestId('team-ledger').waitFor();
        await session.page.getByTestId('add-profile').click();
        await session.page.locator('form.profile-form').waitFor();
      },
    },
    {
      name: 'settings-key-form',
      show: async () => {
        await session.page.locator('li.profile-card', { hasText: 'Shop sandbox' }).locator('.profile-actions button[aria-expanded]').nth(1).click();
        await session.page.locator('form.key-form').waitFor();
      },
    },
    { name: 'links', show: async () => { await open('links'); await links.linkRow('DARK-LINK-1').waitFor(); } },
    {
      // A link just made: its QR code, share actions and "Open in Transactions".
      name: 'link-result',
      show: async () => { await links.createLink({ orderId: `DARK-LINK-${(linksMade += 1) + 1}`, amount: '45.50', description: 'Invoice 9', customer }); },
    },
    { name: 'checkout', show: async () => { await open('checkout'); await session.page.getByTestId('checkout-form').waitFor(); } },
    { name: 'terminal', show: async () => { await open('terminal'); await session.page.getByTestId('terminal-form').waitFor(); } },
    { name: 'bulk', show: async () => { await open('bulk'); await session.page.getByTestId('bulk-screen').waitFor(); } },
    {
      name: 'production-confirmation',
      show: async () => {
        await session.page.getByTestId('profile-switch').selectOption(liveProfileId);
        await session.page.locator('form.profile-switcher button[type="submit"]').click();
        await session.page.getByTestId('production-confirm').waitFor();
      },
      leave: async () => {
        await session.page.keyboard.press('Escape');
        await session.page.getByTestId('production-confirm').waitFor({ state: 'detached' });
        await session.page.getByTestId('profile-switch').selectOption(practiceProfileId); // the switcher names the profile in use again
      },
    },
  ];

  it('draws every screen dark when the system asks, every text at AA contrast, in English and Arabic', async () => {
    const page = session.page;
    await page.emulateMedia({ colorScheme: 'dark' });
    const found: Array<{ where: string; id: string; targets: string[] }> = [];
    for (const language of ['en', 'ar'] as const) {
      await tx.chooseLanguage(language);
      for (const step of steps) {
        await step.show();
        const where = `${language} ${step.name}`;
        // Dark indeed: the page's ground, and the native controls (color-scheme) with it.
        const ground = await page.evaluate(() => ({ background: getComputedStyle(document.documentElement).backgroundColor, scheme: getComputedStyle(document.documentElement).colorScheme }));
        if (luminance(ground.background) > 0.05 || ground.scheme !== 'dark') found.push({ where, id: `not dark: ${ground.background}, color-scheme ${ground.scheme}`, targets: [] });
        for (const v of await axeViolations(page)) found.push({ where, id: v.id, targets: v.targets });
        await session.screenshot(`dark-${step.name}-${language}`);
        if (language === 'en' && step.name === 'home') await session.windowShot('home-dark-en');
        if (step.name === 'transactions') await session.windowShot(`transactions-dark-${language}`);
        await step.leave?.();
      }
    }
    expect(found).toEqual([]);
    await tx.chooseLanguage('en');
  }, 120_000);

  it('tells production from practice at a glance in dark: a red header and badge, practice green, sandbox amber', async () => {
    const page = session.page;
    await page.emulateMedia({ colorScheme: 'dark' });
    const look = () => page.evaluate(() => {
      const header = getComputedStyle(document.querySelector('.app-header')!);
      const badge = getComputedStyle(document.querySelector('.app-header .env-badge')!);
      return { header: header.backgroundColor, line: header.borderBottomColor, badge: badge.backgroundColor };
    });
    // A colour's family by its hue (HSL's angle), as an eye tells them apart; too little colour is grey.
    const hue = (rgb: string) => {
      const [r, g, b] = (rgb.match(/\d+/g) ?? []).map((c) => Number(c) / 255) as [number, number, number];
      const max = Math.max(r, g, b);
      const spread = max - Math.min(r, g, b);
      if (spread < 0.1) return 'grey';
      const angle = (max === r ? ((g - b) / spread + 6) % 6 : max === g ? (b - r) / spread + 2 : (r - g) / spread + 4) * 60;
      return angle < 20 || angle >= 330 ? 'red' : angle < 65 ? 'amber' : angle >= 90 && angle < 170 ? 'green' : 'other';
    };
    const practice = await look();
    await switchTo((await callApi<{ profiles: Array<{ id: string; environment: string }> }>(page, 'listProfiles', {})).profiles.find((p) => p.environment === 'sandbox')!.id, false, 'sandbox');
    const sandbox = await look();
    await switchTo(liveProfileId, true, 'production');
    const production = await look();
    await session.windowShot('dark-production-header-en');
    await switchTo(practiceProfileId, false, 'practice');
    expect({ practice: [hue(practice.line), hue(practice.badge)], sandbox: [hue(sandbox.line), hue(sandbox.badge)], production: [hue(production.line), hue(production.badge), hue(production.header)] })
      .toEqual({ practice: ['green', 'green'], sandbox: ['amber', 'amber'], production: ['red', 'red', 'red'] });
    // The production header's tint is dark (its words stay light on it), not the light scheme's pink.
    expect(luminance(production.header)).toBeLessThan(0.05);
  });

  it('keeps in forced colours what a fill or a shadow alone said', async () => {
    const page = session.page;
    await page.emulateMedia({ colorScheme: 'dark', forcedColors: 'active' });
    const style = (selector: string) => page.locator(selector).first().evaluate((el) => {
      const s = getComputedStyle(el);
      return { outline: `${s.outlineStyle} ${s.outlineWidth}`, border: `${s.borderTopStyle} ${s.borderTopWidth}`, start: `${s.borderInlineStartStyle} ${s.borderInlineStartWidth}`, background: s.backgroundColor };
    });

    await open('home');
    await home.chartsDrawn();
    const bar = await style('.ov-share-bar');
    const swatch = await style('.ov-legend .swatch');
    const plotInk = await page.locator('.ov-plot').first().evaluate((el) => getComputedStyle(el).color);
    await session.screenshot('forced-home-en');

    await tx.show();
    await tx.openPayment(saleOrder);
    const openRow = await style('.tx-open');
    const badge = await style('[data-testid="payment-detail"] .state-badge');
    const current = await style('[data-testid="nav-transactions"]');
    await session.screenshot('forced-transactions-en');
    await tx.startAction('refund');
    const dialog = await style('.dialog');
    await session.screenshot('forced-refund-dialog-en');
    await page.keyboard.press('Escape');
    await tx.dialog.waitFor({ state: 'detached' });

    await switchTo(liveProfileId, true, 'production');
    const production = await style('.app-header .env-badge');
    await session.screenshot('forced-production-header-en');
    await switchTo(practiceProfileId, false, 'practice');
    const practice = await style('.app-header .env-badge');

    expect({
      // Home's charts keep the light scheme's gross blue (the first share bar, the first swatch) on their light ground.
      bar: bar.background, swatch: swatch.background, plotInk,
      openRow: openRow.outline, badge: badge.border, current: current.start, dialog: dialog.border,
      production: production.border, practice: practice.border,
    }).toEqual({
      bar: 'rgb(11, 95, 206)', swatch: 'rgb(11, 95, 206)', plotInk: 'rgb(27, 31, 36)',
      openRow: 'solid 3px', badge: 'solid 1px', current: 'solid 4px', dialog: 'solid 1px',
      production: 'double 4px', practice: 'solid 1px',
    });
    await page.emulateMedia({ colorScheme: 'light', forcedColors: 'none' });
  });

  it("draws Home's charts again in the other scheme's colours when the system switches while Home is open", async () => {
    const page = session.page;
    await page.emulateMedia({ colorScheme: 'light' });
    await open('home');
    await home.chartsDrawn();
    // How many of the charts' canvas pixels are exactly this colour (#rrggbb): a bar is a solid fill.
    const pixelsOf = (hex: string) => page.evaluate((hex) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
      let n = 0;
      for (const canvas of document.querySelectorAll<HTMLCanvasElement>('.ov-plot canvas')) {
        const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
        for (let i = 0; i < data.length; i += 4) if (data[i] === r && data[i + 1] === g && data[i + 2] === b && data[i + 3] === 255) n++;
      }
      return n;
    }, hex);
    const lightGross = '#0b5fce';
    const darkGross = '#58a6ff'; // app.css's --chart-gross in each scheme
    expect(await pixelsOf(lightGross)).toBeGreaterThan(0);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => pixelsOf(darkGross)).toBeGreaterThan(0);
    expect(await pixelsOf(lightGross)).toBe(0);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => pixelsOf(lightGross)).toBeGreaterThan(0);
  });

  it('logs no errors in the browser console', () => {
    expect(session.consoleLines.filter((line) => line.startsWith('error') || line.startsWith('pageerror'))).toEqual([]);
  });
});
