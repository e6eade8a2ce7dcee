// Which element scrolls the page: the window, or, while the notifications' band shows, the body,
// as high as the window above the band (app.css, html.notes-shown), so that nothing of a screen is
// ever under the band (docs/screens-after-sale.md, "Where notifications sit").

/**
 * The page's scroller while the band shows: the body, as high as the window above the band (app.css,
 * html.notes-shown); the window again once it has gone. The place read is kept across the change,
 * so nothing moves as a note comes or goes.
 */
export function pageAboveBand(shown: boolean) {
  const root = document.documentElement;
  const body = document.body;
  if (root.classList.contains('notes-shown') === shown) return;
  if (shown) {
    const [x, y] = [window.scrollX, window.scrollY];
    root.classList.add('notes-shown');
    window.scrollTo(0, 0);
    body.scrollTo(x, y);
  } else {
    const [x, y] = [body.scrollLeft, body.scrollTop];
    root.classList.remove('notes-shown');
    window.scrollTo(x, y);
  }
}

/** Brings the page to its start, whichever scrolls it (the window, or the body while notes show). */
export function pageToStart() {
  window.scrollTo(0, 0);
  if (document.documentElement.classList.contains('notes-shown')) document.body.scrollTo(0, 0);
}
