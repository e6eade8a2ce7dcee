// Escape closes an open payment from anywhere on the Transactions screen (the list, the filters),
// not only from inside the detail, and the keyboard comes back to that payment's row. A dialog's
// Escape closes the dialog only, a calendar's the calendar only, and Escape in a search field with
// text leaves the payment open (the browser empties the field).
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { appInfo, practiceProfile } from '../support/session';
import { paymentDetail, paymentView } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';

const row = (id: string) => paymentView({ id, orderId: id, transactionId: `tx-${id}` });
const all = [row('SALE-1'), row('SALE-2'), row('SALE-3')];
const main = stubMain({
  searchPayments: () => ({ ok: true, value: unchecked({ total: all.length, rows: all }) }),
  getPayment: ({ paymentId }) => ({ ok: true, value: unchecked(paymentDetail(all.find((p) => p.id === paymentId))) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { TransactionsScreen } = await import('../../renderer/src/features/transactions/transactions-screen');
const { useTransactions } = await import('../../renderer/src/features/transactions/transactions-store');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null), profile: practiceProfile() });

afterEach(() => {
  cleanup();
  act(() => useTransactions.getState().open(undefined));
});

/** The screen with SALE-2 open from its row (the list keeps the keyboard beside the detail), then the keyboard's row moved off it. */
async function withSale2Open() {
  render(<TransactionsScreen />);
  const grid = screen.getByRole('grid');
  grid.focus();
  fireEvent.click(await screen.findByTestId('tx-row-SALE-2'));
  await screen.findByRole('heading', { name: 'SALE-2' });
  fireEvent.keyDown(grid, { key: 'ArrowDown' }); // the keyboard's row on SALE-3, SALE-2 still open
  expect(grid.getAttribute('aria-activedescendant')).toBe('tx-row-2');
  return grid;
}

const escape = (element: Element) => fireEvent.keyDown(element, { key: 'Escape' });
const detailShown = () => screen.queryByTestId('payment-detail') !== null;

it('closes the payment on Escape in the list, the keyboard back on the payment\'s row', async () => {
  const grid = await withSale2Open();
  escape(grid);
  await waitFor(() => expect(detailShown()).toBe(false));
  await waitFor(() => expect(document.activeElement).toBe(grid));
  expect(grid.getAttribute('aria-activedescendant')).toBe('tx-row-1');
  expect(screen.getByTestId('tx-row-SALE-2').id).toBe('tx-row-1');
});

it('closes the payment on Escape in the filter bar, the keyboard back on the payment\'s row', async () => {
  const grid = await withSale2Open();
  const state = screen.getByLabelText('State');
  state.focus();
  escape(state);
  await waitFor(() => expect(detailShown()).toBe(false));
  await waitFor(() => expect(document.activeElement).toBe(grid));
  expect(grid.getAttribute('aria-activedescendant')).toBe('tx-row-1');
});

it('closes only the dialog on a dialog\'s Escape, the payment still open', async () => {
  await withSale2Open();
  fireEvent.click(await screen.findByTestId('action-refund'));
  const dialog = await screen.findByTestId('action-dialog');
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  escape(document.activeElement!);
  await waitFor(() => expect(screen.queryByTestId('action-dialog')).toBeNull());
  expect(detailShown()).toBe(true);
});

it('closes only the calendar on its Escape, and leaves a search field\'s Escape to the field', async () => {
  await withSale2Open();
  fireEvent.click(screen.getByTestId('more-filters'));
  fireEvent.click(await screen.findByRole('button', { name: /^Choose “From/ }));
  const calendar = await screen.findByTestId('calendar');
  escape(calendar);
  await waitFor(() => expect(screen.queryByTestId('calendar')).toBeNull());
  expect(detailShown()).toBe(true);
  const search = screen.getByRole('searchbox');
  fireEvent.change(search, { target: { value: 'Sara' } });
  escape(search);
  expect(detailShown()).toBe(true);
  await main.settled();
});
