// A repeat charge makes a new payment: the line after it names that payment's order id, in English
// and Arabic, so a caller asking about the charge can be found by it ("Charged SAR 80.00 to the
// stored card." named none; the new payment was only in the list under the detail). main is a stub.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { appInfo } from '../support/session';
import { cardSale, paymentDetail } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';
import { useLanguage, type Language } from '../../renderer/src/i18n';

const payment = cardSale({ recurringAvailable: true, recurringRequested: true });
stubMain({
  getPayment: () => ({ ok: true, value: unchecked(paymentDetail(payment)) }),
  chargeRecurring: () => ({ ok: true, value: unchecked(cardSale({ id: 'pay-2', orderId: 'PD-20261129-REPEAT01', kind: 'recurring', parentPaymentId: 'pay-1' })) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

describe.each([
  ['en', /^Charged SAR\s80\.00 to the stored card as PD-20261129-REPEAT01\.$/],
  ['ar', /^تم خصم .*80\.00.* من البطاقة المحفوظة بالطلب PD-20261129-REPEAT01\.$/],
] as Array<[Language, RegExp]>)('a repeat charge in %s', (language, said) => {
  it('says the new payment\'s order id', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    fireEvent.click(await screen.findByTestId('action-recurring'));
    fireEvent.change(document.getElementById('action-description')!, { target: { value: 'Monthly box' } });
    fireEvent.submit(screen.getByTestId('action-send').closest('form')!);
    await waitFor(() => expect(screen.queryByTestId('action-dialog')).toBeNull());
    expect(screen.getByText(said)).toBeTruthy();
  });
});
