// Debian's Chromium driven by playwright-core. The flags keep it from reaching for the
// network (this machine has none) and let it run as root in CI.
import { chromium, type Browser } from 'playwright-core';

export const chromiumPath = process.env.PAYDESK_CHROMIUM ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
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
}
