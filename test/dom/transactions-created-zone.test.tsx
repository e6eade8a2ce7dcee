// The Transactions list's times are the computer's wall time: on a London laptop a Riyadh business's
// sale made at 00:10 on 3 December reads "02/12/2026 21:10" beside its order id PD-20261203-…, and
// the "Created" heading said nothing of whose time it was (walk27). It names the zone now, as the
// audit log's "When" does (audit-when-zone.test.tsx), in English and Arabic; so does Needs
// attention's table, whose Created column shows the same times. main is a stub here.
import { afterAll, afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { stubMain } from '../support/stub-main';
import { paymentView } from '../support/payment-view';
import { attentionQueue } from '../support/attention-queue';

const zone = process.env.TZ;
process.env.TZ = 'America/New_York'; // Node re-reads the zone when TZ is assigned
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

const unsure = paymentView({ id: 'UNSURE-1', orderId: 'UNSURE-1', transactionId: null, state: 'unknown', capturedMinor: 0, needsAttention: true, attentionReason: 'unsettled' });
stubMain({ searchPayments: () => ({ ok: true, value: { total: 0, totalExact: true, rows: [] } }), listNeedsAttention: attentionQueue(() => [unsure]) });
const { PaymentList } = await import('../../renderer/src/features/transactions/payment-list');
const { AttentionScreen } = await import('../../renderer/src/features/transactions/attention-screen');
const { useLanguage } = await import('../../renderer/src/i18n');
const { warmFormatters } = await import('../../renderer/src/i18n/format');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

it('keeps the zone\'s line empty until Intl is warmed (a list start pays no Intl before its rows), then names it in place', async () => {
  render(<PaymentList />);
  const zoneLine = () => screen.getAllByRole('columnheader')[0]!.querySelector('.tx-zone')!.textContent!.replace(/[\u2066-\u2069\u200b]/g, '');
  expect(zoneLine()).toBe('\u00a0');
  act(() => warmFormatters('en')); // as the page does in its first idle moment (i18n/format.ts)
  await waitFor(() => expect(zoneLine()).toBe('America/New_York time'));
});

it.each([['en', 'Created', 'America/New_York time'], ['ar', 'تاريخ الإنشاء', 'بتوقيت America/New_York']] as const)('names the time zone of the Created column in %s', (language, word, zoneWords) => {
  act(() => useLanguage.getState().setLanguage(language));
  render(<PaymentList />);
  const heading = screen.getAllByRole('columnheader')[0]!;
  expect(heading.textContent!.replace(/[\u2066-\u2069\u200b]/g, '')).toBe(`${word} ${zoneWords}`);
  expect(heading.querySelector('.tx-zone')!.textContent!.replace(/[\u2066-\u2069\u200b]/g, '')).toBe(zoneWords);
});

it('names it in Needs attention\'s Created column too, where a payment is found by when it was made', async () => {
  render(<AttentionScreen />);
  await screen.findByRole('button', { name: 'Open' });
  const heading = screen.getAllByRole('columnheader')[0]!;
  expect(heading.textContent!.replace(/[\u2066-\u2069\u200b]/g, '')).toBe('Created America/New_York time');
});
