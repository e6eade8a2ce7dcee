// "Last checked" moves on a failed status check too: alone beside the state, it read as the time
// that state was confirmed (the fifteenth walk, docs/screens-walks.md). When the check it names
// failed, the detail says so beside it, in English and Arabic; a check that answered says nothing more.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { appInfo } from '../support/session';
import { cardSale } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';

const at = '2026-12-02T01:06:00.000Z';
let outcome = 'gateway_error';
stubMain({
  getPayment: () => ({ ok: true, value: unchecked({
    payment: cardSale({ lastCheckedAt: at }), related: { parent: null, repeats: [] }, operations: [], history: [], webhooks: [],
    checks: [{ at: '2026-12-01T09:00:00.000Z', outcome: 'ok', statusWord: 'CAPTURED', state: 'paid' }, { at, outcome, statusWord: null, state: null }],
  }) }),
  listProfiles: () => ({ ok: true, value: unchecked({ profiles: [], activeId: 'practice' }) }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
const { useLanguage } = await import('../../renderer/src/i18n');
const { useSession } = await import('../../renderer/src/app/session-store');
useSession.setState({ info: appInfo(null) });

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

describe('the detail’s "Last checked"', () => {
  it('says when the check it names failed, in English and Arabic', async () => {
    outcome = 'gateway_error';
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    expect((await screen.findByTestId('detail-last-check-failed')).textContent).toBe(' · that check failed; the state shown is the last one Paydesk knew');
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(screen.getByTestId('detail-last-check-failed').textContent).toBe(' · فشل ذلك الفحص؛ الحالة المعروضة آخر حالة عرفها بايدسك');
  });

  it('says nothing more when that check answered', async () => {
    outcome = 'ok';
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    await screen.findByTestId('detail-last-checked');
    expect(screen.queryByTestId('detail-last-check-failed')).toBeNull();
  });
});
