// A customer's phone typed the local way ("050 123 4567") is refused by the gateway's format; the
// forms offer it back in international form for one press, from the form's currency, and never
// change it by themselves.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { appInfo } from '../support/session';
import { notStubbed, stubMain } from '../support/stub-main';
import { phoneSuggestion } from '../../contract/phone';

const main = stubMain({
  getAppInfo: () => ({ ok: true, value: appInfo() }),
  getActiveProfile: () => ({ ok: true, value: { id: 'practice', name: 'Practice', environment: 'practice', baseUrl: 'http://127.0.0.1:9/api/v1', defaultCurrency: 'SAR', key: { configured: true, lastFour: 'abcd' }, pathOverrides: {}, successUrl: null, failureUrl: null } }),
  searchPayments: () => ({ ok: true, value: { total: 0, rows: [] } }),
  listPaymentLinks: () => ({ ok: true, value: { total: 0, rows: [] } }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
}, { otherwise: () => notStubbed });
const { calls } = main;
const { App } = await import('../../renderer/src/app/app');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useLanguage } = await import('../../renderer/src/i18n');

const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(input(id), { target: { value } });

async function openLinks(heading: string) {
  render(<App />);
  await screen.findByTestId('active-profile-name');
  act(() => useNavigation.getState().go('links'));
  await screen.findByRole('heading', { name: heading, level: 1 });
  await main.loaded(); // its first loads answered and drawn (stub-main.ts)
}

afterEach(() => {
  cleanup();
  calls.length = 0;
  act(() => useLanguage.getState().setLanguage('en'));
  act(() => useNavigation.getState().go('home'));
});

describe('the phone offered in international form', () => {
  it('reads the ways people type a number at home, by the currency’s country', () => {
    expect(phoneSuggestion('050 123 4567', 'SAR')).toBe('+966 501234567');
    expect(phoneSuggestion('٠٥٠١٢٣٤٥٦٧', 'SAR')).toBe('+966 501234567'); // an Arabic keyboard's digits
    expect(phoneSuggestion('966501234567', 'SAR')).toBe('+966 501234567'); // the code without its +
    expect(phoneSuggestion('00971 50 123 4567', 'EUR')).toBe('+971501234567'); // 00 dials abroad, whatever the currency
    expect(phoneSuggestion('5012 3456', 'KWD')).toBe('+965 50123456'); // Kuwait has no trunk 0
    expect(phoneSuggestion('07911 123456', 'GBP')).toBe('+44 7911123456');
  });

  it('offers nothing when the number is fine, too short, or its country cannot be told', () => {
    expect(phoneSuggestion('+966 50 123 4567', 'SAR')).toBeUndefined();
    expect(phoneSuggestion('0501', 'SAR')).toBeUndefined();
    expect(phoneSuggestion('0501234567', 'EUR')).toBeUndefined(); // a euro says nothing of the country
    expect(phoneSuggestion('0501234567', 'USD')).toBeUndefined();
    expect(phoneSuggestion('050-CALL-NOW', 'SAR')).toBeUndefined();
    expect(phoneSuggestion('', 'SAR')).toBeUndefined();
  });

  it('puts the international form in the field for one press, then the link is sent with it', async () => {
    await openLinks('Payment links');
    type('link-amount', '125.50');
    type('link-customer-name', 'Sara');
    type('link-customer-email', 'sara@example.com');
    type('link-customer-phone', '050 123 4567');
    expect(screen.getByTestId('link-phone-suggestion').textContent).toBe('As an international number: +966 501234567 Use it');
    expect(input('link-customer-phone').value).toBe('050 123 4567'); // offered, not changed
    fireEvent.click(screen.getByRole('button', { name: 'Use it: +966 501234567 as the customer’s phone' }));
    expect(input('link-customer-phone').value).toBe('+966 501234567');
    expect(screen.queryByTestId('link-phone-suggestion')).toBeNull();
    fireEvent.click(screen.getByTestId('link-submit'));
    await waitFor(() => expect(calls.some((c) => c.name === 'createPaymentLink')).toBe(true));
    const sent = calls.find((c) => c.name === 'createPaymentLink') as { input: { customer: { phone: string } } };
    expect(sent.input.customer.phone.replace(/\s/g, '')).toBe('+966501234567');
  });

  it('follows the currency, and says it in Arabic with the number kept left to right', async () => {
    act(() => useLanguage.getState().setLanguage('ar'));
    await openLinks('روابط الدفع');
    type('link-customer-phone', '50123456');
    expect(screen.queryByTestId('link-phone-suggestion')).toBeNull(); // 8 digits are no Saudi number
    fireEvent.change(input('link-currency'), { target: { value: 'KWD' } });
    const offer = screen.getByTestId('link-phone-suggestion');
    expect(offer.textContent).toBe('بالصيغة الدولية: +965 50123456 استخدمه');
    expect(offer.querySelector('[dir="ltr"], bdi')?.textContent).toBe('+965 50123456');
  });
});
