// The list's Sort control says its order in words, in English and Arabic: "Date ↓" was read by a
// screen reader as "Date downwards arrow", and a new user had to guess whether ↓ meant newest or
// oldest first (docs/words.md, "The list's sort"). Each choice asks main for the order it names.
// It sits on the count's line (its words would take the filter row to a second line at 1280 px).
// main is a recording stub here.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { stubMain } from '../support/stub-main';

const main = stubMain({
  searchPayments: () => ({ ok: true, value: { total: 0, totalExact: true, rows: [] } }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { useLanguage } = await import('../../renderer/src/i18n');
const { SortControl } = await import('../../renderer/src/features/transactions/sort-control');

afterEach(async () => {
  await main.settled();
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

/** Each choice as the control offers it: what it asks main for, and what a person reads. */
const choices = () => [...screen.getByRole<HTMLSelectElement>('combobox', { name: /Sort by|الترتيب حسب/ }).options].map((o) => `${o.value} ${o.textContent}`);

describe("the list's Sort control", () => {
  it('names each order in words in English, the usual order of each field first', async () => {
    render(<SortControl />);
    expect(choices()).toEqual([
      'createdAt:desc Date, newest first', 'createdAt:asc Date, oldest first',
      'amount:desc Amount by currency, largest first', 'amount:asc Amount by currency, smallest first',
      'orderId:asc Order reference, A to Z', 'orderId:desc Order reference, Z to A',
      'state:desc State, then newest first', 'state:asc State, then oldest first',
      'customer:asc Customer, A to Z', 'customer:desc Customer, Z to A',
    ]);
    await main.loaded();
  });

  it('names each order in words in Arabic', async () => {
    act(() => useLanguage.getState().setLanguage('ar'));
    render(<SortControl />);
    expect(choices()).toEqual([
      'createdAt:desc التاريخ، الأحدث أولًا', 'createdAt:asc التاريخ، الأقدم أولًا',
      'amount:desc المبلغ في كل عملة، الأكبر أولًا', 'amount:asc المبلغ في كل عملة، الأصغر أولًا',
      'orderId:asc مرجع الطلب، من أ إلى ي', 'orderId:desc مرجع الطلب، من ي إلى أ',
      'state:desc الحالة، ثم الأحدث أولًا', 'state:asc الحالة، ثم الأقدم أولًا',
      'customer:asc العميل، من أ إلى ي', 'customer:desc العميل، من ي إلى أ',
    ]);
    await main.loaded();
  });

  it('asks main for the order a choice names', async () => {
    render(<SortControl />);
    act(() => fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'amount:asc' } }));
    expect(main.asked('searchPayments').at(-1)?.sort).toEqual({ by: 'amount', direction: 'asc' });
    expect(screen.getByLabelText<HTMLSelectElement>('Sort by').selectedOptions[0]!.textContent).toBe('Amount by currency, smallest first');
    await main.settled();
  });
});
