// A payment opened from another screen ("Open in Transactions", Needs attention) takes the
// keyboard to its title: the button that opened it is gone with its screen, and the focus was
// left on the page itself, so the next Tab started again at the top. Opened from its row beside
// the list, the focus stays on the row.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { appInfo } from '../support/session';
import { stubMain, unchecked } from '../support/stub-main';

const row = (id: string) => ({
  id, profileId: 'practice', environment: 'practice', kind: 'sale', orderId: id, amountMinor: 1_000, currency: 'SAR', description: null,
  customer: { name: 'Sara', email: null, phone: null }, cardMasked: null, transactionId: `tx-${id}`, sessionId: null, url: null, authOnly: false,
  recurringAvailable: false, recurringRequested: false, parentPaymentId: null, state: 'paid', statusWord: null, capturedMinor: 1_000, refundedMinor: 0,
  operationInFlight: false, needsAttention: false, attentionReason: null, watched: false, lastError: null, lastErrorReason: null,
  createdAt: '2026-11-23T10:00:00.000Z', updatedAt: '2026-11-23T10:00:00.000Z', lastCheckedAt: null,
});
const all = [row('SALE-1'), row('SALE-2')];
stubMain({
  searchPayments: () => ({ ok: true, value: unchecked({ total: all.length, rows: all }) }),
  getPayment: ({ paymentId }) => ({ ok: true, value: unchecked({ payment: all.find((p) => p.id === paymentId), related: { parent: null, repeats: [] }, operations: [], history: [], checks: [], webhooks: [] }) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { TransactionsScreen } = await import('../../renderer/src/features/transactions/transactions-screen');
const { useTransactions } = await import('../../renderer/src/features/transactions/transactions-store');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });

afterEach(() => {
  cleanup();
  act(() => useTransactions.getState().open(undefined as never));
});

it('takes the keyboard to the title of a payment opened from another screen', async () => {
  (document.activeElement as HTMLElement | null)?.blur();
  act(() => useTransactions.getState().open('SALE-2'));
  render(<TransactionsScreen />);
  const title = await screen.findByRole('heading', { name: 'SALE-2' });
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(document.activeElement).toBe(title);
});

it('leaves the keyboard on the list a row was opened from, beside it', async () => {
  render(<TransactionsScreen />);
  const rowEl = await screen.findByTestId('tx-row-SALE-1');
  const grid = screen.getByRole('grid');
  grid.focus(); // a click on a row focuses the list (its rows are its active descendants)
  fireEvent.click(rowEl);
  await screen.findByRole('heading', { name: 'SALE-1' });
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(document.activeElement).toBe(grid);
});
