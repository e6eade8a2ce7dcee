// An audit entry of a payment opens it from its order reference: finance reading "who refunded
// what" had to type the reference into Transactions' search to see the payment (the fourth screen
// walk, docs/screens-walks.md). An entry of no payment (a profile switch) has nothing to press.
// The way back finds the log as it was searched: the search and the days are kept while Paydesk runs.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { stubMain, unchecked } from '../support/stub-main';
import { typeDate } from '../support/type-date';

const entry = { seq: 2, at: '2026-11-30T18:37:20.000Z', osUser: 'layla', profileId: 'practice', environment: 'practice', action: 'refund', paymentId: 'pay-2', orderId: 'WALK4-AR-2', amountMinor: 5_000, currency: 'SAR', reason: 'المقاس غير مناسب', result: 'succeeded' };
const switched = { ...entry, seq: 1, action: 'profile_switch', paymentId: null, orderId: null, amountMinor: null, currency: null, reason: null, result: 'Practice' };
const main = stubMain({
  listAuditLog: () => ({ ok: true, value: unchecked({ total: 2, totalExact: true, chainIntact: true, rows: [entry, switched] }) }),
  searchPayments: () => ({ ok: true, value: unchecked({ total: 0, rows: [] }) }),
});
const { AuditScreen } = await import('../../renderer/src/features/transactions/audit-screen');
const { useTransactions } = await import('../../renderer/src/features/transactions/transactions-store');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useLanguage } = await import('../../renderer/src/i18n');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

it.each([['en', 'Open the payment'], ['ar', 'افتح الدفعة']] as const)('opens a refund’s payment from its order reference (%s)', async (language, hint) => {
  act(() => useLanguage.getState().setLanguage(language));
  act(() => useTransactions.getState().setFilter({ states: ['paid'], currency: 'USD' }));
  render(<AuditScreen />);
  const table = await screen.findByTestId('audit-table');
  const rows = within(table).getAllByRole('row');
  const refund = rows.find((row) => row.textContent?.startsWith('2'))!;
  const reference = within(refund).getByRole('button', { name: 'WALK4-AR-2' });
  expect(reference.getAttribute('title')).toBe(hint);
  expect(within(rows.find((row) => row.textContent?.startsWith('1'))!).queryByRole('button')).toBeNull();
  fireEvent.click(reference);
  expect(useNavigation.getState().screen).toBe('transactions');
  expect(useTransactions.getState().openId).toBe('pay-2');
  expect(useTransactions.getState().filter).toEqual({});
});

it('finds the log searched as it was left when the way back opens it again', async () => {
  render(<AuditScreen />);
  await screen.findByTestId('audit-table');
  fireEvent.change(screen.getByRole('searchbox', { name: /Search the log/ }), { target: { value: 'refund' } });
  typeDate(screen.getByLabelText('From', { selector: 'input' }) as HTMLInputElement, '29/11/2026');
  typeDate(screen.getByLabelText('To', { selector: 'input' }) as HTMLInputElement, '30/11/2026');
  await waitFor(() => expect(main.asked('listAuditLog').at(-1)!.query).toBe('refund')); // asked 200 ms after the typing
  await main.settled();
  const asked = main.asked('listAuditLog').at(-1)!;
  expect(asked.from && asked.to).toBeTruthy();
  fireEvent.click(await screen.findByRole('button', { name: 'WALK4-AR-2' }));
  cleanup();

  main.calls.length = 0;
  render(<AuditScreen />);
  await screen.findByTestId('audit-table');
  await main.settled();
  expect((screen.getByRole('searchbox', { name: /Search the log/ }) as HTMLInputElement).value).toBe('refund');
  expect((screen.getByLabelText('From', { selector: 'input' }) as HTMLInputElement).value).toBe('29/11/2026');
  expect((screen.getByLabelText('To', { selector: 'input' }) as HTMLInputElement).value).toBe('30/11/2026');
  await waitFor(() => expect(main.asked('listAuditLog')[0]).toMatchObject({ query: 'refund', from: asked.from, to: asked.to }));
  await main.settled();
});
