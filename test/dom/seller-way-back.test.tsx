// From the new payment link to the seller details and back, in a DOM: a staff member follows "To
// issue tax invoices, add the seller details in Settings", saves them, and is offered "Back to the
// new payment link" with the keyboard on it (in English and Arabic); one press returns to the form
// with the customer and amount still typed, now as an invoice whose first line carries the amount.
// Before, Save left them in Settings and Alt+2 gave an empty form. main is a recording stub here.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { appInfo } from '../support/session';
import { stubMain, unchecked } from '../support/stub-main';

let seller: unknown = null;
stubMain({
  getAppInfo: () => ({ ok: true, value: appInfo() }),
  getActiveProfile: () => ({ ok: true, value: { id: 'practice', name: 'Practice', environment: 'practice', baseUrl: 'http://127.0.0.1:9/api/v1', defaultCurrency: 'SAR', key: { configured: true, lastFour: 'abcd' }, pathOverrides: {}, successUrl: null, failureUrl: null } }),
  searchPayments: () => ({ ok: true, value: { total: 0, rows: [] } }),
  listPaymentLinks: () => ({ ok: true, value: { total: 0, rows: [] } }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
  getKeychainStatus: () => ({ ok: true, value: { available: true, message: null } }),
  listCustomers: () => ({ ok: true, value: { customers: [] } }),
  getSellerDetails: () => ({ ok: true, value: unchecked({ seller }) }),
  setSellerDetails: (input) => {
    seller = input.seller;
    return { ok: true, value: { seller: input.seller } };
  },
});
const { App } = await import('../../renderer/src/app/app');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useLanguage } = await import('../../renderer/src/i18n');

const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(input(id), { target: { value } });
/** A click as a browser makes it: the button takes the keyboard first. */
const press = (button: HTMLElement) => {
  button.focus();
  fireEvent.click(button);
};

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
  act(() => useNavigation.getState().go('home'));
});

describe('the way back from the seller details to the new payment link', () => {
  it('offers it once saved, with the keyboard on it, and the form keeps what was typed', async () => {
    render(<App />);
    await screen.findByTestId('active-profile-name');
    act(() => useNavigation.getState().go('links'));
    const hint = await screen.findByTestId('invoice-needs-seller');
    type('link-amount', '25.00');
    type('link-customer-name', 'Sara Ahmed');
    type('link-customer-email', 'sara@example.com');
    type('link-customer-phone', '+966501111111');
    press(hint.querySelector('button')!);

    await screen.findByRole('heading', { name: 'Settings', level: 1 });
    // Opened at its section, whose heading takes the keyboard (at the next frame).
    await waitFor(() => expect(document.activeElement?.id).toBe('seller-title'));
    const edit = await screen.findByTestId('seller-edit');
    await waitFor(() => expect((edit as HTMLButtonElement).disabled).toBe(false));
    press(edit);
    type('seller-legalNameAr', 'شركة المثال');
    type('seller-legalNameEn', 'Example Co.');
    type('seller-vatNumber', '310122393500003');
    type('seller-crNumber', '1010010000');
    type('seller-address', 'Riyadh');
    press(screen.getByTestId('seller-save'));

    const back = await screen.findByRole('button', { name: 'Back to the new payment link' });
    expect(screen.getByTestId('seller-notice').textContent).toBe('Seller details saved.');
    await waitFor(() => expect(document.activeElement).toBe(back));
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(back.textContent).toBe('العودة إلى رابط الدفع الجديد');
    act(() => useLanguage.getState().setLanguage('en'));

    press(back);
    await screen.findByRole('heading', { name: 'Payment links', level: 1 });
    await screen.findByTestId('invoice-lines');
    expect([input('link-customer-name').value, input('link-customer-email').value, input('link-customer-phone').value]).toEqual(['Sara Ahmed', 'sara@example.com', '+966501111111']);
    await waitFor(() => expect(input('link-lines-0-unitPrice').value).toBe('25.00'));
  });

  it('offers no way back when Settings was opened on its own', async () => {
    seller = null;
    render(<App />);
    await screen.findByTestId('active-profile-name');
    act(() => useNavigation.getState().go('settings'));
    const edit = await screen.findByTestId('seller-edit');
    await waitFor(() => expect((edit as HTMLButtonElement).disabled).toBe(false));
    press(edit);
    type('seller-legalNameAr', 'شركة المثال');
    type('seller-legalNameEn', 'Example Co.');
    type('seller-vatNumber', '310122393500003');
    type('seller-crNumber', '1010010000');
    type('seller-address', 'Riyadh');
    press(screen.getByTestId('seller-save'));
    await screen.findByTestId('seller-summary');
    expect(screen.queryByTestId('seller-back-to-link')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('seller-edit')));
  });
});
