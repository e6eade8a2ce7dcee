// Transactions' "Today" (walk14, 2026-12-01): finance exporting the day's payments (a card payment,
// its refund, a link) typed today's date into From, 11 of the file's 14 presses, where Home and the
// Audit log have "Today" as one press. One press now lists the payments of today's local day, in
// both languages, and says so by the choice pressed.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { appInfo, practiceProfile } from '../support/session';
import { paymentView } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';
import { translate } from '../../renderer/src/i18n';

const rows = [paymentView({ id: 'T-1', orderId: 'T-1' })];
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
  it(`lists today's payments with one press (${language})`, async () => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<TransactionsScreen />);
    await screen.findByTestId('tx-row-T-1');
    fireEvent.click(screen.getByRole('button', { name: language === 'en' ? /More filters/ : /مزيد من عوامل التصفية/ }));
    const today = await screen.findByRole('button', { name: translate(language, 'ov.period.today') });
    await main.settled();
    fireEvent.click(today);
    const now = new Date();
    const from = new Date(now.getFullYear(), now.getMonth(), now.getDate()).toISOString();
    const to = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).toISOString();
    await waitFor(() => expect(searches().at(-1)?.input.filter).toMatchObject({ from, to }));
    expect(today.getAttribute('aria-pressed')).toBe('true');
    // The dates' fields both say today, as typed dates are written in English.
    if (language === 'en') {
      const day = `${String(now.getDate()).padStart(2, '0')}/${String(now.getMonth() + 1).padStart(2, '0')}/${now.getFullYear()}`;
      expect(screen.getAllByDisplayValue(day)).toHaveLength(2);
    }
    await main.settled();
  });
}
