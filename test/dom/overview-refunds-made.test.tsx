// Home's "Refunds made in this period" (docs/overview.md): for the chosen dates, per currency, how
// many refunds were made and their sum with its ISO code; one press opens exactly those refunds
// (the currency's, in those dates), each order reference opens its payment, and the export writes
// them as CSV in the page's time zone. In English and Arabic. Main's answers are stand-ins here;
// what they hold is tested on both ledgers in test/ledger/refunds-made.test.ts.
import { afterAll, afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { stubMain } from '../support/stub-main';
import { localDate, periodsOf } from '../../renderer/src/features/overview/periods';
import { translate } from '../../renderer/src/i18n';

let made = [{ currency: 'KWD', count: 2, amountMinor: 1_568 }, { currency: 'SAR', count: 3, amountMinor: 150_00 }];
const row = (i: number) => ({ at: `2026-12-0${i}T09:00:00.000Z`, id: `op-${i}`, paymentId: `pay-${i}`, orderId: `PD-${i}`, amountMinor: 50_00, currency: 'SAR', reason: 'one item back', osUser: 'huda', profileId: 'practice' });
const main = stubMain({
  getOverview: (input) => {
    const periods = input.periods ?? [];
    return { ok: true, value: { periods: periods.map((p) => ({ ...p, totals: [] })), days: [], byBrand: [], byKind: [], ...(periods.length ? { unpaidLinks: [], needsAttention: 0 } : {}), ...(input.refundsMadeIn ? { refundsMade: made } : {}) } };
  },
  listRefundsMade: (input) => ({ ok: true, value: input.after ? { rows: [row(3)], more: false } : { rows: [row(1), row(2)], more: true } }),
  exportRefundsMade: () => ({ ok: true, value: { fileName: 'paydesk-refunds-made.csv', csv: 'local_day\r\n', rows: 5 } }),
});
const { OverviewSection } = await import('../../renderer/src/features/overview/overview-section');
const { useLanguage } = await import('../../renderer/src/i18n');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useTransactions } = await import('../../renderer/src/features/transactions/transactions-store');
afterEach(() => cleanup());
/** The text as read: direction marks left out, the amount's no-break space as a space. */
const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069\u200e\u200f]/g, '').replace(/[\u00a0\u202f]/g, ' ');
afterAll(() => act(() => useLanguage.getState().setLanguage('en')));

it('shows the chosen dates’ refunds per currency, opens one currency’s list, a payment from it, and exports them', async () => {
  render(<OverviewSection profileId="practice" />);
  const section = await screen.findByTestId('ov-refunds-made');
  // Asked with the figures, for the chosen dates (Home's From and To: the last 30 days at first).
  const asked = main.asked('getOverview').find((i) => i.periods?.length)!;
  expect(asked.refundsMadeIn).toEqual(periodsOf(new Date(), { from: localDate(new Date(Date.now() - 29 * 86_400_000)), to: localDate(new Date()) }).range);
  const lines = within(section).getAllByTestId('ov-made');
  expect(lines.map((b) => plain(b.textContent))).toEqual(['2 refunds · KWD 1.568', '3 refunds · SAR 150.00']);

  fireEvent.click(lines[1]!);
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText('PD-2');
  expect(main.asked('listRefundsMade')[0]).toMatchObject({ ...asked.refundsMadeIn, currency: 'SAR', profileId: 'practice' });
  fireEvent.click(within(dialog).getByRole('button', { name: translate('en', 'ov.made.more') }));
  await within(dialog).findByText('PD-3');
  expect(main.asked('listRefundsMade')[1]!.after).toEqual({ at: row(2).at, id: 'op-2' });
  expect(within(dialog).queryByRole('button', { name: translate('en', 'ov.made.more') })).toBeNull();

  // The line that opened it is said again above the rows (the dialog covers it), and its export
  // writes that currency's refunds: finance asked for last month's SAR refunds and got every
  // currency's before (docs/screens-walks.md).
  expect(plain(within(dialog).getByTestId('ov-made-list-total').textContent)).toBe('3 refunds · SAR 150.00');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Export these SAR refunds (CSV)' }));
  await within(dialog).findByText('5 refunds exported.');
  expect(main.asked('exportRefundsMade')[0]).toEqual({ ...asked.refundsMadeIn, profileId: 'practice', currency: 'SAR', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });

  // An order reference opens its payment in Transactions, the dialog closed.
  fireEvent.click(within(dialog).getByRole('button', { name: 'PD-3' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(useNavigation.getState().screen).toBe('transactions');
  expect(useTransactions.getState().openId).toBe('pay-3');

  // Home's own export, below the lines, still writes every currency's.
  fireEvent.click(screen.getByTestId('ov-made-export'));
  await screen.findByTestId('ov-made-exported');
  expect(main.asked('exportRefundsMade')[1]).toEqual({ ...asked.refundsMadeIn, profileId: 'practice', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
});

it('says when none was made, with no export, and reads in Arabic', async () => {
  act(() => useLanguage.getState().setLanguage('ar'));
  made = [];
  render(<OverviewSection profileId="practice" />);
  const section = await screen.findByTestId('ov-refunds-made');
  expect(within(section).getByRole('heading').textContent).toBe(translate('ar', 'ov.made.title'));
  expect(within(section).getByTestId('ov-made-none').textContent).toBe(translate('ar', 'ov.made.none'));
  expect(within(section).queryByTestId('ov-made-export')).toBeNull();
  made = [{ currency: 'KWD', count: 2, amountMinor: 1_568 }];
  cleanup();
  render(<OverviewSection profileId="practice" />);
  const line = await screen.findByTestId('ov-made');
  // Arabic's dual, the amount with its ISO code after the digits.
  expect(plain(line.textContent)).toBe('استردادان · 1.568 KWD');
});
