// A new merchant's first link on a new sandbox profile (walk23): the profile added without its
// default addresses (the form asks, it does not insist), its key checked with the gateway as
// Save key's default (a wrong one refused and not kept), and the first payment link made at once:
// the link form asks for the two addresses in place, open, and keeps them as the profile's defaults,
// so the second link asks nothing. It was refused ("Required: this profile has no default (set one
// in Settings)") and cost 52 more presses in Settings' direction (walk22). Then a wrong key saved
// unchecked: the sale's refusal names the profile and the key's last four, in both languages.
// Real keychain; the preview's practice gateway stands for the sandbox (loopback http is allowed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openSession, type E2eSession } from './support/session';
import { SettingsPage } from './pages/settings-page';
import { practiceKey } from './support/practice-control';
import { typeCardPayment } from './support/test-card';
import { describeWithKeychain, forgetKeysOf } from '../vault/support/keychain';

const profile = 'Souq sandbox';
const wrongKey = 'sk_test_W23wrong_Not_The_Gateways_9c0d';

describeWithKeychain('a new sandbox profile, its key and its first link', () => {
  let session: E2eSession;
  let settings: SettingsPage;

  beforeAll(async () => {
    session = await openSession();
    settings = new SettingsPage(session.page);
    await settings.open(session.preview.url);
  });
  afterAll(async () => {
    if (session) await forgetKeysOf(session.preview.dataDir);
    await session?.close();
  });

  it('checks the key with the gateway unless unticked: a wrong key is refused and not kept, the right one accepted', async () => {
    const page = session.page;
    const port = readFileSync(join(session.preview.dataDir, 'practice-gateway.port'), 'utf8').trim();
    await settings.openSettings();
    expect(await settings.addProfile({ name: profile, environment: 'sandbox', baseUrl: `http://127.0.0.1:${port}/api/v1` })).toBe('saved');
    const form = settings.card(profile).locator('form.key-form');
    expect(await form.getByLabel(/^Check the key with the gateway/).isChecked()).toBe(true);
    await form.getByLabel(`API key for “\u2068${profile}\u2069”`).fill(wrongKey);
    await form.getByRole('button', { name: 'Save key' }).click();
    await expect.poll(() => form.locator('.field-error').textContent()).toContain(`The gateway refused the API key ending 9c0d for the profile "\u2068${profile}\u2069".`);
    await expect.poll(() => settings.keyStatus(profile).textContent()).toBe('Not set');
    await form.getByLabel(`API key for “\u2068${profile}\u2069”`).fill(practiceKey(session.preview.dataDir));
    await form.getByRole('button', { name: 'Save key' }).click();
    await expect.poll(() => settings.card(profile).getByTestId('profile-notice').textContent()).toBe('The gateway accepted the key; it is saved in the keychain.');
    await settings.cardActionNotice(profile, 'Use this profile');
    await page.getByTestId('active-profile-name').filter({ hasText: profile }).waitFor();
  });

  it('makes the first link at once, asking for the two addresses in place and keeping them as the profile’s defaults', async () => {
    const page = session.page;
    await page.getByTestId('nav-links').click();
    const form = page.getByTestId('link-form');
    await form.getByLabel('Amount').fill('120.50');
    await form.getByLabel('Description').fill('Oud gift box');
    await form.getByLabel('Customer name').fill('Mariam Qasim');
    await form.getByLabel('Customer e-mail').fill('mariam@example.com');
    await form.getByLabel('Customer phone').fill('+966501234567');
    // Open from the start, marked required, with nothing to look for in Settings.
    const keep = form.getByLabel(`Keep these addresses as the defaults of “\u2068${profile}\u2069”`);
    expect(await keep.isChecked()).toBe(true);
    expect(await form.innerText()).not.toContain('Settings)');
    await form.getByLabel(/^Success URL/).fill('https://souq.example/paid');
    await form.getByLabel(/^Failure URL/).fill('https://souq.example/not-paid');
    await page.getByTestId('link-submit').click();
    await page.getByTestId('link-result').waitFor();
    expect(await page.getByTestId('link-result').innerText()).toContain('Payment link created');

    // The second link asks nothing: the profile's defaults are the addresses typed for the first.
    await page.getByRole('button', { name: 'New payment link' }).click();
    const again = page.getByTestId('link-form');
    await again.getByLabel('Amount').fill('80');
    await again.getByLabel('Customer name').fill('Omar Saleh');
    await again.getByLabel('Customer e-mail').fill('omar@example.com');
    await again.getByLabel('Customer phone').fill('+966507771234');
    expect(await again.getByLabel(/^Success URL/).isVisible()).toBe(false); // folded: nothing needed there
    expect(await again.innerText()).not.toContain('Keep these addresses');
    await page.getByTestId('link-submit').click();
    await page.getByTestId('link-result').waitFor();
    await settings.openSettings();
    await settings.card(profile).getByRole('button', { name: 'Edit' }).click();
    expect(await page.locator('form.profile-form').getByLabel('Default success URL', { exact: true }).inputValue()).toBe('https://souq.example/paid');
    expect(await page.locator('form.profile-form').getByLabel('Default failure URL', { exact: true }).inputValue()).toBe('https://souq.example/not-paid');
    await page.locator('form.profile-form').getByRole('button', { name: 'Cancel' }).click();
  });

  describe('a wrong key saved unchecked', () => {
    it('a card sale refused for it names the profile and the key by its last four, in English and Arabic', async () => {
      const page = session.page;
      expect((await settings.setKey(profile, wrongKey)).outcome).toBe('saved');
      await typeCardPayment(page, { amount: '75.00' });
      const said = page.getByTestId('send-error');
      await expect.poll(() => said.textContent()).toContain(`The gateway refused the API key ending 9c0d of the profile "\u2068${profile}\u2069".`);
      expect(await said.textContent()).not.toContain('this profile in Settings');
      await settings.chooseLanguage('ar');
      await expect.poll(() => said.textContent()).toContain(`رفضت البوابة مفتاح API المنتهي بـ \u20669c0d\u2069 لملف التعريف «\u2068${profile}\u2069».`);
      await session.screenshot('first-link-sandbox-key-refused-ar');
      // Nothing more of the key than its last four.
      expect(await page.content()).not.toContain(wrongKey.slice(0, -4));
      await settings.chooseLanguage('en');
    });
  });
});
