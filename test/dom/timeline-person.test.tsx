// A payment's "What happened" names who did each move: on the team ledger the person's login (the
// one the team knows them by) with the laptop's OS user; on a laptop's own ledger its OS user.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render } from '@testing-library/react';
import { Timeline } from '../../renderer/src/features/transactions/timeline';
import type { PaymentDetail } from '../../renderer/src/features/transactions/detail-store';
import { useLanguage } from '../../renderer/src/i18n';

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

const refund = (person: string | null) => ({
  id: 'op-1', kind: 'refund', amountMinor: 10_000, reason: 'Returned', osUser: 'root', person, outcome: 'sending', errorCode: null, errorMessage: null,
  gatewayAnswer: null, createdAt: '2026-11-24T08:20:00.000Z', completedAt: null,
});
const detail = (person: string | null) => ({
  payment: { currency: 'SAR' }, operations: [refund(person)], history: [], checks: [], webhooks: [], related: { parent: null, repeats: [] },
}) as unknown as PaymentDetail;

describe('what happened to a payment, by whom', () => {
  it('names the team login with the computer user on the team ledger, in English and Arabic', () => {
    const { container, rerender } = render(<Timeline detail={detail('ada')} />);
    expect(container.textContent).toMatch(/Refund SAR\s100\.00 by ada \(computer user root\): Sending/);
    act(() => useLanguage.getState().setLanguage('ar'));
    rerender(<Timeline detail={detail('ada')} />);
    expect(container.textContent).toContain('⁦ada⁩ (مستخدم الحاسوب ⁦root⁩)');
  });

  it('names the computer user on a laptop\'s own ledger', () => {
    const { container } = render(<Timeline detail={detail(null)} />);
    expect(container.textContent).toMatch(/Refund SAR\s100\.00 by root: Sending/);
  });

  it('says a move\'s outcome as the state words do, with a capital in English ("by root: Done", not "done")', () => {
    const done = { ...detail(null), operations: [{ ...refund(null), outcome: 'succeeded' }] } as unknown as PaymentDetail;
    const { container } = render(<Timeline detail={done} />);
    expect(container.textContent).toMatch(/Refund SAR\s100\.00 by root: Done — Returned/);
  });
});

describe('what set a state', () => {
  it('says a state a notification or a check reported as reported, not as done by it ("Voided as a gateway notification said", after "Void by root: Done")', () => {
    const voided = {
      ...detail(null),
      payment: { currency: 'SAR', kind: 'sale' },
      operations: [{ ...refund(null), kind: 'void', amountMinor: null, reason: null, outcome: 'succeeded' }],
      history: [{ state: 'voided', statusWord: 'VOID', source: 'webhook', at: '2026-11-24T08:21:00.000Z' }, { state: 'paid', statusWord: 'PAID', source: 'status', at: '2026-11-24T08:19:00.000Z' }],
    } as unknown as PaymentDetail;
    const { container, rerender } = render(<Timeline detail={voided} />);
    expect(container.textContent).toContain('Voided as a gateway notification said');
    expect(container.textContent).toContain('Paid as a status check said');
    expect(container.textContent).not.toContain('by a gateway notification');
    act(() => useLanguage.getState().setLanguage('ar'));
    rerender(<Timeline detail={voided} />);
    expect(container.textContent).toContain('ملغاة بحسب إشعار من البوابة');
  });
});
