// A card payment only authorised (its money held on the card, asked for with "Authorise only") was
// "Card sale" («بيع بالبطاقة») in its detail beside "Authorised" (walk16): it reads as money taken. Its
// Type is "Card authorisation" («تفويض بالبطاقة»), captured since or not (the state says which); a
// sale stays a sale. The ledger's authOnly decides, nothing else. main is a stub.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { appInfo } from '../support/session';
import { cardSale, paymentDetail } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';
import { useLanguage } from '../../renderer/src/i18n';
import type { PaymentView } from '../../contract/methods/payments';

let shown: PaymentView = cardSale();
stubMain({
  getPayment: () => ({ ok: true, value: unchecked(paymentDetail(shown)) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

const authorised = cardSale({ state: 'authorised', authOnly: true, capturedMinor: 0, statusWord: 'AUTHORIZED' });
const partlyCaptured = cardSale({ state: 'partially_captured', authOnly: true, capturedMinor: 5_000 });

describe.each([
  ['en', 'Kind', 'Card authorisation', 'Card sale'],
  ['ar', 'النوع', 'تفويض بالبطاقة', 'بيع بالبطاقة'],
] as const)('a card payment’s Kind, in %s', (language, label, authorisation, sale) => {
  it.each([
    ['an authorisation not captured', authorised, authorisation],
    ['an authorisation captured in part', partlyCaptured, authorisation],
    ['a sale', cardSale(), sale],
  ])('names %s', async (_, payment, kind) => {
    act(() => useLanguage.getState().setLanguage(language));
    shown = payment;
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    await screen.findByTestId('detail-amount');
    const term = screen.getAllByText(label, { selector: 'dt' });
    expect(term).toHaveLength(1);
    expect(term[0]!.nextElementSibling?.textContent).toBe(kind);
  });
});
