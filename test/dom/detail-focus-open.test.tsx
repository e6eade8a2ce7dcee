// A payment opened from another screen ("Open in Transactions", Needs attention) takes the
// keyboard to its title: the button that opened it is gone with its screen, and the focus was
// left on the page itself, so the next Tab started again at the top. Opened from its row beside
// the list, the focus stays on the row, and a screen reader is told what opened and where (walk18:
// it heard nothing), in English and Arabic; opened from elsewhere, its title says it, nothing more.
import { afterEach, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { act } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { appInfo } from '../support/session';
import { paymentDetail, paymentView } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';

const row = (id: string) => paymentView({ id, orderId: id, transactionId: `tx-${id}` });
const all = [row('SALE-1'), row('SALE-2')];
stubMain({
  searchPayments: () => ({ ok: true, value: unchecked({ total: all.length, rows: all }) }),
  getPayment: ({ paymentId }) => ({ ok: true, value: unchecked(paymentDetail(all.find((p) => p.id === paymentId))) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { TransactionsScreen } = await import('../../renderer/src/features/transactions/transactions-screen');
const { useTransactions } = await import('../../renderer/src/features/transactions/transactions-store');
const { useLanguage } = await import('../../renderer/src/i18n');
/** What the page's live region for words without a place of their own says (ui/announce.ts). */
const said = () => document.getElementById('paydesk-announcer')?.textContent ?? '';
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });

afterEach(() => {
  cleanup();
  document.getElementById('paydesk-announcer')?.remove();
  act(() => useTransactions.getState().open(undefined as never));
  act(() => useLanguage.getState().setLanguage('en'));
});

it('takes the keyboard to the title of a payment opened from another screen', async () => {
  (document.activeElement as HTMLElement | null)?.blur();
  act(() => useTransactions.getState().open('SALE-2'));
  render(<TransactionsScreen />);
  const title = await screen.findByRole('heading', { name: 'SALE-2' });
  await new Promise((resolve) => setTimeout(resolve, 150));
  expect(document.activeElement).toBe(title);
  expect(said()).toBe(''); // its title is read: not said twice
});

it.each([
  ['en', /^Payment \u2066?SALE-1\u2069? is open beside the list: Paid\. Tab goes to it\.$/],
  ['ar', /^فُتحت الدفعة \u2066SALE-1\u2069 بجانب القائمة: مدفوعة\. يصل إليها مفتاح Tab\.$/],
] as const)('leaves the keyboard on the list a row was opened from, beside it, and says so (%s)', async (language, words) => {
  act(() => useLanguage.getState().setLanguage(language));
  render(<TransactionsScreen />);
  const rowEl = await screen.findByTestId('tx-row-SALE-1');
  const grid = screen.getByRole('grid');
  grid.focus(); // a click on a row focuses the list (its rows are its active descendants)
  fireEvent.click(rowEl);
  await screen.findByRole('heading', { name: 'SALE-1' });
  await waitFor(() => expect(said()).toMatch(words));
  expect(document.activeElement).toBe(grid);
});
