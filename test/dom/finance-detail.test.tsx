// On the team ledger, finance checks a payment's status (team schema 14) and is offered no money
// move; where the check settles an unclear operation (team schema 17: the database judges the
// answer again) "Check status" is offered as on any payment, with no note sending it to support; beside it, what finance's check
// records and what it leaves to support or an admin (an unclear operation the answer shows did not go through; an invoiced
// payment's refund that went through: the database refuses both to finance, PD018/PD017). main is a stub here answering getPayment
// as a finance person's laptop (the role in the session's first answer, getAppInfo); test/ledger/finance-status.test.ts drives the real one.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { appInfo } from '../support/session';
import { stubMain, unchecked } from '../support/stub-main';

const payment = {
  id: 'pay-1', profileId: 'practice', environment: 'practice', kind: 'sale', orderId: 'FIN-1', amountMinor: 8_000, currency: 'SAR',
  description: null, customer: { name: 'Sara Al-Harbi', email: null, phone: null }, cardMasked: '512345******0008', transactionId: 'tx-1',
  sessionId: null, url: null, authOnly: false, recurringAvailable: false, recurringRequested: false, parentPaymentId: null, state: 'paid',
  statusWord: 'CAPTURED', capturedMinor: 8_000, refundedMinor: 0, operationInFlight: false, needsAttention: false, attentionReason: null,
  watched: false, lastError: null, lastErrorReason: null, createdAt: '2026-11-23T10:00:00.000Z', updatedAt: '2026-11-23T10:00:00.000Z', lastCheckedAt: null,
};
let kind = 'create';
let undecided = false;
/** Several checks brought no answer (the gateway's status down). */
let unsettled = false;
const operation = (outcome: string) => ({ id: 'op-1', kind, amountMinor: 8_000, reason: null, osUser: 'sue', person: 'sue', outcome, errorCode: null, errorMessage: null, gatewayAnswer: null, createdAt: payment.createdAt, completedAt: null, settledBy: null, settledReason: null });
let outcome = 'succeeded';
stubMain({
  getPayment: () => ({ ok: true, value: unchecked({ payment: { ...payment, operationInFlight: outcome === 'unknown', needsAttention: undecided || unsettled, attentionReason: undecided ? 'undecidable' : unsettled ? 'unsettled' : null }, related: { parent: null, repeats: [] }, operations: [operation(outcome)], history: [], checks: [], webhooks: [] }) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
const { useSession } = await import('../../renderer/src/app/session-store');
const { useLanguage } = await import('../../renderer/src/i18n');

beforeEach(() => useSession.setState({ info: appInfo({ role: 'finance' }) }));
afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
  kind = 'create';
  undecided = false;
  unsettled = false;
});

describe('a payment\'s detail for finance on the team ledger', () => {
  it('offers Check status, and no refund', async () => {
    outcome = 'succeeded';
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    expect(await screen.findByTestId('action-status')).toBeTruthy();
    expect(screen.queryByTestId('action-refund')).toBeNull();
    expect(screen.queryByTestId('status-finance-limits')).toBeNull();
  });

  it('offers Check status on a payment with an unclear operation too (the database settles it from the answer), and no settling by hand', async () => {
    outcome = 'unknown';
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    expect(await screen.findByTestId('detail-in-flight')).toBeTruthy();
    expect(screen.getByTestId('action-status')).toBeTruthy();
    expect(screen.queryByTestId('status-for-support')).toBeNull();
    expect(document.body.textContent).not.toMatch(/support or admin role/);
    expect(screen.queryByTestId('action-settle')).toBeNull();
  });

  it('says beside Check status what finance\'s check records and what it leaves to support or an admin, in English and Arabic', async () => {
    outcome = 'unknown';
    kind = 'capture';
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    const limits = await screen.findByTestId('status-finance-limits');
    expect(limits.textContent).toBe('If the gateway shows this capture went through, your check records it. If it shows it did not go through, support or an admin records that (it may then be sent again): your check says so.');
    expect(screen.getByTestId('action-status')).toBeTruthy();
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(screen.getByTestId('status-finance-limits').textContent).toBe('إن أظهرت البوابة أن عملية التحصيل هذه تمت، يسجّلها فحصك. وإن أظهرت أنها لم تتم، يسجّل ذلك شخص بدور الدعم أو المسؤول (فقد تُرسل مرة أخرى): ويخبرك فحصك بذلك.');
  });

  it('says an unclear refund that went through on an invoiced payment is for support or an admin (its credit note)', async () => {
    outcome = 'unknown';
    kind = 'refund';
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    expect((await screen.findByTestId('status-finance-limits')).textContent).toMatch(/^If the gateway shows this refund went through, your check records it, except on an invoiced payment \(its credit note is for support or an admin\)\./);
    expect(screen.getByTestId('action-status')).toBeTruthy();
  });

  it('says who settles an operation the answers cannot decide, not to settle it here', async () => {
    outcome = 'unknown';
    kind = 'capture';
    undecided = true;
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    await waitFor(() => expect(screen.getByTestId('attention-undecidable').textContent!.replace(/[\u2066-\u2069\u200e\u200f]/g, '').replace(/\u00a0/g, ' ')).toBe('The gateway’s answers cannot tell whether the last capture went through. Someone with the support or admin role looks up order reference FIN-1 for SAR 80.00 on the gateway’s dashboard and settles it.'));
    expect(screen.queryByTestId('action-settle')).toBeNull();
  });

  // The one-press check first; who settles it by hand, and what they look up, after (it said the dashboard first).
  it('after several failed checks says to check the status first, then who looks up which order and amount, in English and Arabic', async () => {
    outcome = 'unknown';
    kind = 'refund';
    unsettled = true;
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    const plain = () => screen.getByTestId('attention-undecidable').textContent!.replace(/[\u2066-\u2069\u200e\u200f]/g, '').replace(/\u00a0/g, ' ');
    await waitFor(() => expect(plain()).toBe('Several status checks brought no answer that settles the last refund. Try “Check status now” first. If the checks keep failing, someone with the support or admin role looks up order reference FIN-1 for SAR 80.00 on the gateway’s dashboard and settles it.'));
    expect(screen.getByTestId('action-status')).toBeTruthy();
    act(() => useLanguage.getState().setLanguage('ar'));
    await waitFor(() => expect(plain()).toBe('لم تأتِ عدة فحوص للحالة بردٍّ يحسم آخر عملية استرداد. جرّب «افحص الحالة الآن» أولًا. وإن ظلت الفحوص تفشل، يبحث شخص بدور الدعم أو المسؤول في لوحة تحكم البوابة عن مرجع الطلب FIN-1 بمبلغ 80.00 SAR ثم يسوّيها.'));
  });
});
