// Two people (or a person and a status check) settle the same unclear refund: the second one's
// "Settle by hand" dialog vanished the moment the first was recorded, with the answer being typed and
// no word of what was recorded, which may have been the opposite ("did not go through"). It stays,
// says what was recorded meanwhile and records nothing more; closing it puts the keyboard on the
// payment's title (its "Settle by hand…" is gone). English and Arabic; main is a stub.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { appInfo } from '../support/session';
import { cardSale } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';

/** null: still unclear; else what the other person recorded. */
let settledMeanwhile: 'succeeded' | 'failed' | null = null;
let settleCalls = 0;
const refund = () => ({
  id: 'op-2', kind: 'refund', amountMinor: 4_000, reason: 'Customer asked', osUser: 'layla', person: null, outcome: settledMeanwhile ?? 'unknown',
  errorCode: null, errorMessage: null, gatewayAnswer: null, createdAt: '2026-11-23T10:01:00.000Z', completedAt: settledMeanwhile ? '2026-11-23T11:00:00.000Z' : null,
  settledBy: settledMeanwhile ? 'noura' : null, settledReason: settledMeanwhile ? 'Seen on the dashboard' : null,
});
const payment = () => cardSale(settledMeanwhile
  ? { refundedMinor: settledMeanwhile === 'succeeded' ? 4_000 : 0, state: settledMeanwhile === 'succeeded' ? 'partially_refunded' : 'paid' }
  : { operationInFlight: true, needsAttention: true, attentionReason: 'undecidable' });
const main = stubMain({
  getPayment: () => ({ ok: true, value: unchecked({ payment: payment(), related: { parent: null, repeats: [] }, operations: [refund()], history: [], checks: [], webhooks: [] }) }),
  // As main does: its event about the settling may reach the page before its answer.
  settleOperation: async () => {
    settleCalls += 1;
    settledMeanwhile = 'succeeded';
    main.tell({ type: 'payments.changed', paymentIds: ['pay-1'] });
    await new Promise((resolve) => setTimeout(resolve, 100));
    return { ok: true, value: unchecked(payment()) };
  },
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
const { useLanguage } = await import('../../renderer/src/i18n');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });

afterEach(() => {
  cleanup();
  settledMeanwhile = null;
  settleCalls = 0;
  act(() => useLanguage.getState().setLanguage('en'));
});

describe.each([
  ['en', 'did not go through', 'What you saw (required)', 'Settled meanwhile: the refund went through. Your answer was not recorded; “What happened” below says who settled it.', 'Cancel'],
  ['ar', 'لم تتم', 'ما الذي رأيته (مطلوب)', 'سُوّيت في الأثناء: عملية استرداد تمت. لم يُسجَّل جوابك؛ يبيّن «ما حدث» أدناه من سوّاها.', 'تراجع'],
] as const)('settling by hand what another person settles meanwhile, in %s', (language, notHappened, sawLabel, meanwhile, close) => {
  it('keeps the dialog and what was typed, says what was recorded, and records nothing more', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    fireEvent.click(await screen.findByTestId('action-settle'));
    const dialog = screen.getByTestId('settle-dialog');
    fireEvent.click(within(dialog).getByLabelText(notHappened));
    fireEvent.change(within(dialog).getByLabelText(sawLabel), { target: { value: 'Not on the dashboard' } });

    settledMeanwhile = 'succeeded';
    main.tell({ type: 'payments.changed', paymentIds: ['pay-1'] });
    await waitFor(() => expect(screen.getByTestId('settled-meanwhile').textContent).toBe(meanwhile));
    expect(screen.getByTestId('settle-dialog')).toBe(dialog);
    expect((within(dialog).getByLabelText(sawLabel) as HTMLInputElement).value).toBe('Not on the dashboard');
    const record = screen.getByTestId('settle-send') as HTMLButtonElement;
    expect(record.disabled).toBe(true);
    fireEvent.submit(record.closest('form')!);
    expect(settleCalls).toBe(0);

    fireEvent.click(within(dialog).getByRole('button', { name: close }));
    expect(screen.queryByTestId('settle-dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2 }));
  });
});

describe('settling by hand, not settled meanwhile', () => {
  it('records the answer and says so, its own answer not taken for another person\'s', async () => {
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    fireEvent.click(await screen.findByTestId('action-settle'));
    const dialog = screen.getByTestId('settle-dialog');
    fireEvent.click(within(dialog).getByLabelText('went through'));
    fireEvent.change(within(dialog).getByLabelText('What you saw (required)'), { target: { value: 'Seen on the dashboard' } });
    let saidMeanwhile = false;
    const watch = new MutationObserver(() => void (saidMeanwhile ||= screen.queryByTestId('settled-meanwhile') !== null));
    watch.observe(document.body, { childList: true, subtree: true });
    fireEvent.click(screen.getByTestId('settle-send'));
    await waitFor(() => expect(screen.queryByTestId('settle-dialog')).toBeNull());
    watch.disconnect();
    expect(settleCalls).toBe(1);
    expect(saidMeanwhile).toBe(false);
    await waitFor(() => expect(screen.getByTestId('detail-notice').textContent).toBe('Recorded: the refund went through.'));
  });
});
