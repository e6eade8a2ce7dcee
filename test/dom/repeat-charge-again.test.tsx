// Last month's repeat charge offers "Charge again" in its own detail, in English and Arabic: the
// agent no longer goes back to the first payment for it. It charges the first payment's card (main
// names that payment's transaction and token, test/ledger/recurring.test.ts), so it offers the
// first payment's amount as the first payment's detail does (SAR 80.00, not this charge's 99.99),
// through the same confirmation, and only once the first payment's token is in. main is a stub.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { appInfo } from '../support/session';
import { cardSale, paymentDetail } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';
import { useLanguage, type Language } from '../../renderer/src/i18n';

const repeat = cardSale({ id: 'pay-2', orderId: 'PD-REPEAT-NOV', kind: 'recurring', parentPaymentId: 'pay-1', amountMinor: 9_999, capturedMinor: 9_999, description: 'November box' });
const firstPayment = { id: 'pay-1', orderId: 'DOC-1', amountMinor: 8_000, recurringAvailable: true, cardMasked: '411111******1111' as string | null };
let parent: typeof firstPayment | null = firstPayment;
const main = stubMain({
  getPayment: () => ({ ok: true, value: unchecked({ ...paymentDetail(repeat), related: { parent, repeats: [] } }) }),
  chargeRecurring: () => ({ ok: true, value: unchecked(cardSale({ id: 'pay-3', orderId: 'PD-REPEAT-DEC', kind: 'recurring', parentPaymentId: 'pay-1' })) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });

afterEach(() => {
  cleanup();
  parent = firstPayment;
  main.calls.length = 0;
  act(() => useLanguage.getState().setLanguage('en'));
});

describe.each([
  ['en', 'Charge again', /^Charge SAR\s80\.00 to the stored card of Sara Al-Harbi on the practice gateway\.$/, /^Charged SAR\s80\.00 to the stored card as \u2066PD-REPEAT-DEC\u2069\.$/],
  ['ar', 'خصم مرة أخرى', /^خصم .*80\.00.* من البطاقة المحفوظة للعميل Sara Al-Harbi عبر .+\.$/, /^تم خصم .*80\.00.* من البطاقة المحفوظة بالطلب \u2066PD-REPEAT-DEC\u2069\.$/],
] as Array<[Language, string, RegExp, RegExp]>)('a repeat charge\'s own detail in %s', (language, button, confirmation, done) => {
  it('offers "Charge again" with the first payment\'s amount and confirmation, and charges through main', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<PaymentDetailPanel paymentId="pay-2" onClose={() => undefined} />);
    const again = await screen.findByTestId('action-recurring');
    expect(again.textContent).toBe(button);
    fireEvent.click(again);
    expect((document.getElementById('action-amount') as HTMLInputElement).value).toBe('80.00');
    expect(screen.getByTestId('confirm-line').textContent).toMatch(confirmation);
    fireEvent.change(document.getElementById('action-description')!, { target: { value: 'December box' } });
    fireEvent.submit(screen.getByTestId('action-send').closest('form')!);
    await waitFor(() => expect(screen.queryByTestId('action-dialog')).toBeNull());
    expect(screen.getByTestId('detail-notice').textContent).toMatch(done);
    // main is asked once; it finds the first payment's card from this charge (new-payments.ts).
    expect(main.calls.filter((c) => c.name === 'chargeRecurring').map((c) => c.input)).toEqual([{ paymentId: 'pay-2', amount: '80.00', currency: 'SAR', description: 'December box' }]);
  });
});

describe('a repeat charge whose first payment cannot be charged again', () => {
  it.each([
    ['its token not in', { ...firstPayment, recurringAvailable: false }],
    ['not in this ledger', null],
  ])('offers no "Charge again" (%s)', async (_, shownParent) => {
    parent = shownParent;
    render(<PaymentDetailPanel paymentId="pay-2" onClose={() => undefined} />);
    await screen.findByTestId('action-status');
    expect(screen.queryByTestId('action-recurring')).toBeNull();
  });
});

// The walkthrough: the dialog named this repeat charge's order id (PD-REPEAT-NOV) as if its card were charged.
describe.each([
  ['en', 'Card charged', 'Ending in 1111', 'The card stored with the first payment', 'Stored with order', 'The charge is a new payment, under an order reference of its own.'],
  ['ar', 'البطاقة التي يُخصم منها', 'المنتهية بـ 1111', 'البطاقة المحفوظة مع الدفعة الأولى', 'محفوظة مع الطلب', 'الخصم دفعة جديدة بمرجع طلب خاص بها.'],
] as Array<[Language, string, string, string, string, string]>)('"Charge again" from a repeat charge in %s', (language, cardLabel, ending, notShown, orderLabel, newOrder) => {
  const openDialog = async () => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<PaymentDetailPanel paymentId="pay-2" onClose={() => undefined} />);
    fireEvent.click(await screen.findByTestId('action-recurring'));
    return screen.getByTestId('action-dialog');
  };

  it('names the card it charges: the first payment\'s card ending and order id, not this charge\'s order id', async () => {
    const dialog = await openDialog();
    expect(screen.getByText(cardLabel).nextElementSibling!.textContent).toBe(ending);
    expect(screen.getByText(orderLabel).nextElementSibling!.textContent).toBe('DOC-1');
    expect(dialog.textContent).not.toContain('PD-REPEAT-NOV');
    expect(screen.getByTestId('recurring-new-order').textContent).toBe(newOrder);
  });

  it('says it is the first payment\'s stored card when no card number was kept', async () => {
    parent = { ...firstPayment, cardMasked: null };
    await openDialog();
    expect(screen.getByTestId('charged-card').textContent).toBe(notShown);
    expect(screen.getByTestId('charged-order').textContent).toBe('DOC-1');
  });
});
