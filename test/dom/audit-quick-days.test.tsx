// The audit log's quick dates: "Today" and "Yesterday" before "Last 7 days": finance asking "who
// refunded what yesterday" typed both dates, 22 presses (the fourth screen walk,
// docs/screens-walks.md). One press asks main for that local day, its end exclusive, fills From
// and To, and shows the choice pressed; each choice is a button the keyboard reaches.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { stubMain, unchecked } from '../support/stub-main';

const main = stubMain({
  listAuditLog: () => ({ ok: true, value: unchecked({ total: 0, totalExact: true, chainIntact: true, rows: [] }) }),
});
const { AuditScreen } = await import('../../renderer/src/features/transactions/audit-screen');
const { useLanguage, translate } = await import('../../renderer/src/i18n');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

const midnight = (daysAgo: number) => {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysAgo);
};
// The date field's own text, day/month/year as the lists write it: English pads the day and month
// (01/12/2026), Arabic does not (1/12/2026, its direction marks taken out here). Padded in both
// before, which failed on the first nine days of a month.
const day = (d: Date, language: 'en' | 'ar') => {
  const pad = (n: number) => (language === 'en' ? String(n).padStart(2, '0') : String(n));
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
};
const shown = (id: string) => (screen.getByTestId(id) as HTMLInputElement).value.replace(/\u200f/g, '');

it.each(['en', 'ar'] as const)('asks for today or yesterday in one press (%s)', async (language) => {
  act(() => useLanguage.getState().setLanguage(language));
  render(<AuditScreen />);
  const group = await screen.findByRole('group', { name: translate(language, 'tx.filter.quickDates') });
  const names = within(group).getAllByRole('button').map((b) => b.textContent);
  expect(names.slice(0, 3)).toEqual(['ov.period.today', 'ov.period.yesterday', 'ov.period.week'].map((k) => translate(language, k as 'ov.period.today')));

  for (const [name, first, end] of [['ov.period.yesterday', 1, 0], ['ov.period.today', 0, -1]] as const) {
    const button = within(group).getByRole('button', { name: translate(language, name) });
    expect(button.tabIndex).toBe(0);
    main.calls.length = 0;
    fireEvent.click(button);
    await waitFor(() => expect(main.asked('listAuditLog').at(-1)).toMatchObject({ from: midnight(first).toISOString(), to: midnight(end).toISOString() }));
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(shown('audit-from')).toBe(day(midnight(first), language));
    expect(shown('audit-to')).toBe(day(midnight(first), language));
  }
});

// Home and Transactions keep their periods: their quick dates match Home's figures (docs/overview.md).
it('leaves the transactions list’s quick dates as they were', async () => {
  const { QuickDates } = await import('../../renderer/src/features/transactions/quick-dates');
  render(<QuickDates choose={() => undefined} />);
  expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Last 7 days', 'This month', 'Last month']);
});
