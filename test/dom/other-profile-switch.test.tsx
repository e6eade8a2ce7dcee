// A payment made on another profile than the active one is acted on from that profile (its gateway
// and key). The detail names that profile and switches to it in one press; it said "made on another
// profile. Switch to that profile" without naming it, and the header's switcher took three more
// interactions. After the switch the actions are there and the keyboard is on the payment's title.
// main is a stub here: it switches and tells the page, as main does.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { appInfo } from '../support/session';
import { stubMain, unchecked } from '../support/stub-main';
import { cardSale, paymentDetail } from '../support/payment-view';

const practice = { id: 'practice', name: 'Practice', environment: 'practice', baseUrl: 'http://127.0.0.1:9/api/v1', defaultCurrency: 'SAR', key: { configured: true, lastFour: 'abcd' }, pathOverrides: {}, successUrl: null, failureUrl: null };
const shop = { ...practice, id: 'shop', name: 'Shop', environment: 'sandbox', baseUrl: 'https://sandbox.example/api/v1' };
let activeId = 'practice';
let profiles = [practice, shop];
let listAnswered = true;
let madeOn: { profileId: string; environment: 'sandbox' | 'production' } = { profileId: 'shop', environment: 'sandbox' };
/** A refund whose answer was lost, left to a person for this reason (none: nothing unclear). */
let unclear: 'undecidable' | 'unsettled' | null = null;
const lostRefund = {
  id: 'op-2', kind: 'refund', amountMinor: 4_000, reason: null, osUser: 'layla', person: null, outcome: 'unknown', errorCode: null, errorMessage: null,
  gatewayAnswer: null, createdAt: '2026-11-23T10:01:00.000Z', completedAt: null,
};
const main = stubMain({
  getAppInfo: () => ({ ok: true, value: appInfo(null) }),
  getActiveProfile: () => ({ ok: true, value: unchecked(profiles.find((p) => p.id === activeId) ?? practice) }),
  listProfiles: () => (listAnswered ? { ok: true, value: unchecked({ profiles, activeId }) } : new Promise(() => undefined)),
  getPayment: () => ({ ok: true, value: unchecked(unclear
    ? { ...paymentDetail(cardSale({ ...madeOn, operationInFlight: true, needsAttention: true, attentionReason: unclear })), operations: [lostRefund] }
    : paymentDetail(cardSale(madeOn))) }),
  switchProfile: (input) => {
    activeId = input.id;
    queueMicrotask(() => main.tell({ type: 'profiles.changed' } as never));
    return { ok: true, value: unchecked(profiles.find((p) => p.id === input.id)) };
  },
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
const { useSession, watchSession } = await import('../../renderer/src/app/session-store');
const { useProfiles } = await import('../../renderer/src/features/settings/settings-store');
const { useLanguage, translate } = await import('../../renderer/src/i18n');

let unwatch: () => void = () => undefined;
beforeEach(async () => {
  listAnswered = true;
  unclear = null;
  madeOn = { profileId: 'shop', environment: 'sandbox' };
  activeId = 'practice';
  profiles = [practice, shop];
  useSession.setState({ info: appInfo(null), profile: practice as never });
  await act(() => useProfiles.getState().load());
  unwatch = watchSession();
});
afterEach(() => {
  unwatch();
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

it('names the payment\'s profile and switches to it in one press; then the actions are offered', async () => {
  render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
  const note = await screen.findByTestId('other-profile');
  expect(note.textContent).toContain('This payment was made on \u2068\u2068Shop\u2069 (Sandbox)\u2069.');
  expect(screen.queryByTestId('action-refund')).toBeNull();
  const button = screen.getByRole('button', { name: 'Switch to \u2068\u2068Shop\u2069 (Sandbox)\u2069' });
  button.focus();
  fireEvent.click(button);
  expect(await screen.findByTestId('action-refund')).toBeTruthy();
  expect(main.calls.filter((c) => c.name === 'switchProfile').map((c) => c.input)).toEqual([{ id: 'shop' }]);
  expect(screen.queryByTestId('other-profile')).toBeNull();
  await waitFor(() => expect(document.activeElement?.tagName).toBe('H2'));
});

it('says so in Arabic, naming the profile', async () => {
  act(() => useLanguage.getState().setLanguage('ar'));
  render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
  const note = await screen.findByTestId('other-profile');
  expect(note.textContent).toContain(translate('ar', 'detail.otherProfile', { profile: '\u2068Shop\u2069 (الاختبار)' }));
  expect(screen.getByRole('button', { name: 'انتقل إلى «\u2068\u2068Shop\u2069 (الاختبار)\u2069»' })).toBeTruthy();
});

it('says a removed profile\'s payment cannot be acted on here, with nothing to press', async () => {
  profiles = [practice];
  await act(() => useProfiles.getState().load());
  render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
  const note = await screen.findByTestId('other-profile');
  expect(note.textContent).toBe('This payment was made on a profile that has since been removed, so it cannot be acted on here.');
  expect(note.querySelector('button')).toBeNull();
});

const plain = (text: string | null | undefined) => text!.replace(/[\u2066-\u2069\u200e\u200f]/g, '').replace(/\u00a0/g, ' ');

// The view has no "Settle by hand…" on another profile's payment: "then settle it here" sent people looking for it.
it('an undecidable refund on another profile\'s payment says to settle it from that profile, not here, in English and Arabic', async () => {
  unclear = 'undecidable';
  render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
  const note = await screen.findByTestId('attention-undecidable');
  expect(plain(note.textContent)).toBe('The gateway’s answers cannot tell whether the last refund went through. Look up order reference DOC-1 for SAR 40.00 on the gateway’s dashboard, then switch to the profile it was made on and settle it from there.');
  expect(screen.queryByTestId('action-settle')).toBeNull();
  act(() => useLanguage.getState().setLanguage('ar'));
  await waitFor(() => expect(plain(screen.getByTestId('attention-undecidable').textContent)).toBe('لا تكفي ردود البوابة لمعرفة هل تمت آخر عملية استرداد. ابحث في لوحة تحكم البوابة عن مرجع الطلب DOC-1 بمبلغ 40.00 SAR، ثم انتقل إلى ملف التعريف الذي أُجريت عليه وسوِّها منه.'));
});

// A removed profile cannot be switched to (one added again is a new profile): the notes said to switch to it.
for (const reason of ['undecidable', 'unsettled'] as const) {
  it(`an unclear refund (${reason}) on a removed profile's payment says nothing here can check or settle it, and what the dashboard tells, in English and Arabic`, async () => {
    unclear = reason;
    profiles = [practice];
    await act(() => useProfiles.getState().load());
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    const note = await screen.findByTestId('attention-undecidable');
    expect(plain(note.textContent)).toBe('No answer settles the last refund, and the profile it was made on has since been removed, so Paydesk can no longer check or settle it. Look up order reference DOC-1 for SAR 40.00 on the gateway’s dashboard to learn its outcome.');
    expect(note.textContent).not.toMatch(/[Ss]witch/);
    act(() => useLanguage.getState().setLanguage('ar'));
    await waitFor(() => expect(plain(screen.getByTestId('attention-undecidable').textContent)).toBe('لم يحسم أي ردٍّ آخر عملية استرداد، وقد أُزيل ملف التعريف الذي أُجريت عليه منذ ذلك الحين، فلم يعد بوسع بايدسك فحصها ولا تسويتها. ابحث في لوحة تحكم البوابة عن مرجع الطلب DOC-1 بمبلغ 40.00 SAR لتعرف نتيجتها.'));
  });
}

it('does not call the profile removed while the list of profiles is still being asked for', async () => {
  listAnswered = false;
  useProfiles.setState({ profiles: [], loaded: false });
  render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
  const note = await screen.findByTestId('other-profile');
  expect(note.textContent).toBe('This payment was made on another profile. Switch to that profile to act on it.');
});

it('asks before switching to a production profile, as Settings does; Cancel switches nothing', async () => {
  const live = { ...shop, id: 'live', name: 'Live shop', environment: 'production', baseUrl: 'https://gateway.example/api/v1' };
  profiles = [practice, live];
  await act(() => useProfiles.getState().load());
  main.calls.length = 0;
  madeOn = { profileId: 'live', environment: 'production' };
  render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
  await screen.findByTestId('other-profile');
  const button = screen.getByRole('button', { name: 'Switch to \u2068\u2068Live shop\u2069 (Production)\u2069' });
  button.focus();
  fireEvent.click(button);
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog.textContent).toContain('Use “\u2068Live shop\u2069”, a production profile?');
  expect(main.calls.filter((c) => c.name === 'switchProfile')).toEqual([]);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('alertdialog')).toBeNull();
  expect(document.activeElement).toBe(button); // the keyboard back on what was pressed
  expect(main.calls.filter((c) => c.name === 'switchProfile')).toEqual([]);
  fireEvent.click(button);
  fireEvent.click(await screen.findByRole('button', { name: 'Use production' }));
  expect(await screen.findByTestId('action-refund')).toBeTruthy();
  expect(main.calls.filter((c) => c.name === 'switchProfile').map((c) => c.input)).toEqual([{ id: 'live' }]);
});
