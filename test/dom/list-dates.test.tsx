// Every list writes a moment one way in each language: the transactions list's (29/11/2026 13:05;
// Arabic 29‏/11‏/2026 1:05 م, the way dates are typed in the app), also in the links list, Needs
// attention and the audit log. The links list said "29 Nov 2026, 13:05" beside the transactions
// list's 29/11/2026 13:05. The transactions list's words are made without Intl (plain-format.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { appInfo } from '../support/session';
import { stubMain, unchecked } from '../support/stub-main';
import { attentionQueue } from '../support/attention-queue';

const createdAt = '2026-11-29T10:05:00.000Z';
const payment = {
  id: 'LINK-1', profileId: 'practice', environment: 'practice', kind: 'link', orderId: 'LINK-1', amountMinor: 3_000, currency: 'SAR', description: 'Invoice',
  customer: { name: 'Sara', email: null, phone: null }, cardMasked: null, transactionId: null, sessionId: null, url: 'https://pay.example/l/1', authOnly: false,
  recurringAvailable: false, recurringRequested: false, parentPaymentId: null, state: 'pending', statusWord: null, capturedMinor: 0, refundedMinor: 0,
  operationInFlight: false, needsAttention: true, attentionReason: null, watched: false, lastError: null,
  createdAt, updatedAt: createdAt, lastCheckedAt: null,
};
const auditRow = { seq: 1, at: createdAt, osUser: 'sara', profileId: 'practice', environment: 'practice', action: 'payment.create', paymentId: 'LINK-1', orderId: 'LINK-1', amountMinor: 3_000, currency: 'SAR', reason: null, result: 'ok' };
stubMain({
  searchPayments: () => ({ ok: true, value: unchecked({ total: 1, rows: [payment] }) }),
  listNeedsAttention: attentionQueue(() => [unchecked(payment)]),
  listPaymentLinks: () => ({ ok: true, value: unchecked({ total: 1, rows: [payment] }) }),
  invoiceNumbers: () => ({ ok: true, value: {} }),
  listAuditLog: () => ({ ok: true, value: unchecked({ total: 1, totalExact: true, chainIntact: true, chain: { intact: true, checkedThrough: 1, last: 1 }, rows: [auditRow] }) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { TransactionsScreen } = await import('../../renderer/src/features/transactions/transactions-screen');
const { AttentionScreen } = await import('../../renderer/src/features/transactions/attention-screen');
const { AuditScreen } = await import('../../renderer/src/features/transactions/audit-screen');
const { LinksList } = await import('../../renderer/src/features/get-paid/links-list');
const { useLanguage } = await import('../../renderer/src/i18n');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });

afterEach(cleanup);

/** The transactions list's row date, day and time as one line of text. */
async function transactionsListDate(): Promise<string> {
  render(<TransactionsScreen />);
  const row = await screen.findByTestId('tx-row-LINK-1');
  const text = row.querySelector('.date-cell')!.textContent!;
  cleanup();
  return text;
}

/** The cell of a list drawn by `screenElement` that holds the moment (its year and a time). */
async function dateCellOf(screenElement: React.ReactElement): Promise<string> {
  render(screenElement);
  let text = '';
  await waitFor(() => {
    text = screen.getAllByRole('cell').map((cell) => cell.textContent ?? '').find((cell) => cell.includes('2026') && cell.includes(':')) ?? '';
    expect(text).not.toBe('');
  });
  cleanup();
  return text;
}

describe.each(['en', 'ar'] as const)('dates in lists, in %s', (language) => {
  it('writes a moment in the links list, Needs attention and the audit log as the transactions list does', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    const listed = await transactionsListDate();
    expect(listed).toMatch(language === 'en' ? /^\d{2}\/\d{2}\/2026 \d{2}:\d{2}$/ : /^\d{1,2}\u200F\/\d{1,2}\u200F\/2026 \d{1,2}:\d{2} [صم]$/);
    expect({
      links: await dateCellOf(<LinksList />),
      attention: await dateCellOf(<AttentionScreen />),
      audit: await dateCellOf(<AuditScreen />),
    }).toEqual({ links: listed, attention: listed, audit: listed });
    act(() => useLanguage.getState().setLanguage('en'));
  });
});

// Needs attention's date column said "Created" in English and «التاريخ» ("Date") in Arabic: the
// two languages now say the same, as the links list's «تاريخ الإنشاء» does.
it('names the moment\'s column the same in both languages: Needs attention, the transactions list and the links list', async () => {
  for (const [language, name] of [['en', 'Created'], ['ar', 'تاريخ الإنشاء']] as const) {
    act(() => useLanguage.getState().setLanguage(language));
    for (const list of [<AttentionScreen key="attention" />, <TransactionsScreen key="transactions" />, <LinksList key="links" />]) {
      render(list);
      // The transactions list's heading goes on with its zone ("Created Europe/London time", walk27).
      expect(await screen.findByRole('columnheader', { name: new RegExp(`^${name}( |$)`) })).toBeTruthy();
      cleanup();
    }
  }
  act(() => useLanguage.getState().setLanguage('en'));
});
