// An invoice link's description is its lines joined ("عباءة حرير مطرزة يدويًا، Gift wrapping",
// main/invoices/lines-description.ts). On the English payment detail it was drawn under one
// dir="auto": the Arabic first line made the whole right to left, and "Gift wrapping", the second
// line, stood first (leftmost) where an English reader starts (docs/screens-walks.md). Drawn as the
// detail draws it (JoinedDescription), in Chromium, in English and Arabic: each line is isolated and
// read in order, the first line where the page's reader starts. A description of one direction, or a
// sentence with a comma, stays one isolate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { JoinedDescription, joinedParts } from '../../renderer/src/ui/joined-description';

const abaya = 'عباءة حرير مطرزة يدويًا';
const joined = `${abaya}، Gift wrapping`;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.newPage();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

/** Where each of `words` is drawn on one line of `markup`, in a page of `dir`: its left and right edges. */
async function drawn(markup: string, dir: 'ltr' | 'rtl', words: string[]) {
  await page.setContent(`<!doctype html><html dir="${dir}" lang="${dir === 'rtl' ? 'ar' : 'en'}"><body style="font: 16px 'Noto Sans', 'Noto Sans Arabic', sans-serif"><dl><dd id="d" style="white-space: nowrap">${markup}</dd></dl></body></html>`);
  return page.evaluate((list) => {
    const box = document.getElementById('d')!;
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    const found: Record<string, { left: number; right: number }> = {};
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of list) {
        const at = node.textContent!.indexOf(word);
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + word.length);
        const rect = range.getBoundingClientRect();
        found[word] = { left: rect.left, right: rect.right };
      }
    }
    return found;
  }, words);
}

const markup = (text: string) => renderToStaticMarkup(createElement(JoinedDescription, { text, className: 'user-text' }));

describe('an invoice’s lines joined into its description', () => {
  it('reads the first line first on an English screen (left of the second)', async () => {
    const at = await drawn(markup(joined), 'ltr', [abaya, 'Gift wrapping']);
    expect(at[abaya]!.right).toBeLessThan(at['Gift wrapping']!.left);
  });

  it('reads the first line first on an Arabic screen (right of the second)', async () => {
    const at = await drawn(markup(joined), 'rtl', [abaya, 'Gift wrapping']);
    expect(at[abaya]!.left).toBeGreaterThan(at['Gift wrapping']!.right);
  });

  it('isolates each line, the joiner between them', () => {
    expect(markup(joined)).toBe(`<span class="user-text" data-lines="2"><bdi>${abaya}</bdi>، <bdi>Gift wrapping</bdi></span>`);
    expect(markup('Consulting hours, ورق طباعة, Export shipping')).toBe('<span class="user-text" data-lines="3"><bdi>Consulting hours</bdi>, <bdi>ورق طباعة</bdi>, <bdi>Export shipping</bdi></span>');
  });

  it('keeps a description of one direction, or a sentence with a comma, one isolate', () => {
    for (const text of ['عباءة، شماغ', 'Book, Export', 'Order 12, second delivery']) {
      expect(joinedParts(text)).toBeUndefined();
      expect(markup(text)).toBe(`<bdi class="user-text">${text}</bdi>`);
    }
  });
});
