// "Last checked" moves on a failed status check too: alone beside the state, it read as the time
// that state was confirmed (the fifteenth walk, docs/screens-walks.md). When the check it names
// failed, the detail says so beside it, in English and Arabic; a check that answered says nothing more.
// walk31: it names when the gateway last answered a check too, the state shown being as old as that.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { appInfo } from '../support/session';
import { cardSale } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';

const zone = process.env.TZ;
process.env.TZ = 'Asia/Riyadh'; // Node re-reads the zone when TZ is assigned
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

const at = '2026-12-02T01:06:00.000Z';
let outcome = 'gateway_error';
let answeredBefore = true;
stubMain({
  getPayment: () => ({ ok: true, value: unchecked({
    payment: cardSale({ lastCheckedAt: at }), related: { parent: null, repeats: [] }, operations: [], history: [], webhooks: [],
    checks: [
      ...(answeredBefore ? [{ at: '2026-12-01T09:00:00.000Z', outcome: 'ok', statusWord: 'CAPTURED', state: 'paid' }] : []),
      { at: '2026-12-01T23:00:00.000Z', outcome: 'gateway_error', statusWord: null, state: null },
      { at, outcome, statusWord: null, state: null },
    ],
  }) }),
  listProfiles: () => ({ ok: true, value: unchecked({ profiles: [], activeId: 'practice' }) }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
const { useLanguage } = await import('../../renderer/src/i18n');
const { formatRowDateTime } = await import('../../renderer/src/i18n/format');
const { useSession } = await import('../../renderer/src/app/session-store');
useSession.setState({ info: appInfo(null) });

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

describe('the detail’s "Last checked"', () => {
  it('says when the check it names failed, and when the gateway last answered one, in English and Arabic', async () => {
    outcome = 'gateway_error';
    answeredBefore = true;
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    // 09:00 UTC is 12:00 in Riyadh; the failed try of 23:00 UTC before it is not an answer.
    expect((await screen.findByTestId('detail-last-check-failed')).textContent).toBe(' · that check failed; the gateway last answered a check on 01/12/2026 12:00, and the state shown is the last one Paydesk knew');
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(screen.getByTestId('detail-last-check-failed').textContent).toBe(` · فشل ذلك الفحص؛ آخر فحص أجابت عنه البوابة كان في ${formatRowDateTime('2026-12-01T09:00:00.000Z', 'ar')}، والحالة المعروضة آخر حالة عرفها بايدسك`);
  });

  it('says the check failed alone when no check was ever answered', async () => {
    outcome = 'gateway_error';
    answeredBefore = false;
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
