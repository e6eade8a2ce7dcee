// One preview, one Chromium and one page per test file, with screenshots kept as artifacts.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../../support/browser';
import { startPreview, type RunningPreview } from './preview';

export const artifactsDir = join('test-results', 'screenshots');

export type E2eSession = {
  preview: RunningPreview;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  consoleLines: string[];
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
};

/** `dataDir`: a data folder prepared by the test (e.g. a seeded ledger), left for the test to remove. */
export async function openSession(options: { env?: NodeJS.ProcessEnv; dataDir?: string } = {}): Promise<E2eSession> {
  const preview = await startPreview({ env: options.env, dataDir: options.dataDir });
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const consoleLines: string[] = [];
  page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => consoleLines.push(`pageerror: ${error.message}`));
  mkdirSync(artifactsDir, { recursive: true });
  return {
    preview,
    browser,
    context,
    page,
    consoleLines,
    async screenshot(name) {
      const path = join(artifactsDir, `${name}.png`);
      await page.screenshot({ path, fullPage: true });
      return path;
    },
    async close() {
      await browser.close();
      await preview.stop();
    },
  };
}
