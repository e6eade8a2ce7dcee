// The gateway's own error text (its envelope's free English `message`, docs/gateway.md) reaches an
// Arabic reader only after our own Arabic sentence, as a labelled quotation: «رد البوابة
// (بالإنجليزية): «…»» with the words an English, left-to-right element (<bdi dir="ltr" lang="en">).
// Every surface where it can appear (docs/decisions.md, "The gateway's words"):
//   1. the refund, capture and void dialogs (one dialog: the refund here)
//   2. a payment's last error in its detail   3. Needs attention
//   4. the forms' send error (card payment, payment link, checkout session: one SendError)
//   5. a declined payment's reason   6. the check-up's failed call   7. bulk links' rows not created
//   8. the bulk error report's CSV cell   9. notifications (a refund the gateway refused)
// main is a stub; the same refusal from the real practice gateway, in Chromium: test/e2e/gateway-words.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AppEvent } from '../../contract/events';
import type { BulkBatchView } from '../../contract/methods/bulk';
import type { CheckupStep } from '../../contract/methods/checkup';
import type { AppError } from '../../contract/result';
import { appInfo } from '../support/session';
import { cardSale, paymentDetail } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';
import { attentionQueue } from '../support/attention-queue';

const said = 'Refund amount exceeds captured amount';
const label = 'رد البوابة (بالإنجليزية): «';
const refusedReason = { key: 'gateway.operationRefused', values: { operation: 'refund', said } };
const refusal: AppError = { code: 'request_rejected', message: 'The gateway refused the refund.', reason: refusedReason, gateway: { code: 400, message: said, errorCode: 'REFUND_EXCEEDS' } };
const lastErrorReason = { key: 'gateway.request_rejected', values: { said } };

