// The settle dialog points at one operation ("this refund"): in Arabic the operation's noun is then
// definite, «عملية الاسترداد هذه», not «عملية استرداد هذه» (walk18), while the title keeps the plain
// noun («تسوية استرداد بمبلغ …»). English is unchanged.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { stubMain } from '../support/stub-main';
import { cardSale } from '../support/payment-view';
import type { PaymentDetail } from '../../renderer/src/features/transactions/detail-store';

stubMain({ settleOperation: () => ({ ok: true, value: { ok: true } }) as never });
const { SettleDialog } = await import('../../renderer/src/features/transactions/settle-dialog');
const { useLanguage } = await import('../../renderer/src/i18n');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

const payment = cardSale({ environment: 'sandbox', operationInFlight: true, needsAttention: true, attentionReason: 'undecidable' });
const operationOf = (kind: string) => ({
  id: `op-${kind}`, kind, amountMinor: 2_000, reason: null, osUser: 'root', person: null, outcome: 'unknown', errorCode: null, errorMessage: null,
  gatewayAnswer: null, createdAt: '2026-12-02T10:00:00.000Z', completedAt: null,
}) as unknown as PaymentDetail['operations'][number];

describe('the settle dialog names the operation it settles', () => {
  it.each([
    ['refund', 'في لوحة تحكم البوابة، عملية الاسترداد هذه…', 'لعملية الاسترداد هذه'],
    ['capture', 'في لوحة تحكم البوابة، عملية التحصيل هذه…', 'لعملية التحصيل هذه'],
  ])('in Arabic, a %s as a definite noun', (kind, question, intro) => {
    act(() => useLanguage.getState().setLanguage('ar'));
    render(<SettleDialog payment={payment} operation={operationOf(kind)} onDone={() => undefined} onClose={() => undefined} />);
    expect(screen.getByRole('group').querySelector('legend')?.textContent).toBe(question);
    expect(document.body.textContent).toContain(intro);
    expect(document.body.textContent).not.toMatch(/عملية (استرداد|تحصيل) هذه/);
    expect(screen.getByRole('heading').textContent).toMatch(kind === 'refund' ? /^تسوية استرداد بمبلغ/ : /^تسوية تحصيل بمبلغ/);
  });

  it('in English, "this refund" as before', () => {
    render(<SettleDialog payment={payment} operation={operationOf('refund')} onDone={() => undefined} onClose={() => undefined} />);
    expect(screen.getByRole('group').querySelector('legend')?.textContent).toBe('On the gateway’s dashboard, this refund…');
  });
});
