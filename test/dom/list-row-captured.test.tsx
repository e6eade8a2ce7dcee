// A card payment captured in part says under its amount what was captured, in English and Arabic,
// so a day's rows add up to Home's "Captured" (walk17, docs/screens-walks.md: the rows showed only
// the authorised amount, and added to more). A paid sale says nothing more; a refund's line, when
// there is one, is the line under the amount (the row holds one). main is a stub.
import { expect, it } from 'vitest';
import { act } from 'react';
import { render, screen } from '@testing-library/react';
import { paymentView } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';
import { practice } from '../support/two-profiles';

const rows = [
  paymentView({ id: 'A', orderId: 'HELD-PART', amountMinor: 50_000, currency: 'KWD', capturedMinor: 20_500, state: 'partially_captured', authOnly: true }),
  paymentView({ id: 'B', orderId: 'SALE-PAID' }),
  paymentView({ id: 'C', orderId: 'PART-REFUNDED', amountMinor: 9_000, capturedMinor: 6_000, refundedMinor: 1_000, state: 'partially_refunded', authOnly: true }),
  paymentView({ id: 'D', orderId: 'HELD-WHOLE', amountMinor: 7_000, capturedMinor: 0, state: 'authorised', authOnly: true }),
];
stubMain({
  listProfiles: () => ({ ok: true, value: unchecked({ profiles: [practice], activeId: 'practice' }) }),
  searchPayments: () => ({ ok: true, value: unchecked({ total: rows.length, rows }) }),
});
const { PaymentList } = await import('../../renderer/src/features/transactions/payment-list');
const { useTransactions } = await import('../../renderer/src/features/transactions/transactions-store');
const { useLanguage } = await import('../../renderer/src/i18n');

const amountCell = (order: string) => screen.getByTestId(`tx-row-${order}`).querySelector('.num')!.textContent!.replace(/[\u2066-\u2069\u200e\u200f]/g, '').replace(/\u00a0/g, ' ');

it('says what part of an authorisation was captured, and nothing more of a paid sale or one held whole', async () => {
  await act(() => useTransactions.getState().reload());
  render(<PaymentList />);
  await screen.findByTestId('tx-row-HELD-PART');
  expect(amountCell('HELD-PART')).toBe('KWD 50.000(KWD 20.500 captured)');
  expect(amountCell('SALE-PAID')).toBe('SAR 10.00');
  expect(amountCell('HELD-WHOLE')).toBe('SAR 70.00');
  expect(amountCell('PART-REFUNDED')).toBe('SAR 90.00(SAR 10.00 refunded)');
  act(() => useLanguage.getState().setLanguage('ar'));
  expect(amountCell('HELD-PART')).toContain('(حُصّل');
  expect(amountCell('HELD-PART')).toContain('20.500');
  act(() => useLanguage.getState().setLanguage('en'));
});
