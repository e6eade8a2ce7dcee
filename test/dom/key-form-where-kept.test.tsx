// The API key's form says where the key is kept, as a new user adding a sandbox account reads it:
// only in this computer's keychain, never in a file, and shown after only by its last four
// characters. It said "the keychain" (which one, on a laptop that may share a team ledger?) and
// "never shown again", while Settings shows the last four. In English and Arabic.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import type { MethodOutput } from '../../contract/methods';
import { appInfo } from '../support/session';
import { notStubbed, stubMain, unchecked } from '../support/stub-main';

const shop: MethodOutput<'getActiveProfile'> = { id: 'shop', name: 'Shop', environment: 'sandbox', baseUrl: 'https://sandbox.example/api/v1', defaultCurrency: 'SAR', key: { configured: false, lastFour: null }, pathOverrides: {}, successUrl: null, failureUrl: null };

stubMain({
  getAppInfo: () => ({ ok: true, value: appInfo() }),
  getActiveProfile: () => ({ ok: true, value: shop }),
  listProfiles: () => ({ ok: true, value: unchecked({ profiles: [shop], activeId: 'shop' }) }),
  getKeychainStatus: () => ({ ok: true, value: { available: true, message: null } }),
  getSellerDetails: () => ({ ok: true, value: unchecked({ seller: null }) }),
}, { otherwise: () => notStubbed });
const { App } = await import('../../renderer/src/app/app');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useLanguage } = await import('../../renderer/src/i18n');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
  act(() => useNavigation.getState().go('home'));
});

async function keyHint() {
  render(<App />);
  await screen.findByTestId('active-profile-name');
  act(() => useNavigation.getState().go('settings', { open: 'key' }));
  const input = await screen.findByTestId('key-input');
  return document.getElementById(input.getAttribute('aria-describedby')!)!.textContent;
}

describe('the API key form', () => {
  it('says the key goes only into this computer\'s keychain and only its last four are shown', async () => {
    expect(await keyHint()).toBe('Paste the key from the gateway’s dashboard. It goes only into this computer’s keychain, never into a file, and is not shown again: Paydesk shows only its last four characters.');
  });

  it('says it in Arabic', async () => {
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(await keyHint()).toBe('الصق المفتاح من لوحة تحكم البوابة. يُحفظ في سلسلة مفاتيح هذا الجهاز فقط، ولا يُكتب في أي ملف، ولا يُعرض مرة أخرى: لا يعرض بايدسك منه إلا آخر أربعة أحرف.');
  });
});
