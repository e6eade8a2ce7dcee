// A new user's Home and its overview (issue 13, the new user's path): someone who clicks
// Transactions the moment Home shows gets the list without Home's overview asked of main or its
// charts' code fetched (they had run in the click's own task, React running Home's pending effects
// before the click's update, and kept main busy beside the list's rows); someone who stays on Home
// gets the figures and the charts as before. The page's own entry against main's real services.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { createApp, type PaydeskApp } from '../../main/composition';
import { startPage } from '../support/page-start';

// uPlot (the charts' chunk) reads the screen's pixel ratio through matchMedia, which jsdom lacks.
window.matchMedia ??= ((media: string) => ({ matches: false, media, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false })) as typeof window.matchMedia;

let app: PaydeskApp | undefined;
let dir = '';
let chartsFetched = 0;
// The charts' chunk, counted as it is imported (the real module).
vi.doMock('../../renderer/src/features/overview/overview-charts', async (original) => {
  chartsFetched++;
  return original();
});

afterEach(async () => {
  clicker?.disconnect();
  clicker = undefined;
  await app?.close();
  app = undefined;
  rmSync(dir, { recursive: true, force: true });
  localStorage.clear();
  chartsFetched = 0;
});

const open = async () => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-home-left-'));
  app = await createApp({ dataDir: dir, runtime: 'test', version: '0.0.0', startLaterMs: 60_000 });
  return app;
};
const started = (page: { count(name: string): number }) => waitFor(() => expect(page.count('firstScreenShown')).toBe(1));

let clicker: MutationObserver | undefined;
/** Clicks Transactions in the same turn as Home's frame appears (as the cold-start bench does). */
function clickTransactionsAsHomeShows() {
  clicker = new MutationObserver(() => {
    if (!document.querySelector('main[data-ready="true"]')) return;
    clicker?.disconnect();
    (document.querySelector('[data-testid="nav-transactions"]') as HTMLElement).click();
  });
  clicker.observe(document, { subtree: true, childList: true, attributes: true });
}

describe("a new user's Home and its overview", () => {
  it('a click on Transactions the moment Home shows: the list comes, and Home asked main nothing for its overview nor fetched its charts', async () => {
    clickTransactionsAsHomeShows();
    const page = await startPage(await open());
    await waitFor(() => expect(screen.getByTestId('tx-count').textContent).toBe('0 payments'));
    await started(page);
    await new Promise((resolve) => setTimeout(resolve, 50)); // anything Home had left to start
    expect(page.count('getOverview')).toBe(0);
    expect(chartsFetched).toBe(0);
  });

  it('staying on Home: the figures and the charts come', async () => {
    const page = await startPage(await open());
    await screen.findByTestId('ov-figures');
    await screen.findByTestId('ov-charts');
    expect(page.calls.filter((c) => c.name === 'getOverview').map((c) => Object.keys(c.input as object).sort().join())).toEqual(['now,periods,profileId', 'days,now,profileId']);
    expect(chartsFetched).toBe(1);
    await started(page);
  });
});
