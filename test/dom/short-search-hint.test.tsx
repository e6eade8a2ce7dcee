// One or two characters search only the start of order references (too short for the index of
// names, e-mails and phones): "a", typed on the way to a name, said "0 payments" and "No payments
// match." over a million payments (walk17). The search now says what so short a search looks in
// and that a third character searches names, in English and Arabic; not for three characters, not
// for digits (the amount hint's), not when something was found. main is a stub finding nothing
// but "PD".
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { stubMain } from '../support/stub-main';
import { translate, type Language } from '../../renderer/src/i18n';

const main = stubMain({
  searchPayments: (input) => ({ ok: true, value: { total: input.filter?.query === 'PD' ? 12 : 0, totalExact: true, rows: [] } }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { useTransactions } = await import('../../renderer/src/features/transactions/transactions-store');
const { FilterBar } = await import('../../renderer/src/features/transactions/filter-bar');
const { useLanguage } = await import('../../renderer/src/i18n');

afterEach(() => {
  cleanup();
  act(() => useTransactions.getState().clearFilter());
  act(() => useLanguage.getState().setLanguage('en'));
});

const searchBox = () => screen.getByRole('searchbox') as HTMLInputElement;
/** Types `text` and waits until main has answered that search. */
async function search(text: string) {
  fireEvent.change(searchBox(), { target: { value: text } });
  await waitFor(() => expect(useTransactions.getState().filter.query).toBe(text));
  await waitFor(() => expect(useTransactions.getState().total).not.toBeUndefined());
}

describe.each(['en', 'ar'] as Language[])('in %s', (language) => {
  it('says a search of one or two characters looks only at the start of order references', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<FilterBar />);
    for (const short of ['a', 'ل', 'Om']) {
      await search(short);
      expect(screen.getByTestId('short-search-hint').textContent).toBe(translate(language, 'tx.search.tooShort'));
    }
    await search('Oma'); // a third character searches names: nothing to explain
    expect(screen.queryByTestId('short-search-hint')).toBeNull();
    await search('PD'); // found something
    expect(screen.queryByTestId('short-search-hint')).toBeNull();
    await search('12'); // digits: the amount hint says what the search looks in
    expect(screen.queryByTestId('short-search-hint')).toBeNull();
    await main.settled();
  });
});
