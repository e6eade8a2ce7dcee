// On the team ledger staff and finance are not offered Refund, Capture or Void (team-role.ts); a
// payment whose state allows one says, where the button would be, who does it (walk of the team
// ledger: omar, staff, asked by a customer for a refund, looked for a button that was not there,
// with no word why). Not said where nothing could be moved, nor to support. English and Arabic.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { appInfo, type TestTeam } from '../support/session';
import { stubMain, unchecked } from '../support/stub-main';
import { useLanguage } from '../../renderer/src/i18n';

const paid = {
  id: 'pay-1', profileId: 'practice', environment: 'practice', kind: 'sale', orderId: 'ROLE-1', amountMinor: 40_000, currency: 'SAR',
  description: null, customer: { name: 'Layla Haddad', email: null, phone: null }, cardMasked: '512345******0008', transactionId: 'tx-1',
  sessionId: null, url: null, authOnly: false, recurringAvailable: false, recurringRequested: false, parentPaymentId: null, state: 'paid',
  statusWord: 'CAPTURED', capturedMinor: 40_000, refundedMinor: 0, operationInFlight: false, needsAttention: false, attentionReason: null,
  watched: false, lastError: null, lastErrorReason: null, createdAt: '2026-11-23T10:00:00.000Z', updatedAt: '2026-11-23T10:00:00.000Z', lastCheckedAt: null,
};
let payment: Record<string, unknown> = paid;
stubMain({
  getPayment: () => ({ ok: true, value: unchecked({ payment, related: { parent: null, repeats: [] }, operations: [], history: [], checks: [], webhooks: [] }) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
const { useSession } = await import('../../renderer/src/app/session-store');

afterEach(() => {
  cleanup();
  payment = paid;
  act(() => useLanguage.getState().setLanguage('en'));
});

async function detailAs(team: TestTeam) {
  useSession.setState({ info: appInfo(team) });
  render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
  await screen.findByTestId('action-status');
  return screen.queryByTestId('detail-role-limits')?.textContent ?? null;
}

describe('a payment\'s detail says who moves its money, to a role that may not', () => {
  it('staff, on a paid sale: who refunds, in English and Arabic', async () => {
    expect(await detailAs({ role: 'staff' })).toBe('Refunds, captures and voids are made by a colleague in support or a Paydesk admin: your role in the team ledger (staff) does not move money.');
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(screen.getByTestId('detail-role-limits').textContent).toBe('يُجري الاسترداد والتحصيل وإلغاء التفويض زميلٌ في الدعم أو مسؤول بايدسك: دورك في سجل الفريق (موظف) لا يحرّك المال.');
  });

  it('finance, on a paid sale: the same, naming finance', async () => {
    expect(await detailAs({ role: 'finance' })).toMatch(/\(finance\) does not move money\.$/);
  });

  it('not to support, nor on this laptop\'s own ledger, nor with the role not known (said otherwise), nor on a payment with nothing to move', async () => {
    for (const team of [{ role: 'support' as const }, null, { role: null }]) {
      expect(await detailAs(team)).toBeNull();
      cleanup();
    }
    payment = { ...paid, refundedMinor: 40_000, state: 'refunded' };
    expect(await detailAs({ role: 'staff' })).toBeNull();
  });
});
