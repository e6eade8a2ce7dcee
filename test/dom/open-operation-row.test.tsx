// A payment's row in the transactions list names the operation open on it, beside its state's
// badge: "Paid · refund unclear" (its answer lost, the amount in the hover text) or "Authorised ·
// capture being sent", in English and Arabic, where it said "checking" alone and support could not
// tell a refund was in doubt without opening the payment. What a screen reader reads in the row's
// state cell is the same words.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { appInfo } from '../support/session';
import { paymentView } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';

const rows = [
  paymentView({ id: 'LOST-1', orderId: 'LOST-1', amountMinor: 10_000, capturedMinor: 10_000, operationInFlight: true, openOperation: { kind: 'refund', outcome: 'unknown', amountMinor: 5_000 } }),
  paymentView({ id: 'SENDING-1', orderId: 'SENDING-1', state: 'authorised', capturedMinor: 0, operationInFlight: true, openOperation: { kind: 'capture', outcome: 'sending', amountMinor: 1_000 } }),
  paymentView({ id: 'VOID-1', orderId: 'VOID-1', state: 'authorised', capturedMinor: 0, operationInFlight: true, openOperation: { kind: 'void', outcome: 'unknown', amountMinor: null } }),
  paymentView({ id: 'QUIET-1', orderId: 'QUIET-1' }),
];
stubMain({
  searchPayments: () => ({ ok: true, value: unchecked({ total: rows.length, totalExact: true, rows }) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { TransactionsScreen } = await import('../../renderer/src/features/transactions/transactions-screen');
const { useLanguage } = await import('../../renderer/src/i18n');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069]/g, '').replace(/\s+/g, ' ').trim();
/** The row's state cell as a screen reader reads it (its text), and its hover text. */
const stateCell = (orderId: string) => {
  const cell = within(screen.getByTestId(`tx-row-${orderId}`)).getAllByRole('gridcell')[4]!;
  return { read: plain(cell.textContent), hover: plain(cell.querySelector('.in-flight')?.getAttribute('title') ?? null) };
};

describe.each([
  ['en', { lost: 'Paid refund unclear', sending: 'Authorised capture being sent', voided: 'Authorised void unclear', quiet: 'Paid', hover: /^Refund of SAR 50\.00 sent, answer not received; checking$/ }],
  ['ar', { lost: 'مدفوعة استرداد غير مؤكد', sending: 'مفوَّضة جارٍ إرسال التحصيل', voided: 'مفوَّضة إلغاء تفويض غير مؤكد', quiet: 'مدفوعة', hover: /^أُرسل استرداد .*50\.00.*، ولم يصل الرد؛ جارٍ الفحص$/ }],
] as const)('the list\'s row in %s', (language, said) => {
  it('names the open operation, whether it is being sent or unclear, and the unclear one\'s amount on hover', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<TransactionsScreen />);
    await screen.findByTestId('tx-row-LOST-1');
    expect(stateCell('LOST-1').read).toBe(said.lost);
    expect(stateCell('LOST-1').hover).toMatch(said.hover);
    expect(stateCell('SENDING-1')).toEqual({ read: said.sending, hover: '' });
    expect(stateCell('VOID-1').read).toBe(said.voided);
    expect(stateCell('QUIET-1')).toEqual({ read: said.quiet, hover: '' });
  });
});
