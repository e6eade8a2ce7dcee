// Home's "Last month" beside the chosen dates, then Tab: the keyboard's next stop is that month's
// first figure, in the "Chosen dates" row right under the dates. The row was the table's last, after
// every other period's figures: 28 Tabs on the seeded ledger with two currencies today (the screen
// walk of 2026-12-01), 140 with seven in each period. Since "This year" (walk17) is the row's last, the
// Tab after it is that figure, and "Last month" takes one Tab more (to "This year"): a choice made
// deliberately, the quick dates staying one row in their fixed order (leftovers, 2026-12-02).
import { afterAll, expect, it } from 'vitest';
import { act } from 'react';
import userEvent from '@testing-library/user-event';
import { cleanup, render, screen, within } from '@testing-library/react';
import { stubMain } from '../support/stub-main';
import { overviewAnswer } from '../support/overview-answer';
import { translate, type MessageKey } from '../../renderer/src/i18n';

const currencies = ['AED', 'BHD', 'EUR', 'KWD', 'QAR', 'SAR', 'USD'];
const totals = currencies.map((currency) => ({ currency, grossMinor: 10_000, refundedMinor: 1_000, netMinor: 9_000, paidCount: 3, refundCount: 1, refundsNotKnown: 0 }));
stubMain({ getOverview: (input) => overviewAnswer(input, totals, { unpaidLinks: [], needsAttention: 0 }) });
const { OverviewSection } = await import('../../renderer/src/features/overview/overview-section');
const { useLanguage } = await import('../../renderer/src/i18n');
afterAll(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

for (const language of ['en', 'ar'] as const) {
  it(`goes from the last quick date ("This year") to the chosen dates' first figure in one Tab, from "Last month" in two (${language})`, async () => {
    act(() => useLanguage.getState().setLanguage(language));
    const user = userEvent.setup();
    const { unmount } = render(<OverviewSection profileId="practice" />);
    await screen.findByTestId('ov-period-range');
    const dates = screen.getByRole('group', { name: translate(language, 'tx.filter.quickDates') });
    const choices = within(dates).getAllByRole('button');
    expect(choices.map((button) => button.textContent)).toEqual(['week', 'month', 'lastMonth', 'year'].map((id) => translate(language, `ov.period.${id}` as MessageKey)));
    const chosen = screen.getByTestId('ov-period-range');
    await user.click(within(dates).getByRole('button', { name: translate(language, 'ov.period.year') }));
    await user.tab();
    expect(document.activeElement).toBe(within(chosen).getAllByTestId('ov-gross')[0]);
    await user.click(within(dates).getByRole('button', { name: translate(language, 'ov.period.lastMonth') }));
    await user.tab();
    expect(document.activeElement).toBe(choices[3]);
    await user.tab();
    expect(document.activeElement).toBe(within(chosen).getAllByTestId('ov-gross')[0]);
    expect(document.activeElement?.closest('tr')?.getAttribute('data-currency')).toBe('AED');
    // Its row is named by the chosen dates, first among the periods.
    expect(screen.getByTestId('ov-figures').querySelector('tbody')).toBe(chosen);
    unmount();
  });
}
