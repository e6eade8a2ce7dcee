// Page object for the Settings screen: profiles, keys, connection tests, and the header's switcher.
import type { Locator } from 'playwright-core';
import { AppPage } from './app-page';

export type ProfileFields = { name: string; environment?: 'sandbox' | 'production'; baseUrl?: string; currency?: string; successUrl?: string; overrides?: Record<string, string> };

export class SettingsPage extends AppPage {
  async openSettings() {
    await this.page.getByTestId('nav-settings').click();
    await this.page.locator('#settings-title').waitFor();
    await this.list.locator('li').first().waitFor();
  }

  get list(): Locator {
    return this.page.getByTestId('profile-list');
  }

  card(name: string): Locator {
    return this.list.locator('li.profile-card').filter({ has: this.page.getByRole('heading', { name, exact: true }) });
  }

  async names(): Promise<string[]> {
    return this.list.locator('.profile-name').allTextContents();
  }

  async fillProfileForm(fields: Partial<ProfileFields>) {
    const form = this.page.locator('form.profile-form');
    if (fields.name !== undefined) await form.getByLabel('Name', { exact: true }).fill(fields.name);
    if (fields.environment) await form.getByLabel('Environment').selectOption(fields.environment);
    if (fields.baseUrl !== undefined) await form.getByLabel(/^Base URL/).fill(fields.baseUrl);
    if (fields.currency) await form.getByLabel('Default currency').selectOption(fields.currency);
    if (fields.successUrl !== undefined) await form.getByLabel('Default success URL', { exact: true }).fill(fields.successUrl);
    if (fields.overrides) {
      const details = form.locator('details.advanced');
      if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await details.locator('summary').click();
      for (const [operation, path] of Object.entries(fields.overrides)) await form.getByLabel(operation, { exact: true }).fill(path);
    }
  }

  /** Submits the profile form; resolves once main answered: the form closed (saved) or shows an error. */
  saveProfileForm(): Promise<'saved' | 'error'> {
    return this.submitAndWait(this.page.locator('form.profile-form'), 'Save');
  }

  private async submitAndWait(form: Locator, button: string): Promise<'saved' | 'error'> {
    const handle = await form.elementHandle();
    const before = Number(await form.getAttribute('data-answers'));
    await form.getByRole('button', { name: button, exact: true }).click();
    await this.page.waitForFunction(([el, n]) => !el!.isConnected || Number(el!.getAttribute('data-answers')) > n, [handle, before] as const);
    return (await handle!.evaluate((el) => el.isConnected)) ? 'error' : 'saved';
  }

  async addProfile(fields: ProfileFields): Promise<'saved' | 'error'> {
    await this.page.getByTestId('add-profile').click();
    await this.fillProfileForm(fields);
    return this.saveProfileForm();
  }

  fieldError(field: string): Locator {
    return this.page.getByTestId(`error-profile-form-${field}`);
  }

  /** Sets or replaces a key through the card's key form; answers the card's notice, or the form's error. */
  async setKey(profileName: string, key: string, options: { test?: boolean } = {}): Promise<{ outcome: 'saved' | 'error'; text: string }> {
    const card = this.card(profileName);
    // A profile just added has its key form open already: pressing Set key again would close it.
    const toggle = card.getByRole('button', { name: /^(Set|Replace) key$/ });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    const form = card.locator('form.key-form');
    await form.getByLabel(`API key for “\u2068${profileName}\u2069”`).fill(key); // the name isolated (FSI…PDI), as in every sentence
    // Ticked unless unticked (walk23): a test that does not ask for the check unticks it.
    await form.getByLabel(/^Check the key with the gateway/).setChecked(options.test === true);
    const outcome = await this.submitAndWait(form, 'Save key');
    const text = outcome === 'saved' ? await card.getByTestId('profile-notice').textContent() : await form.locator('.field-error').textContent();
    return { outcome, text: text ?? '' };
  }

  keyStatus(profileName: string): Locator {
    return this.card(profileName).getByTestId('key-status');
  }

  async cardAction(profileName: string, button: string | RegExp) {
    await this.card(profileName).getByRole('button', { name: button }).click();
  }

  /**
   * Presses a card button and waits for its notice line to be said again (the card clears it as an
   * action starts, then says the outcome). Watched, not wiped: the line's words are React's nodes
   * (QuotedWords), and a line emptied by hand stayed empty.
   */
  async cardActionNotice(profileName: string, button: string | RegExp, answer?: () => Promise<void>): Promise<string> {
    const notice = this.card(profileName).getByTestId('profile-notice');
    await notice.evaluate((el) => {
      el.removeAttribute('data-said');
      new MutationObserver((_, observer) => {
        if (!el.textContent) return;
        el.setAttribute('data-said', '');
        observer.disconnect();
      }).observe(el, { childList: true, subtree: true, characterData: true });
    });
    await this.cardAction(profileName, button);
    await answer?.();
    await this.page.waitForFunction((el) => !!el && el.hasAttribute('data-said'), await notice.elementHandle());
    return (await notice.textContent()) ?? '';
  }

  /** "Use this profile" on a production profile: it asks first, naming the profile; answered "Use production". */
  useProduction(profileName: string): Promise<string> {
    return this.cardActionNotice(profileName, 'Use this profile', async () => {
      const asked = this.page.getByTestId('production-confirm');
      await asked.filter({ hasText: `Use “\u2068${profileName}\u2069”, a production profile?` }).waitFor();
      await asked.getByRole('button', { name: 'Use production' }).click();
    });
  }

  async switchInHeader(profileName: string) {
    const select = this.page.getByTestId('profile-switch');
    const option = select.locator('option').filter({ hasText: profileName });
    await select.selectOption(await option.getAttribute('value'));
    await this.page.locator('form.profile-switcher').getByRole('button', { name: 'Switch' }).click();
    await this.page.getByTestId('active-profile-name').filter({ hasText: profileName }).waitFor();
  }
}
