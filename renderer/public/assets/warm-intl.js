// Intl's first use costs 12–20 ms in a fresh page, whatever is made first (a number, date or
// plural formatter, even `supportedLocalesOf`): ICU's and V8's one-time set-up, which the whole
// renderer process shares. This script pays it in a worker thread of its own, so the page's main
// thread never does: loaded as a page script it starts itself again as a dedicated worker (the
// same file: the page's CSP allows workers from 'self' only, not blob:), and in the worker it makes
// one amount, one date and one plural formatter and resolves the messages' locale (as
// intl-messageformat does) in the language the window stores. Measured in Chromium: after a worker
// made one number formatter, the page's first one took 0.3 ms instead of 17. On the main thread
// (the ninth pass) the same work sat right before the app's modules ran, on the first screen's path.
// A plain script (public/: copied, not bundled), so it can run before the app's bundle is in.
function warmIntl(arabic) {
  const formats = arabic ? 'ar-SA' : 'en-GB';
  const messages = arabic ? 'ar-u-nu-latn' : 'en';
  new Intl.NumberFormat(formats, { style: 'currency', currency: 'SAR', numberingSystem: 'latn' }).format(0);
  new Intl.DateTimeFormat(formats, { dateStyle: 'short', timeStyle: 'short', numberingSystem: 'latn' }).format(0);
  new Intl.Locale(Intl.NumberFormat.supportedLocalesOf(messages)[0] ?? messages);
  new Intl.PluralRules(messages).select(0);
  new Intl.NumberFormat(messages).format(0);
}

if (typeof document === 'undefined') {
  // In the worker: the language came in the address's fragment (a worker has no localStorage).
  try {
    warmIntl(self.location.hash === '#ar');
  } finally {
    self.close();
  }
} else {
  try {
    // The language as the app reads it (renderer/src/i18n/index.ts).
    const arabic = localStorage.getItem('paydesk.language') === 'ar';
    const worker = new Worker(`${document.currentScript.src.split('#')[0]}#${arabic ? 'ar' : 'en'}`);
    // No worker (refused by a policy, a scheme without workers): the app's own idle warm-up
    // (warmFormatters in renderer/src/app/app.tsx) pays it later, after the first screen is drawn.
    worker.onerror = () => worker.terminate();
  } catch {
    // Storage or workers refused: as above.
  }
}
