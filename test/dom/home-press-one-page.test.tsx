// A press that opens the transactions list (Home's held lines, figures and "Find a payment"; a
// payment opened from Needs attention, Home's refunds made, a link or a sale's result) asks main for
// the list's first page once: the press asks for it and the visit shows that answer. It used to be
// asked at the press and again as the visit began, the first answer thrown away. What the second
// call guarded still holds: a change main announces before the visit makes it ask again, and an
// answer for an earlier press is never drawn. main is a recording stub; the screens are chosen as
// the navigation does.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { AppEvent } from '../../contract/events';
import type { PaymentFilter, PaymentView } from '../../contract/methods/payments';
import { appInfo, practiceProfile } from '../support/session';
import { paymentDetail, paymentView } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';
import { overviewAnswer } from '../support/overview-answer';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
const all: PaymentView[] = [
  paymentView({ id: 'p1', orderId: 'ORD-HELD', state: 'authorised', capturedMinor: 0, customer: { name: 'Huda', email: null, phone: null } }),
  paymentView({ id: 'p2', orderId: 'ORD-PAID', state: 'paid', capturedMinor: 1500, customer: { name: 'Sara', email: null, phone: null } }),
];
const matches = (p: PaymentView, f: PaymentFilter) =>
  (!f.query || `${p.orderId} ${p.customer.name}`.toLowerCase().includes(f.query.toLowerCase())) && (!f.states || f.states.includes(p.state)) && (!f.withCaptured || p.capturedMinor > 0);
/** An answer held back until the test lets it go. */
let holdNext: Promise<void> | undefined;
const main = stubMain({
  getOverview: (input) => overviewAnswer(input, [{ currency: 'SAR', grossMinor: 1500, refundedMinor: 0, netMinor: 1500, paidCount: 1, refundCount: 0 }], { unpaidLinks: [], needsAttention: 0, authorised: [{ currency: 'SAR', count: 1, amountMinor: 1500, oldestAt: daysAgo(6) }] }),
  searchPayments: async ({ filter = {} }) => {
    const held = holdNext;
    holdNext = undefined;
    if (held) await held;
    const rows = all.filter((p) => matches(p, filter));
    return { ok: true, value: unchecked({ total: rows.length, totalExact: true, rows }) };
  },
  getPayment: ({ paymentId }) => ({ ok: true, value: unchecked(paymentDetail(all.find((p) => p.id === paymentId))) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { useSession } = await import('../../renderer/src/app/session-store');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
await import('../../renderer/src/app/screens'); // each screen's data asked as it is chosen
const { useTransactions } = await import('../../renderer/src/features/transactions/transactions-store');
const { HomeScreen } = await import('../../renderer/src/features/home/home-screen');
const { TransactionsScreen } = await import('../../renderer/src/features/transactions/transactions-screen');
const { showPayment, findPayment } = await import('../../renderer/src/features/transactions/find-payment');

const searches = () => main.asked('searchPayments');
const go = (name: string) => useNavigation.getState().go(name);

async function onHome() {
  cleanup();
  act(() => go('home'));
  render(<HomeScreen />);
  await screen.findByTestId('held-task-SAR');
  await main.settled();
  main.calls.length = 0;
}

/** The list as the person sees it after the press, every call answered. */
async function onList(rowShown: string) {
  cleanup();
  render(<TransactionsScreen />);
  await screen.findByTestId(`tx-row-${rowShown}`);
  await main.loaded();
}

beforeEach(() => useSession.setState({ info: appInfo(null), profile: practiceProfile() }));
afterEach(() => cleanup());

describe('a press that opens the list asks for its first page once', () => {
  it("Home's held line: one call, oldest first, its rows drawn", async () => {
    await onHome();
    act(() => fireEvent.click(screen.getByTestId('held-task-SAR')));
    await onList('ORD-HELD');
    expect(searches()).toHaveLength(1);
    expect(searches()[0]).toMatchObject({ filter: { profileId: 'practice', states: ['authorised'], currency: 'SAR' }, sort: { by: 'createdAt', direction: 'asc' } });
    expect(screen.queryByTestId('tx-row-ORD-PAID')).toBeNull();
  });

  it("Home's money figure: one call", async () => {
    await onHome();
    act(() => fireEvent.click(screen.getAllByTestId('ov-gross')[0]!));
    await onList('ORD-PAID');
    expect(searches()).toHaveLength(1);
  });

  it('a payment opened from elsewhere (Needs attention, refunds made, a result): one call, its detail open and its row the keyboard’s', async () => {
    await onHome();
    act(() => showPayment('p2', go));
    await onList('ORD-PAID');
    await screen.findByRole('heading', { name: 'ORD-PAID' });
    expect(searches()).toHaveLength(1);
    expect(searches()[0]!.filter).toEqual({});
    expect(useTransactions.getState().selected).toBe(1);
  });

  it('"Find a payment" with one match: one call, which is the lookup too, and the payment open', async () => {
    await onHome();
    fireEvent.change(screen.getByTestId('home-find'), { target: { value: 'Huda' } });
    fireEvent.submit(screen.getByTestId('home-find').closest('form')!);
    await act(async () => await main.settled());
    expect(useNavigation.getState().screen).toBe('transactions');
    await onList('ORD-HELD');
    await screen.findByRole('heading', { name: 'ORD-HELD' });
    expect(searches().map((s) => s.filter)).toEqual([{ query: 'Huda' }]);
  });

  it('"Find a payment" with several matches: one call, nothing opened', async () => {
    await onHome();
    fireEvent.change(screen.getByTestId('home-find'), { target: { value: 'ORD' } });
    fireEvent.submit(screen.getByTestId('home-find').closest('form')!);
    await act(async () => await main.settled());
    await onList('ORD-PAID');
    expect(screen.getByTestId('tx-row-ORD-HELD')).toBeTruthy();
    expect(useTransactions.getState().openId).toBeUndefined();
    expect(searches()).toHaveLength(1);
  });
});

describe('what the second call guarded', () => {
  it('a change main announces between the press and the visit makes the visit ask again', async () => {
    await onHome();
    await act(async () => await findPayment('ORD'));
    main.tell({ type: 'payments.changed', seq: 1, paymentIds: ['p2'] } as unknown as AppEvent);
    act(() => go('transactions'));
    expect(searches()).toHaveLength(2);
    await onList('ORD-PAID');
    expect(searches()).toHaveLength(2);
  });

  it("an earlier press's answer, come late, is not drawn over the later press's list", async () => {
    await onHome();
    let release!: () => void;
    holdNext = new Promise((resolve) => (release = resolve));
    act(() => fireEvent.click(screen.getByTestId('held-task-SAR'))); // its answer held back
    cleanup();
    act(() => go('home'));
    render(<HomeScreen />);
    act(() => fireEvent.click(screen.getAllByTestId('ov-gross')[0]!));
    await act(async () => release());
    await onList('ORD-PAID');
    expect(searches()).toHaveLength(2);
    expect(screen.queryByTestId('tx-row-ORD-HELD')).toBeNull();
    expect(useTransactions.getState().filter).not.toHaveProperty('states');
  });
});
