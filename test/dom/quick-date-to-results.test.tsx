// ↓ on a quick date goes to what it chose: in Transactions, "Last month" then the list was 8 Tabs
// (the amounts, card, profile, sort, export, the lookup; the keyboard walk of 2026-11-30 and the
// screen walk of 2026-12-01); in the Audit log, 2 to 6 (the later quick dates, the export). As ↓ from
// the search, in both languages.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { appInfo, practiceProfile } from '../support/session';
import { paymentView } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';
import { translate } from '../../renderer/src/i18n';

const all = ['OCT-1', 'OCT-2'].map((id) => paymentView({ id, orderId: id }));
const entry = { seq: 7, at: '2026-10-30T20:18:20.000Z', osUser: 'root', profileId: 'practice', environment: 'practice', action: 'refund', paymentId: 'pay-7', orderId: 'OCT-1', amountMinor: 5_000, currency: 'SAR', reason: 'r', result: 'succeeded' };
const main = stubMain({
  searchPayments: () => ({ ok: true, value: unchecked({ total: all.length, rows: all }) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
  listAuditLog: () => ({ ok: true, value: unchecked({ total: 1, totalExact: true, chainIntact: true, rows: [entry] }) }),
});
const { TransactionsScreen } = await import('../../renderer/src/features/transactions/transactions-screen');
const { AuditScreen } = await import('../../renderer/src/features/transactions/audit-screen');
const { useTransactions } = await import('../../renderer/src/features/transactions/transactions-store');
const { useLanguage } = await import('../../renderer/src/i18n');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null), profile: practiceProfile() });

afterEach(() => {
  cleanup();
  act(() => {
    useTransactions.getState().setFilter({ from: undefined, to: undefined });
    useLanguage.getState().setLanguage('en');
  });
});

for (const language of ['en', 'ar'] as const) {
  it(`Transactions: Last month, then ↓, is the list's first row (${language})`, async () => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<TransactionsScreen />);
    await screen.findByTestId('tx-row-OCT-1');
    fireEvent.click(screen.getByRole('button', { name: language === 'en' ? /More filters/ : /مزيد من عوامل التصفية/ }));
    const lastMonth = await screen.findByRole('button', { name: translate(language, 'ov.period.lastMonth') });
    await main.settled();
    lastMonth.focus();
    fireEvent.click(lastMonth);
    await main.settled();
    fireEvent.keyDown(lastMonth, { key: 'ArrowDown', code: 'ArrowDown' });
    const grid = screen.getByRole('grid');
    expect(document.activeElement).toBe(grid);
    await waitFor(() => expect(grid.getAttribute('aria-activedescendant')).toBe('tx-row-0'));
    expect(lastMonth.getAttribute('aria-keyshortcuts')).toBe('ArrowDown');
    await main.settled();
  });

  it(`Audit log: Yesterday, then ↓, is the entries (${language})`, async () => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<AuditScreen />);
    await screen.findByTestId('audit-table');
    const yesterday = screen.getByRole('button', { name: translate(language, 'ov.period.yesterday') });
    yesterday.focus();
    fireEvent.click(yesterday);
    fireEvent.keyDown(yesterday, { key: 'ArrowDown', code: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('audit-table')));
    await main.settled();
  });
}
