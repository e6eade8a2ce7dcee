// On the team ledger a payment made on a colleague's laptop carries a profile id no profile here
// has (ids are each laptop's own). Its detail said "made on a profile that has since been
// removed" with no actions, and support could not refund it. Now it says which of this laptop's
// profiles acts on it, and the actions show; a payment of another environment, or one this laptop
// cannot match to a single profile, says why not and what to do (docs/team-ledger.md).
import { afterEach, beforeEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { appInfo } from '../support/session';
import { stubMain, unchecked } from '../support/stub-main';
import { cardSale, paymentDetail } from '../support/payment-view';

const practice = { id: 'practice', name: 'Practice', environment: 'practice', baseUrl: 'http://127.0.0.1:9/api/v1', defaultCurrency: 'SAR', key: { configured: true, lastFour: 'abcd' }, pathOverrides: {}, successUrl: null, failureUrl: null };
const shop = { ...practice, id: 'shop-here', name: 'Shop', environment: 'sandbox', baseUrl: 'https://sandbox.example/api/v1' };
const live = { ...practice, id: 'live-here', name: 'Live', environment: 'production', baseUrl: 'https://gateway.example/api/v1' };
let team: { role: 'support' } | null = { role: 'support' };
let profiles = [practice, shop, live];
let madeOn: { profileId: string; environment: 'sandbox' | 'production' } = { profileId: 'shop-on-ada', environment: 'sandbox' };
stubMain({
  getAppInfo: () => ({ ok: true, value: appInfo(team) }),
  getActiveProfile: () => ({ ok: true, value: unchecked(shop) }),
  listProfiles: () => ({ ok: true, value: unchecked({ profiles, activeId: shop.id }) }),
  getPayment: () => ({ ok: true, value: unchecked(paymentDetail(cardSale(madeOn))) }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
const { useSession } = await import('../../renderer/src/app/session-store');
const { useProfiles } = await import('../../renderer/src/features/settings/settings-store');
const { useLanguage } = await import('../../renderer/src/i18n');

const plain = (text: string | null | undefined) => text!.replace(/[\u2066-\u2069\u200e\u200f]/g, '').replace(/\u00a0/g, ' ');
const open = async () => {
  useSession.setState({ info: appInfo(team), profile: shop as never });
  await act(() => useProfiles.getState().load());
  render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
};

beforeEach(() => {
  team = { role: 'support' };
  profiles = [practice, shop, live];
  madeOn = { profileId: 'shop-on-ada', environment: 'sandbox' };
});
afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

it('a colleague\'s sandbox payment says it is acted on here with this laptop\'s sandbox profile, and offers the refund, in English and Arabic', async () => {
  await open();
  const note = await screen.findByTestId('colleague-profile');
  expect(plain(note.textContent)).toBe('Made with a sandbox profile that is not on this laptop: a colleague’s, or one removed since. Acted on here with your profile Shop (Sandbox).');
  expect(screen.getByTestId('action-refund')).toBeTruthy();
  expect(screen.queryByTestId('other-profile')).toBeNull();
  act(() => useLanguage.getState().setLanguage('ar'));
  await waitFor(() => expect(plain(screen.getByTestId('colleague-profile').textContent)).toBe('أُجريت بملف تعريف الاختبار ليس على هذا الحاسوب: ملف تعريف زميل، أو ملف تعريف أُزيل منذ ذلك الحين. ويُتعامل معها هنا بملف تعريفك «Shop (الاختبار)».'));
  expect(screen.getByTestId('action-refund')).toBeTruthy();
});

it('a colleague\'s production payment is not offered with the sandbox profile: it says to switch to the production profile, in English and Arabic', async () => {
  madeOn = { profileId: 'live-on-ada', environment: 'production' };
  await open();
  const note = await screen.findByTestId('other-profile');
  expect(plain(note.textContent)).toBe('This payment was made on a colleague’s laptop with a production profile, and the profile in use here is not one. Switch to your production profile to act on it.');
  expect(screen.queryByTestId('action-refund')).toBeNull();
  act(() => useLanguage.getState().setLanguage('ar'));
  await waitFor(() => expect(plain(screen.getByTestId('other-profile').textContent)).toBe('أُجريت هذه الدفعة على حاسوب زميل بملف تعريف الإنتاج، وملف التعريف المستخدم هنا ليس كذلك. انتقل إلى ملف تعريف الإنتاج لديك للتعامل معها.'));
});

it('with two sandbox profiles on this laptop, which one is the colleague\'s account is not known: it says so and how to resolve it', async () => {
  profiles = [practice, shop, { ...shop, id: 'shop-2', name: 'Shop 2' }];
  await open();
  const note = await screen.findByTestId('other-profile');
  expect(plain(note.textContent)).toContain('this laptop has several sandbox profiles, so which of them is for the same gateway account is not known. Keep only the one for that account on this laptop');
  expect(screen.queryByTestId('action-refund')).toBeNull();
});

it('on this laptop\'s own ledger another id is another profile, as before: no actions', async () => {
  team = null;
  await open();
  expect(plain((await screen.findByTestId('other-profile')).textContent)).toBe('This payment was made on a profile that has since been removed, so it cannot be acted on here.');
  expect(screen.queryByTestId('action-refund')).toBeNull();
  expect(screen.queryByTestId('colleague-profile')).toBeNull();
});
