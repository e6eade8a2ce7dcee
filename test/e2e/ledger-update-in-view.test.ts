// A merchant upgrades Paydesk (walk36): the first start of the new version brings an older ledger up
// to date before any screen can show it, and the window says how far it got ("Updating your
// ledger… N%"). Since the navigation took the window's height (2026-11-29), that notice was drawn
// below the navigation, out of view at 1280 × 800: the person saw "Loading…" for the whole update
// (seconds at 200,000 payments, a minute at a million). A seeded ledger rewound to version 17,
// opened by the preview in Chromium, English then Arabic. The test holds the ledger's write lock
// until the page listens to main's events (the worker waits for it, busy_timeout 5 s), so the page
// hears the update from its first step whatever the machine's speed.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ledgerFileName, openLedgerDb } from '../../main/ledger/database';
import { latestVersion } from '../../main/ledger/migrations';
import { seedLedger } from '../../scripts/seed-ledger';
import { rewindLedger } from '../support/rewind-ledger';
import { launchChromiumForTest } from './support/chromium-crash';
import { openSession, type E2eSession } from './support/session';

const version = (dir: string) => {
  const db = new Database(join(dir, ledgerFileName), { readonly: true });
  try {
    return db.pragma('user_version', { simple: true }) as number;
  } finally {
    db.close();
  }
};

type Seen = { text: string; top: number; bottom: number; windowHeight: number; headerBottom: number };

describe('the ledger update at the first start of a new version', () => {
  let dataDir = '';
  let browser: Browser;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'paydesk-e2e-update-'));
    const db = openLedgerDb(dataDir);
    seedLedger(db, { payments: 15_000, seed: 36 });
    db.exec('UPDATE payments SET next_check_at = NULL'); // the practice gateway never saw them: no checks
    db.close();
    browser = await launchChromiumForTest();
  });
  afterAll(async () => {
    await browser?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  for (const [language, words] of [['en', /^Updating your ledger… \d+%$/], ['ar', /^جارٍ تحديث سجلّك… \d+٪$/]] as const) {
    it(`is said in view, in ${language === 'en' ? 'English' : 'Arabic'}, then the screens come`, async () => {
      // "As version 17 left it": migration 23 rebuilds the search index. A run stopped part way is finished first.
      if (version(dataDir) !== 17) {
        openLedgerDb(dataDir).close();
        rewindLedger(dataDir, 17);
      }
      const lock = new Database(join(dataDir, ledgerFileName));
      lock.exec('BEGIN IMMEDIATE'); // the update waits for this until the page listens
      let session: E2eSession | undefined;
      try {
        session = await openSession({ dataDir, browser });
        const page = session.page;
        await page.addInitScript((chosen) => localStorage.setItem('paydesk.language', chosen), language);
        const listening = page.waitForResponse((response) => response.url().endsWith('/api/events'));
        await page.goto(session.preview.url);
        await listening;
        const firstSeen = page.waitForFunction(() => {
          const notice = document.querySelector('[data-testid="ledger-updating"]');
          if (!notice) return false;
          const box = notice.getBoundingClientRect();
          const header = document.querySelector('header')?.getBoundingClientRect();
          return { text: notice.textContent ?? '', top: box.top, bottom: box.bottom, windowHeight: innerHeight, headerBottom: header?.bottom ?? 0 };
        }, undefined, { polling: 'raf', timeout: 30_000 });
        lock.exec('COMMIT');

        const seen = (await (await firstSeen).jsonValue()) as Seen;
        expect(seen.text).toMatch(words);
        // Inside the window, below the sticky header: where a person looks while nothing else shows.
        expect(seen.top).toBeGreaterThanOrEqual(seen.headerBottom);
        expect(seen.bottom).toBeLessThanOrEqual(seen.windowHeight);
        await session.windowShot(`ledger-update-${language}`);

        await page.locator('main[data-ready="true"]').waitFor({ timeout: 60_000 });
        await expect.poll(() => page.getByTestId('ledger-updating').count()).toBe(0);
      } finally {
        if (lock.inTransaction) lock.exec('COMMIT');
        lock.close();
        await session?.close();
      }
      expect(version(dataDir)).toBe(latestVersion);
    });
  }
});
