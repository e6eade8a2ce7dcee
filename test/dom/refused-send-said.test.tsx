// A Send refused by the form's own check, pressed from the very field that is wrong (walk18, with a
// screen reader): the refund's amount 999 with SAR 80.00 left, Enter in the amount. The keyboard
// "went" to the field it was already in, so nothing was read: the message under it was only drawn.
// Now the message is said in the page's one polite live region (ui/announce.ts); focus moving to
// another field reads that field's message with it, so then nothing is said twice. main is a stub.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { cardSale } from '../support/payment-view';
import { stubMain } from '../support/stub-main';

const payment = cardSale();
const { calls } = stubMain({});
const { ActionDialog } = await import('../../renderer/src/features/transactions/action-dialog');
const { useLanguage } = await import('../../renderer/src/i18n');

afterEach(() => {
  cleanup();
  document.getElementById('paydesk-announcer')?.remove();
  act(() => useLanguage.getState().setLanguage('en'));
});

const said = () => document.querySelector('[role="status"][data-testid="announcer"]')?.textContent ?? '';

describe.each([
  ['en', /^Amount/, /^Reason/, /^At most SAR\s80\.00 is left\.$/],
  ['ar', /^المبلغ/, /^السبب/, /^المتبقي .*80\.00.*SAR.* كحد أقصى\.$/],
] as const)('a refund refused by its own check, in %s', (language, amountLabel, reasonLabel, tooMuch) => {
  it('says the amount’s message when Enter is pressed in the amount itself, and nothing when the keyboard moves to it', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<ActionDialog kind="refund" payment={payment} remainingMinor={payment.amountMinor} onDone={() => undefined} onClose={() => undefined} />);
    const amount = screen.getByLabelText(amountLabel);
    fireEvent.change(amount, { target: { value: '999' } });
    fireEvent.change(screen.getByLabelText(reasonLabel), { target: { value: 'Returned' } });
    amount.focus();
    fireEvent.submit(amount.closest('form')!);
    await waitFor(() => expect(said()).toMatch(tooMuch));
    expect(document.activeElement).toBe(amount);
    expect(calls.filter((c) => c.name === 'refundPayment')).toHaveLength(0);

    // From the reason, the keyboard goes to the amount, which reads its message itself: not said again.
    document.getElementById('paydesk-announcer')!.textContent = '';
    screen.getByLabelText(reasonLabel).focus();
    fireEvent.submit(amount.closest('form')!);
    await waitFor(() => expect(document.activeElement).toBe(amount));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(said()).toBe('');
  });
});
