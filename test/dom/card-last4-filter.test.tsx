// "My card ending 4242 was charged twice": four digits typed in the search find nothing there (it
// looks in ids, names, e-mails and phones), so the search offers "List payments of card ending
// 4242", which moves the digits to the "Card ends in" filter (More filters) and empties the search:
// one press. The field takes four digits exactly and says why not next to it, in English and
// Arabic, never sending anything else to main. main is a recording stub here; both ledgers filter
// by it in test/ledger/card-last4.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { stubMain } from '../support/stub-main';
import { translate, type Language } from '../../renderer/src/i18n';
import type { PaymentFilter } from '../../contract/methods/payments';

let sent: PaymentFilter[] = [];
let refuse: ((filter: PaymentFilter) => boolean) | undefined;
/** How many payments the search finds (phones and order ids hold four digits too). */
let found = 0;
const main = stubMain({
  searchPayments: (input) => {
    sent.push(input.filter ?? {});
    if (refuse?.(input.filter ?? {})) {
      return { ok: false, error: { code: 'invalid_input', message: 'refused', fields: { cardLast4: 'Main: four digits, please.' } } };
    }
    return { ok: true, value: { total: input.filter?.query ? found : 0, totalExact: true, rows: [] } };
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
  refuse = undefined;
  found = 0;
});

const lastSent = () => sent[sent.length - 1];
const searchBox = () => screen.getByRole('searchbox') as HTMLInputElement;

describe.each(['en', 'ar'] as Language[])('in %s', (language) => {
  const word = (key: Parameters<typeof translate>[1], values?: Record<string, string | number>) => translate(language, key, values);
  const cardField = () => screen.getByLabelText(word('tx.filter.cardLast4')) as HTMLInputElement;

  it('moves four digits from the search to the card filter with one press, and empties the search', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<FilterBar />);
    fireEvent.change(searchBox(), { target: { value: '4242' } });
    const byCard = await screen.findByTestId('search-by-card');
    expect(byCard.textContent).toBe(word('tx.search.byCard', { last4: '4242' }));
    fireEvent.click(byCard);
    expect(lastSent()).toEqual({ cardLast4: '4242' });
    expect(searchBox().value).toBe('');
    expect(document.activeElement).toBe(searchBox());
    // More filters opens by itself, on the field holding the digits.
    expect(screen.getByTestId('more-filters').getAttribute('aria-expanded')).toBe('true');
    expect(cardField().value).toBe('4242');
    expect(screen.getByTestId('more-filters').textContent).toBe(word('tx.moreFilters', { count: 1 }));
    await main.settled();
  });

  it('keeps the offer when four digits found something elsewhere (a phone, an order id), without the sentence; other digits that found something get nothing', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    found = 3;
    render(<FilterBar />);
    fireEvent.change(searchBox(), { target: { value: '4242' } });
    const hint = await screen.findByTestId('amount-search-hint');
    expect(hint.textContent).toBe(word('tx.search.byCard', { last4: '4242' }));
    fireEvent.change(searchBox(), { target: { value: '200' } });
    await waitFor(() => expect(useTransactions.getState().filter.query).toBe('200')); // sent after the search's pause
    await waitFor(() => expect(useTransactions.getState().total).toBe(3)); // and answered
    expect(lastSent()).toEqual({ query: '200' });
    expect(screen.queryByTestId('amount-search-hint')).toBeNull();
  });

  it('says, when a card\'s end finds nothing, that only cards typed in the virtual terminal are known (the gateway\'s answers carry no card digits)', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<><FilterBar /><PaymentList /></>);
    fireEvent.change(searchBox(), { target: { value: '4242' } });
    fireEvent.click(await screen.findByTestId('search-by-card'));
    await waitFor(() => expect(screen.getByTestId('tx-empty').textContent).toBe(`${word('tx.empty')} ${word('tx.empty.cardLast4')}`));
    fireEvent.change(cardField(), { target: { value: '' } });
    fireEvent.change(searchBox(), { target: { value: 'nobody' } });
    await waitFor(() => expect(lastSent()).toEqual({ query: 'nobody' }));
    await waitFor(() => expect(screen.getByTestId('tx-empty').textContent).toBe(word('tx.empty'))); // said of a card's end only
  });

  it('offers a card\'s end that starts with a zero, which is no amount', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<FilterBar />);
    fireEvent.change(searchBox(), { target: { value: '0008' } });
    fireEvent.click(await screen.findByTestId('search-by-card'));
    expect(lastSent()).toEqual({ cardLast4: '0008' });
    expect(screen.queryByTestId('search-by-amount')).toBeNull();
    await main.settled();
  });

  it('offers an amount typed with Arabic-Indic digits and the Arabic decimal separator, as the forms read it', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<FilterBar />);
    fireEvent.change(searchBox(), { target: { value: '١٢٫٥' } });
    fireEvent.click(await screen.findByTestId('search-by-amount'));
    expect(lastSent()).toEqual({ currency: 'SAR', minAmount: '12.50', maxAmount: '12.50' });
    await main.settled();
  });

  it('takes four digits in the field, Arabic-Indic ones too, and says why anything else is not taken', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<FilterBar />);
    fireEvent.click(screen.getByTestId('more-filters'));
    const said = `${word('tx.filter.cardLast4Digits')} ${word('tx.filter.dateUnset')}`;
    fireEvent.change(cardField(), { target: { value: '٤٢٤٢' } });
    expect(lastSent()).toEqual({ cardLast4: '4242' });
    // Fewer digits: the list is no longer limited by the field; said once the field is left, not while typing.
    fireEvent.change(cardField(), { target: { value: '42' } });
    expect(lastSent()).toEqual({});
    expect(screen.queryByText(said)).toBeNull();
    fireEvent.blur(cardField());
    expect(screen.getByText(said)).toBeTruthy();
    expect(cardField().getAttribute('aria-invalid')).toBe('true');
    // A wrong character or a fifth digit at once; nothing of it is sent.
    const calls = sent.length;
    fireEvent.change(cardField(), { target: { value: '42a' } });
    expect(screen.getByText(said)).toBeTruthy();
    fireEvent.change(cardField(), { target: { value: '42424' } });
    expect(screen.getByText(said)).toBeTruthy();
    fireEvent.change(cardField(), { target: { value: '4242424242424242' } });
    expect(sent.slice(calls).some((f) => f.cardLast4 !== undefined)).toBe(false);
    fireEvent.change(cardField(), { target: { value: '1881' } });
    expect(lastSent()).toEqual({ cardLast4: '1881' });
    expect(screen.queryByText(said)).toBeNull();
    // Clear filters empties the field too.
    fireEvent.click(screen.getByTestId('clear-filters'));
    expect(cardField().value).toBe('');
    await main.settled();
  });
});

it('shows main\'s refusal of the card filter next to the field', async () => {
  refuse = (filter) => filter.cardLast4 !== undefined;
  render(<FilterBar />);
  fireEvent.click(screen.getByTestId('more-filters'));
  fireEvent.change(screen.getByLabelText('Card ends in'), { target: { value: '4242' } });
  expect(await screen.findByText('Main: four digits, please.')).toBeTruthy();
});
