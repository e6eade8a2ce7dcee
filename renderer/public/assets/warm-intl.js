// Intl's first use (ICU's number, date and plural data: 10–20 ms on a first formatter) paid while
// the browser still fetches and parses the app's scripts, its main thread otherwise idle, instead
// of inside the first screen's render. ICU keeps that data for the whole page, so the app's own
// formatters (renderer/src/i18n/format.ts, the messages' plurals) are then made quickly. The same
// locales and options as those; the language as the app reads it (renderer/src/i18n/index.ts).
// A plain script (public/: copied, not bundled), so it can run before the app's bundle is in.
try {
  const arabic = localStorage.getItem('paydesk.language') === 'ar';
  const formats = arabic ? 'ar-SA' : 'en-GB';
  const messages = arabic ? 'ar-u-nu-latn' : 'en';
  new Intl.NumberFormat(formats, { style: 'currency', currency: 'SAR', numberingSystem: 'latn' }).format(0);
  new Intl.DateTimeFormat(formats, { dateStyle: 'short', timeStyle: 'short', numberingSystem: 'latn' }).format(0);
  new Intl.Locale(Intl.NumberFormat.supportedLocalesOf(messages)[0] ?? messages);
  new Intl.PluralRules(messages).select(0);
  new Intl.NumberFormat(messages).format(0);
} catch {
  // Storage or Intl refused: the app makes its formatters itself, as before.
}
