// The preview's document renderer: Debian's Chromium driven by playwright-core (a development
// dependency: the preview is a development and CI tool). The same HTML the desktop app prints
// with Electron's printToPDF; page.pdf() gives the PDF, a screenshot the PNG shown first. The
// page runs with JavaScript off and no network: the document is self-contained.
import type { Browser } from 'playwright-core';
import { fail } from '../core/fail';
import { loadPackage } from '../core/load-package';
import type { DocumentRenderer } from '../invoices/invoice-service';

export function chromiumDocuments(executablePath = process.env.PAYDESK_CHROMIUM ?? '/usr/bin/chromium'): { render: DocumentRenderer; close(): Promise<void> } {
  let browser: Promise<Browser> | undefined;
  const launch = async () => {
    try {
      const { chromium } = loadPackage<typeof import('playwright-core')>('playwright-core');
      return await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--no-first-run'] });
    } catch {
      browser = undefined; // try again next time (Chromium installed meanwhile)
      throw fail('internal', 'invoice.noChromium', { path: executablePath });
    }
  };
  return {
    async render(html) {
      browser ??= launch();
      const context = await (await browser).newContext({ javaScriptEnabled: false, offline: true, viewport: { width: 794, height: 1123 } });
      try {
        const page = await context.newPage();
        await page.route('**/*', (route) => (route.request().url().startsWith('data:') ? route.continue() : route.abort()));
        await page.setContent(html, { waitUntil: 'load' });
        await page.emulateMedia({ media: 'print' });
        const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
        const png = await page.screenshot({ fullPage: true, type: 'png' });
        return { pdf, png };
      } finally {
        await context.close();
      }
    },
    async close() {
      if (browser) await (await browser).close().catch(() => undefined);
    },
  };
}
