// "Tell me when it is paid": main tells a watcher only when a payment link becomes paid, so the
// detail offers the watch on a link that may still be paid, never on a paid card sale, and keeps a
// watch already on in view so it can be turned off. main is a stub answering getPayment here; the
// notification itself is driven end to end in test/e2e/transactions.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { appInfo } from '../support/session';
import { stubMain, unchecked } from '../support/stub-main';

const base = {
  id: 'pay-1', profileId: 'practice', environment: 'practice', kind: 'link', orderId: 'W-1', amountMinor: 3_300, currency: 'SAR',
  description: null, customer: { name: 'Sara Al-Harbi', email: null, phone: null }, cardMasked: null, transactionId: null,
  sessionId: null, url: 'http://127.0.0.1/link?linkId=l-1', authOnly: false, recurringAvailable: false, recurringRequested: false, parentPaymentId: null,
  state: 'pending', statusWord: null, capturedMinor: 0, refundedMinor: 0, operationInFlight: false, needsAttention: false, attentionReason: null,
  watched: false, lastError: null, lastErrorReason: null, createdAt: '2026-11-23T10:00:00.000Z', updatedAt: '2026-11-23T10:00:00.000Z', lastCheckedAt: null,
};
let payment: Record<string, unknown> = base;
stubMain({
  getPayment: () => ({ ok: true, value: unchecked({ payment, related: { parent: null, repeats: [] }, operations: [], history: [], checks: [], webhooks: [] }) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });

afterEach(cleanup);

async function shown(over: Record<string, unknown>) {
  payment = { ...base, ...over };
  render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
  await screen.findByTestId('action-status');
  return screen.queryByLabelText('Tell me when it is paid') as HTMLInputElement | null;
}

describe('"Tell me when it is paid" in a payment\'s detail', () => {
  it('is offered on an unpaid payment link', async () => {
    const watch = await shown({});
    expect(watch?.checked).toBe(false);
  });

  it('is not offered on a card sale that is already paid', async () => {
    expect(await shown({ kind: 'sale', state: 'paid', capturedMinor: 3_300, transactionId: 'tx-1', cardMasked: '512345******0008', url: null })).toBeNull();
  });

  it('is not offered on a link that was paid and is not watched', async () => {
    expect(await shown({ state: 'paid', capturedMinor: 3_300, transactionId: 'tx-1' })).toBeNull();
  });

  it('stays in view, checked, on a watched link once paid, so the watch can be turned off', async () => {
    const watch = await shown({ state: 'paid', capturedMinor: 3_300, transactionId: 'tx-1', watched: true });
    expect(watch?.checked).toBe(true);
  });
});
