// A payment made with one of the team's profiles that is not on this laptop: its detail names that
// profile ("Made with Shop (Sandbox) on a colleague's laptop") instead of "a sandbox profile that is
// not on this laptop"; the colleague rule still decides what acts on it (contract/colleague-profile.ts).
// A profile no laptop published keeps the words it had (docs/team-ledger.md, "The team's profiles").
import { afterEach, beforeEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { appInfo } from '../support/session';
import { stubMain, unchecked } from '../support/stub-main';
import { cardSale, paymentDetail } from '../support/payment-view';

const practice = { id: 'practice', name: 'Practice', environment: 'practice', baseUrl: 'http://127.0.0.1:9/api/v1', defaultCurrency: 'SAR', key: { configured: true, lastFour: 'abcd' }, pathOverrides: {}, successUrl: null, failureUrl: null };
const mine = { ...practice, id: 'shop-here', name: 'Front desk', environment: 'sandbox', baseUrl: 'https://sandbox.example/api/v1' };
const teamProfile = (id: string, name: string, environment: 'sandbox' | 'production') => ({ id, name, environment, baseUrl: 'https://gw.example/api/v1', addedBy: 'ada', addedAt: '2026-11-29T10:00:00.000Z', removed: false });
let madeOn: { profileId: string; environment: 'sandbox' | 'production' };
const main = stubMain({
  getAppInfo: () => ({ ok: true, value: appInfo({ role: 'support' }) }),
  getActiveProfile: () => ({ ok: true, value: unchecked(mine) }),
  listProfiles: () => ({ ok: true, value: unchecked({ profiles: [practice, mine], activeId: mine.id }) }),
  listTeamProfiles: () => ({ ok: true, value: { profiles: [teamProfile('shop-on-ada', 'Shop', 'sandbox'), teamProfile('live-on-ada', 'Shop live', 'production')] } }),
  getPayment: () => ({ ok: true, value: unchecked(paymentDetail(cardSale(madeOn))) }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
const { useSession } = await import('../../renderer/src/app/session-store');
const { useProfiles } = await import('../../renderer/src/features/settings/settings-store');
const { useLanguage } = await import('../../renderer/src/i18n');

const plain = (text: string | null | undefined) => text!.replace(/[\u2066-\u2069\u200e\u200f]/g, '').replace(/\u00a0/g, ' ');
const open = async () => {
  useSession.setState({ info: appInfo({ role: 'support' }), profile: mine as never });
  await act(() => useProfiles.getState().load());
  render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
};

beforeEach(() => {
  madeOn = { profileId: 'shop-on-ada', environment: 'sandbox' };
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

it('a team\'s production profile on a sandbox laptop: named, and still not acted on across environments', async () => {
  madeOn = { profileId: 'live-on-ada', environment: 'production' };
  await open();
  await waitFor(() => expect(plain(screen.getByTestId('other-profile').textContent)).toMatch(/^Made with Shop live \(Production\) on a colleague’s laptop\. This payment was made on a colleague’s laptop with a production profile, and the profile in use here is not one\./));
  expect(screen.queryByTestId('action-refund')).toBeNull();
  act(() => useLanguage.getState().setLanguage('ar'));
  await waitFor(() => expect(plain(screen.getByTestId('other-profile').textContent)).toMatch(/^أُجريت بملف التعريف «Shop live \(الإنتاج\)» على حاسوب زميل\. /));
});

it('a profile no laptop published keeps the words it had: a colleague\'s, or one removed since', async () => {
  madeOn = { profileId: 'never-published', environment: 'sandbox' };
  await open();
  // The team's list was asked for this id, and did not have it.
  await waitFor(() => expect(main.asked('listTeamProfiles').length).toBeGreaterThan(0));
  expect(plain((await screen.findByTestId('colleague-profile')).textContent)).toBe('Made with a sandbox profile that is not on this laptop: a colleague’s, or one removed since. Acted on here with your profile Front desk (Sandbox).');
});
