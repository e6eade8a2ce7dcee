// Needs attention → Open: the payment opens in Transactions with the list showing it, whatever
// filters an earlier visit left there (they hid it: "Not in the list").
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { paymentView } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';
import { attentionQueue } from '../support/attention-queue';

const row = paymentView({ id: 'UNSURE-1', orderId: 'UNSURE-1', transactionId: null, state: 'unknown', capturedMinor: 0, needsAttention: true, attentionReason: 'unsettled' });
stubMain({ searchPayments: () => ({ ok: true, value: unchecked({ total: 1, rows: [row] }) }), listNeedsAttention: attentionQueue(() => [row]) });
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

it('names its table, so a screen reader lists it as Needs attention (walk18)', async () => {
  render(<AttentionScreen />);
  await screen.findByRole('button', { name: 'Open' });
  expect(screen.getByRole('table', { name: 'Needs attention' })).toBeTruthy();
});
