// Page object for the frame every screen shares: header, language, navigation.
import type { Locator, Page } from 'playwright-core';
import { languagePickerName } from '../../../renderer/src/app/language-picker';

export class AppPage {
  constructor(readonly page: Page) {}

  async open(url: string) {
    await this.page.goto(url);
    await this.ready();
  }

  /** The app marks <main data-ready="true"> once it has its first answers from main. */
  async ready() {
    await this.page.locator('main[data-ready="true"]').waitFor();
  }

  get environmentBadge(): Locator {
    return this.page.getByTestId('environment-badge');
  }

  get activeProfileName(): Locator {
    return this.page.getByTestId('active-profile-name');
  }

  async chooseLanguage(language: 'en' | 'ar') {
    await this.page.getByRole('combobox', { name: languagePickerName }).selectOption(language);
    await this.page.locator(`html[lang="${language}"]`).waitFor({ state: 'attached' });
  }

  documentDirection(): Promise<string> {
    return this.page.evaluate(() => document.documentElement.dir);
  }
}
