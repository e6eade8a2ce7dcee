// Debian's Chromium driven by playwright-core. The flags keep it from reaching for the
// network (this machine has none) and let it run as root in CI.
import { chromium, type Browser } from 'playwright-core';

export const chromiumPath = process.env.PAYDESK_CHROMIUM ?? '/usr/bin/chromium';

/**
 * `onCrash`: called when Chromium's own process goes away without `browser.close()` having been
 * asked for (a crash of the browser, not of a page: a page's crash is the page's "crash" event).
 */
export async function launchChromium(options: { onCrash?: () => void } = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
  const { onCrash } = options;
  if (onCrash) {
    let closing = false;
    const close = browser.close.bind(browser);
    browser.close = (closeOptions) => {
      closing = true;
      return close(closeOptions);
    };
    browser.on('disconnected', () => {
      if (!closing) onCrash();
    });
  }
  return browser;
}
