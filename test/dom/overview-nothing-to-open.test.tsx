// Home's overview: a count opens the payments behind it, and a count of nothing is plain words.
// "None" unpaid links, "Nothing needs attention" and a Refunded of 0.00 were buttons that opened
// an empty list, one Tab stop each (four on a new user's Home).
import { afterAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { stubMain, unchecked } from '../support/stub-main';

const bucket = (age: 'day' | 'week' | 'older', count: number) => ({ age, from: null, to: null, count, totals: count ? [{ currency: 'SAR', amountMinor: 15000 }] : [] });
const totals = (refundCount: number) => ({ currency: 'SAR', grossMinor: 15000, refundedMinor: refundCount ? 5000 : 0, netMinor: refundCount ? 10000 : 15000, paidCount: 1, refundCount, refundsNotKnown: 0 });
let refundCount = 0;
let attention = 0;
stubMain({
  getOverview: (input) => ({
    ok: true,
    value: unchecked({
      periods: (input.periods ?? []).map((p) => ({ ...p, totals: [totals(refundCount)] })),
      days: [], byBrand: [], byKind: [],
      ...(input.periods?.length ? { unpaidLinks: [bucket('day', 1), bucket('week', 0), bucket('older', 0)], needsAttention: attention } : {}),
    }),
  }),
});
const { OverviewSection } = await import('../../renderer/src/features/overview/overview-section');
afterAll(() => cleanup());

describe('the overview’s counts', () => {
  it('are buttons only where there is something to open', async () => {
    render(<OverviewSection profileId="practice" />);
    await screen.findByTestId('ov-unpaid-day');
    expect(screen.getByTestId('ov-unpaid-day').tagName).toBe('BUTTON');
    expect(screen.getByRole('button', { name: 'Under a day old 1 link' })).toBeTruthy();
    for (const empty of ['ov-unpaid-week', 'ov-unpaid-older', 'ov-attention']) expect(screen.getByTestId(empty).tagName).toBe('SPAN');
    expect(screen.getByTestId('ov-attention').textContent).toBe('Nothing needs attention');
    expect(screen.getAllByTestId('ov-refunds').every((cell) => cell.tagName === 'SPAN')).toBe(true);
    expect(screen.getAllByTestId('ov-gross').every((cell) => cell.tagName === 'BUTTON')).toBe(true);
  });

  it('become buttons when something arrives', async () => {
    cleanup();
    refundCount = 1;
    attention = 2;
    render(<OverviewSection profileId="practice" />);
    await waitFor(() => expect(screen.getByTestId('ov-attention').tagName).toBe('BUTTON'));
    expect(screen.getByTestId('ov-attention').textContent).toBe('2 payments need attention');
    // Its heading is the name of the screen the count opens, as the navigation words it.
    const { en, ar } = await import('../../renderer/src/features/transactions/messages');
    const { en: ovEn, ar: ovAr } = await import('../../renderer/src/features/overview/messages');
    expect(screen.getByRole('heading', { name: en['nav.attention'] })).toBeTruthy();
    expect(ovAr['ov.attention.title']).toBe(ar['nav.attention']);
    expect(ovEn['ov.attention.title']).toBe(en['nav.attention']);
    expect(screen.getAllByTestId('ov-refunds').every((cell) => cell.tagName === 'BUTTON')).toBe(true);
  });
});
