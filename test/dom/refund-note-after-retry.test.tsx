// A refund that fails, then goes through when tried again: the band's "A refund on … failed." note
// of that payment goes, so it no longer contradicts the payment's "Refunded SAR 20.00." under it.
// A failure note of another payment stays. Found by the day's walk (2026-11-29, support at 1280 px,
// the practice gateway refusing once). main is a stub here.
import { afterEach, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AppEvent } from '../../contract/events';
import { appInfo } from '../support/session';
import { cardSale } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';
import type { PaymentView } from '../../contract/methods/payments';

let payment: PaymentView = cardSale();
const main = stubMain({
  getPayment: () => ({ ok: true, value: unchecked({ payment, related: { parent: null, repeats: [] }, operations: [], history: [], checks: [], webhooks: [] }) }),
  refundPayment: () => {
    payment = { ...payment, refundedMinor: 2_000 };
    return unchecked({ ok: true, value: payment });
  },
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
const { Notifications } = await import('../../renderer/src/app/notifications');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });

afterEach(cleanup);

const refundFailed = (seq: number, paymentId: string, orderId: string) =>
  ({ type: 'notification', seq, level: 'error', message: 'refund failed', paymentId, reason: { key: 'notify.refundFailed', values: { orderId, said: 'Practice fault: error envelope' } } }) as AppEvent;

it('takes away the failed refund’s note once a refund of that payment goes through', async () => {
  render(<><PaymentDetailPanel paymentId={payment.id} onClose={() => undefined} /><Notifications /></>);
  await screen.findByTestId('action-refund');
  main.tell(refundFailed(1, payment.id, payment.orderId));
  main.tell(refundFailed(2, 'pay-other', 'OTHER-7'));
  const notes = () => [...screen.getByTestId('notifications').querySelectorAll('p')].map((p) => p.textContent);
  expect(notes()).toHaveLength(2);

  fireEvent.click(screen.getByTestId('action-refund'));
  fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '20' } });
  fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: 'Part of the service returned' } });
  fireEvent.submit(screen.getByTestId('action-send').closest('form')!);
  await waitFor(() => expect(screen.queryByTestId('action-dialog')).toBeNull());
  expect(notes()).toEqual([expect.stringMatching(/^A refund on OTHER-7 failed\./)]);
});
