// Needs attention lists a refund whose answer was lost at once, saying what was sent (in English
// and Arabic), and drops it by itself when main says the payments changed and it is settled.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { paymentView } from '../support/payment-view';
import { stubMain } from '../support/stub-main';
import { attentionQueue } from '../support/attention-queue';

const lost = paymentView({ id: 'LOST-1', orderId: 'LOST-1', operationInFlight: true, lastError: 'The connection to the gateway was lost.' });
let unclearRows = [{ payment: lost, operation: { kind: 'refund' as const, amountMinor: 5_000, sentAt: '2026-11-29T08:00:00.000Z' } }];
const main = stubMain({
  listNeedsAttention: attentionQueue(() => unclearRows),
});
const { AttentionScreen } = await import('../../renderer/src/features/transactions/attention-screen');
const { useLanguage } = await import('../../renderer/src/i18n');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

const why = (testId: string) => screen.getByTestId(testId).querySelectorAll('td')[4]!.textContent!.replace(/[\u2066-\u2069]/g, '');

it('says what was sent and that Paydesk is checking, before any check flags it', async () => {
  render(<AttentionScreen />);
  await screen.findByTestId('attention-LOST-1');
  expect(why('attention-LOST-1')).toBe('Refund of SAR\u00a050.00 sent, answer not received; checking');
  act(() => useLanguage.getState().setLanguage('ar'));
  expect(why('attention-LOST-1')).toMatch(/^أُرسل استرداد .*50\.00.*، ولم يصل الرد؛ جارٍ الفحص$/);
});

it('drops the payment by itself once its outcome is known', async () => {
  render(<AttentionScreen />);
  await screen.findByTestId('attention-LOST-1');
  unclearRows = [];
  main.tell({ type: 'payments.changed', paymentIds: ['LOST-1'] });
  await waitFor(() => expect(screen.getByTestId('attention-empty').textContent).toBe('Nothing needs attention.'));
});
