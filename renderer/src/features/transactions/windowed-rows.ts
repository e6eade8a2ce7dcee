// Which rows of a long list to draw: only those in view plus a small overscan, so a list
// of 100,000 payments costs the same to render as a list of 30.

export type RowWindow = { first: number; last: number; offsetTop: number; totalHeight: number };

export function rowWindow(options: {
  rowCount: number;
  rowHeight: number;
  scrollTop: number;
  viewportHeight: number;
  overscan?: number;
}): RowWindow {
  const { rowCount, rowHeight, scrollTop, viewportHeight } = options;
  const overscan = options.overscan ?? 8;
  const totalHeight = rowCount * rowHeight;
  if (rowCount === 0) return { first: 0, last: -1, offsetTop: 0, totalHeight };
  const firstVisible = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const visibleCount = Math.ceil(Math.max(viewportHeight, rowHeight) / rowHeight);
  const first = Math.max(0, Math.min(rowCount - 1, firstVisible - overscan));
  const last = Math.min(rowCount - 1, firstVisible + visibleCount + overscan);
  return { first, last, offsetTop: first * rowHeight, totalHeight };
}

/** The scrollTop that brings a row fully into view, or undefined if it already is. */
export function scrollToReveal(index: number, rowHeight: number, scrollTop: number, viewportHeight: number): number | undefined {
  const top = index * rowHeight;
  if (top < scrollTop) return top;
  if (top + rowHeight > scrollTop + viewportHeight) return top + rowHeight - viewportHeight;
  return undefined;
}
