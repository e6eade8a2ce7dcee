// Whose key a refund is sent with (walk37): a support agent of a franchise with twenty branches
// refunds a payment made on another branch's profile, having switched to it. The dialog said
// "Environment: Sandbox" only (and for production named the profile in its tick box alone), so which
// of twelve sandbox branches would act was in the header, not in the dialog. It names the profile
// in use with its badge, read by a screen reader as one of the dialog's facts; the payment's detail
// names its profile likewise. English and Arabic.
import { expect, it } from 'vitest';
import { act } from 'react';
import { render, screen } from '@testing-library/react';
import { cardSale } from '../support/payment-view';
import { practice, sandboxProfile, withProfileInUse } from '../support/two-profiles';
import { stubMain, unchecked } from '../support/stub-main';

const jeddah = { ...sandboxProfile('jeddah-live', 'فرع جدة'), environment: 'production' as const };
const dammam = sandboxProfile('dammam', 'Dammam – Corniche');
stubMain({ listProfiles: () => ({ ok: true, value: unchecked({ profiles: [practice, dammam, jeddah], activeId: 'jeddah-live' }) }) });
const { ActionDialog } = await import('../../renderer/src/features/transactions/action-dialog');
const { useLanguage } = await import('../../renderer/src/i18n');
const sale = cardSale({ profileId: 'jeddah-live', environment: 'production' });

withProfileInUse(jeddah as unknown as ReturnType<typeof sandboxProfile>); // a production profile in use: the helper's type is a sandbox's

const facts = () => {
  const dialog = screen.getByRole('dialog');
  return document.getElementById(dialog.getAttribute('aria-describedby') ?? '')!.textContent!.replace(/[\u00a0\u200e\u200f\u2066-\u2069]/g, (c) => (c === '\u00a0' ? ' ' : ''));
};

it.each([
  ['en', 'Profileفرع جدة Production'],
  ['ar', 'ملف التعريففرع جدة الإنتاج'],
] as const)('names the branch whose key the refund goes with, and its environment (%s)', (language, named) => {
  act(() => useLanguage.getState().setLanguage(language));
  render(<ActionDialog kind="refund" payment={sale} remainingMinor={sale.amountMinor} onDone={() => undefined} onClose={() => undefined} />);
  expect(facts()).toContain(named);
});
