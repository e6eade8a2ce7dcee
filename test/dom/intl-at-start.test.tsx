// When a start pays Intl's first use (12–20 ms in a fresh Chromium page, whatever formatter comes
// first; issue 13): a start on the list, whose first rows are worded without Intl, pays it only once
// its rows are shown, never while main's first answers are awaited (an idle moment then fell on
// their arrival and the rows waited for it); a start on Home, whose figures and dates use Intl,
// pays it at the page's entry, before the frame is drawn. The page's own entry (main.tsx) against
// main's real services, with main's answers held back past the first draw's 100 ms limit, as on a
// busy machine, and an idle callback the way a browser has one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { createApp, type PaydeskApp } from '../../main/composition';
import { realMain, startPage, type PageMain } from '../support/page-start';

type Made = { kind: string; frameDrawn: boolean; rowsShown: boolean };
const costly = ['NumberFormat', 'DateTimeFormat'] as const;
const originals = { NumberFormat: Intl.NumberFormat, DateTimeFormat: Intl.DateTimeFormat };
let made: Made[] = [];
let app: PaydeskApp | undefined;
let dir = '';

beforeEach(() => {
  made = [];
  for (const kind of costly) {
    const Original = originals[kind] as unknown as new (...args: unknown[]) => object;
    function Counted(...args: unknown[]) {
      made.push({ kind, frameDrawn: document.querySelector('main') !== null, rowsShown: document.querySelector('[data-testid="tx-count"]') !== null });
      return new Original(...args);
    }
    Counted.prototype = Original.prototype;
    Counted.supportedLocalesOf = originals[kind].supportedLocalesOf;
    (Intl as unknown as Record<string, unknown>)[kind] = Counted;
  }
  // A browser's idle callback: the page has nothing else to do (here: the next timer turn).
  (window as unknown as { requestIdleCallback: (run: () => void) => number }).requestIdleCallback = (run) => window.setTimeout(run, 1);
  (window as unknown as { cancelIdleCallback: (id: number) => void }).cancelIdleCallback = (id) => window.clearTimeout(id);
});

afterEach(async () => {
  Object.assign(Intl, originals);
  delete (window as unknown as { requestIdleCallback?: unknown }).requestIdleCallback;
  delete (window as unknown as { cancelIdleCallback?: unknown }).cancelIdleCallback;
  await app?.close();
  app = undefined;
  rmSync(dir, { recursive: true, force: true });
  localStorage.clear();
});

/** Main's real services, each answer held back `ms` (main busy starting while the page runs). */
async function slowMain(ms: number): Promise<PageMain> {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-intl-start-'));
  app = await createApp({ dataDir: dir, runtime: 'test', version: '0.0.0', startLaterMs: 60_000 });
  const real = realMain(app);
  return {
    call: async (name, input) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return real.call(name, input);
    },
    subscribe: real.subscribe,
  };
}

describe("a start pays Intl's first use where it costs the first screen nothing", () => {
  it('a returning user on the list: no Intl formatter until the list is shown, then one in an idle moment', async () => {
    const page = await startPage(await slowMain(250), { lastScreen: 'transactions' });
    // The frame is drawn with "Loading…" at 100 ms, while main's answers are still awaited.
    await waitFor(() => expect(document.querySelector('main')).not.toBeNull());
    await waitFor(() => expect(screen.getByTestId('tx-count').textContent).toBe('0 payments'), { timeout: 3_000 });
    await waitFor(() => expect(page.count('firstScreenShown')).toBe(1), { timeout: 3_000 });
    await waitFor(() => expect(made.length).toBeGreaterThan(0));
    expect(made.filter((m) => !m.rowsShown)).toEqual([]);
  });

  it('a new user on Home: Intl is paid at the page\'s entry, before the frame is drawn', async () => {
    await startPage(await slowMain(250));
    await waitFor(() => expect(document.querySelector('main[data-ready="true"]')).not.toBeNull(), { timeout: 3_000 });
    expect(made.length).toBeGreaterThan(0);
    expect(made[0]!.frameDrawn).toBe(false);
  });
});
