// A link just made, copied by a screen reader's user (walk18): its Copy was named "Copy" alone, a
// second press said nothing new (the status already read "Copied"), and "Copied" stayed, so a change
// of language said "Copied" again with nothing copied. Now the button names what it copies, each press
// is said, and the word goes after a moment, as beside a payment's ids. English and Arabic.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { stubMain } from '../support/stub-main';

stubMain({});
const copied: string[] = [];
Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void copied.push(text) } });
const { SharePanel } = await import('../../renderer/src/features/get-paid/share-panel');
const { copiedShownMs } = await import('../../renderer/src/ui/copy-button');
const { useLanguage } = await import('../../renderer/src/i18n');

const item = { url: 'http://127.0.0.1:9/link?linkId=lnk_1', orderId: 'W18-LINK-1', amountMinor: 4_500, currency: 'SAR' as const, customer: { name: 'Mariam Zahrani', email: 'mariam@example.com', phone: '+966500001818' } };

/** The panel of a link just made, in `language`: its Copy by the name asked for, and its status line. */
function panelIn(language: 'en' | 'ar', name: string) {
  act(() => useLanguage.getState().setLanguage(language));
  render(<SharePanel item={item} />);
  return { copy: screen.getByRole('button', { name }), status: screen.getByTestId('share-panel').querySelector('[role="status"]')! };
}

afterEach(() => {
  copied.length = 0;
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

it.each([
  ['en', 'Copy the payment address', 'Copied'],
  ['ar', 'انسخ عنوان الدفع', 'تم النسخ'],
] as const)('Copy on a link just made names what it copies, says each press anew, then lets the word go (%s)', async (language, name, copiedWord) => {
  const { copy, status } = panelIn(language, name);
  fireEvent.click(copy);
  await waitFor(() => expect(status.textContent).toBe(copiedWord));
  const first = status.firstElementChild;
  fireEvent.click(copy);
  // A new node with the same word: a live region reads what comes into it, not an unchanged text.
  await waitFor(() => expect(status.firstElementChild).not.toBe(first));
  expect(status.textContent).toBe(copiedWord);
  expect(copied).toEqual([item.url, item.url]);
  await waitFor(() => expect(status.textContent).toBe(''), { timeout: copiedShownMs + 1_000 });
});
