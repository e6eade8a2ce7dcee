// A new user's Home says on the page that the practice gateway moves no real money (it was only the
// header badge's tooltip, which a walk by visible words never reads), and takes them in one press
// to a new profile's form, the keyboard in its Name, to add their own sandbox account (they had to
// guess Settings, then find "Add profile" under the practice card). Not said on a sandbox profile.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { appInfo, practiceProfile } from '../support/session';
import { notStubbed, stubMain, unchecked } from '../support/stub-main';
import type { MethodOutput } from '../../contract/methods';

const shop: MethodOutput<'getActiveProfile'> = { id: 'shop', name: 'Shop', environment: 'sandbox', baseUrl: 'https://sandbox.example/api/v1', defaultCurrency: 'SAR', key: { configured: true, lastFour: 'abcd' }, pathOverrides: {}, successUrl: null, failureUrl: null };
let active: 'practice' | 'shop' = 'practice';
const profile = () => (active === 'practice' ? practiceProfile() : shop);

stubMain({
  getAppInfo: () => ({ ok: true, value: appInfo() }),
  getActiveProfile: () => ({ ok: true, value: profile() }),
  listProfiles: () => ({ ok: true, value: unchecked({ profiles: [practiceProfile(), shop], activeId: active }) }),
  getKeychainStatus: () => ({ ok: true, value: { available: true, message: null } }),
  getSellerDetails: () => ({ ok: true, value: unchecked({ seller: null }) }),
  searchPayments: () => ({ ok: true, value: { total: 0, rows: [] } }),
}, { otherwise: () => notStubbed });
const { App } = await import('../../renderer/src/app/app');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useLanguage } = await import('../../renderer/src/i18n');

afterEach(() => {
  cleanup();
  active = 'practice';
  act(() => useLanguage.getState().setLanguage('en'));
  act(() => useNavigation.getState().go('home'));
});

async function home() {
  render(<App />);
  await screen.findByTestId('home-intro');
}

describe('Home on the practice gateway', () => {
  it('says no real money moves, and opens a new profile\'s form from Home in one press', async () => {
    await home();
    expect(screen.getByTestId('home-practice').textContent).toBe('You are on the practice gateway: it runs on this computer, its payment page takes the test cards it lists, and no real money moves. Try anything here. Add your gateway sandbox account');
    fireEvent.click(screen.getByRole('button', { name: 'Add your gateway sandbox account' }));
    await screen.findByRole('heading', { name: 'Settings', level: 1 });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
    expect(screen.getByRole('heading', { name: 'New profile' })).toBeTruthy();
  });

  it('says it in Arabic, the button in Arabic too', async () => {
    act(() => useLanguage.getState().setLanguage('ar'));
    await home();
    expect(screen.getByTestId('home-practice').textContent).toBe('أنت على بوابة التدريب: تعمل على هذا الجهاز، وتقبل صفحة الدفع فيها بطاقات الاختبار التي تعرضها، ولا تنتقل أي أموال حقيقية. جرّب ما شئت هنا. أضف حساب الاختبار لدى بوابتك');
    fireEvent.click(screen.getByRole('button', { name: 'أضف حساب الاختبار لدى بوابتك' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('الاسم')));
  });

  it('is not said on a sandbox profile', async () => {
    active = 'shop';
    await home();
    expect(screen.queryByTestId('home-practice')).toBeNull();
  });
});
