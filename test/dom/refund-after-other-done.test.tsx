// Two people refund one payment on the team ledger at once: the second is refused "amal is already
// doing a refund … Wait for it to finish, then look at the payment again." Once amal's refund is
// done, the dialog says so over the new amount left and its Send works again (walk of the team
// ledger: the refusal stayed up over the new amount, and the person closed the dialog, opened the
// payment and Refund again and typed amount and reason again, 5 steps, to send what was still owed).
// While amal's refund is still open, the refusal stays. main is a stub answering getPayment as the
// team ledger does; the real two-laptop refusal: e2e/team-laptops.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { appInfo } from '../support/session';
import { stubMain, unchecked } from '../support/stub-main';
import { useLanguage } from '../../renderer/src/i18n';

const payment = {
  id: 'pay-1', profileId: 'practice', environment: 'practice', kind: 'sale', orderId: 'TEAM-1', amountMinor: 40_000, currency: 'SAR',
  description: null, customer: { name: 'Layla Haddad', email: null, phone: null }, cardMasked: '512345******0008', transactionId: 'tx-1',
  sessionId: null, url: null, authOnly: false, recurringAvailable: false, recurringRequested: false, parentPaymentId: null, state: 'partially_refunded',
  statusWord: 'CAPTURED', capturedMinor: 40_000, refundedMinor: 15_000, operationInFlight: false, needsAttention: false, attentionReason: null,
  watched: false, lastError: null, lastErrorReason: null, createdAt: '2026-11-23T10:00:00.000Z', updatedAt: '2026-11-23T10:00:00.000Z', lastCheckedAt: null,
};
/** amal's refund as the team ledger has it now: none, open (sending) or done. */
let amals: 'none' | 'sending' | 'done' = 'none';
const amalsRefund = (outcome: string) => ({
  id: 'op-2', kind: 'refund', amountMinor: 10_000, reason: 'Laptop A', osUser: 'amal', person: 'amal', outcome, errorCode: null, errorMessage: null,
  gatewayAnswer: null, createdAt: '2026-11-23T10:01:00.000Z', completedAt: null,
});
const main = stubMain({
  getPayment: () => ({ ok: true, value: unchecked({
    payment: { ...payment, operationInFlight: amals === 'sending', refundedMinor: amals === 'done' ? 25_000 : 15_000 },
    related: { parent: null, repeats: [] }, operations: amals === 'none' ? [] : [amalsRefund(amals === 'done' ? 'succeeded' : 'sending')], history: [], checks: [], webhooks: [],
  }) }),
  // The team ledger refused this laptop's intent: amal's went in first (23505).
  refundPayment: () => ({ ok: false, error: { code: 'busy', message: 'busy', reason: { key: 'teamLedger.busySending', values: { person: 'amal', operation: 'refund' } } } }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo({ role: 'support' }) });

afterEach(() => {
  cleanup();
  amals = 'none';
  act(() => useLanguage.getState().setLanguage('en'));
});

/** Opens Refund, types 100.00 and a reason, and presses Send: refused, amal is refunding. */
async function refusedAsBusy() {
  render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
  fireEvent.click(await screen.findByTestId('action-refund'));
  fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '100.00' } });
  fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: 'Laptop B' } });
  fireEvent.click(screen.getByTestId('action-send'));
  await screen.findByText(/^amal is already doing a refund on this payment in the team ledger/);
}
const changed = async () => {
  await act(async () => main.tell({ type: 'payments.changed', paymentIds: ['pay-1'] }));
};
const left = () => screen.getByTestId('action-left').textContent;
const send = () => screen.getByTestId('action-send') as HTMLButtonElement;

describe('a refund refused while another person refunds the payment (team ledger)', () => {
  it('once their refund is done: says so over the new amount left, and Send works again, as typed', async () => {
    await refusedAsBusy();
    amals = 'sending';
    await changed();
    expect(screen.getByText(/^amal is already doing a refund/)).toBeTruthy();
    amals = 'done';
    await changed();
    await waitFor(() => expect(left()).toMatch(/SAR\s150\.00/));
    expect(screen.getByTestId('action-other-done').textContent).toBe('amal finished their refund on this payment: what is left is shown above. Send yours only if it is still owed.');
    expect(screen.queryByText(/is already doing a refund/)).toBeNull();
    expect(send().disabled).toBe(false);
    expect((screen.getByLabelText(/^Amount/) as HTMLInputElement).value).toBe('100.00');
    expect((screen.getByLabelText(/^Reason/) as HTMLInputElement).value).toBe('Laptop B');

    act(() => useLanguage.getState().setLanguage('ar'));
    expect(screen.getByTestId('action-other-done').textContent).toBe('أنهى \u2066amal\u2069 عملية استرداد على هذه الدفعة: المتبقي معروض أعلاه. أرسل عمليتك فقط إن كانت لا تزال مستحقة.');
  });

  it('their refund done before this laptop ever drew it open (a fast gateway): the money moved, so it is over', async () => {
    await refusedAsBusy();
    amals = 'done';
    await changed();
    await screen.findByTestId('action-other-done');
    expect(send().disabled).toBe(false);
  });

  it('while their refund is still open, or nothing changed yet, the refusal stays', async () => {
    await refusedAsBusy();
    await changed();
    expect(screen.getByText(/^amal is already doing a refund/)).toBeTruthy();
    expect(screen.queryByTestId('action-other-done')).toBeNull();
    amals = 'sending';
    await changed();
    expect(screen.queryByTestId('action-other-done')).toBeNull();
  });
});
