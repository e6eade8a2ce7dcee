// In Arabic at 800 px, the full stop after a path that ends a sentence ("حُفظ في ⁨/tmp/…json⁩.")
// follows the path as read, right of its last character on its line; it sat at the path's left,
// before its first character, and read as part of it ("./tmp/…", a relative path). The text is
// unchanged. Settings → Save diagnostics, in Chromium with the page's real CSS; English as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { SettingsPage } from './pages/settings-page';

describe('the full stop after a saved file’s path', () => {
  let session: E2eSession;
  let settings: SettingsPage;

  beforeAll(async () => {
    session = await openSession();
    settings = new SettingsPage(session.page);
    await settings.open(session.preview.url);
    await settings.openSettings();
    await session.page.setViewportSize({ width: 800, height: 800 });
  });
  afterAll(async () => {
    await session?.page.setViewportSize({ width: 1280, height: 800 });
    await session?.close();
  });

  /** Where the path's first and last characters and the full stop after it are drawn. */
  const placed = () => session.page.getByTestId('diagnostics-notice').evaluate((notice) => {
    const text = [...notice.querySelectorAll('*')].map((el) => [...el.childNodes]).flat().filter((n) => n.nodeType === Node.TEXT_NODE);
    const box = (node: Node, at: number) => {
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 1);
      const { left, right, top } = range.getBoundingClientRect();
      return { left: Math.round(left), right: Math.round(right), top: Math.round(top) };
    };
    const path = text.find((n) => n.textContent!.includes('paydesk-diagnostics-'))!;
    const chars = path.textContent!;
    const first = box(path, chars.indexOf('/'));
    const last = box(path, chars.lastIndexOf('n')); // …json
    const stopNode = text.find((n) => n !== path && n.textContent!.startsWith('.')) ?? path;
    const stop = box(stopNode, stopNode === path ? chars.lastIndexOf('.') : 0);
    return { first, last, stop, text: notice.textContent };
  });

  for (const language of ['ar', 'en'] as const) {
    it(`draws it right after the path's last character, in ${language}`, async () => {
      await settings.chooseLanguage(language);
      await session.page.getByTestId('save-diagnostics').click();
      await expect.poll(() => session.page.getByTestId('diagnostics-notice').locator('.quoted-words').count()).toBe(1);
      await session.page.getByTestId('diagnostics-notice').scrollIntoViewIfNeeded();
      const { first, last, stop, text } = await placed();
      expect(text).toMatch(/\u2069\. /); // the words as they were: the isolate's end, then the full stop
      expect({ sameLine: stop.top === last.top, afterLast: stop.left >= last.right - 1, beforeFirst: stop.right <= first.left + 1 && stop.top === first.top }, language)
        .toEqual({ sameLine: true, afterLast: true, beforeFirst: false });
      await session.screenshot(`diagnostics-full-stop-${language}-800`, session.page.getByTestId('diagnostics-notice'));
    });
  }
});
