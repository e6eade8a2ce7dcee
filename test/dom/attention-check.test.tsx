// Needs attention's own "Check status now": a support agent checks each row where it is (it took
// Open, the check in the payment's detail, and Alt+6 back, for each), pressing twice asks the
// gateway once, the settled row leaves the list with a line naming it (English and Arabic), and the
// keyboard goes on to the next row, then to "Nothing needs attention.", never to the page's start.
import { afterEach, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { paymentView } from '../support/payment-view';
import { stubMain } from '../support/stub-main';
import { attentionQueue } from '../support/attention-queue';
import type { PaymentView } from '../../contract/methods/payments';

const lostRefund = paymentView({ id: 'LOST-1', orderId: 'LOST-1', operationInFlight: true });
const lostCapture = paymentView({ id: 'LOST-2', orderId: 'LOST-2', state: 'authorised', capturedMinor: 0, operationInFlight: true, createdAt: '2026-11-23T11:00:00.000Z' });
const byHand = paymentView({ id: 'HAND-1', orderId: 'HAND-1', operationInFlight: true, needsAttention: true, attentionReason: 'undecidable', createdAt: '2026-11-23T12:00:00.000Z' });
const operation = (kind: 'refund' | 'capture') => ({ kind, amountMinor: 1_000, sentAt: '2026-11-29T08:00:00.000Z' });

let unclearRows: Array<{ payment: PaymentView; operation: ReturnType<typeof operation> }> = [];
let flagged: PaymentView[] = [];
let answer: (view: PaymentView) => void = () => {};
const main = stubMain({
  listNeedsAttention: attentionQueue(() => [...flagged, ...unclearRows]),
  // Held until the test answers: the presses while it asks are what is under test.
  checkPaymentStatus: () => new Promise((resolve) => (answer = (view) => resolve({ ok: true, value: view }))),
});
const { AttentionScreen } = await import('../../renderer/src/features/transactions/attention-screen');
const { useLanguage } = await import('../../renderer/src/i18n');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u2066-\u2069]/g, '').replace(/\u00a0/g, ' ');
const checkButton = (orderId: string) => within(screen.getByTestId(`attention-${orderId}`)).getByRole('button', { name: 'Check status now' });

/** Answers the check under way with `view`; main has settled the payment by then, as its event then says. */
async function settle(view: PaymentView) {
  unclearRows = unclearRows.filter((row) => row.payment.id !== view.id);
  await act(async () => answer(view));
}

it('checks a row where it is, once however often it is pressed, and keeps the keyboard in the list as rows leave', async () => {
  unclearRows = [{ payment: lostRefund, operation: operation('refund') }, { payment: lostCapture, operation: operation('capture') }];
  flagged = [byHand];
  render(<AttentionScreen />);
  await screen.findByTestId('attention-LOST-1');
  // The row a check cannot decide is settled by hand, from its detail: Open only.
  expect(within(screen.getByTestId('attention-HAND-1')).getAllByRole('button').map((b) => b.textContent)).toEqual(['Open']);
  // Each button is told apart by its row's order id.
  expect(checkButton('LOST-1').getAttribute('aria-describedby')).toBe(screen.getByText('LOST-1', { selector: 'bdi' }).closest('td')!.id);

  const first = checkButton('LOST-1');
  first.focus();
  fireEvent.click(first);
  fireEvent.click(first); // a double click
  fireEvent.click(first); // and Enter held
  await waitFor(() => expect(first.textContent).toBe('Checking…'));
  expect(first.getAttribute('aria-disabled')).toBe('true');
  expect(document.activeElement).toBe(first); // aria-disabled, not disabled: the keyboard stays
  expect(main.asked('checkPaymentStatus')).toEqual([{ paymentId: 'LOST-1' }]);

  await settle({ ...lostRefund, state: 'refunded', refundedMinor: 1_000, operationInFlight: false });
  await waitFor(() => expect(screen.queryByTestId('attention-LOST-1')).toBeNull());
  expect(plain(screen.getByTestId('attention-checked').textContent)).toBe('Checked LOST-1. Settled: Refunded.');
  act(() => useLanguage.getState().setLanguage('ar'));
  expect(plain(screen.getByTestId('attention-checked').textContent)).toBe('فُحص الطلب LOST-1. استقرت: مستردة.');
  act(() => useLanguage.getState().setLanguage('en'));
  // The keyboard is on the row that took its place, not the page's start.
  await waitFor(() => expect(document.activeElement).toBe(checkButton('LOST-2')));

  fireEvent.click(checkButton('LOST-2'));
  await settle({ ...lostCapture, state: 'paid', capturedMinor: 1_000, operationInFlight: false });
  await waitFor(() => expect(screen.queryByTestId('attention-LOST-2')).toBeNull());
  await waitFor(() => expect(document.activeElement?.textContent).toBe('Open'));
  expect(document.activeElement?.closest('tr')?.dataset.testid).toBe('attention-HAND-1');
  expect(main.asked('checkPaymentStatus')).toEqual([{ paymentId: 'LOST-1' }, { paymentId: 'LOST-2' }]);
});

it('goes to "Nothing needs attention." once the last row is settled', async () => {
  main.calls.length = 0;
  unclearRows = [{ payment: lostRefund, operation: operation('refund') }];
  flagged = [];
  render(<AttentionScreen />);
  const button = await screen.findByRole('button', { name: 'Check status now' });
  button.focus();
  fireEvent.click(button);
  await settle({ ...lostRefund, state: 'refunded', refundedMinor: 1_000, operationInFlight: false });
  await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('attention-empty')));
  expect(document.activeElement?.textContent).toBe('Nothing needs attention.');
});

it('says a failed check with the row named, and keeps the row to check again', async () => {
  main.calls.length = 0;
  unclearRows = [{ payment: lostRefund, operation: operation('refund') }];
  flagged = [];
  render(<AttentionScreen />);
  const button = await screen.findByRole('button', { name: 'Check status now' });
  fireEvent.click(button);
  await act(async () => answer({ ...lostRefund }));
  await waitFor(() => expect(plain(screen.getByTestId('attention-checked').textContent)).toBe('Checked LOST-1. The gateway has not settled it yet; Paydesk keeps checking.'));
  expect(screen.getByTestId('attention-LOST-1')).toBeTruthy();
  fireEvent.click(checkButton('LOST-1'));
  expect(main.asked('checkPaymentStatus')).toHaveLength(2); // a new press after the answer asks again
});
