// Intl's one-time cost (ICU's data, 15-25 ms in Chromium on the first formatter of a page; the
// next ones cost 0-3 ms) paid while the page waits for its other files from main, not in the first
// screen's render: index.html loads this small classic script async, ahead of the app's bundle.
// The stored language (i18n/index.ts) picks the locale the app formats in (i18n/format.ts).
(() => {
  try {
    const locale = localStorage.getItem('paydesk.language') === 'ar' ? 'ar-SA' : 'en-GB';
    new Intl.NumberFormat(locale, { style: 'currency', currency: 'SAR', numberingSystem: 'latn' }).format(0);
    // The list's dates (formatShortDateTime): 2-3 ms more on the first, with the time zone's data.
    new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', numberingSystem: 'latn' }).format(0);
  } catch {
    // Storage or Intl refused: the app pays the cost at its first formatter, as without this file.
  }
})();
