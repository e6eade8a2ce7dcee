// Home asks main for the list's first page ahead of a click (the list is where Home's tasks and
// figures lead): the click then shows that answer without asking again, unless main said payments
// changed meanwhile, the answer is no longer fresh, or the click asks for other payments (a
// figure's filter). main is a recording stub here; each case loads the app's modules afresh.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { AppEvent } from '../../contract/events';
import { stubMain, unchecked } from '../support/stub-main';

let searches: Array<Record<string, unknown>> = [];
let failNext = false;
const row = {
  id: 'p1', profileId: 'practice', environment: 'practice', kind: 'sale', orderId: 'PD-AHEAD-1', amountMinor: 1500, currency: 'SAR', description: null,
  customer: { name: 'Sara', email: null, phone: null }, cardMasked: null, transactionId: null, sessionId: null, url: null, authOnly: false,
  recurringAvailable: false, recurringRequested: false, parentPaymentId: null, state: 'paid', statusWord: null, capturedMinor: 1500, refundedMinor: 0,
  operationInFlight: false, needsAttention: false, attentionReason: null, watched: false, lastError: null, lastErrorReason: null,
  createdAt: '2026-11-24T10:00:00.000Z', updatedAt: '2026-11-24T10:00:00.000Z', lastCheckedAt: null,
};
const main = stubMain({
  searchPayments: (input) => {
    searches.push(input.filter ?? {});
    if (failNext) {
      failNext = false;
      return { ok: false, error: { code: 'internal', message: 'the ledger is busy' } };
    }
    return { ok: true, value: unchecked({ total: 1, totalExact: true, rows: [row] }) };
  },
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});

async function startOnHome() {
  vi.resetModules();
  localStorage.removeItem('paydesk.lastScreen');
  const { useNavigation } = await import('../../renderer/src/app/navigation-store');
  const { openFirstScreen } = await import('../../renderer/src/app/screens');
  const { useTransactions } = await import('../../renderer/src/features/transactions/transactions-store');
  const { TransactionsScreen } = await import('../../renderer/src/features/transactions/transactions-screen');
  await openFirstScreen();
  return { useNavigation, useTransactions, TransactionsScreen };
}

describe("the list's first page asked ahead by Home", () => {
  beforeEach(() => {
    searches = [];
    main.forgetListeners();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('is asked for once as Home opens, and the click on Transactions shows it without asking again', async () => {
    const { useNavigation, useTransactions, TransactionsScreen } = await startOnHome();
    await vi.waitFor(() => expect(useTransactions.getState().total).toBe(1));
    expect(searches).toEqual([{}]);
    useNavigation.getState().go('transactions');
    render(<TransactionsScreen />);
    await screen.findByText('1 payment');
    expect(screen.getByTestId('tx-row-PD-AHEAD-1')).toBeTruthy();
    expect(searches).toEqual([{}]);
  });

  it('is asked for again at the click once main said payments changed', async () => {
    const { useNavigation, useTransactions, TransactionsScreen } = await startOnHome();
    await vi.waitFor(() => expect(useTransactions.getState().total).toBe(1));
    main.tell({ type: 'payments.changed', seq: 1, paymentIds: ['p1'] } as unknown as AppEvent);
    useNavigation.getState().go('transactions');
    expect(searches).toHaveLength(2);
    render(<TransactionsScreen />);
    await screen.findByText('1 payment');
    expect(searches).toHaveLength(2);
  });

  it('is asked for again at a click that comes after it is no longer fresh', async () => {
    const { useNavigation, useTransactions } = await startOnHome();
    const { aheadFreshMs } = await import('../../renderer/src/features/transactions/transactions-store');
    await vi.waitFor(() => expect(useTransactions.getState().total).toBe(1));
    const later = Date.now() + aheadFreshMs + 1;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    useNavigation.getState().go('transactions');
    expect(searches).toHaveLength(2);
  });

  it('is asked for again at the click when main could not answer it', async () => {
    failNext = true;
    const { useNavigation, useTransactions } = await startOnHome();
    await vi.waitFor(() => expect(useTransactions.getState().error).toBeDefined());
    useNavigation.getState().go('transactions');
    expect(searches).toHaveLength(2);
    await vi.waitFor(() => expect(useTransactions.getState().total).toBe(1));
    expect(useTransactions.getState().error).toBeUndefined();
  });

  it("is not used when the click asks for other payments (a figure's filter)", async () => {
    const { useNavigation, useTransactions } = await startOnHome();
    await vi.waitFor(() => expect(useTransactions.getState().total).toBe(1));
    useTransactions.getState().setFilter({ currency: 'SAR' });
    useNavigation.getState().go('transactions');
    expect(searches.at(-1)).toEqual({ currency: 'SAR' });
    expect(useTransactions.getState().filter).toEqual({ currency: 'SAR' });
  });

  it('is not asked for again when Home opens after the list was shown', async () => {
    const { useNavigation, useTransactions } = await startOnHome();
    await vi.waitFor(() => expect(useTransactions.getState().total).toBe(1));
    useNavigation.getState().go('transactions');
    useNavigation.getState().go('home');
    expect(searches).toEqual([{}]);
  });
});
