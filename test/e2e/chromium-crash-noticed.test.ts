// npm test runs a file again only when its Chromium died on its own (support/chromium-crash.ts):
// that must be told apart from a test closing its browser.
import { describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';

describe("Chromium's own crash", () => {
  it('is noticed when the browser process dies, and not when the browser is closed', async () => {
    const crashes: string[] = [];
    const crashing = await launchChromium({ onCrash: () => crashes.push('crashing') });
    const closed = await launchChromium({ onCrash: () => crashes.push('closed') });
    await closed.close();
    const cdp = await crashing.newBrowserCDPSession();
    await cdp.send('Browser.crash').catch(() => {}); // the answer never comes: the process is gone
    await expect.poll(() => crashing.isConnected()).toBe(false);
    expect(crashes).toEqual(['crashing']);
  });
});
