// The capture, void, refund, repeat-charge and settle dialogs say what is wrong next to a field,
// and a field told of a problem is checked again as it is edited: its message goes as soon as the
// value is right (it used to stay under a reason already typed, until the next send), or becomes
// the new problem. A message main gave goes once its field is edited. main is a stub here.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { appInfo } from '../support/session';
import { cardSale } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';
import { useLanguage } from '../../renderer/src/i18n';

const payment = cardSale({ recurringAvailable: true, recurringRequested: true });
const unclearRefund = {
  id: 'op-2', kind: 'refund', amountMinor: 2_000, reason: 'Returned', osUser: 'layla', person: 'layla', outcome: 'unknown', errorCode: null, errorMessage: null,
  gatewayAnswer: null, createdAt: '2026-11-23T10:01:00.000Z', completedAt: null,
};
let undecidable = false;
/** What main answers a send with: a refusal of one field, in main's words. */
const refused = (field: string, message: string) => ({ ok: false as const, error: { code: 'invalid_input' as const, message, fields: { [field]: message } } });
const { calls } = stubMain({
  getPayment: (input) => ({ ok: true, value: unchecked({
    payment: { ...payment, id: input?.paymentId ?? payment.id, attentionReason: undecidable ? 'undecidable' : null, needsAttention: undecidable },
    related: { parent: null, repeats: [] }, operations: undecidable ? [unclearRefund] : [], history: [], checks: [], webhooks: [],
  }) }),
  // As main answers: a reason first, then the amount (a stand-in for a refund made elsewhere meanwhile).
  refundPayment: (input) => (input.reason.trim() ? refused('amount', 'At most SAR 80.00 is left to refund.') : refused('reason', 'Give a reason for the refund.')),
  chargeRecurring: () => refused('description', 'This field contains characters that cannot be sent.'),
  settleOperation: () => refused('reason', 'Say how you know, for example what the gateway’s dashboard shows.'),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });

const message = (id: string) => document.getElementById(`${id}-error`)?.textContent ?? null;
const type = (id: string, value: string) => fireEvent.change(document.getElementById(id)!, { target: { value } });
const send = () => fireEvent.submit(screen.getByTestId('action-send').closest('form')!);

async function open(action: string) {
  render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
  fireEvent.click(await screen.findByTestId(`action-${action}`));
}

beforeEach(() => {
  calls.length = 0;
  undecidable = false;
});
afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

describe('the refund dialog', () => {
  it('says a reason is missing, and the message goes as the reason is typed (said before sending)', async () => {
    await open('refund');
    send();
    await waitFor(() => expect(message('action-reason')).toBe('Give a reason for the refund.'));
    expect(document.getElementById('action-reason')!.getAttribute('aria-invalid')).toBe('true');
    type('action-reason', 'R');
    expect(message('action-reason')).toBeNull();
    expect(document.getElementById('action-reason')!.getAttribute('aria-invalid')).toBeNull();
    // Emptied again, the field says so again: it is checked as it is edited from now on.
    type('action-reason', '  ');
    expect(message('action-reason')).toBe('Give a reason for the refund.');
    // Said before sending: main was never asked.
    expect(calls.some((c) => c.name === 'refundPayment')).toBe(false);
  });

  it('takes the keyboard to an amount it cannot send when Enter is pressed in the reason (more than is left)', async () => {
    await open('refund');
    type('action-amount', '500');
    type('action-reason', 'Returned');
    document.getElementById('action-reason')!.focus();
    expect(document.activeElement?.id).toBe('action-reason');
    send();
    // Within the next frame, as the forms move it (a later, unrelated move must not count).
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    expect(document.activeElement?.id).toBe('action-amount');
    expect(message('action-amount')).toBe('At most SAR\u00a080.00 is left.');
    expect(calls.some((c) => c.name === 'refundPayment')).toBe(false);
  });

  it('in Arabic too', async () => {
    act(() => useLanguage.getState().setLanguage('ar'));
    await open('refund');
    send();
    expect(message('action-reason')).toBe('اذكر سبب الاسترداد.');
    type('action-reason', 'تالف');
    expect(message('action-reason')).toBeNull();
  });

  it('keeps main’s message on the amount until the amount is edited', async () => {
    await open('refund');
    type('action-reason', 'Returned');
    send();
    await waitFor(() => expect(message('action-amount')).toBe('At most SAR 80.00 is left to refund.'));
    type('action-reason', 'Returned goods');
    expect(message('action-amount')).toBe('At most SAR 80.00 is left to refund.');
    type('action-amount', '20');
    expect(message('action-amount')).toBeNull();
  });
});

describe('the repeat charge dialog', () => {
  it('says the description is missing, then main’s refusal, each gone once the description is edited', async () => {
    await open('recurring');
    send();
    expect(message('action-description')).toBe('Fill in this field.');
    type('action-description', 'Monthly plan');
    expect(message('action-description')).toBeNull();
    send();
    await waitFor(() => expect(message('action-description')).toBe('This field contains characters that cannot be sent.'));
    type('action-description', 'Monthly plan, December');
    expect(message('action-description')).toBeNull();
  });
});

describe('the settle-by-hand dialog', () => {
  it('drops main’s message on the reason once the reason is edited', async () => {
    undecidable = true;
    await open('settle');
    fireEvent.click(screen.getByLabelText(/went through/i));
    type('settle-reason', 'Dashboard');
    fireEvent.submit(screen.getByTestId('settle-send').closest('form')!);
    await waitFor(() => expect(message('settle-reason')).toBe('Say how you know, for example what the gateway’s dashboard shows.'));
    type('settle-reason', 'Dashboard shows it refunded');
    expect(message('settle-reason')).toBeNull();
  });
});
