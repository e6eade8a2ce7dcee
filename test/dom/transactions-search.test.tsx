// The transactions search box: typing sends one search once typing pauses (never one per key),
// while a paste or Enter searches at once, so the list answers without waiting for a pause.
// main is a recording stub here; the e2e suite drives the real handlers.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { stubMain } from '../support/stub-main';

let searches: Array<string | undefined> = [];
const main = stubMain({
  searchPayments: (input) => {
    searches.push(input.filter?.query);
    return { ok: true, value: { total: 0, rows: [] } };
  },
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { FilterBar, typingPause } = await import('../../renderer/src/features/transactions/filter-bar');
const { useTransactions } = await import('../../renderer/src/features/transactions/transactions-store');

// Time passing is what the test does here: the search's timer and main's answers land during it, drawn inside act.
const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));
const box = () => screen.getByRole('searchbox') as HTMLInputElement;

describe('transactions search box', () => {
  beforeEach(async () => {
    act(() => useTransactions.getState().clearFilter());
    render(<FilterBar />);
    await main.settled(); // the cleared list's search and the profiles, answered before the test types
    searches = [];
  });
  afterEach(cleanup);

  it('sends one search for a word typed key by key, after typing pauses', async () => {
    const word = 'PD-00042';
    for (let i = 1; i <= word.length; i++) {
      fireEvent.change(box(), { target: { value: word.slice(0, i) } });
      await new Promise((resolve) => setTimeout(resolve, typingPause / 5)); // between keys nothing is sent, nothing drawn
    }
    expect(searches).toEqual([]);
    await pause(typingPause + 50);
    expect(searches).toEqual(['PD-00042']);
  });

  it('searches a pasted text at once, and not again after the pause', async () => {
    fireEvent.change(box(), { target: { value: 'PD-00042' } });
    expect(searches).toEqual(['PD-00042']);
    await pause(typingPause + 50);
    expect(searches).toEqual(['PD-00042']);
  });

  it('searches at once on Enter, and clearing the box shows everything at once', async () => {
    fireEvent.change(box(), { target: { value: 'P' } });
    fireEvent.submit(box().form!);
    expect(searches).toEqual(['P']);
    fireEvent.change(box(), { target: { value: '' } });
    expect(searches).toEqual(['P', undefined]);
    await pause(typingPause + 50);
    expect(searches).toEqual(['P', undefined]);
  });
});
