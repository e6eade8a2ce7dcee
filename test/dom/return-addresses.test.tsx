// Where the customer goes after paying, as the link form asks it (walk25): one rule with main's
// and the profile's (https only for production, said at the field in both languages, nothing
// sent), and the addresses typed for a profile without defaults, not kept because main refused
// to change the profile: the link stands and the person is told why, in both languages (it was
// silent, and the next link asked again unexplained). main is a recording stub here.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { appInfo } from '../support/session';
import { notStubbed, stubMain } from '../support/stub-main';
import type { PaymentView } from '../../contract/methods/payments';
import type { AppError } from '../../contract/result';

let environment: 'sandbox' | 'production' = 'sandbox';
const notWritable: AppError = { code: 'storage', message: 'Paydesk cannot write to its data folder (/data).', reason: { key: 'storage.folderNotWritable', values: { folder: '/data' } } };
let refusal: AppError = notWritable;
let defaults: { successUrl: string | null; failureUrl: string | null } = { successUrl: null, failureUrl: null };

const payment: PaymentView = {
  id: 'p1', profileId: 'shop', environment: 'sandbox', kind: 'link', orderId: 'PD-1', amountMinor: 12550, currency: 'SAR', description: 'Invoice',
  customer: { name: 'Sara', email: 'sara@example.com', phone: '+966501234567' }, cardMasked: null, transactionId: null, sessionId: 'lnk_1', url: 'https://pay.example/link?linkId=lnk_1',
  authOnly: false, recurringAvailable: false, recurringRequested: false, parentPaymentId: null, state: 'pending', statusWord: 'UNPAID', capturedMinor: 0, refundedMinor: 0, operationInFlight: false,
  needsAttention: false, attentionReason: null, watched: false, lastError: null, lastErrorReason: null, createdAt: '2026-01-01T10:00:00Z', updatedAt: '2026-01-01T10:00:00Z', lastCheckedAt: null, expiresOn: null,
};

const main = stubMain({
  getAppInfo: () => ({ ok: true, value: appInfo() }),
  getActiveProfile: () => ({ ok: true, value: { id: 'shop', name: environment === 'production' ? 'Souq live' : 'Souq sandbox', environment, baseUrl: 'https://gw.example/api/v1', defaultCurrency: 'SAR', key: { configured: true, lastFour: 'abcd' }, pathOverrides: {}, ...defaults } }),
  searchPayments: () => ({ ok: true, value: { total: 0, rows: [] } }),
  listPaymentLinks: () => ({ ok: true, value: { total: 0, rows: [] } }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'shop' } }),
  createPaymentLink: () => ({ ok: true, value: payment }),
  // The profiles file cannot be written (its folder's permissions, a full disk): main refuses, in its words.
  updateProfile: () => ({ ok: false, error: refusal }),
}, { otherwise: () => notStubbed });
const { calls } = main;
const { App } = await import('../../renderer/src/app/app');
const { forgetDraft } = await import('../../renderer/src/features/get-paid/kept-drafts');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useLanguage } = await import('../../renderer/src/i18n');
const { useSession } = await import('../../renderer/src/app/session-store');
const urlDefaults: { useAddressesNotKept?: { setState(s: { refusal: null }): void } } = await import('../../renderer/src/features/get-paid/url-defaults');
await import('../../renderer/src/features/get-paid/links-screen');

const sent = (name: string) => calls.filter((c) => c.name === name) as Array<{ name: string; input: Record<string, unknown> }>;
const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(input(id), { target: { value } });

async function linkForm() {
  render(<App />);
  await screen.findByTestId('active-profile-name');
  act(() => useNavigation.getState().go('links'));
  await screen.findByRole('heading', { name: 'Payment links', level: 1 });
  await main.loaded();
  type('link-amount', '125.50');
  type('link-description', 'Invoice');
  type('link-customer-name', 'Sara');
  type('link-customer-email', 'sara@example.com');
  type('link-customer-phone', '+966 50 123 4567');
}

