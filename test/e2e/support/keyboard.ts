// The keyboard alone, as a power user or a screen-reader user drives the app: presses counted per
// task, and where the focus is (never the page's body) with its ring drawn.
import type { Page } from 'playwright-core';

export class KeyboardOnly {
  presses = 0;
  constructor(readonly page: Page) {}

  /** One named key (Tab, Enter, Alt+4, ArrowDown…), `times` times; each counts as a press. */
  async press(key: string, times = 1) {
    for (let i = 0; i < times; i++) await this.page.keyboard.press(key);
    this.presses += times;
  }

  /** Typed words: not counted as presses (the same in any way of doing the task). */
  type(text: string) {
    return this.page.keyboard.type(text);
  }

  /** Returns the presses since the last call (one task's). */
  take(): number {
    const n = this.presses;
    this.presses = 0;
    return n;
  }
}

/** The focused element's id, else its test id, else its tag ('BODY' when the focus is lost). */
export function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    return el?.id || el?.getAttribute('data-testid') || el?.tagName || 'none';
  });
}

/** Whether the focused element draws a ring (outline or shadow) a sighted keyboard user can see. */
export function focusRingShown(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return false;
    const style = getComputedStyle(el);
    return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
  });
}
