// A refund the gateway refuses, in its dialog: the refusal is said there and the keyboard is back on
// Send, so trying again is one press. Found by the day's walk (2026-11-29, support in Arabic at 800 px):
// Send is disabled while it sends, Chromium dropped the keyboard to the page's body, and a keyboard
// user was left outside the dialog with its refusal. main is a stub here.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { appInfo } from '../support/session';
import { cardSale } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';
import type { PaymentView } from '../../contract/methods/payments';

let payment: PaymentView = cardSale();
let refusals = 1;
stubMain({
  getPayment: () => ({ ok: true, value: unchecked({ payment, related: { parent: null, repeats: [] }, operations: [], history: [], checks: [], webhooks: [] }) }),
  refundPayment: () => {
    // Chromium drops the focus of a button disabled while it sends (jsdom keeps it): as Chromium does.
    (document.activeElement as HTMLElement | null)?.blur();
    if (refusals-- > 0) return { ok: false, error: { code: 'gateway_error', message: 'The gateway refused the refund. Gateway\u2019s words (in English): \u201cPractice fault: error envelope\u201d.' } };
    payment = { ...payment, refundedMinor: 2_000 };
    return unchecked({ ok: true, value: payment });
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

describe('a refund the gateway refuses once', () => {
  it('says so in the dialog with the keyboard back on Send, and the second press refunds', async () => {
    act(() => useLanguage.getState().setLanguage('ar'));
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    fireEvent.click(await screen.findByTestId('action-refund'));
    fireEvent.change(screen.getByLabelText(/^المبلغ/), { target: { value: '٢٠' } });
    fireEvent.change(screen.getByLabelText(/^السبب/), { target: { value: 'إرجاع جزء من الخدمة' } });
    const send = screen.getByTestId('action-send');
    send.focus();
    fireEvent.submit(send.closest('form')!);
    expect((await screen.findByRole('alert')).textContent).toBe('أبلغت البوابة عن خطأ.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('action-send')));

    fireEvent.submit(screen.getByTestId('action-send').closest('form')!); // try again: one press
    await waitFor(() => expect(screen.queryByTestId('action-dialog')).toBeNull());
  });
});
