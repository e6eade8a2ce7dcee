import { describe, expect, it } from 'vitest';
import { rowWindow, scrollToReveal } from '../../renderer/src/features/transactions/windowed-rows';

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
