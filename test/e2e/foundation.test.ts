// The skeleton end to end: the renderer in Chromium calls real contract methods through the
// preview bridge and shows main's answers, in English and in Arabic.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { openSession, type E2eSession } from './support/session';
import { HomePage } from './pages/home-page';
import { axeViolations } from './support/axe';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

describe('foundation through the preview', () => {
  let session: E2eSession;
  let home: HomePage;

  beforeAll(async () => {
    session = await openSession();
    home = new HomePage(session.page);
    await home.open(session.preview.url);
  });
  afterAll(() => session?.close());

  it('shows the app version and the active profile that main reports', async () => {
    expect(await home.version.textContent()).toBe(version);
    expect(await home.runtime.textContent()).toBe('Browser preview');
    expect(await home.profile.textContent()).toBe('Practice');
    expect(await home.environmentBadge.textContent()).toBe('Practice');
    await session.screenshot('home-en');
  });

  it('has no accessibility violations that axe-core can find', async () => {
    expect(await axeViolations(session.page)).toEqual([]);
  });

  it('takes the token out of the address bar and keeps working after a reload', async () => {
    expect(session.page.url()).not.toContain('token');
    await session.page.reload();
    await home.ready();
    expect(await home.version.textContent()).toBe(version);
  });

  it('lays the whole page out right to left in Arabic, keeping the version left to right', async () => {
    await home.chooseLanguage('ar');
    expect(await home.documentDirection()).toBe('rtl');
    expect(await home.environmentBadge.textContent()).toBe('التدريب');
    expect(await home.version.getAttribute('dir')).toBe('ltr');
    await session.screenshot('home-ar');
    expect(await axeViolations(session.page)).toEqual([]);
    await home.chooseLanguage('en');
    expect(await home.documentDirection()).toBe('ltr');
  });

  it('shows a clear error, and no data, to a page opened without the token', async () => {
    const page = await session.context.browser()!.newPage();
    try {
      await page.goto(session.preview.origin + '/');
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toContain('no valid preview token');
      expect(await page.getByTestId('app-version').count()).toBe(0);
    } finally {
      await page.close();
    }
  });

  it('logs no errors in the browser console', () => {
    expect(session.consoleLines.filter((line) => line.startsWith('error') || line.startsWith('pageerror'))).toEqual([]);
  });
});
