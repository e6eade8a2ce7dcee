// Advice that sends a person to Settings ("add the seller details", "check this profile's API key")
// takes them there in one press: to the seller section, or to the active profile's key form with
// the keyboard in it. It used to say "in Settings" and leave the finding to them (Alt+9, then a
// 3,000 px screen).
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { appInfo } from '../support/session';
import { notStubbed, stubMain, unchecked } from '../support/stub-main';

const shop = { id: 'shop', name: 'Shop', environment: 'sandbox', baseUrl: 'https://sandbox.example/api/v1', defaultCurrency: 'SAR', key: { configured: false, lastFour: null }, pathOverrides: {}, successUrl: 'https://shop.example/ok', failureUrl: 'https://shop.example/no' };

const main = stubMain({
  getAppInfo: () => ({ ok: true, value: appInfo() }),
  getActiveProfile: () => ({ ok: true, value: unchecked(shop) }),
  listProfiles: () => ({ ok: true, value: unchecked({ profiles: [shop], activeId: 'shop' }) }),
  getKeychainStatus: () => ({ ok: true, value: { available: true, message: null } }),
  getSellerDetails: () => ({ ok: true, value: unchecked({ seller: null }) }),
  searchPayments: () => ({ ok: true, value: { total: 0, rows: [] } }),
  listPaymentLinks: () => ({ ok: true, value: { total: 0, rows: [] } }),
  listCustomers: () => ({ ok: true, value: { customers: [] } }),
  createPaymentLink: () => ({ ok: false, error: { code: 'key_missing', message: 'This profile has no API key yet.' } }),
}, { otherwise: () => notStubbed });
const { App } = await import('../../renderer/src/app/app');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useLanguage } = await import('../../renderer/src/i18n');

const type = (id: string, value: string) => fireEvent.change(document.getElementById(id)!, { target: { value } });
async function openLinks(heading: string) {
  render(<App />);
  await screen.findByTestId('active-profile-name');
  act(() => useNavigation.getState().go('links'));
  await screen.findByRole('heading', { name: heading, level: 1 });
  await main.loaded(); // its first loads answered and drawn (stub-main.ts)
}

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
  act(() => useNavigation.getState().go('home'));
});

describe('advice that names a place in Settings', () => {
  it('takes the person from the link form to the seller details in one press', async () => {
    await openLinks('Payment links');
    const advice = await screen.findByTestId('invoice-needs-seller');
    // Said once, as the button itself (it was a sentence and then a button saying the same words).
    expect(advice.textContent).toBe('To issue tax invoices, add the seller details in Settings');
    fireEvent.click(screen.getByRole('button', { name: 'To issue tax invoices, add the seller details in Settings' }));
    await screen.findByRole('heading', { name: 'Settings', level: 1 });
    await waitFor(() => expect(document.activeElement?.id).toBe('seller-title'));
  });

  it('opens the active profile’s key form, the keyboard in it, from a send refused for a missing key (in Arabic too)', async () => {
    act(() => useLanguage.getState().setLanguage('ar'));
    await openLinks('روابط الدفع');
    type('link-amount', '10');
    type('link-customer-name', 'سارة');
    type('link-customer-email', 'sara@example.com');
    type('link-customer-phone', '+966501234567');
    fireEvent.click(screen.getByTestId('link-submit'));
    await screen.findByTestId('send-error');
    fireEvent.click(screen.getByRole('button', { name: 'افتح مفتاح API لملف التعريف هذا في الإعدادات' }));
    await screen.findByRole('heading', { name: 'الإعدادات', level: 1 });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('key-input')));
    expect(screen.getByLabelText('مفتاح API لـ «\u2068Shop\u2069»')).toBe(document.activeElement);
  });

  it('opens Settings as before when nothing is asked of it: no key form, the keyboard left alone', async () => {
    render(<App />);
    await screen.findByTestId('active-profile-name');
    act(() => useNavigation.getState().go('settings'));
    await screen.findByRole('heading', { name: 'Shop', level: 3 });
    expect(screen.queryByTestId('key-input')).toBeNull();
  });
});
