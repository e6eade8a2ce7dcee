// A name with letters of both directions is cut by the app, keeping its beginning in reading order
// (renderer/src/ui/reading-cut.ts; in Chromium: test/e2e/get-paid-long-customer.test.ts). Here: which
// names take it, and that its "…" joins the run it ends, whichever direction that run is.
import { expect, it } from 'vitest';
import { cutText, inTwoDirections } from '../../renderer/src/ui/reading-cut';

it('takes only names with letters of both directions (digits and marks are neither)', () => {
  expect(['مؤسسة Al-Qahtani Trading W.L.L. للتجارة', 'Al-Qahtani مؤسسة', 'Café مقهى'].map(inTwoDirections)).toEqual([true, true, true]);
  expect(['Fahad Al-Qahtani', 'فهد القحطاني', 'متجر 24', 'Shop 24 - 7', '', null, undefined].map(inTwoDirections)).toEqual([false, false, false, false, false, false, false]);
});

it('ends the kept beginning with "…" and the direction of its last letter, so the "…" is drawn after it', () => {
  const name = Array.from('مؤسسة Al-Qahtani Trading للتجارة');
  expect(cutText(name, 16)).toBe('مؤسسة Al-Qahtani…\u200e'); // left to right: "…" to the right of "Al-Qahtani"
  expect(cutText(name, 6)).toBe('مؤسسة…\u200f'); // the space before the cut dropped; right to left: "…" to the left of it
  expect(cutText(Array.from('Al-Qahtani مؤسسة القحطاني'), 13)).toBe('Al-Qahtani مؤ…\u200f');
  expect(cutText(name, 0)).toBe('…\u200e');
});
