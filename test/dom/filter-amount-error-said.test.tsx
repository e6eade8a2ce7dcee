// The Transactions filter's amount refused by main ("12,500" in KWD has two readings; an amount with
// no currency chosen) is said with the field it is about: a screen reader on "Amount from" heard
// only "invalid", and on Currency nothing (walk19), the message drawn under them tied to neither.
import { afterEach, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { stubMain } from '../support/stub-main';
import { translate } from '../../renderer/src/i18n';

const twoReadings = '12,500 could be 12500 or 12.500 KWD: write it without the comma, or with a dot for the decimals.';
const noCurrency = 'Choose a currency to filter by amount.';
const refused = (message: string, fields: Record<string, string>) => ({ ok: false as const, error: { code: 'invalid_input' as const, message, fields } });
stubMain({
  searchPayments: (input) => {
    const f = input.filter ?? {};
    if (f.minAmount && !f.currency) return refused(noCurrency, { currency: noCurrency });
    if (f.maxAmount === '12,500') return refused(twoReadings, { maxAmount: twoReadings });
    return { ok: true, value: { total: 0, totalExact: true, rows: [] } };
  },
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { FilterBar } = await import('../../renderer/src/features/transactions/filter-bar');
const { useTransactions } = await import('../../renderer/src/features/transactions/transactions-store');

afterEach(() => {
  cleanup();
  act(() => useTransactions.getState().clearFilter());
});

/** What a screen reader reads after the field's name: the texts its aria-describedby names. */
const description = (field: HTMLElement) => (field.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();
const word = (key: Parameters<typeof translate>[1]) => translate('en', key);

it('ties a refused amount\'s message to its field', async () => {
  render(<FilterBar />);
  fireEvent.click(screen.getByTestId('more-filters'));
  fireEvent.change(screen.getByLabelText(word('tx.filter.currency')), { target: { value: 'KWD' } });
  const to = screen.getByLabelText(word('tx.filter.max'));
  fireEvent.change(to, { target: { value: '12,500' } });
  await waitFor(() => expect(to.getAttribute('aria-invalid')).toBe('true'));
  expect(description(to)).toBe(twoReadings);
});

it('ties "choose a currency" to the Currency field, marked invalid', async () => {
  render(<FilterBar />);
  fireEvent.click(screen.getByTestId('more-filters'));
  fireEvent.change(screen.getByLabelText(word('tx.filter.min')), { target: { value: '12.5' } });
  const currency = screen.getByLabelText(word('tx.filter.currency'));
  await waitFor(() => expect(description(currency)).toBe(noCurrency));
  expect(currency.getAttribute('aria-invalid')).toBe('true');
});
