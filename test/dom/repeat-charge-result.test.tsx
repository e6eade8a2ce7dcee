// A repeat charge makes a new payment: the line after it names that payment's order id, in English
// and Arabic, so a caller asking about the charge can be found by it ("Charged SAR 80.00 to the
// stored card." named none; the new payment was only in the list under the detail). One the gateway
// declines (its answer is a declined payment, not a refusal) says so and what to do, where it said
// "Charged". main is a stub.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { appInfo } from '../support/session';
import { cardSale, paymentDetail } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';
import { useLanguage, type Language } from '../../renderer/src/i18n';

const payment = cardSale({ recurringAvailable: true, recurringRequested: true });
let charged: 'paid' | 'declined' = 'paid';
stubMain({
  getPayment: () => ({ ok: true, value: unchecked(paymentDetail(payment)) }),
  chargeRecurring: () => ({ ok: true, value: unchecked(cardSale({ id: 'pay-2', orderId: 'PD-20261129-REPEAT01', kind: 'recurring', parentPaymentId: 'pay-1', state: charged, capturedMinor: charged === 'paid' ? 8_000 : 0 })) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });

afterEach(() => {
  cleanup();
  charged = 'paid';
  act(() => useLanguage.getState().setLanguage('en'));
});

/** Charges the stored card through the dialog, as a person does, and answers the line said after it. */
async function chargeAgain() {
  render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
  fireEvent.click(await screen.findByTestId('action-recurring'));
  fireEvent.change(document.getElementById('action-description')!, { target: { value: 'Monthly box' } });
  fireEvent.submit(screen.getByTestId('action-send').closest('form')!);
  await waitFor(() => expect(screen.queryByTestId('action-dialog')).toBeNull());
}

describe.each([
  ['en', /^Charged SAR\s80\.00 to the stored card as \u2066PD-20261129-REPEAT01\u2069\.$/, /^The gateway declined the repeat charge of SAR\s80\.00: \u2066PD-20261129-REPEAT01\u2069 is recorded as declined\. Ask the customer for another card or another way to pay\.$/],
  ['ar', /^تم خصم .*80\.00.* من البطاقة المحفوظة بالطلب \u2066PD-20261129-REPEAT01\u2069\.$/, /^رفضت البوابة الخصم المتكرر بمبلغ .*80\.00.*: سُجّل الطلب \u2066PD-20261129-REPEAT01\u2069 مرفوضًا\. اطلب من العميل بطاقة أخرى/],
] as Array<[Language, RegExp, RegExp]>)('a repeat charge in %s', (language, said, declined) => {
  it('says that the gateway declined it, and what to do', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    charged = 'declined';
    await chargeAgain();
    expect(screen.getByTestId('detail-notice').textContent).toMatch(declined);
  });

  it('says the new payment\'s order id', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    await chargeAgain();
    expect(screen.getByTestId('detail-notice').textContent).toMatch(said);
  });

  // Bare in the Arabic line, the id broke at its hyphen: "PD-" drawn "-PD" at one line's end, the
  // rest on the next (walk6, 1280 px). Its own left-to-right element, kept whole, as a line's
  // other ids are (ui/isolated-runs.tsx).
  it('draws the new order id left to right in one piece', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    await chargeAgain();
    const id = [...screen.getByTestId('detail-notice').querySelectorAll('bdi')].find((element) => element.textContent?.includes('PD-20261129-REPEAT01'));
    expect(id?.textContent).toBe('\u2066PD-20261129-REPEAT01\u2069.');
    expect(id?.getAttribute('dir')).toBe('ltr');
    expect(id?.classList.contains('quoted-words')).toBe(true);
  });

  // Its "Send a receipt" sat right under "Charged … as PD-…", as if it were the new charge's.
  it('keeps the first payment\'s own receipt offer under its amounts, apart from the line about the new charge', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    await chargeAgain();
    const follows = (first: Node, second: Node) => Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);
    const line = screen.getByTestId('detail-notice');
    const ownAmounts = screen.getByTestId('detail-refund-left');
    const offer = screen.getByTestId('receipt-toggle');
    expect(follows(line, ownAmounts)).toBe(true);
    expect(follows(ownAmounts, offer)).toBe(true);
  });
});
