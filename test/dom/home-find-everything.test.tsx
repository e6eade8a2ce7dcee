// Home's "Find a payment" searches every payment: filters left on the list by an earlier visit (a
// figure of "Money at a glance" sets a currency, dates and "only payments that took money", folded
// under "More filters") must not hide what was typed. The text becomes the list's only filter.
import { afterEach, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { PaymentFilter } from '../../contract/methods/payments';
import type { ProfileView } from '../../contract/methods/profiles';
import { appInfo } from '../support/session';
import type { PaymentView } from '../../contract/methods/payments';
import { paymentDetail, paymentView } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';

const row = (id: string, name: string, currency: PaymentView['currency'], capturedMinor: number) =>
  paymentView({ id, orderId: `ORD-${id}`, currency, customer: { name, email: null, phone: null }, transactionId: `tx-${id}`, state: capturedMinor ? 'paid' : 'pending', capturedMinor });
const all = [row('1', 'Dan Decimal', 'KWD', 1_000), row('2', 'Sara', 'USD', 15_060), row('3', 'Omar', 'USD', 0)];
const matches = (p: (typeof all)[number], f: PaymentFilter) =>
  (!f.query || `${p.orderId} ${p.customer.name}`.toLowerCase().includes(f.query.toLowerCase()))
  && (!f.currency || p.currency === f.currency)
  && (!f.withCaptured || p.capturedMinor > 0);
const main = stubMain({
  searchPayments: ({ filter = {} }) => {
    const rows = all.filter((p) => matches(p, filter));
    return { ok: true, value: unchecked({ total: rows.length, rows }) };
  },
  getPayment: ({ paymentId }) => ({ ok: true, value: unchecked(paymentDetail(all.find((p) => p.id === paymentId))) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const practice = { id: 'practice', name: 'Practice', environment: 'practice', baseUrl: 'http://127.0.0.1:9/api/v1', defaultCurrency: 'SAR', key: { configured: true, lastFour: 'abcd' }, pathOverrides: {}, successUrl: null, failureUrl: null } as unknown as ProfileView;
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null), profile: practice });
const { HomeScreen } = await import('../../renderer/src/features/home/home-screen');
const { TransactionsScreen } = await import('../../renderer/src/features/transactions/transactions-screen');
const { showPayments } = await import('../../renderer/src/features/overview/overview-store');
const { useTransactions } = await import('../../renderer/src/features/transactions/transactions-store');

afterEach(cleanup);

const findFromHome = async (text: string) => {
  render(<HomeScreen />);
  fireEvent.change(screen.getByTestId('home-find'), { target: { value: text } });
  fireEvent.submit(screen.getByTestId('home-find').closest('form')!);
  await main.settled(); // findPayment's own search, and Home's figures, answered before Home goes
  cleanup();
  render(<TransactionsScreen />);
};

it('finds a payment that an overview figure’s leftover filters would hide, and opens it', async () => {
  // A figure of "Money at a glance" opened the list: US dollars, dates, only payments that took money.
  showPayments({ currency: 'USD', withCaptured: true, from: '2026-11-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z' }, () => {});
  await findFromHome('Dan Decimal');
  await screen.findByText('1 payment');
  await screen.findByTestId('tx-row-ORD-1');
  await screen.findByRole('heading', { name: 'ORD-1' }); // the one match is open
  expect(screen.queryByTestId('detail-not-in-list')).toBeNull();
  expect(screen.queryByTestId('overview-filter-note')).toBeNull(); // "Only payments that took money" is gone
  expect(screen.getByTestId('more-filters').textContent).toBe('More filters');
  expect(useTransactions.getState().filter).toEqual({ query: 'Dan Decimal' });
  expect(main.asked('searchPayments').at(-1)?.filter).toEqual({ query: 'Dan Decimal' });
  await main.settled();
});

it('finds every order matching the text, whatever the list showed before', async () => {
  useTransactions.getState().setFilter({ currency: 'USD', withCaptured: true });
  await findFromHome('ORD');
  await screen.findByText('3 payments');
  await main.settled();
});
