// A first start speaks the reader's language (walk13, 2026-12-01): with nothing chosen yet, the app
// takes the language the browser puts first (Electron's is the OS's). An Arabic reader's first screen
// was English, whatever their browser or OS said, and main's own Arabic guess was then told English.
// A language chosen in the header wins over the browser's at every later start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromiumForTest } from './support/chromium-crash';
import { startPreview, type RunningPreview } from './support/preview';
import { callApi } from './support/practice-control';
import { translate } from '../../renderer/src/i18n';
import { languagePickerName } from '../../renderer/src/app/language-picker';

describe('the language of a first start', () => {
  let preview: RunningPreview;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    preview = await startPreview();
    browser = await launchChromiumForTest();
  });
  afterAll(async () => {
    await browser?.close();
    await preview?.stop();
  });

  async function firstStart(locale: string): Promise<Page> {
    const context = await browser.newContext({ locale, viewport: { width: 1280, height: 800 } });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(preview.url);
    await page.locator('main[data-ready="true"]').waitFor();
    return page;
  }
  const shown = (page: Page) => page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir, heading: document.querySelector('main h1')?.textContent }));

  it('is Arabic, right to left, in a browser that puts Arabic first; main is told so', async () => {
    const page = await firstStart('ar-SA');
    expect(await shown(page)).toEqual({ lang: 'ar', dir: 'rtl', heading: translate('ar', 'home.title') });
    await expect.poll(async () => (await callApi<{ language: string }>(page, 'getAppInfo', {})).language).toBe('ar');
  });

  it('is English in a browser that puts English first', async () => {
    const page = await firstStart('en-GB');
    expect(await shown(page)).toEqual({ lang: 'en', dir: 'ltr', heading: translate('en', 'home.title') });
  });

  it('keeps a language chosen in the header over the browser\'s', async () => {
    const page = await firstStart('ar-SA');
    await page.getByLabel(languagePickerName).selectOption('en');
    await page.reload();
    await page.locator('main[data-ready="true"]').waitFor();
    expect(await shown(page)).toEqual({ lang: 'en', dir: 'ltr', heading: translate('en', 'home.title') });
  });
});
