// Needs attention newest first must show the refund whose answer was lost a moment ago: on the
// seeded 100,000-payment ledger (1,025 older lost answers) main answered the oldest 500 lost
// operations whatever the order chosen, so that refund (its payment "Paid", not flagged yet) was in
// neither order (the screen walk of 2026-12-01, docs/screens-walks.md).
import { afterEach, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { paymentView } from '../support/payment-view';
import { stubMain } from '../support/stub-main';
import { attentionQueue } from '../support/attention-queue';

// 30 older sales whose answer was lost, one a day from 1 Jan 2025; main answers 20 at a time here.
const older = Array.from({ length: 30 }, (_, day) => {
  const orderId = `OLD-${String(day).padStart(3, '0')}`;
  const payment = paymentView({ id: orderId, orderId, state: 'unknown', createdAt: new Date(Date.UTC(2025, 0, 1 + day)).toISOString() });
  return { payment, operation: { kind: 'create' as const, amountMinor: payment.amountMinor, sentAt: payment.createdAt } };
});
const justLost = (() => {
  const payment = paymentView({ id: 'REFUND-JUST-LOST', orderId: 'REFUND-JUST-LOST', state: 'paid', operationInFlight: true, createdAt: '2026-11-30T22:00:00.000Z' });
  return { payment, operation: { kind: 'refund' as const, amountMinor: 6_000, sentAt: '2026-11-30T22:50:00.000Z' } };
})();
const lost = [...older, justLost];
const queue = attentionQueue(() => lost);
const main = stubMain({ listNeedsAttention: (input) => queue({ ...input, limit: Math.min(input.limit ?? 500, 20) }) });
const { AttentionScreen } = await import('../../renderer/src/features/transactions/attention-screen');

afterEach(cleanup);

it('newest first lists the refund whose answer was just lost, with what was sent, at the top', async () => {
  render(<AttentionScreen />);
  await screen.findByTestId('attention-OLD-000');
  expect(screen.queryByTestId('attention-REFUND-JUST-LOST')).toBeNull();
  fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'desc' } });
  const row = await screen.findByTestId('attention-REFUND-JUST-LOST');
  await main.settled();
  expect(screen.getAllByTestId(/^attention-(OLD|REFUND)/)[0]).toBe(row);
  expect(row.textContent).toContain('Refund of SAR');
  expect(main.asked('listNeedsAttention').at(-1)).toMatchObject({ direction: 'desc' });
});
