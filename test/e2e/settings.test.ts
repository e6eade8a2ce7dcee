// Settings end to end in Chromium through the preview, against the real main services and
// the real keychain: profiles are added (bad input refused next to the field), keys set
// and replaced (only the last four ever shown), profiles switched explicitly with the
// marker in the header on every screen, and removed.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { SettingsPage } from './pages/settings-page';
import { axeViolations } from './support/axe';
import { describeWithKeychain, forgetKeysOf } from '../vault/support/keychain';

describeWithKeychain('settings through the preview', () => {
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

  it('starts with the practice profile, active, with its built-in key', async () => {
    expect(await settings.names()).toEqual(['Practice']);
    const practice = settings.card('Practice');
    expect(await practice.getByTestId('active-marker').count()).toBe(1);
    expect(await settings.keyStatus('Practice').textContent()).toBe('Built in (practice gateway)');
    expect(await settings.environmentBadge.textContent()).toBe('Practice');
    expect(await settings.cardActionNotice('Practice', 'Test connection')).toContain('Connection works');
  });

  it('refuses bad input next to the field, then adds a sandbox profile', async () => {
    expect(await settings.addProfile({ name: 'Shop sandbox', environment: 'sandbox', baseUrl: 'http://sandbox.gateway.example/api/v1' })).toBe('error');
    expect(await settings.fieldError('baseUrl').textContent()).toContain('must start with https://');
    expect(await session.page.getByLabel(/^Base URL/).getAttribute('aria-invalid')).toBe('true');

    await settings.fillProfileForm({ baseUrl: 'https://sandbox.gateway.example/api/v1', overrides: { refund: 'https://evil.example/refund' } });
    expect(await settings.saveProfileForm()).toBe('error');
    expect(await settings.fieldError('path-refund').textContent()).toContain('points to another server');

    await settings.fillProfileForm({ overrides: { refund: '' } });
    expect(await settings.saveProfileForm()).toBe('saved');
    expect(await settings.names()).toEqual(['Practice', 'Shop sandbox']);
    expect(await settings.card('Shop sandbox').getByTestId('profile-environment').textContent()).toBe('Sandbox');
    expect(await settings.keyStatus('Shop sandbox').textContent()).toBe('Not set');
  });

  it('sets and replaces a key, showing only its last four characters, and clears the field', async () => {
    expect(await settings.setKey('Shop sandbox', 'sk_test_FirstKey_e2e_1a2b')).toEqual({ outcome: 'saved', text: 'Key saved in the keychain.' });
    expect(await settings.keyStatus('Shop sandbox').textContent()).toBe('Configured, ends in \u20661a2b\u2069');
    // The key field is gone (the team ledger's password field lives further down, in its own section).
    expect(await settings.list.locator('input[type=password]').count()).toBe(0);

    const replaced = await settings.setKey('Shop sandbox', 'sk_test_SecondKey_e2e_9z8y', { test: true });
    expect(replaced.outcome).toBe('saved');
    expect(replaced.text).toContain('not checked'); // no network here: the gateway is unreachable
    expect(await settings.keyStatus('Shop sandbox').textContent()).toContain('9z8y');

    const short = await settings.setKey('Shop sandbox', 'abc');
    expect(short).toEqual({ outcome: 'error', text: expect.stringContaining('at least 8') });
    await settings.card('Shop sandbox').getByRole('button', { name: 'Cancel' }).click();
  });

  it('switches explicitly from the header; the marker follows on every screen', async () => {
    await settings.switchInHeader('Shop sandbox');
    expect(await settings.environmentBadge.textContent()).toBe('Sandbox');
    await settings.card('Shop sandbox').getByTestId('active-marker').waitFor();
    await session.page.getByTestId('nav-home').click();
    expect(await settings.environmentBadge.textContent()).toBe('Sandbox');
    expect(await settings.activeProfileName.textContent()).toBe('Shop sandbox');
    await settings.openSettings();
  });

  it('marks a production profile LIVE in red in the header once switched to', async () => {
    expect(await settings.addProfile({ name: 'Riyadh live', environment: 'production', baseUrl: 'https://gateway.example/api/v1', currency: 'SAR' })).toBe('saved');
    expect(await settings.environmentBadge.textContent()).toBe('Sandbox'); // adding does not switch
    expect(await settings.useProduction('Riyadh live')).toBe('Now using “\u2068Riyadh live\u2069”.');
    await session.page.locator('.app-header-production').waitFor();
    expect(await settings.environmentBadge.textContent()).toBe('Production');
    expect(await settings.environmentBadge.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(179, 38, 30)');
    await session.screenshot('settings-live-en');
    expect(await axeViolations(session.page)).toEqual([]);
  });

  it('removes the active profile after a confirmation, falling back to practice', async () => {
    await settings.cardAction('Riyadh live', 'Remove');
    await settings.card('Riyadh live').getByRole('alertdialog').waitFor();
    await settings.cardAction('Riyadh live', 'Yes, remove it');
    await settings.card('Riyadh live').waitFor({ state: 'detached' });
    await settings.environmentBadge.filter({ hasText: 'Practice' }).waitFor();
    expect(await settings.names()).toEqual(['Practice', 'Shop sandbox']);
  });

  it('speaks Arabic, right to left, with URLs kept left to right', async () => {
    await settings.chooseLanguage('ar');
    expect(await session.page.locator('#settings-title').textContent()).toBe('الإعدادات');
    expect(await settings.documentDirection()).toBe('rtl');
    expect(await settings.card('Shop sandbox').locator('bdi.mono').getAttribute('dir')).toBe('ltr');
    await session.screenshot('settings-ar');
    expect(await axeViolations(session.page)).toEqual([]);
    await settings.chooseLanguage('en');
  });

  it('spaces the team ledger’s Save and Test connection apart, and says why they wait, in both directions', async () => {
    const team = session.page.getByTestId('team-ledger');
    // The space between two buttons side by side, whichever comes first on the line.
    const gap = async () => {
      const [save, test] = await Promise.all([team.getByRole('button', { name: /^(Save team ledger settings|حفظ إعدادات سجل الفريق)$/ }).boundingBox(), team.getByRole('button', { name: /^(Test connection|اختبار الاتصال)$/ }).boundingBox()]);
      return Math.max(test!.x - (save!.x + save!.width), save!.x - (test!.x + test!.width));
    };
    expect(await gap()).toBeGreaterThanOrEqual(8);
    expect(await team.getByTestId('team-incomplete').textContent()).toBe('Fill in server, port, database and user to save or test.');
    await settings.chooseLanguage('ar');
    expect(await gap()).toBeGreaterThanOrEqual(8);
    await settings.chooseLanguage('en');
  });

  it('logs no errors in the browser console', () => {
    expect(session.consoleLines.filter((line) => line.startsWith('error') || line.startsWith('pageerror'))).toEqual([]);
  });
});
