// The navigation stays usable however far a long screen scrolls: at a desktop width its every entry
// is on screen, below the sticky header and not covered by it, at the bottom of Settings (the
// longest screen), in English and in Arabic. It used to scroll away with the page, so reaching
// another screen meant scrolling back to the top first. And Settings' list of its sections takes
// a person to one in a click: its heading at the top, under the header, with the keyboard on it.
// Under 1200 px the entries go above the screen in balanced lines: at 900 px a full line left
// "Settings" alone on the next.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { AppPage } from './pages/app-page';

describe('the navigation at the bottom of a long screen', () => {
  let session: E2eSession;
  let app: AppPage;

  beforeAll(async () => {
    session = await openSession();
    app = new AppPage(session.page);
    await session.page.setViewportSize({ width: 1280, height: 700 });
    await app.open(session.preview.url);
  });
  afterAll(() => session?.close());

  /** Each navigation entry that is not wholly on screen below the header, or is covered at its centre. */
  const hiddenEntries = () => session.page.evaluate(() => {
    const header = document.querySelector('.app-header')!.getBoundingClientRect();
    return [...document.querySelectorAll<HTMLButtonElement>('nav.app-nav button')].flatMap((button) => {
      const box = button.getBoundingClientRect();
      const onTop = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      const inView = box.top >= header.bottom - 0.5 && box.bottom <= window.innerHeight + 0.5;
      return inView && button.contains(onTop) ? [] : [button.textContent!];
    });
  });

  for (const language of ['en', 'ar'] as const) {
    it(`keeps every entry on screen and reachable at the bottom of Settings (${language})`, async () => {
      await app.chooseLanguage(language);
      await session.page.getByTestId('nav-settings').click();
      await session.page.getByTestId('team-not-in-use').waitFor(); // the last section is in: the page is at its full length
      await session.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      expect(await session.page.evaluate(() => window.scrollY)).toBeGreaterThan(1000); // the page did scroll far: Settings is over 1,700 px long
      expect(await hiddenEntries()).toEqual([]);
      await session.page.screenshot({ path: `test-results/screenshots/navigation-in-view-${language}.png` });
      await session.page.getByTestId('nav-home').click();
      await expect.poll(() => session.page.getByTestId('nav-home').getAttribute('aria-current')).toBe('page');
    });
  }

  /** How many navigation entries each line holds, top to bottom. */
  const entriesPerLine = () => session.page.evaluate(() => {
    const tops = [...document.querySelectorAll('nav.app-nav li')].map((li) => Math.round(li.getBoundingClientRect().top));
    return [...new Set(tops)].map((top) => tops.filter((t) => t === top).length);
  });

  for (const language of ['en', 'ar'] as const) {
    it(`wraps the navigation in balanced lines under 1200 px, never an entry alone, and keeps the column at 1280 px (${language})`, async () => {
      await app.chooseLanguage(language);
      await session.page.getByTestId('nav-home').click();
      for (const width of [600, 900]) {
        await session.page.setViewportSize({ width, height: 700 });
        const lines = await entriesPerLine();
        expect({ width, lines: lines.length }).toEqual({ width, lines: 2 });
        expect({ width, balanced: Math.max(...lines) - Math.min(...lines) <= 1 }).toEqual({ width, balanced: true });
        await session.page.screenshot({ path: `test-results/screenshots/navigation-${language}-${width}.png` });
      }
      await session.page.setViewportSize({ width: 1100, height: 700 });
      expect(await entriesPerLine()).toEqual([9]); // room for all: one line
      await session.page.setViewportSize({ width: 1280, height: 700 });
      expect(await entriesPerLine()).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1]); // the column beside the screen
    });
  }

  for (const [language, name] of [['en', 'Team ledger'], ['ar', 'سجل الفريق']] as const) {
    it(`takes a person to a section of Settings in one click from its list (${language})`, async () => {
      await app.chooseLanguage(language);
      await session.page.getByTestId('nav-settings').click();
      await session.page.getByTestId('team-not-in-use').waitFor();
      await session.page.evaluate(() => window.scrollTo(0, 0));
      await session.page.getByTestId('settings-contents').getByRole('button', { name }).click();
      const where = await session.page.evaluate(() => {
        const heading = document.getElementById('team-title')!.getBoundingClientRect();
        return { top: heading.top, headerBottom: document.querySelector('.app-header')!.getBoundingClientRect().bottom, focused: document.activeElement?.id };
      });
      expect(where.focused).toBe('team-title');
      expect(where.top).toBeGreaterThanOrEqual(where.headerBottom); // not under the sticky header
      expect(where.top).toBeLessThan(where.headerBottom + 40); // at the top of what is shown
    });
  }
});
