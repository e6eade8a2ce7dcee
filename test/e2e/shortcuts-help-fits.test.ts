// The keyboard shortcuts help in a 600 × 500 px window, in Chromium with the page's real CSS, in
// English and Arabic: its title and Close stay in view and its list scrolls between them, by ↓ and
// Page Down from the moment it opens; Escape closes it. It scrolled as a whole: Close was below the
// window until the end was reached, and the title went up out of view with the first ↓.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { focused } from './support/keyboard';
import { AppPage } from './pages/app-page';

describe('the keyboard shortcuts help in a 600 × 500 px window', () => {
  let session: E2eSession;
  let app: AppPage;

  beforeAll(async () => {
    session = await openSession();
    app = new AppPage(session.page);
    await app.open(session.preview.url);
    await session.page.setViewportSize({ width: 600, height: 500 });
  });
  afterAll(async () => {
    await session?.page.setViewportSize({ width: 1280, height: 800 });
    await session?.close();
  });

  const help = () => session.page.getByTestId('shortcuts-help');
  /** Whether the title and Close are inside the window, each the thing a click there reaches; where the list's first heading is. */
  const view = () => help().evaluate((dialog) => {
    const reachable = (el: Element) => {
      const box = el.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return box.top >= 0 && box.bottom <= window.innerHeight && hit !== null && el.contains(hit);
    };
    return { title: reachable(dialog.querySelector('h2')!), close: reachable(dialog.querySelector('[data-testid="shortcuts-close"]')!), firstGroupTop: dialog.querySelector('h3')!.getBoundingClientRect().top };
  });

  for (const language of ['en', 'ar'] as const) {
    it(`keeps its title and Close in view and scrolls its list by ↓ and Page Down, in ${language}`, async () => {
      await app.chooseLanguage(language);
      await session.page.getByTestId('shortcuts-open').click();
      await help().waitFor();
      const opened = await view();
      expect({ title: opened.title, close: opened.close }, language).toEqual({ title: true, close: true });
      await session.screenshot(`shortcuts-help-600x500-${language}`);

      // Chromium scrolls by the keyboard smoothly: the list's move is waited on, not read at once.
      const firstGroupTop = async () => (await view()).firstGroupTop;
      await session.page.keyboard.press('ArrowDown');
      await expect.poll(firstGroupTop, { message: `${language}: ↓ scrolls the list` }).toBeLessThan(opened.firstGroupTop);
      const down = await firstGroupTop();
      await session.page.keyboard.press('PageDown');
      await expect.poll(firstGroupTop, { message: `${language}: Page Down scrolls it further` }).toBeLessThan(down - 100);
      const pageDown = await view();
      expect({ title: pageDown.title, close: pageDown.close }, `${language}, scrolled`).toEqual({ title: true, close: true });
      await session.screenshot(`shortcuts-help-600x500-${language}-scrolled`);

      await session.page.keyboard.press('Escape');
      await help().waitFor({ state: 'detached' });
      expect(await focused(session.page)).toBe('shortcuts-open');
    });
  }

  it('logs no errors in the browser console', () => {
    expect(session.consoleLines.filter((line) => line.startsWith('error') || line.startsWith('pageerror'))).toEqual([]);
  });
});
