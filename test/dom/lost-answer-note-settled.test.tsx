// A note that a refund's answer was lost goes by itself once a check settles that payment (main says
// the payment changed and its refund is no longer unclear); it stayed in the band until dismissed,
// beside a Needs attention that no longer listed it. A lost answer of another payment, still
// unclear, keeps its note. main is a stub here; test/e2e/lost-answer-note.test.ts walks it for real.
import { afterEach, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { AppEvent } from '../../contract/events';
import { stubMain, unchecked } from '../support/stub-main';

const unclear = new Set(['pay-1', 'pay-2']);
const main = stubMain({
  getPayment: ({ paymentId }) => ({ ok: true, value: unchecked({ operations: [{ kind: 'refund', outcome: unclear.has(paymentId) ? 'unknown' : 'succeeded' }] }) }),
});
const { Notifications } = await import('../../renderer/src/app/notifications');

afterEach(cleanup);

const answerLost = (seq: number, paymentId: string, orderId: string) =>
  ({ type: 'notification', seq, level: 'error', message: 'answer lost', paymentId, reason: { key: 'notify.answerLost.refund', values: { orderId, amountMinor: 5_000, currency: 'SAR' } } }) as AppEvent;
const notes = () => [...screen.getByTestId('notifications').querySelectorAll('p')].map((p) => p.textContent);

it('takes the lost answer’s note away once its payment is settled, and keeps another payment’s', async () => {
  render(<Notifications />);
  main.tell(answerLost(1, 'pay-1', 'LOST-1'));
  main.tell(answerLost(2, 'pay-2', 'LOST-2'));
  expect(notes()).toHaveLength(2);

  main.tell({ type: 'payments.changed', seq: 3, paymentIds: ['pay-1'] } as AppEvent); // a check found it still unclear
  await waitFor(() => expect(main.calls.filter((call) => call.name === 'getPayment')).toHaveLength(1));
  expect(notes()).toHaveLength(2);

  unclear.delete('pay-1'); // the next check settles it
  main.tell({ type: 'payments.changed', seq: 4, paymentIds: ['pay-1'] } as AppEvent);
  await waitFor(() => expect(notes()).toEqual([expect.stringMatching(/^Refund of SAR.*50\.00 on LOST-2 sent, answer not received/)]));
});
