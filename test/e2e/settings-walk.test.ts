// Settings walked as a new user, in Chromium through the preview, counting each click and each
// run of typing (docs/profiles-and-keys.md, "Walked as a new user"): a sandbox profile and its key
// in 7 (the keyboard is where the next thing is typed), a rename in 3, a removal that says what it
// did; a long profile name leaves the header within the window; and the team ledger's Test
// connection answers where the person is looking, in English at 1280 px and in Arabic at 800 px
// (the answer came below the fold).
import { createServer } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { openSession, type E2eSession } from './support/session';
import { SettingsPage } from './pages/settings-page';
import { describeWithKeychain, forgetKeysOf } from '../vault/support/keychain';

describeWithKeychain('Settings walked as a new user', () => {
  let session: E2eSession;
  let settings: SettingsPage;

  beforeAll(async () => {
    session = await openSession();
    settings = new SettingsPage(session.page);
    await settings.open(session.preview.url);
    await settings.openSettings();
  });
  afterAll(async () => {
    if (session) await forgetKeysOf(session.preview.dataDir);
    await session?.close();
  });

  it('adds a sandbox profile and its key in 7 interactions, renames it in 3, and says what a removal did', async () => {
    const { page } = session;
    let interactions = 0;
    const click = (target: { click(): Promise<void> }) => (interactions++, target.click());
    const type = (text: string) => (interactions++, page.keyboard.type(text));
    const enter = () => (interactions++, page.keyboard.press('Enter'));

    await click(page.getByTestId('add-profile'));
    // The new profile's form is brought up whole: its Name alone showed, cut by the window's foot.
    expect(await inWindow(page.getByLabel(/^Base URL/))).toBe(true);
    await type('Shop sandbox'); // into Name: the form took the keyboard
    await click(page.getByLabel(/^Base URL/));
    await type('https://sandbox.gateway.example/api/v1');
    await enter();
    const shop = settings.card('Shop sandbox');
    await shop.getByTestId('key-input').and(page.locator(':focus')).waitFor(); // its key form, the keyboard in it
    await type('sk_test_walked_in_seven_9q8w');
    await enter();
    await settings.keyStatus('Shop sandbox').filter({ hasText: '9q8w' }).waitFor();
    expect(interactions).toBe(7);

    interactions = 0;
    await click(shop.getByRole('button', { name: 'Edit' }));
    await type('Shop test'); // over the selected name
    await enter();
    await settings.card('Shop test').waitFor();
    expect(interactions).toBe(2 + 1);

    await settings.cardAction('Shop test', 'Use this profile');
    await settings.activeProfileName.filter({ hasText: 'Shop test' }).waitFor();
    await settings.cardAction('Shop test', /^Remove$/);
    await settings.card('Shop test').getByRole('button', { name: 'Yes, remove it' }).click();
    await settings.card('Shop test').waitFor({ state: 'detached' });
    await page.getByTestId('settings-notice').filter({ hasText: 'removed' }).waitFor();
    expect(await page.getByTestId('settings-notice').textContent()).toBe('Profile “\u2068Shop test\u2069” removed. Paydesk now uses the practice profile.');
    expect(await settings.activeProfileName.textContent()).toBe('Practice');
  });

  // Test connection is disabled while it asks: Chromium dropped the keyboard to the page's start.
  it('gives the keyboard back to Test connection once it has answered', async () => {
    const { page } = session;
    const test = settings.card('Practice').getByRole('button', { name: 'Test connection' });
    await test.click();
    await settings.card('Practice').getByTestId('profile-notice').filter({ hasText: 'Connection works' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.textContent === 'Test connection');
  });

  // At 600 px the header wraps to three lines (117 px): a section's heading brought to the top was
  // left under it (the page kept 64 px clear, the header's height in one line).
  it("brings a section's heading into view below the header at 600 px, in English and Arabic", async () => {
    const { page } = session;
    // A second profile brings the header's switcher, as it is once a sandbox account is added. Its
    // name does not say its environment, so the switcher names it "Al Noor Trading shop (Sandbox)" and wraps.
    expect(await settings.addProfile({ name: 'Al Noor Trading shop', environment: 'sandbox', baseUrl: 'https://sandbox.gateway.example/api/v1' })).toBe('saved');
    await page.setViewportSize({ width: 600, height: 800 });
    try {
      for (const language of ['en', 'ar'] as const) {
        await settings.chooseLanguage(language);
        await page.getByTestId('settings-contents').getByRole('button').nth(1).click(); // Backups
        await page.locator('#backups-title:focus').waitFor();
        const [header, heading] = await page.evaluate(() => [document.querySelector('header')!.getBoundingClientRect().bottom, document.getElementById('backups-title')!.getBoundingClientRect().top]);
        expect(header).toBeGreaterThan(100); // wrapped, as it is at this width
        expect(heading).toBeGreaterThanOrEqual(header);
      }
    } finally {
      await settings.chooseLanguage('en');
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  // A name may be 60 characters: at 800 px it pushed the switcher's button and the language off the window.
  it('keeps the header within the window with a long profile name, its start shown in Arabic too (800 px)', async () => {
    const { page } = session;
    const name = 'Al Noor Trading Establishment, main branch, sandbox account';
    expect(await settings.addProfile({ name, environment: 'sandbox', baseUrl: 'https://sandbox.gateway.example/api/v1' })).toBe('saved');
    await settings.cardAction(name, 'Use this profile');
    await settings.activeProfileName.filter({ hasText: name }).waitFor();
    await page.setViewportSize({ width: 800, height: 800 });
    for (const language of ['en', 'ar'] as const) {
      await settings.chooseLanguage(language);
      const fits = await page.evaluate(() => {
        const root = document.documentElement;
        const inWindow = (selector: string) => {
          const box = document.querySelector(selector)!.getBoundingClientRect();
          return box.left >= 0 && box.right <= root.clientWidth;
        };
        return { scrolls: root.scrollWidth > root.clientWidth, switchButton: inWindow('.profile-switcher button'), language: inWindow('.language-picker select') };
      });
      expect(fits).toEqual({ scrolls: false, switchButton: true, language: true });
      // Cut to fit, from its end: a Latin name reads from its start in an Arabic window.
      expect(await settings.activeProfileName.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
      // The switcher reads in the page's order (name, then environment), so its option is the page's
      // direction; the name is shortened with "…" to fit rather than cut at its start.
      const option = page.locator('#profile-switch option:checked');
      expect(await option.evaluate((el, dir) => el.matches(`:dir(${dir})`), language === 'ar' ? 'rtl' : 'ltr')).toBe(true);
      // "Al Noor Trading shop" read "Al Noor Trading…" too, the same option twice: the two keep their ends (walk37).
      expect(await option.textContent()).toMatch(/^Al Noor…account\u200e \u2068\((Sandbox|الاختبار)\)\u2069$/);
    }
    expect(await settings.activeProfileName.getAttribute('title')).toBe(name); // whole in its tooltip
  });

  for (const [language, width] of [['en', 1280], ['ar', 800]] as const) {
    it(`shows the team ledger's Test connection answer in view (${language}, ${width} px)`, async () => {
      const { page } = session;
      await page.setViewportSize({ width, height: 800 });
      await settings.chooseLanguage(language);
      await page.getByTestId('settings-contents').getByRole('button').last().click(); // Team ledger, the last section
      await page.locator('#team-host').fill('127.0.0.1');
      await page.locator('#team-port').fill(String(await closedPort()));
      await page.locator('#team-user').fill('anna');
      await page.locator('#team-password').fill('not-a-real-password');
      await page.getByTestId('team-ledger').locator('.form-actions button').last().click(); // Test connection
      const outcome = page.getByTestId('team-outcome');
      await outcome.locator('p').first().waitFor();
      expect(await outcome.textContent()).toContain('ECONNREFUSED');
      const box = (await outcome.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(800.5); // within the window (scrolled to a fraction of a pixel)
    });
  }
});

/** Wholly inside the window (not under the sticky header's foot: the window's bottom edge). */
async function inWindow(target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  const height = await target.page().evaluate(() => window.innerHeight);
  return box !== null && box.y >= 0 && box.y + box.height <= height;
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
