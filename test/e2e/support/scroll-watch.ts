// What moved the page, for a test that expects it not to move: every scroll of the window or the
// body (the page's scroller while a notification band shows, app/page-scroller.ts), every
// scrollIntoView and focus that may scroll, and the band coming and going, with the time and the
// element involved. Read back as one message for the assertion that fails.
import type { Page } from 'playwright-core';

type Seen = { log: string[] };

export async function watchScrolling(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __scrollSeen?: Seen };
    const seen: Seen = { log: [] };
    w.__scrollSeen = seen;
    const t0 = performance.now();
    const name = (el: Element | null) => (el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''}` : 'none');
    const note = (what: string) => seen.log.push(`${Math.round(performance.now() - t0)} ms ${what} (window ${window.scrollY}, body ${document.body.scrollTop}, band ${document.documentElement.classList.contains('notes-shown')}, focus ${name(document.activeElement)})`);
    window.addEventListener('scroll', () => note('window scrolled'), { passive: true });
    document.body.addEventListener('scroll', () => note('body scrolled'), { passive: true });
    const intoView = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element, arg?: boolean | ScrollIntoViewOptions) {
      note(`scrollIntoView ${name(this)} ${JSON.stringify(arg ?? null)}`);
      return intoView.call(this, arg);
    };
    const focus = HTMLElement.prototype.focus;
    HTMLElement.prototype.focus = function (this: HTMLElement, options?: FocusOptions) {
      note(`focus ${name(this)} ${JSON.stringify(options ?? null)}`);
      return focus.call(this, options);
    };
    new MutationObserver(() => note('band class changed')).observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  });
}

export async function scrollingSeen(page: Page): Promise<string> {
  const log = await page.evaluate(() => (window as unknown as { __scrollSeen?: Seen }).__scrollSeen?.log ?? []);
  return `what moved the page:\n${log.slice(-40).join('\n')}`;
}
