// A result panel's late answers, in a DOM: right after a link is made, the person starts the next
// one ("New payment link"); a fresh read of the first link (main said it changed) or a status check
// answered after that must not put the old result back over the new form. main is a stub here,
// whose answers the test lets through when it chooses.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { appInfo, practiceProfile } from '../support/session';
import { notStubbed, stubMain } from '../support/stub-main';
import type { PaymentView } from '../../contract/methods/payments';
import type { Result } from '../../contract/result';

const payment = (over: Partial<PaymentView> = {}): PaymentView => ({
  id: 'p1', profileId: 'practice', environment: 'practice', kind: 'link', orderId: 'PD-1', amountMinor: 15075, currency: 'SAR', description: 'Invoice',
  customer: { name: 'Layla', email: 'layla@example.com', phone: '+966501234567' }, cardMasked: null, transactionId: null, sessionId: 'lnk_1', url: 'http://127.0.0.1:9/link?linkId=lnk_1',
  authOnly: false, recurringAvailable: false, recurringRequested: false, parentPaymentId: null, state: 'pending', statusWord: 'UNPAID', capturedMinor: 0, refundedMinor: 0, operationInFlight: false,
  needsAttention: false, attentionReason: null, watched: false, lastError: null, lastErrorReason: null, createdAt: '2026-01-01T10:00:00Z', updatedAt: '2026-01-01T10:00:00Z', lastCheckedAt: null, expiresOn: null, ...over,
});

/** An answer main gives when the test says so. */
function held<T>() {
  let give!: (value: T) => void;
  const answer = new Promise<T>((resolve) => (give = resolve));
  return { answer, give };
}

let created: PaymentView;
let read = held<Result<unknown>>();
let checked = held<Result<unknown>>();

const main = stubMain({
  getAppInfo: () => ({ ok: true, value: appInfo() }),
  getActiveProfile: () => ({ ok: true, value: practiceProfile() }),
  searchPayments: () => ({ ok: true, value: { total: 0, rows: [] } }),
  listPaymentLinks: () => ({ ok: true, value: { total: 0, rows: [] } }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
}, {
  otherwise: (name) => {
    if (name === 'createPaymentLink') return { ok: true, value: created };
    if (name === 'getPayment') return read.answer;
    if (name === 'checkPaymentStatus') return checked.answer;
    return notStubbed;
  },
});
const { App } = await import('../../renderer/src/app/app');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useSession } = await import('../../renderer/src/app/session-store');

const type = (id: string, value: string) => fireEvent.change(document.getElementById(id)!, { target: { value } });

async function makeLink() {
  render(<App />);
  await screen.findByTestId('active-profile-name');
  act(() => useNavigation.getState().go('links'));
  await screen.findByRole('heading', { name: 'Payment links', level: 1 });
  await main.loaded(); // its first loads answered and drawn (stub-main.ts)
  type('link-amount', '150.75');
  type('link-customer-name', 'Layla');
  type('link-customer-email', 'layla@example.com');
  type('link-customer-phone', '+966501234567');
  fireEvent.click(screen.getByTestId('link-submit'));
  await screen.findByTestId('link-result');
}

beforeEach(() => {
  created = payment();
  read = held();
  checked = held();
});
afterEach(() => {
  cleanup();
  act(() => useNavigation.getState().go('home'));
  useSession.setState({ profile: undefined, info: undefined });
});

describe('a link\'s result closed for a new link', () => {
  it('stays closed when the first link\'s fresh read comes after the new form opened', async () => {
    await makeLink();
    main.tell({ type: 'payments.changed', seq: 1, paymentIds: ['p1'] }); // the link was paid meanwhile: the panel reads it again
    await waitFor(() => expect(main.asked('getPayment')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('new-link'));
    expect(screen.queryByTestId('link-result')).toBeNull();
    await act(async () => read.give({ ok: true, value: { payment: payment({ state: 'paid', statusWord: 'PAID' }) } }));
    expect(screen.queryByTestId('link-result')).toBeNull();
    expect(screen.getByTestId('link-submit')).toBeTruthy(); // the new form, as the person left it
  });

  it('stays closed when a status check of an unclear link is answered after the new form opened', async () => {
    created = payment({ state: 'unknown', statusWord: null });
    await makeLink();
    fireEvent.click(screen.getByTestId('check-status'));
    await waitFor(() => expect(main.asked('checkPaymentStatus')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('new-link'));
    await act(async () => checked.give({ ok: true, value: payment({ state: 'pending' }) }));
    expect(screen.queryByTestId('link-result')).toBeNull();
    expect(screen.getByTestId('link-submit')).toBeTruthy();
  });

  it('still follows the link while its result is shown', async () => {
    await makeLink();
    main.tell({ type: 'payments.changed', seq: 1, paymentIds: ['p1'] });
    await act(async () => read.give({ ok: true, value: { payment: payment({ state: 'paid', statusWord: 'PAID' }) } }));
    await waitFor(() => expect(screen.getByTestId('payment-state').textContent).toBe('Paid'));
  });
});
