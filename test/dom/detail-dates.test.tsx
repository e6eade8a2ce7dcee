// A payment's detail writes its moments (created, last checked, a repeat charge's, every entry of
// "What happened") as the lists, the audit log, backups and exports write one: 29/11/2026 13:05;
// Arabic 29‏/11‏/2026 1:05 م (RowMoment). The detail and its history said "29 Nov 2026, 13:05" beside the
// list's 29/11/2026 13:05 for the same payment, and in Arabic "29‏/11‏/2026، 1:05 م" with a comma the
// list has not: support reading a refund's moment against the audit log or a CSV saw two styles.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { appInfo } from '../support/session';
import { cardSale, paymentDetail } from '../support/payment-view';
import { rowMomentText } from '../support/row-moment-text';
import { stubMain, unchecked } from '../support/stub-main';

// Afternoon moments in the computer's zone (13:05 and the like), whichever zone runs the test.
const created = new Date(2026, 10, 29, 13, 5).toISOString();
const refunded = new Date(2026, 10, 29, 14, 40).toISOString();
const checked = new Date(2026, 10, 30, 9, 2).toISOString();
const repeated = new Date(2026, 11, 1, 8, 0).toISOString();
const payment = cardSale({ createdAt: created, lastCheckedAt: checked, refundedMinor: 2_000, state: 'partially_refunded' });
const refund = {
  id: 'op-1', kind: 'refund', amountMinor: 2_000, reason: 'Returned', osUser: 'root', person: null, outcome: 'succeeded', errorCode: null, errorMessage: null,
  gatewayAnswer: null, createdAt: refunded, completedAt: refunded,
};
const repeat = { ...cardSale({ id: 'pay-2', orderId: 'DOC-2', createdAt: repeated, parentPaymentId: 'pay-1' }) };
stubMain({
  getPayment: () => ({ ok: true, value: unchecked({ ...paymentDetail(payment), operations: [refund], webhooks: [{ receivedAt: checked, duplicate: false, statusWord: 'REFUNDED', type: 'Refund' }], related: { parent: null, repeats: [repeat] } }) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
const { useLanguage } = await import('../../renderer/src/i18n');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});


describe.each([
  ['en', '29/11/2026 13:05'],
  ['ar', '29\u200F/11\u200F/2026 1:05 م'],
] as const)('a payment\'s moments in %s', (language, createdWords) => {
  it('are written as the transactions list writes them, in the facts, the repeat charges and every entry of its history', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    expect(await rowMomentText(created)).toBe(createdWords);
    render(<PaymentDetailPanel paymentId={payment.id} onClose={() => undefined} />);
    const detail = await screen.findByTestId('payment-detail');
    expect(screen.getByTestId('detail-created').textContent).toBe(createdWords);
    expect(screen.getByTestId('detail-last-checked').textContent).toBe(await rowMomentText(checked));
    expect(screen.getByTestId('related-payments').querySelector('.row-moment')!.textContent).toBe(await rowMomentText(repeated));
    const times = [...detail.querySelectorAll('.timeline time')].map((time) => time.textContent);
    expect(times).toEqual([await rowMomentText(refunded), await rowMomentText(checked)]);
    // No month's name, no comma between the day and the time: one way, in both languages.
    expect(detail.textContent).not.toMatch(/Nov|Dec|نوفمبر|ديسمبر|2026(,|،) /);
  });
});
