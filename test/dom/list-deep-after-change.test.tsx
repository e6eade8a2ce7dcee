// A ledger that changes while a person reads deep in the list (walk17: on a busy ledger main's
// reconciliation changed payments every 15 s or so): main's payments.changed emptied the list's rows
// and read its first page again, and the rows in view further down stayed "Loading…" until the
// person scrolled. main is a stub answering any page of 5,000 payments.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { stubMain } from '../support/stub-main';
import { paymentView } from '../support/payment-view';

const total = 5_000;
let asked: number[] = [];
const main = stubMain({
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
  searchPayments: (input) => {
    const offset = input.offset ?? 0;
    asked.push(offset);
    const rows = Array.from({ length: Math.max(0, Math.min(input.limit ?? 100, total - offset)) }, (_, i) => paymentView({ id: `p-${offset + i}`, orderId: `ORD-${offset + i}` }));
    return { ok: true, value: { total, totalExact: true, rows } };
  },
});
const { PaymentList } = await import('../../renderer/src/features/transactions/payment-list');
const { useTransactions, watchPayments } = await import('../../renderer/src/features/transactions/transactions-store');

afterEach(() => {
  cleanup();
  asked = [];
});

describe('the list read deep down when payments change', () => {
  it('reads the rows in view again, not only the first page', async () => {
    const stop = watchPayments();
    act(() => useTransactions.getState().clearFilter());
    render(<PaymentList />);
    await screen.findByText('ORD-0');
    const grid = screen.getByRole('grid');
    grid.scrollTop = 3_000 * 44; // the list's rows are 44 px
    fireEvent.scroll(grid);
    await screen.findByText('ORD-3000');

    asked = [];
    main.tell({ type: 'payments.changed', paymentIds: ['p-3001'] });
    await waitFor(() => expect(asked).toContain(3_000));
    await screen.findByText('ORD-3000');
    expect(screen.queryByText('Loading…')).toBeNull();
    stop();
  });
});
