// Alt+2, Alt+3 and Alt+4 open a fresh create form with the keyboard in Amount, the form's first
// field, and what is typed at once ("12.5", also while the screen's code is on its way) lands
// there: on links and checkout sessions it went into the optional order reference, above Amount.
// With seller details the invoice lines take Amount's place once main says so: the amount typed
// meanwhile goes on as the first line's price. docs/keyboard.md.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { appInfo } from '../support/session';
import { stubMain, unchecked } from '../support/stub-main';

let seller: unknown = null;
let sellerAnswered: () => void = () => undefined;
stubMain({
  getAppInfo: () => ({ ok: true, value: appInfo() }),
  getActiveProfile: () => ({ ok: true, value: { id: 'practice', name: 'Practice', environment: 'practice', baseUrl: 'http://127.0.0.1:9/api/v1', defaultCurrency: 'SAR', key: { configured: true, lastFour: 'abcd' }, pathOverrides: {}, successUrl: null, failureUrl: null } }),
  searchPayments: () => ({ ok: true, value: { total: 0, rows: [] } }),
  listPaymentLinks: () => ({ ok: true, value: { total: 0, rows: [] } }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
  listCustomers: () => ({ ok: true, value: unchecked({ customers: [] }) }),
  getSellerDetails: () => new Promise((resolve) => { sellerAnswered = () => resolve({ ok: true, value: unchecked({ seller }) }); }),
});
const { App } = await import('../../renderer/src/app/app');
const { forgetDraft } = await import('../../renderer/src/features/get-paid/kept-drafts');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useLanguage } = await import('../../renderer/src/i18n');

const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const press = (key: string, init: KeyboardEventInit = {}) => fireEvent.keyDown(document.activeElement ?? window, { key, ...init });
/** The shortcut, then "12.5" typed at once: kept while the code is on its way, else typed into the field with the keyboard. */
async function openAndType(digit: string, form: string) {
  render(<App />);
  await screen.findByTestId('active-profile-name');
  fireEvent.keyDown(window, { key: digit, code: `Digit${digit}`, altKey: true });
  for (const key of '12.5') {
    press(key);
    const field = document.activeElement;
    if (field instanceof HTMLInputElement && field.id.startsWith(`${form}-`)) fireEvent.change(field, { target: { value: field.value + key } });
  }
  await screen.findByTestId(`${form}-form`);
}
/** The form's text and choice fields in reading order, their ids. */
const fieldsOf = (form: string) => [...document.querySelectorAll(`[data-testid="${form}-form"] input:not([type="checkbox"]), [data-testid="${form}-form"] select`)].map((f) => f.id);

afterEach(() => {
  sellerAnswered();
  cleanup();
  // Each test a new run of the app: no form's draft kept from the last (kept-drafts.ts).
  for (const form of ['links', 'checkout', 'terminal'] as const) forgetDraft(form);
  act(() => useLanguage.getState().setLanguage('en'));
  act(() => useNavigation.getState().go('home'));
  seller = null;
});

describe.each([['2', 'link'], ['3', 'checkout'], ['4', 'terminal']])('Alt+%s, a %s form', (digit, form) => {
  it.each(['en', 'ar'] as const)('puts the keyboard and what is typed at once in Amount, its first field (%s)', async (language) => {
    act(() => useLanguage.getState().setLanguage(language));
    await openAndType(digit, form);
    await waitFor(() => expect(document.activeElement?.id).toBe(`${form}-amount`));
    sellerAnswered();
    await waitFor(() => expect(input(`${form}-amount`).value).toBe('12.5'));
    expect(input(`${form}-orderId`).value).toBe('');
    expect(fieldsOf(form)[0]).toBe(`${form}-amount`);
    expect(document.activeElement?.id).toBe(`${form}-amount`);
  });
});

it('with seller details, the amount typed before the invoice lines came goes on as the first line\'s price, the keyboard with it', async () => {
  seller = { legalNameAr: 'شركة المثال', legalNameEn: 'Example Co.', vatNumber: '310122393500003', crNumber: '1010010000', address: 'Riyadh', logo: null };
  await openAndType('2', 'link');
  await waitFor(() => expect(input('link-amount').value).toBe('12.5'));
  act(() => sellerAnswered());
  await screen.findByTestId('invoice-lines');
  await waitFor(() => expect(input('link-lines-0-unitPrice').value).toBe('12.5'));
  expect(document.activeElement?.id).toBe('link-lines-0-unitPrice');
  expect(input('link-orderId').value).toBe('');
});