const batch: BulkBatchView = {
  id: 'b1', fileName: 'b1.csv', profileId: 'practice', state: 'done', total: 2, created: 1, failed: 1, unknown: 0, pending: 0,
  createdAt: '2026-11-24T10:00:00.000Z', updatedAt: '2026-11-24T10:05:00.000Z', runner: null,
  rows: [{ line: 2, orderId: 'M-2', amount: '10', currency: 'SAR', customerName: 'Sara', state: 'failed', paymentId: null, problems: [{ column: null, reason: lastErrorReason }] }],
};
let payment = cardSale({ needsAttention: true, attentionReason: 'unsettled', lastError: 'English', lastErrorReason });
let declineReason: string | null = null;
const main = stubMain({
  getPayment: () => ({ ok: true, value: unchecked({ ...paymentDetail(payment), declineReason }) }),
  searchPayments: () => ({ ok: true, value: unchecked({ total: 1, rows: [payment] }) }),
  listNeedsAttention: attentionQueue(() => [payment]),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
  refundPayment: () => ({ ok: false, error: refusal }),
  listBulkBatches: () => ({ ok: true, value: [batch] }),
  getBulkBatch: () => ({ ok: true, value: batch }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
const { AttentionScreen } = await import('../../renderer/src/features/transactions/attention-screen');
const { SendError } = await import('../../renderer/src/features/get-paid/form-kit');
const { StepRow } = await import('../../renderer/src/features/checkup/step-row');
const { BulkScreen } = await import('../../renderer/src/features/get-paid/bulk-screen');
const { reportWording } = await import('../../renderer/src/features/get-paid/bulk-file');
const { Notifications } = await import('../../renderer/src/app/notifications');
const { useLanguage } = await import('../../renderer/src/i18n');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });

const arabic = () => act(() => useLanguage.getState().setLanguage('ar'));
afterEach(() => {
  cleanup();
  declineReason = null;
  act(() => useLanguage.getState().setLanguage('en'));
});

/**
 * The line reads Arabic first (our sentence, `sentence`), then the label, then the gateway's words
 * in their own English, left-to-right element; the English is nowhere else on the line.
 */
function expectQuoted(line: Element, sentence: string) {
  const text = line.textContent ?? '';
  expect(text).toContain(sentence);
  expect(text.indexOf(sentence)).toBeLessThan(text.indexOf(label));
  const quote = line.querySelector('bdi[dir="ltr"][lang="en"]');
  expect(quote?.textContent).toBe(`\u2068${said}\u2069`);
  expect(text.replace(quote!.textContent!, '')).not.toMatch(/Refund amount|exceeds/);
  expect(text.slice(text.indexOf(label) + label.length)).toMatch(/^\u2068Refund amount exceeds captured amount\u2069»\.?/);
}

describe('in Arabic, the gateway’s words are a labelled English quotation after our sentence', () => {
  it('1. in the refund dialog the gateway refused', async () => {
    payment = cardSale();
    arabic();
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    fireEvent.click(await screen.findByTestId('action-refund'));
    const dialog = screen.getByTestId('action-dialog');
    fireEvent.change(dialog.querySelector('#action-amount')!, { target: { value: '10' } });
    fireEvent.change(dialog.querySelector('#action-reason')!, { target: { value: 'Returned' } });
    fireEvent.click(within(dialog).getByTestId('action-send'));
    const alert = await within(dialog).findByRole('alert');
    expectQuoted(alert, 'رفضت البوابة عملية استرداد: ربما تغيّرت الدفعة لدى البوابة');
    expect(main.calls.some((c) => c.name === 'refundPayment')).toBe(true);
  });

  it('2. in a payment’s last error', async () => {
    payment = cardSale({ needsAttention: true, attentionReason: 'unsettled', lastError: 'English', lastErrorReason });
    arabic();
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    expectQuoted(await screen.findByTestId('detail-last-error'), 'رفضت البوابة الطلب.');
  });

  it('3. in Needs attention', async () => {
    payment = cardSale({ needsAttention: true, attentionReason: 'unsettled', lastError: 'English', lastErrorReason });
    arabic();
    render(<AttentionScreen />);
    expectQuoted(await screen.findByTestId('attention-DOC-1'), 'رفضت البوابة الطلب.');
  });

  it('4. in a form’s send error (a card payment, a payment link, a checkout session)', () => {
    arabic();
    render(<SendError error={{ code: 'request_rejected', message: 'English', reason: lastErrorReason }} />);
    expectQuoted(screen.getByTestId('send-error'), 'رفضت البوابة الطلب.');
  });

  it('5. beside a declined payment, its row labelled as the gateway’s English words', async () => {
    payment = cardSale({ state: 'declined', capturedMinor: 0 });
    declineReason = said;
    arabic();
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    const reason = await screen.findByTestId('decline-reason');
    expect(reason.getAttribute('dir')).toBe('ltr');
    expect(reason.getAttribute('lang')).toBe('en');
    expect(reason.closest('dd')?.previousElementSibling?.textContent).toBe('السبب كما ذكرته البوابة (بالإنجليزية)');
  });

  it('6. in the check-up’s failed call: the error worded, the gateway’s code and words labelled', () => {
    arabic();
    const step = { key: 'partial_refund', state: 'failed', orderIds: [], answers: [], findings: [{ code: 'call_failed', severity: 'failed', params: { call: 'refund', error: 'request_rejected', gatewayCode: 'REFUND_EXCEEDS', said } }] } as unknown as CheckupStep;
    render(<ol><StepRow step={step} number={1} /></ol>);
    const finding = screen.getByTestId('checkup-finding');
    expectQuoted(finding, 'لم يتم الاسترداد. رفضت البوابة الطلب.');
    expect(finding.textContent).not.toContain('request_rejected');
    expect(finding.textContent).toContain('رمز البوابة: \u2066REFUND_EXCEEDS\u2069.');
  });

  it('7. in bulk links’ rows not created', async () => {
    arabic();
    render(<BulkScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'فتح المجموعة b1.csv' }));
    const problems = await screen.findByTestId('bulk-row-problems');
    expectQuoted(problems.querySelector('li')!, 'رفضت البوابة الطلب.');
  });

  it('8. in the bulk error report’s CSV cell: our sentence, then the label and the quotation', () => {
    const cell = reportWording('ar', batch)['2']!;
    expect(cell).toBe(`رفضت البوابة الطلب. صحّحه وحاول مجددًا. ${label}\u2068${said}\u2069».`);
  });

  it('9. in a notification of a refund the gateway refused', async () => {
    arabic();
    render(<Notifications />);
    main.tell({ type: 'notification', seq: 1, level: 'error', message: 'A refund on DOC-1 failed.', reason: { key: 'notify.refundFailed', values: { orderId: 'DOC-1', said } } } as AppEvent);
    await waitFor(() => expect(screen.getByTestId('notifications').querySelector('p')).not.toBeNull());
    expectQuoted(screen.getByTestId('notifications').querySelector('p')!, 'فشل استرداد على');
  });
});
