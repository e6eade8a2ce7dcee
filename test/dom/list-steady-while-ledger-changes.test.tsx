// A busy ledger changes every few seconds (walk17: a million payments, main's reconciliation
// settling some every 15 s), and each change reads the list again. Its exact count turned into
// "More than 100 payments (still counting)" for a second each time, and the totals' table a finance
// person had opened shut into "Adding up the totals…". Now the count and the figures shown stay
// until main's new ones come, the table open (English and Arabic). main is a stub: every read of
// the list answers "more than 100" under a new count id (one row on its first page); the totals' second answer waits for the test.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AppEvent } from '../../contract/events';
import { stubMain, unchecked } from '../support/stub-main';
import { paymentView } from '../support/payment-view';
import type { Language } from '../../renderer/src/i18n';

const sar = (capturedMinor: number) => ({ profileId: 'practice', currency: 'SAR', payments: 229_149, capturedPayments: 144_558, capturedMinor, refundedMinor: 0, refundsNotKnown: 0 });
let reads = 0;
const totalsAsked: Array<(capturedMinor: number) => void> = [];
const main = stubMain({
  listProfiles: () => ({ ok: true, value: unchecked({ profiles: [], activeId: 'practice' }) }),
  searchPayments: (input) => ({ ok: true, value: { total: 101, totalExact: false, countId: `read-${++reads}`, rows: input.offset ? [] : [paymentView()] } }),
  listTotals: () => new Promise((resolve) => totalsAsked.push((capturedMinor) => resolve({ ok: true, value: unchecked({ stopped: false, currencies: [sar(capturedMinor)] }) }))),
});
const { TransactionsScreen } = await import('../../renderer/src/features/transactions/transactions-screen');
const { useTransactions } = await import('../../renderer/src/features/transactions/transactions-store');
const { useLanguage } = await import('../../renderer/src/i18n');

const count = () => screen.getByTestId('tx-count').textContent;
const details = () => screen.getByTestId('tx-totals').querySelector('details')!;
const counted = (countId: string, total: number): AppEvent => ({ type: 'payments.counted', countId, total, exact: true });

afterEach(async () => {
  cleanup();
  totalsAsked.length = 0;
  act(() => useLanguage.getState().setLanguage('en'));
  await act(async () => useTransactions.getState().clearFilter());
});

describe.each([
  ['en', '229,149 payments', '229,150 payments', 'More than', 'Adding up'],
  ['ar', '229,149 دفعة', '229,150 دفعة', 'أكثر من', 'جارٍ جمع'],
] as Array<[Language, string, string, string, string]>)('in %s', (language, exact, next, moreThan, adding) => {
  it('keeps the exact count and the open table while main reads and counts the list again', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<TransactionsScreen />);
    await waitFor(() => expect(main.listeners.size).toBeGreaterThan(0));
    await waitFor(() => expect(totalsAsked.length).toBeGreaterThan(0));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50))); // the screen's own reads settle
    const firstRead = `read-${reads}`;
    main.tell(counted(firstRead, 229_149));
    expect(count()).toBe(exact);
    const asked = totalsAsked.length;
    await act(async () => totalsAsked[asked - 1]!(3_765_397_009));
    fireEvent.click(details().querySelector('summary')!);
    expect(details().open).toBe(true);

    // The ledger changed: the list is read again, its totals asked again (their answer held).
    main.tell({ type: 'payments.changed', paymentIds: ['p-1'] });
    await waitFor(() => expect(totalsAsked.length).toBe(asked + 1));
    expect(`read-${reads}`).not.toBe(firstRead);
    expect(count()).toBe(exact);
    expect(screen.getByTestId('tx-totals').textContent).not.toContain(adding);
    expect(details().open).toBe(true);
    expect(details().textContent).toContain('37,653,970.09');

    // Main's new count and figures replace them; the table stays open.
    main.tell(counted(`read-${reads}`, 229_150));
    expect(count()).toBe(next);
    await act(async () => totalsAsked[asked]!(3_765_400_209));
    expect(details().open).toBe(true);
    expect(details().textContent).toContain('37,654,002.09');
    expect(count()).not.toContain(moreThan);
    await act(async () => totalsAsked.forEach((answer) => answer(3_765_400_209))); // any asked by the screen's own first reads
    await main.settled();
  });
});
