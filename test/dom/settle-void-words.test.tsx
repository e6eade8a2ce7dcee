// Settling an unclear void by hand: its dialog's title said "Settle the void of  by hand" (a void has
// no amount of its own), and in Arabic its way out read «إلغاء» ("cancel") under «تسوية إلغاء التفويض»,
// the void's own word, where every action dialog's way out is «تراجع» (test/dom/void-words-arabic.test.tsx).
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { stubMain } from '../support/stub-main';
import { cardSale } from '../support/payment-view';
import type { PaymentDetail } from '../../renderer/src/features/transactions/detail-store';

stubMain({});
const { SettleDialog } = await import('../../renderer/src/features/transactions/settle-dialog');
const { useLanguage } = await import('../../renderer/src/i18n');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

const payment = cardSale({ state: 'authorised', authOnly: true, capturedMinor: 0, operationInFlight: true, needsAttention: true, attentionReason: 'undecidable' });
const operation = (kind: 'void' | 'refund', amountMinor: number | null) => ({
  id: `op-${kind}`, kind, amountMinor, reason: null, osUser: 'root', person: null, outcome: 'unknown', errorCode: null, errorMessage: null,
  gatewayAnswer: null, createdAt: '2026-11-29T10:00:00.000Z', completedAt: null,
}) as unknown as PaymentDetail['operations'][number];

describe.each([
  ['en', 'Settle the void by hand', /^Settle the refund of SAR\s20\.00 by hand$/, ['Record it', 'Cancel']],
  ['ar', 'تسوية إلغاء التفويض يدويًا', /^تسوية استرداد بمبلغ .*20\.00.*SAR.* يدويًا$/, ['سجّل ذلك', 'تراجع']],
] as const)('settling by hand in %s', (language, voidTitle, refundTitle, buttons) => {
  it('names a void without an amount, a refund with its own, and its way out does not read as the void', () => {
    act(() => useLanguage.getState().setLanguage(language));
    const { unmount } = render(<SettleDialog payment={payment} operation={operation('void', null)} onDone={() => undefined} onClose={() => undefined} />);
    const dialog = screen.getByTestId('settle-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe(voidTitle);
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(buttons);
    unmount();
    render(<SettleDialog payment={payment} operation={operation('refund', 2_000)} onDone={() => undefined} onClose={() => undefined} />);
    expect(within(screen.getByTestId('settle-dialog')).getByRole('heading').textContent).toMatch(refundTitle);
  });
});
