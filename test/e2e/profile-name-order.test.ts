// A profile's name beside its environment, as Chromium draws it in a sentence of the other
// language (the eleventh walk, docs/screens-walks.md): an Arabic name in English read "This payment
// was made on (Sandbox) بيئة الاختبار." and "Switch to (Sandbox) بيئة الاختبار", the brackets and the
// environment taken into the name's direction; a Latin name in Arabic the same. Each sentence is the
// app's own message with withEnvironment's text, drawn in Chromium in its language's direction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { translate } from '../../renderer/src/i18n';
import { withEnvironment } from '../../renderer/src/ui/profile-name';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.newPage();
});
afterAll(() => browser?.close());

/** The x of the first drawn character of `text` within the paragraph's one text node. */
async function drawnAt(sentence: string, dir: 'ltr' | 'rtl', parts: string[]): Promise<number[]> {
  await page.setContent(`<!doctype html><meta charset="utf-8"><p dir="${dir}" style="font: 16px sans-serif; white-space: nowrap"></p>`);
  return page.evaluate(([sentence, parts]) => {
    const p = document.querySelector('p')!;
    p.textContent = sentence;
    const node = p.firstChild as Text;
    return parts.map((part) => {
      const range = document.createRange();
      const at = node.data.indexOf(part);
      range.setStart(node, at);
      range.setEnd(node, at + part.length);
      return range.getBoundingClientRect().x;
    });
  }, [sentence, parts] as const);
}

describe('a profile named in the other language, with its environment', () => {
  it('reads name, then "(Sandbox)" in English', async () => {
    const profile = withEnvironment('بيئة الاختبار', translate('en', 'env.sandbox'));
    for (const key of ['detail.otherProfile', 'detail.switchTo'] as const) {
      const [before, name, environment] = await drawnAt(translate('en', key, { profile }), 'ltr', [key === 'detail.switchTo' ? 'Switch to' : 'made on', 'بيئة', '(Sandbox)']);
      // Left to right: the sentence's words, the name, then its environment in brackets.
      expect(before).toBeLessThan(name!);
      expect(name).toBeLessThan(environment!);
    }
  });

  it('reads name, then «(الاختبار)» in Arabic', async () => {
    const profile = withEnvironment('Shop one', translate('ar', 'env.sandbox'));
    const [before, name, environment] = await drawnAt(translate('ar', 'detail.otherProfile', { profile }), 'rtl', ['أُجريت', 'Shop one', '(الاختبار)']);
    // Right to left: the sentence's start, the name, then its environment further left.
    expect(before).toBeGreaterThan(name!);
    expect(name).toBeGreaterThan(environment!);
  });
});
