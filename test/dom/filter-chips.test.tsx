// The transactions list arrives with "More filters" folded, and the folded filters that are on are
// said as chips in the filter row ("Currency: SAR ×"), each taking its filter off in one press. A
// list opened from Home (a figure, "Authorised, not captured") opened the panel, its ten fields
// pushing the first rows below an 800 × 600 window (in Chromium: test/e2e/authorised-held-800.test.ts).
// English and Arabic; main is a stub.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { stubMain } from '../support/stub-main';

const answers: Record<string, unknown> = { listProfiles: { profiles: [], activeId: null }, searchPayments: { rows: [], total: 0, totalExact: true } };
const main = stubMain({}, { otherwise: (name) => ({ ok: true, value: answers[name] ?? {} }) });
const { FilterBar } = await import('../../renderer/src/features/transactions/filter-bar');
const { useTransactions } = await import('../../renderer/src/features/transactions/transactions-store');
const { fromInstant, toInstant } = await import('../../renderer/src/features/transactions/date-fields');
const { useLanguage } = await import('../../renderer/src/i18n');

afterEach(() => {
  cleanup();
  act(() => useTransactions.getState().clearFilter());
  act(() => useLanguage.getState().setLanguage('en'));
});

/** The chips' words, without the direction marks of an Arabic date (1‏/10‏/2026, as its field writes it). */
const chips = () => screen.queryAllByTestId('filter-chip').map((chip) => chip.textContent!.replace(/[\u200e\u200f]/g, ''));

describe.each([
  ['en', 'More filters', 'More filters (2 on)', ['Currency: SAR', 'From: 01/10/2026', 'To: 31/10/2026'], 'Remove the filter “Currency: SAR”'],
  ['ar', 'مزيد من عوامل التصفية', 'مزيد من عوامل التصفية (المفعّلة: 2)', ['العملة: SAR', 'من: 1/10/2026', 'إلى: 31/10/2026'], 'ألغِ عامل التصفية «العملة: SAR»'],
] as const)('in %s', (language, moreWord, moreTwo, chipWords, removeCurrency) => {
  it('lands folded with what is on said as chips; a chip takes its filter off, and the keyboard stays on "More filters"', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    // As Home's figures set it (overview-store.ts, showPayments): state, currency and a month.
    act(() => useTransactions.getState().replaceFilter({ states: ['paid'], currency: 'SAR', from: fromInstant('2026-10-01'), to: toInstant('2026-10-31') }));
    render(<FilterBar />);
    const more = screen.getByTestId('more-filters');
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById('tx-more-filters')!.hidden).toBe(true);
    expect(more.textContent).toBe(moreWord); // the chips name what is on
    expect(chips()).toEqual(chipWords);

    fireEvent.click(screen.getByRole('button', { name: removeCurrency }));
    expect(useTransactions.getState().filter.currency).toBeUndefined();
    expect(useTransactions.getState().filter).toMatchObject({ states: ['paid'], from: fromInstant('2026-10-01'), to: toInstant('2026-10-31') });
    expect(chips()).toEqual(chipWords.slice(1));
    expect(document.activeElement).toBe(more);

    // Unfolded, the fields show what is on, and the button counts it; folded again, the chips come back.
    fireEvent.click(more);
    expect(chips()).toEqual([]);
    expect(more.textContent).toBe(moreTwo);
    fireEvent.click(more);
    expect(chips()).toEqual(chipWords.slice(1));
    await main.settled();
  });
});
