// One unpaid payment has one word wherever it is named for a person: its badge's (an unpaid link,
// an open checkout session, a card sale awaiting verification). The status check's notice, the
// audit log's results and the State filter's option say the same, in English and Arabic.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { appInfo } from '../support/session';
import { stubMain, unchecked } from '../support/stub-main';
import { translate, type Language, type MessageKey } from '../../renderer/src/i18n';

const base = {
  id: 'pay-1', profileId: 'practice', environment: 'practice', kind: 'link', orderId: 'W-1', amountMinor: 3_300, currency: 'SAR',
  description: null, customer: { name: 'Sara Al-Harbi', email: null, phone: null }, cardMasked: null, transactionId: null,
  sessionId: null, url: 'http://127.0.0.1/link?linkId=l-1', authOnly: false, recurringAvailable: false, recurringRequested: false, parentPaymentId: null,
  state: 'pending', statusWord: 'ACTIVE', capturedMinor: 0, refundedMinor: 0, operationInFlight: false, needsAttention: false, attentionReason: null,
  watched: false, lastError: null, lastErrorReason: null, createdAt: '2026-11-23T10:00:00.000Z', updatedAt: '2026-11-23T10:00:00.000Z', lastCheckedAt: null,
};
let payment: Record<string, unknown> = base;
stubMain({
  getPayment: () => ({ ok: true, value: unchecked({ payment, related: { parent: null, repeats: [] }, operations: [], history: [], checks: [], webhooks: [] }) }),
  checkPaymentStatus: () => ({ ok: true, value: unchecked(payment) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
  searchPayments: () => ({ ok: true, value: { total: 0, rows: [] } }),
});
const { useLanguage } = await import('../../renderer/src/i18n');
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
const { FilterBar } = await import('../../renderer/src/features/transactions/filter-bar');
const { auditResult } = await import('../../renderer/src/features/transactions/audit-words');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

// A checkout session waiting for its customer is Unpaid, as a link is (it said "Open" until 2026-11-30).
const kinds = [['link', 'state.unpaid'], ['checkout', 'state.unpaid'], ['sale', 'state.verifying']] as const;
const languages: Language[] = ['en', 'ar'];

describe.each(languages)('a pending payment in %s', (language) => {
  const word = (key: MessageKey) => translate(language, key);
  const t = (key: MessageKey, values?: Record<string, string | number>) => translate(language, key, values);

  it.each(kinds)('a %s checked now is named by its badge\'s word', async (kind, key) => {
    act(() => useLanguage.getState().setLanguage(language));
    payment = { ...base, kind };
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    fireEvent.click(await screen.findByTestId('action-status'));
    const notice = screen.getByTestId('detail-notice');
    await within(notice).findByText(t('detail.checked', { state: word(key) }));
    expect(document.querySelector('.state-badge')?.textContent).toBe(word(key));
    expect(notice.textContent).not.toContain(word('state.pending'));
  });

  it.each(kinds)('a %s\'s creation in the audit log is worded as its badge', (kind, key) => {
    expect(auditResult(`create_${kind}`, 'pending', t, language)).toBe(word(key));
    expect(auditResult(`checkup_create_${kind}`, 'pending', t, language)).toBe(word(key));
    expect(auditResult(`create_${kind}`, 'recorded: pending', t, language)).toBe(t('audit.result.recorded', { state: word(key) }));
  });

  it('an entry that does not name the kind says what all of them are, as the State filter does, not "Pending"', () => {
    for (const action of ['status_check', 'lookup', 'status_answer']) {
      const said = auditResult(action, 'pending', t, language);
      expect(said).toBe(word('state.pendingAnyKind'));
      expect(said).not.toBe(word('state.pending'));
    }
  });

  it('the State filter\'s option for it is that same word, not "Pending" nor one kind\'s badge', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<FilterBar />);
    const option = [...(screen.getByLabelText(word('tx.filter.state')) as HTMLSelectElement).options].find((o) => o.value === 'pending')!;
    // One word true of an unpaid link, an open session and a sale awaiting 3-D Secure alike (the
    // three badge words in one option widened the State field into the search's room).
    expect(option.textContent).toBe(word('state.pendingAnyKind'));
    expect(option.textContent).not.toBe(word('state.pending'));
    for (const [, key] of kinds) expect(option.textContent).not.toBe(word(key));
  });
});
