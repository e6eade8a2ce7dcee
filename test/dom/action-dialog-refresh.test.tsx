// A refund dialog stays as the user left it while main's events refresh the payment behind it:
// the cursor stays in the field being typed in and nothing typed moves to another field (it
// once jumped back to Amount on every refresh, so a reason typed meanwhile became the amount).
// main is a stub here that answers getPayment; the e2e suite drives the real handlers.
// And its sentence to confirm names where the money moves as a phrase that reads in a sentence, in
// both languages: it was the environment badge's word, "Refund SAR 25.00 to Sara on PRACTICE." and,
// in Arabic, "… في مباشر." ("in live"), which is no sentence.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { appInfo } from '../support/session';
import { stubMain, unchecked } from '../support/stub-main';
import { useLanguage } from '../../renderer/src/i18n';

const payment = {
  id: 'pay-1', profileId: 'practice', environment: 'practice', kind: 'sale', orderId: 'DOC-1', amountMinor: 8_000, currency: 'SAR',
  description: null, customer: { name: 'Sara Al-Harbi', email: null, phone: null }, cardMasked: '512345******0008', transactionId: 'tx-1',
  sessionId: null, url: null, authOnly: false, recurringAvailable: false, recurringRequested: false, parentPaymentId: null, state: 'paid',
  statusWord: 'CAPTURED', capturedMinor: 8_000, refundedMinor: 0, operationInFlight: false, needsAttention: false, attentionReason: null,
  watched: false, lastError: null, lastErrorReason: null, createdAt: '2026-11-23T10:00:00.000Z', updatedAt: '2026-11-23T10:00:00.000Z', lastCheckedAt: null,
};
let loads = 0;
let environment = 'practice';
/** From the next load on: another person's refund of this payment is being sent (team ledger), or (null) this computer's in another window. */
let refundBy: string | null | undefined;
/** How long ago that refund was sent, and from which laptop (team ledger). */
let sentAgoMs = 5_000;
let laptop: string | undefined;
const sendingRefund = (person: string | null) => ({
  id: 'op-2', kind: 'refund', amountMinor: person ? 8_000 : 3_000, reason: 'Returned', osUser: person ?? 'root', person, outcome: 'sending', errorCode: null, errorMessage: null,
  // Sent a moment ago: being sent now (one open past two minutes reads as left open, left-open-send.test.tsx).
  gatewayAnswer: null, createdAt: new Date(Date.now() - sentAgoMs).toISOString(), completedAt: null, laptop,
});
const main = stubMain({
  checkPaymentStatus: (input) => ({ ok: true, value: unchecked({ ...payment, id: input?.paymentId }) }),
  getPayment: (input) => {
    loads += 1;
    const busy = refundBy !== undefined;
    return { ok: true, value: unchecked({
      payment: { ...payment, environment, id: input?.paymentId ?? payment.id, operationInFlight: busy, updatedAt: `2026-11-23T10:00:0${loads % 10}.000Z` }, related: { parent: null, repeats: [] },
      operations: busy ? [sendingRefund(refundBy ?? null)] : [], history: [], checks: [], webhooks: [],
    }) };
  },
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
// This laptop's own ledger: every action its state allows is offered (session-store.ts, team-role.ts).
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });

afterEach(() => {
  cleanup();
  refundBy = undefined;
  environment = 'practice';
  sentAgoMs = 5_000;
  laptop = undefined;
  act(() => useLanguage.getState().setLanguage('en'));
});

