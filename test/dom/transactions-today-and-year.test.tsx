// Transactions' "Today" and "This year" among the list's dates, each one press, in both languages.
// "Today" (walk14, 2026-12-01): finance exporting the day's payments (a card payment, its refund, a
// link) typed today's date into From, 11 of the file's 14 presses, where Home and the Audit log have
// "Today" as one press. "This year" (walk13): a customer on the phone asks what they paid this year;
// the year's first day took a typed date, 11 presses, where a month is one press. Each lists the
// payments of its local days (both ends included, as every quick date) and says so by the choice pressed.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { appInfo, practiceProfile } from '../support/session';
import { paymentView } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';
import { translate, type MessageKey } from '../../renderer/src/i18n';

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
const typed = (day: Date) => `${String(day.getDate()).padStart(2, '0')}/${String(day.getMonth() + 1).padStart(2, '0')}/${day.getFullYear()}`;

/** Each choice: its label's key, the local days it lists (from, the day after the last), and its first and last days as the fields write them. */
const choices: Array<{ name: string; key: MessageKey; days(now: Date): [Date, Date]; fields(now: Date): [string, string] }> = [
  {
    name: 'today', key: 'ov.period.today',
    days: (now) => [new Date(now.getFullYear(), now.getMonth(), now.getDate()), new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1)],
    fields: (now) => [typed(now), typed(now)],
  },
  {
    name: 'this year', key: 'ov.period.year',
    days: (now) => [new Date(now.getFullYear(), 0, 1), new Date(now.getFullYear() + 1, 0, 1)],
    fields: (now) => [`01/01/${now.getFullYear()}`, `31/12/${now.getFullYear()}`],
  },
];

for (const choice of choices) {
  for (const language of ['en', 'ar'] as const) {
    it(`lists ${choice.name}'s payments with one press (${language})`, async () => {
      act(() => useLanguage.getState().setLanguage(language));
      render(<TransactionsScreen />);
      await screen.findByTestId('tx-row-T-1');
      fireEvent.click(screen.getByRole('button', { name: language === 'en' ? /More filters/ : /مزيد من عوامل التصفية/ }));
      const button = await screen.findByRole('button', { name: translate(language, choice.key) });
      await main.settled();
      fireEvent.click(button);
      const now = new Date();
      const [from, to] = choice.days(now).map((d) => d.toISOString());
      await waitFor(() => expect(searches().at(-1)?.input.filter).toMatchObject({ from, to }));
      expect(button.getAttribute('aria-pressed')).toBe('true');
      // The dates' fields say the first and last days, as typed dates are written in English.
      if (language === 'en') expect([...document.querySelectorAll<HTMLInputElement>('input')].map((i) => i.value).filter((v) => /^\d\d\/\d\d\/\d{4}$/.test(v))).toEqual(choice.fields(now));
      await main.settled();
    });
  }
}
