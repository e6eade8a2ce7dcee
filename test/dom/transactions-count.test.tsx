// The transactions count while main counts a search in the background: the list's first page
// says "more than" what it read, main's payments.counted events move it on ("more than 1,000",
// then the exact number) without the screen asking again, a missed event is recovered by the
// resync's one new ask, and it never shows a number that is not known to be true (English and
// Arabic).
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { AppEvent } from '../../contract/events';
import { stubMain, unchecked } from '../support/stub-main';

// Main as the list sees it: every page of the search answers what main knew when asked
// (`answer`), naming its count "c7"; events are sent by the test.
let answer: { total: number; totalExact: boolean; countId?: string } = { total: 101, totalExact: false, countId: 'c7' };
let asked: Array<{ offset?: number; limit?: number }> = [];
let hold: Promise<void> | undefined; // the page's answer waits for this, when set
const main = stubMain({
  listProfiles: () => ({ ok: true, value: unchecked({ profiles: [], activeId: null }) }),
  searchPayments: async (input) => {
    asked.push({ offset: input.offset, limit: input.limit });
    const value = { ...answer, rows: [] };
    await hold;
    return { ok: true, value };
  },
});
const send = (event: AppEvent) => main.tell(event);
const { TransactionsScreen } = await import('../../renderer/src/features/transactions/transactions-screen');
const { useLanguage } = await import('../../renderer/src/i18n');

const count = () => screen.getByTestId('tx-count').textContent;
const counted = (countId: string, total: number, exact: boolean): AppEvent => ({ type: 'payments.counted', countId, total, exact });

describe('the transactions count', () => {
  afterEach(() => {
    cleanup();
    hold = undefined;
    act(() => useLanguage.getState().setLanguage('en'));
  });

  it('says "more than" until main has counted, then the exact number, from main\'s events alone', async () => {
    asked = [];
    answer = { total: 101, totalExact: false, countId: 'c7' };
    act(() => useLanguage.getState().setLanguage('en'));
    render(<TransactionsScreen />);
    await screen.findByText('More than 100 payments (still counting)');
    await waitFor(() => expect(main.listeners.size).toBeGreaterThan(0));
    // Another search's count is not this one's.
    send(counted('c6', 99_999, true));
    expect(count()).toBe('More than 100 payments (still counting)');
    send(counted('c7', 1_001, false));
    expect(count()).toBe('More than 1,000 payments (still counting)');
    send(counted('c7', 4_321, true));
    expect(count()).toBe('4,321 payments');
    // Main was never asked for the count again (no polling): only the list's own pages (the stub's
    // pages are empty, so the list asks for its first one as it draws).
    const pages = asked.length;
    await act(() => new Promise((resolve) => setTimeout(resolve, 600))); // the list's own page answers meanwhile, drawn inside act
    expect(asked.length).toBe(pages);
    expect(asked.every((a) => a.offset === 0 && a.limit === 100)).toBe(true);
    expect(count()).toBe('4,321 payments');
  });

  it('an event that arrives before the page naming its count is not lost', async () => {
    answer = { total: 101, totalExact: false, countId: 'c8' };
    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    render(<TransactionsScreen />);
    await waitFor(() => expect(main.listeners.size).toBeGreaterThan(0));
    send(counted('c8', 2_500, true));
    release();
    await waitFor(() => expect(count()).toBe('2,500 payments'));
  });

  it('a missed event is recovered by the resync asking once for the first page', async () => {
    asked = [];
    answer = { total: 101, totalExact: false, countId: 'c9' };
    render(<TransactionsScreen />);
    await screen.findByText('More than 100 payments (still counting)');
    await waitFor(() => expect(main.listeners.size).toBeGreaterThan(0));
    // Main finished counting, but its event never arrived; the stream's resync says payments changed.
    answer = { total: 777, totalExact: true };
    const before = asked.length;
    send({ type: 'payments.changed', paymentIds: [] });
    await waitFor(() => expect(count()).toBe('777 payments'));
    expect(asked.length).toBeGreaterThan(before);
    expect(asked.slice(before).every((a) => a.offset === 0 && a.limit === 100)).toBe(true);
  });

  it('in Arabic too', async () => {
    answer = { total: 101, totalExact: false, countId: 'c10' };
    act(() => useLanguage.getState().setLanguage('ar'));
    render(<TransactionsScreen />);
    await waitFor(() => expect(count()).toBe('أكثر من 100 من المدفوعات (ما زال العدّ جاريًا)'));
    await waitFor(() => expect(main.listeners.size).toBeGreaterThan(0));
    send(counted('c10', 250, true));
    expect(count()).toBe('250 دفعة');
    await main.settled();
  });
});
