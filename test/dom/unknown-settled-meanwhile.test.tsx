// A void whose answer was lost mid-call, settled by Paydesk's own status check while its dialog
// still says "Outcome unknown" (walk24, the practice gateway's reset_after_processing): behind the
// dialog the detail said Voided, the dialog "it may or may not have done this … check the status
// first". It now says what the check settled (its Check status now stays: asking again harms nothing). A
// dialog whose payment has not moved since keeps saying the outcome is unknown. English and Arabic;
// main is a stub that tells of the changes as its events do.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { appInfo } from '../support/session';
import { cardSale } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';
import type { PaymentView } from '../../contract/methods/payments';

const hold = (): PaymentView => cardSale({ authOnly: true, currency: 'USD', amountMinor: 8_000, capturedMinor: 0, state: 'authorised', statusWord: 'Approved' });
let payment: PaymentView = hold();
const main = stubMain({
  getPayment: () => ({ ok: true, value: unchecked({ payment, related: { parent: null, repeats: [] }, operations: [], history: [], checks: [], webhooks: [] }) }),
  // The void's answer lost: main answers with the operation still open, and tells of it.
  voidPayment: () => {
    payment = { ...payment, operationInFlight: true };
    main.tell({ type: 'payments.changed', paymentIds: ['pay-1'] });
    return { ok: true, value: payment };
  },
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
const { useLanguage } = await import('../../renderer/src/i18n');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

/** The hold's detail, Void sent and its answer lost: the dialog says the outcome is unknown. */
async function voidLost(language: 'en' | 'ar' = 'en') {
  act(() => useLanguage.getState().setLanguage(language));
  payment = hold();
  render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
  fireEvent.click(await screen.findByTestId('action-void'));
  fireEvent.click(screen.getByTestId('action-send'));
  await screen.findByTestId('outcome-unknown');
  await waitFor(() => expect(screen.getByTestId('payment-detail').getAttribute('data-state')).toBe('authorised'));
  return screen.getByRole('dialog');
}

/** Paydesk's own check settles it: main tells of the payment's new state. */
function settledByCheck(more: Partial<PaymentView>) {
  payment = { ...payment, ...more, operationInFlight: false };
  act(() => main.tell({ type: 'payments.changed', paymentIds: ['pay-1'] }));
}

describe('an unknown outcome settled while its dialog is open', () => {
  it('says what the check settled, no longer that the outcome is unknown', async () => {
    const dialog = await voidLost();
    settledByCheck({ state: 'voided' });
    await waitFor(() => expect(within(dialog).getByTestId('outcome-settled').textContent).toBe('Paydesk’s own status check has settled it meanwhile: Voided.'));
    expect(within(dialog).queryByText('Outcome unknown')).toBeNull();
    expect(within(dialog).getByRole('alert').textContent).not.toMatch(/may or may not/);
  });

  it('says a void that did not go through as the state it left', async () => {
    const dialog = await voidLost();
    settledByCheck({ state: 'authorised' });
    await waitFor(() => expect(within(dialog).getByTestId('outcome-settled').textContent).toBe('Paydesk’s own status check has settled it meanwhile: Authorised.'));
  });

  it('says it in Arabic', async () => {
    const dialog = await voidLost('ar');
    settledByCheck({ state: 'voided' });
    await waitFor(() => expect(within(dialog).getByTestId('outcome-settled').textContent).toBe('حسمها فحص الحالة الذي يجريه بايدسك في أثناء ذلك: ملغاة.'));
  });

  it('keeps saying the outcome is unknown while the payment has not moved', async () => {
    const dialog = await voidLost();
    expect(within(dialog).queryByTestId('outcome-settled')).toBeNull();
    expect(within(dialog).getByTestId('check-status')).toBeTruthy();
  });
});
