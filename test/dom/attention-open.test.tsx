// Needs attention → Open: the payment opens in Transactions with the list showing it, whatever
// filters an earlier visit left there (they hid it: "Not in the list").
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { stubMain, unchecked } from '../support/stub-main';

const row = {
  id: 'UNSURE-1', profileId: 'practice', environment: 'practice', kind: 'sale', orderId: 'UNSURE-1', amountMinor: 1_000, currency: 'SAR', description: null,
  customer: { name: 'Sara', email: null, phone: null }, cardMasked: null, transactionId: null, sessionId: null, url: null, authOnly: false,
  recurringAvailable: false, recurringRequested: false, parentPaymentId: null, state: 'unknown', statusWord: null, capturedMinor: 0, refundedMinor: 0,
  operationInFlight: false, needsAttention: true, attentionReason: 'unsettled', watched: false, lastError: null, lastErrorReason: null,
  createdAt: '2026-11-23T10:00:00.000Z', updatedAt: '2026-11-23T10:00:00.000Z', lastCheckedAt: null,
};
stubMain({ searchPayments: () => ({ ok: true, value: unchecked({ total: 1, rows: [row] }) }) });
const { AttentionScreen } = await import('../../renderer/src/features/transactions/attention-screen');
const { useTransactions } = await import('../../renderer/src/features/transactions/transactions-store');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');

afterEach(cleanup);

it('opens the payment in Transactions with no filter left from an earlier visit', async () => {
  act(() => useTransactions.getState().setFilter({ states: ['paid'], currency: 'USD' }));
  render(<AttentionScreen />);
  fireEvent.click(await screen.findByRole('button', { name: 'Open' }));
  expect(useNavigation.getState().screen).toBe('transactions');
  expect(useTransactions.getState().openId).toBe('UNSURE-1');
  expect(useTransactions.getState().filter).toEqual({});
});
