import { describe, expect, it } from 'vitest';
import { maxScrollHeight, rowWindow, scrollToReveal } from '../../renderer/src/features/transactions/windowed-rows';

describe('rowWindow', () => {
  it('draws only the rows in view plus overscan, whatever the list length', () => {
    const w = rowWindow({ rowCount: 100_000, rowHeight: 40, scrollTop: 400_000, viewportHeight: 600, overscan: 5 });
    expect(w.first).toBe(9995);
    expect(w.last).toBe(10020);
    expect(w.offsetTop).toBe(9995 * 40);
    expect(w.totalHeight).toBe(4_000_000);
    expect(w.last - w.first).toBeLessThan(40);
  });
  it('clamps at both ends', () => {
    expect(rowWindow({ rowCount: 10, rowHeight: 40, scrollTop: -50, viewportHeight: 600 })).toMatchObject({ first: 0, last: 9 });
    expect(rowWindow({ rowCount: 10, rowHeight: 40, scrollTop: 99_999, viewportHeight: 600 })).toMatchObject({ last: 9 });
    expect(rowWindow({ rowCount: 0, rowHeight: 40, scrollTop: 0, viewportHeight: 600 })).toMatchObject({ first: 0, last: -1, totalHeight: 0 });
  });
});

describe('scrollToReveal', () => {
  it('scrolls up or down just enough to show a row, or not at all', () => {
    expect(scrollToReveal(5, 40, 400, 400)).toBe(200);
    expect(scrollToReveal(25, 40, 0, 400)).toBe(640);
    expect(scrollToReveal(3, 40, 0, 400)).toBeUndefined();
  });
});

// A busy year (walk17): a million rows of 44 px are 44M px, past Chromium's cap on an element's
// height (33.5M): End and the scrollbar stopped at row 762,600, the oldest quarter out of reach.
describe('a list taller than a browser lets an element be', () => {
  const rowCount = 1_000_000, rowHeight = 44, viewportHeight = 500;
  const space = { rowCount, rowHeight, viewportHeight, overscan: 0 };
  /** Where row `index` is drawn in the scroll space, and whether it is wholly in view at `scrollTop`. */
  const inView = (index: number, scrollTop: number) => {
    const w = rowWindow({ ...space, scrollTop });
    if (index < w.first || index > w.last) return false;
    const top = w.offsetTop + (index - w.first) * rowHeight;
    return top >= scrollTop && top + rowHeight <= scrollTop + viewportHeight;
  };

  it('keeps the scroll space under the cap, its whole travel spanning every row', () => {
    const end = rowWindow({ ...space, scrollTop: maxScrollHeight - viewportHeight });
    expect(end.totalHeight).toBe(maxScrollHeight);
    expect(end.last).toBe(rowCount - 1);
    // The last row ends where the scroll space does: nothing drawn past it, nothing left under it.
    expect(end.offsetTop + (end.last - end.first + 1) * rowHeight).toBeCloseTo(maxScrollHeight, 3);
    expect(rowWindow({ ...space, scrollTop: 0 })).toMatchObject({ first: 0, offsetTop: 0 });
  });

  it('End reaches the last row and Home the first, within the scroll space', () => {
    const end = scrollToReveal(rowCount - 1, rowHeight, 0, viewportHeight, rowCount)!;
    expect(end).toBeLessThanOrEqual(maxScrollHeight - viewportHeight);
    expect(inView(rowCount - 1, end)).toBe(true);
    expect(scrollToReveal(0, rowHeight, end, viewportHeight, rowCount)).toBe(0);
  });

  it('reveals a deep row wholly, going down and up, one row at a time', () => {
    let scrollTop = 0;
    for (const index of [900_000, 900_001, 900_020, 899_990, 123_457]) {
      scrollTop = scrollToReveal(index, rowHeight, scrollTop, viewportHeight, rowCount) ?? scrollTop;
      expect(Number.isInteger(scrollTop)).toBe(true);
      expect(inView(index, scrollTop)).toBe(true);
    }
  });

  it('scrolls one to one below the cap, as before', () => {
    expect(rowWindow({ rowCount: 300_000, rowHeight, viewportHeight, scrollTop: 44_000 })).toMatchObject({ first: 992, offsetTop: 992 * rowHeight, totalHeight: 300_000 * rowHeight });
    expect(scrollToReveal(1500, rowHeight, 0, viewportHeight, 300_000)).toBe(1501 * rowHeight - viewportHeight);
  });
});
