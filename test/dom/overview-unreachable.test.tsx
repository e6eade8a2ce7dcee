// Home's figures with the team ledger out of reach (walk14, 2026-12-01): Home said why ("The connection
// to the team ledger at 127.0.0.1 was cut…") and, under it, "Loading the figures…", for as long as the
// server stayed away: nothing was loading. Now only the why, in both languages; the figures come by
// themselves once main says to read again.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { stubMain, unchecked } from '../support/stub-main';
import { translate } from '../../renderer/src/i18n';

let away = true;
const main = stubMain({
  getOverview: (input) => away
    ? { ok: false, error: { code: 'storage', message: 'The connection to the team ledger was cut.', reason: { key: 'teamLedger.connectionLost', values: { host: '127.0.0.1', code: 'connection terminated' } } } }
    : { ok: true, value: unchecked({ periods: (input.periods ?? []).map((p) => ({ ...p, totals: [] })), days: [], byBrand: [], byKind: [], ...(input.periods?.length ? { unpaidLinks: [], needsAttention: 0 } : {}) }) },
});
const { OverviewSection } = await import('../../renderer/src/features/overview/overview-section');
const { useLanguage } = await import('../../renderer/src/i18n');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

for (const language of ['en', 'ar'] as const) {
  it(`says why the figures are missing, and not that they are loading (${language})`, async () => {
    away = true;
    act(() => useLanguage.getState().setLanguage(language));
    render(<OverviewSection profileId="practice" />);
    expect((await screen.findByRole('alert')).textContent).toContain('127.0.0.1');
    await main.settled();
    expect(screen.queryByText(translate(language, 'ov.loading'))).toBeNull();
    // Back: main says to read again, and the figures come.
    away = false;
    act(() => main.tell({ type: 'payments.changed', paymentIds: [] }));
    expect(await screen.findByTestId('ov-attention')).toBeTruthy();
  });
}
