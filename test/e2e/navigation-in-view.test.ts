// The navigation stays usable however far a long screen scrolls: at a desktop width its every entry
// is on screen, below the sticky header and not covered by it, at the bottom of Settings (the
// longest screen), in English and in Arabic. It used to scroll away with the page, so reaching
// another screen meant scrolling back to the top first. And Settings' list of its sections takes
// a person to one in a click: its heading at the top, under the header, with the keyboard on it.
// Under 1200 px the entries go above the screen in balanced lines: at 900 px a full line left
// "Settings" alone on the next, and then "Keyboard shortcuts (?)" had a line of its own: it is now
// the list's last entry, at the end of the last line (only its key under 680 px).
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
      await session.windowShot(`navigation-in-view-${language}`); // the window scrolled to the end, the navigation in it
      await session.page.getByTestId('nav-home').click();
      await expect.poll(() => session.page.getByTestId('nav-home').getAttribute('aria-current')).toBe('page');
    });
  }

  /**
   * How many screens each line of the navigation holds, top to bottom, each line's width, and the
   * line "Keyboard shortcuts" (the list's last entry) sits on: -1 when it is on a line with no screen.
   */
  const navigationLines = () => session.page.evaluate(() => {
    const entries = [...document.querySelectorAll('nav.app-nav li:not(.nav-help)')].map((li) => li.getBoundingClientRect());
    const tops = [...new Set(entries.map((box) => Math.round(box.top)))];
    const help = document.querySelector('nav.app-nav [data-testid="shortcuts-open"]')!.getBoundingClientRect();
    const helpMiddle = (help.top + help.bottom) / 2;
    const helpLine = tops.findIndex((top) => entries.some((box) => Math.round(box.top) === top && box.top <= helpMiddle && helpMiddle <= box.bottom));
    // Each line's drawn width, "Keyboard shortcuts" counted on its line: the browser balances lines by width (text-wrap: balance), not by count.
    const widths = tops.map((top, line) => {
      const boxes = [...entries.filter((box) => Math.round(box.top) === top), ...(line === helpLine ? [help] : [])];
      return Math.max(...boxes.map((box) => box.right)) - Math.min(...boxes.map((box) => box.left));
    });
    return { screens: tops.map((top) => entries.filter((box) => Math.round(box.top) === top).length), help: helpLine, widths };
  });

  for (const language of ['en', 'ar'] as const) {
    it(`wraps the navigation in balanced lines under 1200 px, never an entry alone, and keeps the column at 1280 px (${language})`, async () => {
      await app.chooseLanguage(language);
      await session.page.getByTestId('nav-home').click();
      for (const width of [600, 900, 1100]) {
        await session.page.setViewportSize({ width, height: 700 });
        const { screens, help, widths } = await navigationLines();
        expect({ width, lines: screens.length }).toEqual({ width, lines: 2 });
        // Balanced: the shorter line at least 3/5 of the longer, and never a screen alone on a line.
        expect({ width, balanced: Math.min(...widths) >= 0.6 * Math.max(...widths), alone: screens.some((count) => count < 2) }).toEqual({ width, balanced: true, alone: false });
        // "Keyboard shortcuts" ends the last line: at 900 px it had a line of its own under the screens.
        expect({ width, help }).toEqual({ width, help: 1 });
        await session.windowShot(`navigation-${language}-${width}`);
      }
      // Under 680 px only its key shows, its words still its name.
      await session.page.setViewportSize({ width: 600, height: 700 });
      await expect.poll(() => session.page.getByRole('button', { name: language === 'en' ? 'Keyboard shortcuts (?)' : 'اختصارات لوحة المفاتيح (؟)', exact: true }).isVisible()).toBe(true);
      await session.page.setViewportSize({ width: 1280, height: 700 });
      expect(await navigationLines()).toMatchObject({ screens: [1, 1, 1, 1, 1, 1, 1, 1, 1], help: -1 }); // the column beside the screen, the help under it
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