describe('the refund dialog while the payment refreshes', () => {
  it('keeps the cursor in Reason and the typed amount when main says the payment changed', async () => {
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    fireEvent.click(await screen.findByTestId('action-refund'));
    const amount = screen.getByLabelText(/^Amount/) as HTMLInputElement;
    const reason = screen.getByLabelText(/^Reason/) as HTMLInputElement;
    expect(document.activeElement).toBe(amount);
    fireEvent.change(amount, { target: { value: '25' } });
    reason.focus();
    fireEvent.change(reason, { target: { value: 'Part of the order' } });

    const before = loads;
    main.tell({ type: 'payments.changed', paymentIds: ['pay-1'] });
    await waitFor(() => expect(loads).toBe(before + 1));
    await act(() => Promise.resolve());

    expect(document.activeElement).toBe(screen.getByLabelText(/^Reason/));
    expect((screen.getByLabelText(/^Amount/) as HTMLInputElement).value).toBe('25');
    expect(screen.getByTestId('action-send').textContent).toMatch(/^Refund SAR\s25\.00$/);
    expect((screen.getByTestId('action-send') as HTMLButtonElement).disabled).toBe(false);
  });

  it('still closes with Escape after a refresh, and gives the focus back to the Refund button', async () => {
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    const open = await screen.findByTestId('action-refund');
    open.focus();
    fireEvent.click(open);
    main.tell({ type: 'payments.changed', paymentIds: ['pay-1'] });
    await act(() => Promise.resolve());
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByTestId('action-dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('action-refund'));
  });
});

describe('the refund dialog when someone else starts a refund meanwhile (team ledger)', () => {
  it('says who is refunding, not that the payment "is now Paid", and offers no send', async () => {
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    fireEvent.click(await screen.findByTestId('action-refund'));
    refundBy = 'sue';
    main.tell({ type: 'payments.changed', paymentIds: ['pay-1'] });
    await waitFor(() => expect(screen.getByTestId('action-no-longer').textContent).toBe('sue is doing a refund on this payment right now (team ledger). Wait for it to finish, then look again.'));
    expect((screen.getByTestId('action-send') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the refund dialog when another laptop\'s refund of this payment was left open (team ledger)', () => {
  // It said "sue is doing a refund on this payment right now (team ledger). Wait for it to finish",
  // where the detail behind it said that laptop may have stopped: support waited on a laptop that was off.
  it('says what the detail says: sent long ago, that laptop may have stopped, what settles it', async () => {
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    fireEvent.click(await screen.findByTestId('action-refund'));
    refundBy = 'sue';
    sentAgoMs = 3 * 60_000;
    laptop = 'front-desk-2';
    main.tell({ type: 'payments.changed', paymentIds: ['pay-1'] });
    await waitFor(() => expect(screen.getByTestId('action-no-longer').textContent).toMatch(/^Refund of SAR.80\.00 sent by .*sue.* from laptop .*front-desk-2.*, no answer recorded since: that laptop may have stopped\./));
    expect(screen.getByTestId('action-no-longer').textContent).not.toContain('right now');
    expect(screen.getByTestId('action-no-longer').textContent).toBe(screen.getByTestId('detail-in-flight').textContent);
    expect((screen.getByTestId('action-send') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the refund dialog when this computer starts a refund meanwhile, in another window (laptop ledger)', () => {
  // It said "The outcome of the last operation is not known yet. Check the status before doing anything else.":
  // which operation, and a status check while its answer is on its way can settle nothing.
  it.each([
    ['en', 'A refund of SAR\u00a030.00 is being sent; its answer has not come yet. Wait for it before doing anything else.'],
    ['ar', 'يجري إرسال استرداد \u2066\u200f30.00\u00a0SAR\u2069، ولم يصل رده بعد. انتظره قبل أي إجراء آخر.'],
  ] as const)('names the refund being sent and its amount, in the dialog and in the detail, in %s', async (language, words) => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    fireEvent.click(await screen.findByTestId('action-refund'));
    refundBy = null;
    main.tell({ type: 'payments.changed', paymentIds: ['pay-1'] });
    await waitFor(() => expect(screen.getByTestId('action-no-longer').textContent).toBe(words));
    expect((screen.getByTestId('action-send') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('detail-in-flight').textContent).toBe(words);
  });
});

describe('the detail panel opened on another payment', () => {
  it('forgets what it said about the last one', async () => {
    const { rerender } = render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Check status now' }));
    await waitFor(() => expect(screen.getByTestId('detail-notice').textContent).toBe('Status checked: Paid.'));
    rerender(<PaymentDetailPanel paymentId="pay-2" onClose={() => undefined} />);
    await waitFor(() => expect(screen.getByTestId('payment-detail').getAttribute('data-state')).toBe('paid'));
    expect(screen.getByTestId('detail-notice').textContent).toBe('');
  });
});

describe('the refund dialog\'s sentence to confirm', () => {
  const confirmLine = async (language: 'en' | 'ar') => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    fireEvent.click(await screen.findByTestId('action-refund'));
    fireEvent.change(screen.getByLabelText(language === 'en' ? /^Amount/ : /^المبلغ/), { target: { value: '25' } });
    return screen.getByTestId('confirm-line').textContent!.replace(/[\u2066-\u2069\u200e\u200f]/g, '').replace(/\s+/g, ' ');
  };

  it.each([
    ['practice', 'on the practice gateway.', 'عبر بوابة التدريب.'],
    ['sandbox', 'on the sandbox gateway.', 'عبر بوابة الاختبار.'],
    ['production', 'on the production gateway.', 'عبر بوابة الإنتاج.'],
  ])('names a %s payment\'s gateway as a phrase, in English and Arabic', async (name, english, arabic) => {
    environment = name;
    expect(await confirmLine('en')).toBe(`Refund SAR 25.00 to Sara Al-Harbi ${english}`);
    cleanup();
    expect(await confirmLine('ar')).toBe(`استرداد 25.00 SAR إلى Sara Al-Harbi ${arabic}`);
  });
});
