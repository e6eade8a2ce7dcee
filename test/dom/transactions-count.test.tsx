// The transactions count while main counts a search in the background: the list's first page
// says "more than" what it read, the screen asks again until main has the exact number, and
// never shows a number that is not known to be true (in English and Arabic).
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { PaydeskApi } from '../../contract/methods';

// Main as the list sees it: a broad search, at least 101 at first, then at least 1,001, then
// 4,321: each time the screen asks for the count alone (one row), main's count has moved on.
let answers: Array<{ total: number; totalExact: boolean }> = [];
let stage = 0;
let counted = 0; // how far main's count has got: the stub answers no further
let asked: Array<{ offset: number; limit: number }> = [];
window.paydesk = new Proxy({}, {
  get: (_t, name: string) => {
    if (name === 'subscribe') return () => () => undefined;
    return async (input: { offset: number; limit: number }) => {
      if (name === 'listProfiles') return { ok: true, value: { profiles: [], activeId: null } };
      if (name !== 'searchPayments') return { ok: false, error: { code: 'internal', message: 'not stubbed' } };
      asked.push({ offset: input.offset, limit: input.limit });
      if (input.limit === 1) stage = Math.min(stage + 1, counted);
      return { ok: true, value: { ...answers[stage]!, rows: [] } };
    };
  },
}) as PaydeskApi;
const { TransactionsScreen } = await import('../../renderer/src/features/transactions/transactions-screen');
const { useLanguage } = await import('../../renderer/src/i18n');

const count = () => screen.getByTestId('tx-count').textContent;

describe('the transactions count', () => {
  afterEach(() => {
    cleanup();
    act(() => useLanguage.getState().setLanguage('en'));
  });

  it('says "more than" until main has counted, then the exact number', async () => {
    asked = [];
    stage = 0;
    counted = 0;
    answers = [{ total: 101, totalExact: false }, { total: 1_001, totalExact: false }, { total: 4_321, totalExact: true }];
    act(() => useLanguage.getState().setLanguage('en'));
    render(<TransactionsScreen />);
    await screen.findByText('More than 100 payments (still counting)');
    counted = 1;
    await waitFor(() => expect(count()).toBe('More than 1,000 payments (still counting)'), { timeout: 5_000 });
    counted = 2;
    await waitFor(() => expect(count()).toBe('4,321 payments'), { timeout: 5_000 });
    // Asked again for the count only (one row from the top), and not once it was exact.
    expect(asked.filter((a) => a.limit === 1).every((a) => a.offset === 0)).toBe(true);
    const calls = asked.length;
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(asked.length).toBe(calls);
  });

  it('in Arabic too', async () => {
    stage = 0;
    counted = 0;
    answers = [{ total: 101, totalExact: false }, { total: 250, totalExact: true }];
    act(() => useLanguage.getState().setLanguage('ar'));
    render(<TransactionsScreen />);
    await waitFor(() => expect(count()).toBe('أكثر من 100 من المدفوعات (ما زال العدّ جاريًا)'));
    counted = 1;
    await waitFor(() => expect(count()).toBe('250 دفعة'), { timeout: 5_000 });
  });
});
