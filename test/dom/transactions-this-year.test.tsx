// Transactions' "This year" (walk13, 2026-12-01): a customer on the phone asks what they paid this
// year; the year's first day took a typed date, 11 presses, where a month is one press. One press
// now lists the payments of 1 January to 31 December (local days, both included, as every quick date),
// in both languages.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { appInfo, practiceProfile } from '../support/session';
import { paymentView } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';
import { translate } from '../../renderer/src/i18n';

const rows = [paymentView({ id: 'Y-1', orderId: 'Y-1' })];
const main = stubMain({
  searchPayments: () => ({ ok: true, value: unchecked({ total: rows.length, rows }) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { TransactionsScreen } = await import('../../renderer/src/features/transactions/transactions-screen');
const { useTransactions } = await import('../../renderer/src/features/transactions/transactions-store');
const { useLanguage } = await import('../../renderer/src/i18n');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null), profile: practiceProfile() });

afterEach(() => {
  cleanup();
  act(() => {
    useTransactions.getState().setFilter({ from: undefined, to: undefined });
    useLanguage.getState().setLanguage('en');
  });
});

const searches = () => main.calls.filter((c) => c.name === 'searchPayments') as Array<{ name: string; input: { filter: { from?: string; to?: string } } }>;

for (const language of ['en', 'ar'] as const) {
  it(`lists this year's payments with one press (${language})`, async () => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<TransactionsScreen />);
    await screen.findByTestId('tx-row-Y-1');
    fireEvent.click(screen.getByRole('button', { name: language === 'en' ? /More filters/ : /مزيد من عوامل التصفية/ }));
    const thisYear = await screen.findByRole('button', { name: translate(language, 'ov.period.year') });
    await main.settled();
    fireEvent.click(thisYear);
    const year = new Date().getFullYear();
    const from = new Date(year, 0, 1).toISOString();
    const to = new Date(year + 1, 0, 1).toISOString();
    await waitFor(() => expect(searches().at(-1)?.input.filter).toMatchObject({ from, to }));
    expect(thisYear.getAttribute('aria-pressed')).toBe('true');
    // The dates' fields say the year's first and last days, as typed dates are written in English.
    if (language === 'en') {
      expect(screen.getByDisplayValue(`01/01/${year}`)).toBeTruthy();
      expect(screen.getByDisplayValue(`31/12/${year}`)).toBeTruthy();
    }
    await main.settled();
  });
}
