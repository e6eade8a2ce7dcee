// A payment made with one of the team's profiles that is not on this laptop: its detail names that
// profile ("Made with Shop (Sandbox) on a colleague's laptop") instead of "a sandbox profile that is
// not on this laptop"; the colleague rule still decides what acts on it (contract/colleague-profile.ts).
// A profile no laptop published keeps the words it had (docs/team-ledger.md, "The team's profiles").
import { afterEach, beforeEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { appInfo } from '../support/session';
import { stubMain, unchecked } from '../support/stub-main';
import { cardSale, paymentDetail } from '../support/payment-view';

const practice = { id: 'practice', name: 'Practice', environment: 'practice', baseUrl: 'http://127.0.0.1:9/api/v1', defaultCurrency: 'SAR', key: { configured: true, lastFour: 'abcd' }, pathOverrides: {}, successUrl: null, failureUrl: null };
const mine = { ...practice, id: 'shop-here', name: 'Front desk', environment: 'sandbox', baseUrl: 'https://sandbox.example/api/v1' };
const teamProfile = (id: string, name: string, environment: 'sandbox' | 'production') => ({ id, name, environment, baseUrl: 'https://gw.example/api/v1', addedBy: 'ada', addedAt: '2026-11-29T10:00:00.000Z', removed: false });
const other = { ...mine, id: 'shop-test', name: 'Test shop' };
let madeOn: { profileId: string; environment: 'sandbox' | 'production' };
let here: Array<typeof mine>;
let teamRemoved = false;
const main = stubMain({
  getAppInfo: () => ({ ok: true, value: appInfo({ role: 'support' }) }),
  getActiveProfile: () => ({ ok: true, value: unchecked(mine) }),
  listProfiles: () => ({ ok: true, value: unchecked({ profiles: [practice, ...here], activeId: mine.id }) }),
  listTeamProfiles: () => ({ ok: true, value: { profiles: [{ ...teamProfile('shop-on-ada', 'Shop', 'sandbox'), removed: teamRemoved }, teamProfile('live-on-ada', 'Shop live', 'production')] } }),
  getPayment: () => ({ ok: true, value: unchecked(paymentDetail(cardSale(madeOn))) }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
const { useSession } = await import('../../renderer/src/app/session-store');
const { useProfiles } = await import('../../renderer/src/features/settings/settings-store');
const { useLanguage } = await import('../../renderer/src/i18n');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useTeamProfiles } = await import('../../renderer/src/features/settings/team-profiles-store');

const plain = (text: string | null | undefined) => text!.replace(/[\u2066-\u2069\u200e\u200f]/g, '').replace(/\u00a0/g, ' ');
const open = async () => {
  useSession.setState({ info: appInfo({ role: 'support' }), profile: mine as never });
  await act(() => useProfiles.getState().load());
  render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
};

beforeEach(async () => {
  madeOn = { profileId: 'shop-on-ada', environment: 'sandbox' };
  here = [mine];
  teamRemoved = false;
  // The team's list as main has it (the page asks once per id: one test's removed list stayed for the next).
  await act(() => useTeamProfiles.getState().load());
  main.calls.length = 0;
});
afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

it('names the team\'s profile a colleague\'s payment was made with, says which profile here acts on it, and offers the refund, in English and Arabic', async () => {
  await open();
  await waitFor(() => expect(plain(screen.getByTestId('colleague-profile').textContent)).toBe('Made with Shop (Sandbox) on a colleague’s laptop. Acted on here with your profile Front desk (Sandbox).'));
  expect(screen.getByTestId('action-refund')).toBeTruthy();
  act(() => useLanguage.getState().setLanguage('ar'));
  await waitFor(() => expect(plain(screen.getByTestId('colleague-profile').textContent)).toBe('أُجريت بملف التعريف «Shop (الاختبار)» على حاسوب زميل. ويُتعامل معها هنا بملف تعريفك «Front desk (الاختبار)».'));
});

it('a team\'s production profile on a sandbox laptop: named, "on a colleague\'s laptop" said once, and still not acted on across environments', async () => {
  madeOn = { profileId: 'live-on-ada', environment: 'production' };
  await open();
  await waitFor(() => expect(plain(screen.getByTestId('other-profile').textContent)).toBe('This payment was made on a colleague’s laptop with the team’s profile "Shop live (Production)", and the profile in use here is not a production one. Switch to your production profile to act on it.'));
  expect(screen.queryByTestId('action-refund')).toBeNull();
  act(() => useLanguage.getState().setLanguage('ar'));
  await waitFor(() => expect(plain(screen.getByTestId('other-profile').textContent)).toBe('أُجريت هذه الدفعة على حاسوب زميل بملف تعريف الفريق «Shop live (الإنتاج)»، وملف التعريف المستخدم هنا ليس ملف تعريف إنتاج. انتقل إلى ملف تعريف الإنتاج لديك للتعامل معها.'));
  expect(plain(screen.getByTestId('other-profile').textContent).match(/حاسوب زميل/g)).toHaveLength(1);
});

it('several sandbox profiles here: the refusal says to add the team\'s profile by its name in Settings → Add profile, and one press opens that form with it chosen; in Arabic too', async () => {
  here = [mine, other];
  await open();
  const said = 'This payment was made on a colleague’s laptop with the team’s profile "Shop (Sandbox)", and this laptop has several sandbox profiles, so which of them is for the same gateway account is not known. Add the team’s profile "Shop (Sandbox)" in Settings → Add profile (its API key typed on this laptop), or act on it from the laptop it was made on.';
  await waitFor(() => expect(plain(screen.getByTestId('other-profile').querySelector('p')!.textContent)).toBe(said));
  expect(screen.queryByTestId('action-refund')).toBeNull();
  act(() => useLanguage.getState().setLanguage('ar'));
  await waitFor(() => expect(plain(screen.getByTestId('other-profile').querySelector('p')!.textContent)).toBe('أُجريت هذه الدفعة على حاسوب زميل بملف تعريف الفريق «Shop (الاختبار)»، ولدى هذا الحاسوب أكثر من ملف تعريف الاختبار، فلا يُعرف أيّها لحساب البوابة نفسه. أضف ملف تعريف الفريق «Shop (الاختبار)» من الإعدادات ← أضف ملف تعريف (ويُكتب مفتاح API على هذا الحاسوب)، أو تعامل معها من الحاسوب الذي أُجريت عليه.'));
  expect(plain(screen.getByTestId('add-team-profile').textContent)).toBe('أضف «Shop (الاختبار)» في الإعدادات');
  act(() => useLanguage.getState().setLanguage('en'));
  const add = await screen.findByTestId('add-team-profile');
  expect(plain(add.textContent)).toBe('Add Shop (Sandbox) in Settings');
  fireEvent.click(add);
  expect(useNavigation.getState()).toMatchObject({ screen: 'settings', params: { open: 'new', teamProfile: 'shop-on-ada' } });
});

it('several sandbox profiles and the team\'s profile removed from the list: named, and the fix offered is to keep only one here, with no button', async () => {
  here = [mine, other];
  teamRemoved = true;
  // The list as main has it now (an open detail reads it again on main's teamProfiles.changed).
  await act(() => useTeamProfiles.getState().load());
  await open();
  await waitFor(() => expect(plain(screen.getByTestId('other-profile').textContent)).toBe('This payment was made on a colleague’s laptop with the team’s profile "Shop (Sandbox)", and this laptop has several sandbox profiles, so which of them is for the same gateway account is not known. Keep only the one for that account on this laptop, or act on it from the laptop it was made on.'));
  expect(screen.queryByTestId('add-team-profile')).toBeNull();
});

it('a profile no laptop published keeps the words it had: a colleague\'s, or one removed since', async () => {
  madeOn = { profileId: 'never-published', environment: 'sandbox' };
  await open();
  // The team's list was asked for this id, and did not have it.
  await waitFor(() => expect(main.asked('listTeamProfiles').length).toBeGreaterThan(0));
  expect(plain((await screen.findByTestId('colleague-profile')).textContent)).toBe('Made with a sandbox profile that is not on this laptop: a colleague’s, or one removed since. Acted on here with your profile Front desk (Sandbox).');
});
