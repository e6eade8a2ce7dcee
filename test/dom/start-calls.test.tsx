// What a start asks of main (issue 13): the page's own entry against main's real services, each
// question asked once (the profiles list once for the header and the list's filter, the session
// once), and the language sent only when main words things in another: a person choosing one in
// the header, or main having taken the OS's. It once asked listProfiles twice and told main the
// language at every start (main had kept it since the last). Main keeps it in its data folder, so
// its notifications and dialogs are in the person's language from the next start on.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createApp, type PaydeskApp } from '../../main/composition';
import { startPage, type Call } from '../support/page-start';
import { languagePickerName } from '../../renderer/src/app/language-picker';

let app: PaydeskApp | undefined;
let dir = '';
const open = async (options: { osLanguage?: 'en' | 'ar' } = {}) => {
  app = await createApp({ dataDir: dir, runtime: 'test', version: '0.0.0', startLaterMs: 60_000, ...options });
  return app;
};
const names = (calls: Call[]) => calls.map((c) => c.name);

afterEach(async () => {
  await app?.close();
  app = undefined;
  rmSync(dir, { recursive: true, force: true });
  localStorage.clear();
});

/** Until the start is over: the first screen shown with its data, and main told so. */
const started = (page: { count(name: string): number }) => waitFor(() => expect(page.count('firstScreenShown')).toBe(1));

describe('a start asks main each thing once', () => {
  it('a new user, Home then a click on Transactions: the session, the profiles and Home\'s figures once each, and no language sent', async () => {
    dir = mkdtempSync(join(tmpdir(), 'paydesk-start-calls-'));
    const page = await startPage(await open());
    await waitFor(() => expect(document.querySelector('main[data-ready="true"]')).not.toBeNull());
    fireEvent.click(screen.getByTestId('nav-transactions'));
    await waitFor(() => expect(screen.getByTestId('tx-count').textContent).toBe('0 payments'));
    await started(page);
    expect(page.askedTwice()).toEqual([]);
    expect(page.count('getAppInfo')).toBe(1);
    expect(page.count('getActiveProfile')).toBe(1);
    expect(page.count('listProfiles')).toBe(1);
    // Home's figures (with the chosen dates' refunds made) and its charts: two questions (the figures never wait for the charts).
    expect(page.calls.filter((c) => c.name === 'getOverview').map((c) => Object.keys(c.input as object).sort().join())).toEqual(['now,periods,profileId,refundsMadeIn', 'days,now,profileId']);
    expect(names(page.calls)).not.toContain('setLanguage');
    // The team ledger's role comes with getAppInfo, not asked by each screen.
    expect(names(page.calls)).not.toContain('getTeamLedger');
    // The navigation's count of Needs attention: once, after the first screen is drawn with its data, never before.
    await waitFor(() => expect(page.count('countNeedsAttention')).toBe(1));
    expect(names(page.calls).indexOf('countNeedsAttention')).toBeGreaterThan(names(page.calls).indexOf('firstScreenShown'));
  });

  it('a returning user who last used the list: the session, the profiles and the list\'s first page once each', async () => {
    dir = mkdtempSync(join(tmpdir(), 'paydesk-start-calls-'));
    const page = await startPage(await open(), { lastScreen: 'transactions' });
    await waitFor(() => expect(screen.getByTestId('tx-count').textContent).toBe('0 payments'));
    await started(page);
    expect(page.askedTwice()).toEqual([]);
    expect(page.count('listProfiles')).toBe(1);
    expect(page.count('searchPayments')).toBe(1);
    expect(names(page.calls)).not.toContain('setLanguage');
    await waitFor(() => expect(page.count('countNeedsAttention')).toBe(1));
    expect(names(page.calls).indexOf('countNeedsAttention')).toBeGreaterThan(names(page.calls).indexOf('firstScreenShown'));
  });

  it('the language goes to main when the person changes it, once, and the next start sends nothing', async () => {
    dir = mkdtempSync(join(tmpdir(), 'paydesk-start-calls-'));
    const first = await startPage(await open());
    await started(first);
    fireEvent.change(screen.getByLabelText(languagePickerName), { target: { value: 'ar' } });
    await waitFor(() => expect(first.calls.filter((c) => c.name === 'setLanguage').map((c) => c.input)).toEqual([{ language: 'ar' }]));
    expect(app!.language.get()).toBe('ar');
    fireEvent.change(screen.getByLabelText(languagePickerName), { target: { value: 'en' } });
    await waitFor(() => expect(first.calls.filter((c) => c.name === 'setLanguage').map((c) => c.input)).toEqual([{ language: 'ar' }, { language: 'en' }]));
    fireEvent.change(screen.getByLabelText(languagePickerName), { target: { value: 'ar' } });
    await waitFor(() => expect(app!.language.get()).toBe('ar'));
    await app!.close();

    // The next start: main kept Arabic in its data folder, the window in its storage.
    const next = await startPage(await open());
    await started(next);
    expect(document.documentElement.dir).toBe('rtl');
    expect(names(next.calls)).not.toContain('setLanguage');
    expect(app!.language.get()).toBe('ar');
  });

  it('main took Arabic from the OS while the window shows English: main is told once, at the start', async () => {
    dir = mkdtempSync(join(tmpdir(), 'paydesk-start-calls-'));
    const page = await startPage(await open({ osLanguage: 'ar' }));
    await started(page);
    await waitFor(() => expect(app!.language.get()).toBe('en'));
    expect(page.calls.filter((c) => c.name === 'setLanguage').map((c) => c.input)).toEqual([{ language: 'en' }]);
  });
});
