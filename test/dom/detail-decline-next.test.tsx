// A declined card sale's detail offers the next step its reason points to: "Enter the card again"
// for a wrong security code or expiry (the same card, typed right), "Try another card" for any
// other decline. English and Arabic; main is a stub answering getPayment with the gateway's reason.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { appInfo } from '../support/session';
import { cardSale, paymentDetail } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';

let declineReason = '';
stubMain({
  getPayment: () => ({ ok: true, value: unchecked({ ...paymentDetail(cardSale({ state: 'declined', statusWord: 'DECLINED', capturedMinor: 0 })), declineReason }) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
const { translate, useLanguage } = await import('../../renderer/src/i18n');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

it.each([
  ['en', 'Wrong expiry date or security code for this test card', 'gp.another.cardAgain'],
  ['ar', 'CVV mismatch', 'gp.another.cardAgain'],
  ['en', 'Declined by the issuer (test card)', 'gp.another.card'],
  ['ar', 'Expired card', 'gp.another.card'],
] as const)('(%s) "%s": %s', async (language, reason, word) => {
  declineReason = reason;
  act(() => useLanguage.getState().setLanguage(language));
  render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
  expect((await screen.findByTestId('decline-reason')).textContent).toBe(reason);
  expect(screen.getByTestId('make-another').textContent).toBe(translate(language, word));
});
