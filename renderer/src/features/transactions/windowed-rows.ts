// Which rows of a long list to draw: only those in view plus a small overscan, so a list
// of 100,000 payments costs the same to render as a list of 30.
//
// A browser caps an element's height (Chromium at 33,554,431 px, Firefox near 17.9M): a million
// rows of 44 px (44M px) were cut at row 762,600, so End and the scrollbar never reached the
// oldest quarter of a busy year (walk17). Past `maxScrollHeight` the scroll space is scaled: the
// scrollbar's whole travel spans every row, and the rows in view are drawn at their own height
// where the scroll position says.

export type RowWindow = { first: number; last: number; offsetTop: number; totalHeight: number };

/** Below both browsers' caps with room to spare; a list shorter than this scrolls one to one. */
export const maxScrollHeight = 15_000_000;

type Space = { rowCount: number; rowHeight: number; viewportHeight: number; maxHeight?: number };

/** How many pixels of rows one pixel of scrolling moves (1 until the list is taller than the cap). */
function scale({ rowCount, rowHeight, viewportHeight, maxHeight = maxScrollHeight }: Space): { height: number; factor: number } {
  const content = rowCount * rowHeight;
  if (content <= maxHeight) return { height: content, factor: 1 };
  const view = Math.max(0, viewportHeight);
  return { height: maxHeight, factor: (content - view) / Math.max(1, maxHeight - view) };
}

export function rowWindow(options: Space & { scrollTop: number; overscan?: number }): RowWindow {
  const { rowCount, rowHeight, viewportHeight } = options;
  const overscan = options.overscan ?? 8;
  const { height: totalHeight, factor } = scale(options);
  if (rowCount === 0) return { first: 0, last: -1, offsetTop: 0, totalHeight };
  const scrollTop = Math.max(0, options.scrollTop);
  const contentTop = scrollTop * factor;
  const firstVisible = Math.min(rowCount - 1, Math.floor(contentTop / rowHeight));
  const visibleCount = Math.ceil(Math.max(viewportHeight, rowHeight) / rowHeight);
  const first = Math.max(0, Math.min(rowCount - 1, firstVisible - overscan));
  const last = Math.min(rowCount - 1, firstVisible + visibleCount + overscan);
  // The rows' own spacing from where the view starts: `first` sits as far above the view's top as it does in the rows.
  return { first, last, offsetTop: scrollTop + first * rowHeight - contentTop, totalHeight };
}

/** The scrollTop that brings a row fully into view, or undefined if it already is. */
export function scrollToReveal(index: number, rowHeight: number, scrollTop: number, viewportHeight: number, rowCount = 0, maxHeight?: number): number | undefined {
  const { factor } = scale({ rowCount, rowHeight, viewportHeight, maxHeight });
  const contentTop = scrollTop * factor;
  const top = index * rowHeight;
  // Rounded outwards: the browser keeps whole pixels of scrolling, and a scaled one must not cut the row.
  if (top < contentTop) return Math.floor(top / factor);
  if (top + rowHeight > contentTop + viewportHeight) return Math.ceil((top + rowHeight - viewportHeight) / factor);
  return undefined;
}
