// A business that sells in several currencies types an amount in the Transactions search: "12.500"
// (a KWD amount: never a SAR one) or "15000" (JPY). The search looks in ids and names, not amounts,
// so it offers the filter that lists payments of that amount: in each currency the list has shown
// payments in, where the digits are an amount of it, not only in the profile's currency (walk19: it
// offered "SAR 12.50" for "12.5", nothing for "12.500", "SAR 15,000.00" for "15000"). main is a
// recording stub; both ledgers filter by an amount in test/ledger.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { stubMain } from '../support/stub-main';
import { paymentView } from '../support/payment-view';
import { translate, type Language } from '../../renderer/src/i18n';
import { formatAmount } from '../../renderer/src/i18n/format';
import type { CurrencyCode } from '../../contract/money';
import type { PaymentFilter } from '../../contract/methods/payments';

let sent: PaymentFilter[] = [];
const shown = [
  paymentView({ id: 'K', orderId: 'LINK-KWD', amountMinor: 12_500, currency: 'KWD', capturedMinor: 12_500 }),
  paymentView({ id: 'J', orderId: 'LINK-JPY', amountMinor: 15_000, currency: 'JPY', capturedMinor: 15_000 }),
  paymentView({ id: 'U', orderId: 'CARD-USD', amountMinor: 4_000, currency: 'USD', capturedMinor: 4_000 }),
];
const main = stubMain({
  searchPayments: (input) => {
    sent.push(input.filter ?? {});
    const rows = input.filter?.query || input.filter?.currency ? [] : shown;
    return { ok: true, value: { total: rows.length, totalExact: true, rows } };
  },
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { useLanguage } = await import('../../renderer/src/i18n');
const { FilterBar } = await import('../../renderer/src/features/transactions/filter-bar');
const { PaymentList } = await import('../../renderer/src/features/transactions/payment-list');
const { useTransactions } = await import('../../renderer/src/features/transactions/transactions-store');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
  act(() => useTransactions.getState().clearFilter());
  sent = [];
});

const lastSent = () => sent[sent.length - 1];
const searchBox = () => screen.getByRole('searchbox') as HTMLInputElement;

describe.each(['en', 'ar'] as Language[])('in %s', (language) => {
  const offer = (minor: number, currency: CurrencyCode) => translate(language, 'tx.search.byAmount', { amount: formatAmount(minor, currency, language) });
  const offers = async (typed: string) => {
    fireEvent.change(searchBox(), { target: { value: typed } });
    await waitFor(() => expect(useTransactions.getState().filter.query).toBe(typed));
    await screen.findByTestId('amount-search-hint');
    return screen.queryAllByTestId('search-by-amount');
  };

  it('offers an amount in each currency the list has shown where it is one, and lists that currency\'s with one press', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    await act(() => useTransactions.getState().reload());
    await act(() => useTransactions.getState().reload());
    render(<><FilterBar /><PaymentList /></>);
    await waitFor(() => expect(useTransactions.getState().total).toBe(3)); // the list has shown KWD, JPY and USD payments

    // Three decimals: a KWD amount, not the profile's SAR.
    const threeDecimals = await offers('12.500');
    expect(threeDecimals.map((b) => b.textContent)).toEqual([offer(12_500, 'KWD')]);
    fireEvent.click(threeDecimals[0]!);
    expect(lastSent()).toEqual({ currency: 'KWD', minAmount: '12.500', maxAmount: '12.500' });

    act(() => useTransactions.getState().clearFilter());
    // Whole units: the profile's SAR first, then each currency shown, JPY among them.
    const whole = await offers('15000');
    expect(whole.map((b) => b.textContent)).toEqual([offer(1_500_000, 'SAR'), offer(15_000_000, 'KWD'), offer(15_000, 'JPY'), offer(1_500_000, 'USD')]);
    fireEvent.click(whole[2]!);
    expect(lastSent()).toEqual({ currency: 'JPY', minAmount: '15000', maxAmount: '15000' });
    await main.settled();
  });

  it('offers only the currency chosen in the filter', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    await act(() => useTransactions.getState().reload());
    render(<><FilterBar /><PaymentList /></>);
    await waitFor(() => expect(useTransactions.getState().total).toBe(3));
    act(() => useTransactions.getState().setFilter({ currency: 'BHD' }));
    expect((await offers('7.25')).map((b) => b.textContent)).toEqual([offer(7_250, 'BHD')]);
    await main.settled();
  });
});
