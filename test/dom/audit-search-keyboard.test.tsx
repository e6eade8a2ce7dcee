// The audit log's search by keyboard (walked by keyboard only, 2026-11-30, docs/screens-walks.md):
// a search that found entries said nothing (a screen reader heard no result; at 800 × 600 they were
// below the window), and the entries were eight controls past the search. Now the search says how
// many match, and ↓ from it goes to the entries, as in Transactions; in English and Arabic.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { stubMain, unchecked } from '../support/stub-main';

const entry = { seq: 7, at: '2026-11-30T20:18:20.000Z', osUser: 'root', profileId: 'practice', environment: 'practice', action: 'refund', paymentId: 'pay-7', orderId: 'WALK8-KW-1', amountMinor: 5_000, currency: 'KWD', reason: 'طلب العميل', result: 'succeeded' };
const sale = { ...entry, seq: 5, action: 'create_sale', amountMinor: 20_000, reason: null, result: 'paid' };
let older = false;
const main = stubMain({
  listAuditLog: (input: { query?: string }) => ({ ok: true, value: unchecked({ total: input.query ? 2 : 9, totalExact: !older, chainIntact: true, rows: input.query ? [entry, sale] : [entry, sale, { ...sale, seq: 1, orderId: 'OTHER' }] }) }),
  searchPayments: () => ({ ok: true, value: unchecked({ total: 0, rows: [] }) }),
});
const { AuditScreen } = await import('../../renderer/src/features/transactions/audit-screen');
const { useLanguage } = await import('../../renderer/src/i18n');

afterEach(() => {
  cleanup();
  older = false;
  act(() => useLanguage.getState().setLanguage('en'));
});

it.each([
  ['en', /Search the log/, '2 entries match; ↓ from the search goes to them.'],
  ['ar', /ابحث في السجل/, 'يطابق قيدان؛ يذهب ↓ من البحث إليها.'],
] as const)('says how many entries match and takes ↓ from the search to them (%s)', async (language, label, found) => {
  act(() => useLanguage.getState().setLanguage(language));
  render(<AuditScreen />);
  await screen.findByTestId('audit-table');
  const search = screen.getByRole('searchbox', { name: label });
  fireEvent.change(search, { target: { value: '' } }); // the search is kept while Paydesk runs: from the whole log
  await waitFor(() => expect(screen.queryByTestId('audit-found')).toBeNull()); // no search: nothing to count
  search.focus();
  fireEvent.change(search, { target: { value: 'WALK8-KW-1' } });
  await waitFor(() => expect(main.asked('listAuditLog').at(-1)?.query).toBe('WALK8-KW-1'));
  await main.settled();
  const status = await screen.findByTestId('audit-found');
  expect(status.getAttribute('role')).toBe('status');
  expect(status.textContent).toBe(found);
  fireEvent.keyDown(search, { key: 'ArrowDown', code: 'ArrowDown' });
  expect(document.activeElement).toBe(screen.getByTestId('audit-table'));
});

it('says the newest are shown when more match than one page holds', async () => {
  older = true;
  render(<AuditScreen />);
  await screen.findByTestId('audit-table');
  fireEvent.change(screen.getByRole('searchbox', { name: /Search the log/ }), { target: { value: 'refund' } });
  await waitFor(() => expect(main.asked('listAuditLog').at(-1)?.query).toBe('refund'));
  await main.settled();
  expect((await screen.findByTestId('audit-found')).textContent).toBe('The newest 2 matching entries are shown, more with “Older entries”; ↓ from the search goes to them.');
});