beforeEach(() => {
  calls.length = 0;
  environment = 'sandbox';
  defaults = { successUrl: null, failureUrl: null };
  refusal = notWritable;
});
afterEach(() => {
  cleanup();
  forgetDraft('links');
  urlDefaults.useAddressesNotKept?.setState({ refusal: null });
  act(() => useLanguage.getState().setLanguage('en'));
  act(() => useNavigation.getState().go('home'));
  useSession.setState({ profile: undefined, info: undefined });
});

describe('a production link’s addresses', () => {
  // A production profile's defaults had to be https while a link's own could be http: kept from
  // such a link they were refused silently, and the next link asked again (walk23).
  it('are https only, said at the field before anything is sent, in English and Arabic', async () => {
    environment = 'production';
    await linkForm();
    fireEvent.click(screen.getByText('Where the customer goes afterwards'));
    type('link-successUrl', 'http://souq.example/paid');
    type('link-failureUrl', 'https://souq.example/not-paid');
    fireEvent.click(screen.getByTestId('link-submit'));
    expect(screen.getByTestId('error-link-successUrl').textContent).toBe('On a production profile the customer is sent to an https:// address only: this one starts with http://.');
    expect(screen.queryByTestId('error-link-failureUrl')).toBeNull();
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(screen.getByTestId('error-link-successUrl').textContent).toBe('في ملف تعريف الإنتاج لا يُرسل العميل إلا إلى عنوان يبدأ بـ \u2066https://\u2069: هذا العنوان يبدأ بـ \u2066http://\u2069.');
    expect(sent('createPaymentLink')).toHaveLength(0);
  });

  it('on a sandbox may be http (a shop’s test pages)', async () => {
    await linkForm();
    type('link-successUrl', 'http://souq.test/paid');
    type('link-failureUrl', 'http://souq.test/not-paid');
    fireEvent.click(screen.getByTestId('link-submit'));
    await waitFor(() => expect(sent('createPaymentLink')[0]?.input).toMatchObject({ successUrl: 'http://souq.test/paid', failureUrl: 'http://souq.test/not-paid' }));
  });
});

describe('addresses typed for a profile without defaults, not kept', () => {
  it('the link stands, and the person is told they were not kept and why, in English and Arabic', async () => {
    await linkForm();
    type('link-successUrl', 'https://souq.example/paid');
    type('link-failureUrl', 'https://souq.example/not-paid');
    fireEvent.click(screen.getByTestId('link-submit'));
    await screen.findByTestId('link-result');
    await waitFor(() => expect(sent('updateProfile')).toHaveLength(1));
    const told = await screen.findByTestId('addresses-not-kept');
    expect(told.textContent).toContain('These addresses were used, but not kept as the defaults of “\u2068Souq sandbox\u2069”:');
    expect(told.textContent).toContain('Paydesk cannot write to its data folder (/data).');
    expect(told.textContent).toContain('The next link or checkout session will ask for them again.');
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(screen.getByTestId('addresses-not-kept').textContent).toContain('استُخدم هذان العنوانان، لكنهما لم يُحفظا عنوانين افتراضيين لملف التعريف «\u2068Souq sandbox\u2069»');
    expect(screen.getByTestId('link-result').textContent).toContain('PD-1'); // the link stands
  });

  // main's reason ended "Nothing was changed.", which under a link just made read as if the link had not been (walk25).
  it('says the profiles were not changed, not that nothing was, in English and Arabic', async () => {
    refusal = { code: 'storage', message: 'Paydesk could not save the profiles in /data (EPERM).', reason: { key: 'profile.saveFailed', values: { folder: '/data', code: 'EPERM' } } };
    await linkForm();
    type('link-successUrl', 'https://souq.example/paid');
    type('link-failureUrl', 'https://souq.example/not-paid');
    fireEvent.click(screen.getByTestId('link-submit'));
    await screen.findByTestId('link-result');
    const told = await screen.findByTestId('addresses-not-kept');
    expect(told.textContent).toContain('Paydesk could not save the profiles in /data (EPERM). The profiles were not changed. Check that the folder is writable');
    expect(told.textContent).not.toContain('Nothing was changed');
    act(() => useLanguage.getState().setLanguage('ar'));
    const ar = screen.getByTestId('addresses-not-kept').textContent;
    expect(ar).toContain('لم تتغير ملفات التعريف.');
    expect(ar).not.toContain('لم يتغير شيء');
  });
});
