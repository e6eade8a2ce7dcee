// Settings walked as a new user, in Chromium through the preview, counting each click and each
// run of typing (docs/profiles-and-keys.md, "Walked as a new user"): a sandbox profile and its key
// in 7 (the keyboard is where the next thing is typed), a rename in 3, a removal that says what it
// did; a long profile name leaves the header within the window; and the team ledger's Test
// connection answers where the person is looking, in English at 1280 px and in Arabic at 800 px
// (the answer came below the fold).
import { createServer } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
    expect(await page.getByTestId('settings-notice').textContent()).toBe('Profile “Shop test” removed. Paydesk now uses the practice profile.');
    expect(await settings.activeProfileName.textContent()).toBe('Practice');
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
      expect(await page.locator('#profile-switch option:checked').evaluate((el) => el.matches(':dir(ltr)'))).toBe(true);
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

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
