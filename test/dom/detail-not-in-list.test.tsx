// A payment stays open in the detail when the list's filters leave it out (a refund half typed is
// not lost), and the detail says so, with a way to show it again (docs/screens-after-sale.md).
import { afterEach, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { appInfo } from '../support/session';
import { stubMain, unchecked } from '../support/stub-main';

const row = (id: string, state: string) => ({
  id, profileId: 'practice', environment: 'practice', kind: 'sale', orderId: id, amountMinor: 1_000, currency: 'SAR', description: null,
  customer: { name: 'Sara', email: null, phone: null }, cardMasked: null, transactionId: `tx-${id}`, sessionId: null, url: null, authOnly: false,
  recurringAvailable: false, recurringRequested: false, parentPaymentId: null, state, statusWord: null, capturedMinor: 1_000, refundedMinor: 0,
  operationInFlight: false, needsAttention: false, attentionReason: null, watched: false, lastError: null, lastErrorReason: null,
  createdAt: '2026-11-23T10:00:00.000Z', updatedAt: '2026-11-23T10:00:00.000Z', lastCheckedAt: null,
});
const all = [row('PAID-1', 'paid'), row('VOID-1', 'voided')];
stubMain({
  searchPayments: ({ filter }) => {
    const rows = all.filter((p) => !filter?.states || filter.states.includes(p.state as never));
    return { ok: true, value: unchecked({ total: rows.length, rows }) };
  },
  getPayment: ({ paymentId }) => ({ ok: true, value: unchecked({ payment: all.find((p) => p.id === paymentId), related: { parent: null, repeats: [] }, operations: [], history: [], checks: [], webhooks: [] }) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { TransactionsScreen } = await import('../../renderer/src/features/transactions/transactions-screen');
const { useTransactions } = await import('../../renderer/src/features/transactions/transactions-store');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });

afterEach(cleanup);

it('says a payment the filters hide is not in the list, keeps it open, and shows it again on "Clear filters"', async () => {
  render(<TransactionsScreen />);
  await screen.findByText('2 payments');
  fireEvent.click(screen.getByTestId('tx-row-PAID-1'));
  await screen.findByRole('heading', { name: 'PAID-1' });
  expect(screen.queryByTestId('detail-not-in-list')).toBeNull();

  fireEvent.change(screen.getByLabelText('State'), { target: { value: 'voided' } });
  await screen.findByText('1 payment');
  const note = await screen.findByTestId('detail-not-in-list');
  expect(note.textContent).toMatch(/Not in the list/);
  expect(screen.getByRole('heading', { name: 'PAID-1' })).toBeTruthy(); // still open
  expect(document.querySelectorAll('[aria-selected="true"]')).toHaveLength(0);

  fireEvent.click(note.querySelector('button')!);
  await screen.findByText('2 payments');
  expect(screen.queryByTestId('detail-not-in-list')).toBeNull();
  expect(screen.getByTestId('tx-row-PAID-1').getAttribute('aria-selected')).toBe('true');
  expect(useTransactions.getState().openId).toBe('PAID-1');
});
