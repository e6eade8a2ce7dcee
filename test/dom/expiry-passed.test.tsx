// A link or checkout session never goes out already expired: the forms say an expiry before today
// as soon as a whole day is in the field (typed, or an issue date more than 7 days back with the
// expiry left to its default), in main's own words, English and Arabic, and send nothing; today
// itself is allowed (a page takes payment through its expiry day). Main's refusal, for a day that
// turned while the form was open, is shown next to the same field. main is a recording stub here;
// its own check is test/payments/offer-dates.test.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { appInfo } from '../support/session';
import { notStubbed, stubMain } from '../support/stub-main';
import { typeDate } from '../support/type-date';

let answers: Record<string, unknown> = {};
const main = stubMain({
  getAppInfo: () => ({ ok: true, value: appInfo() }),
  getActiveProfile: () => ({ ok: true, value: { id: 'practice', name: 'Practice', environment: 'practice', baseUrl: 'http://127.0.0.1:9/api/v1', defaultCurrency: 'SAR', key: { configured: true, lastFour: 'abcd' }, pathOverrides: {}, successUrl: null, failureUrl: null } }),
  searchPayments: () => ({ ok: true, value: { total: 0, rows: [] } }),
  listPaymentLinks: () => ({ ok: true, value: { total: 0, rows: [] } }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
}, { otherwise: (name) => answers[name] ?? notStubbed });
const { calls } = main;
const { App } = await import('../../renderer/src/app/app');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useLanguage } = await import('../../renderer/src/i18n');
const { useSession } = await import('../../renderer/src/app/session-store');

/** A day `offset` days from today on this computer's calendar: ISO, as typed (dd/mm/yyyy), and as an Arabic date field writes it. */
function day(offset: number) {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  const [y, m, dd] = [d.getFullYear(), d.getMonth() + 1, d.getDate()];
  const two = (n: number) => String(n).padStart(2, '0');
  return { iso: `${y}-${two(m)}-${two(dd)}`, typed: `${two(dd)}/${two(m)}/${y}`, ar: `${dd}\u200f/${m}\u200f/${y}` };
}
const [yesterday, today, eightDaysAgo] = [day(-1), day(0), day(-8)];

const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(input(id), { target: { value } });
const sent = (name: string) => calls.filter((c) => c.name === name) as Array<{ name: string; input: Record<string, unknown> }>;
const expiryError = (form: string) => document.getElementById(`${form}-expireDate-error`)?.textContent ?? null;

async function openScreen(id: 'links' | 'checkout', heading: RegExp) {
  render(<App />);
  await screen.findByTestId('active-profile-name');
  act(() => useNavigation.getState().go(id));
  await screen.findByRole('heading', { name: heading, level: 1 });
  await main.loaded(); // its first loads answered and drawn (stub-main.ts)
}
function fillCustomer(form: string) {
  type(`${form}-amount`, '125.50');
  type(`${form}-customer-name`, 'Sara');
  type(`${form}-customer-email`, 'sara@example.com');
  type(`${form}-customer-phone`, '+966501234567');
}

beforeEach(() => {
  calls.length = 0;
  answers = {};
});
afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
  act(() => useNavigation.getState().go('home'));
  useSession.setState({ profile: undefined, info: undefined });
});

describe('an expiry date already past', () => {
  it('is said on the link form as soon as it is typed, names the day and today, and nothing is sent; today is allowed', async () => {
    await openScreen('links', /^Payment links$/);
    fillCustomer('link');
    typeDate(input('link-expireDate'), yesterday.typed);
    // Before Create: the person learns it while still in the form.
    expect(expiryError('link')).toBe(`The expiry date ${yesterday.typed} has passed: today is ${today.typed}.`);
    expect(input('link-expireDate').getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByTestId('link-submit'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(sent('createPaymentLink')).toEqual([]);
    expect(document.activeElement).toBe(input('link-expireDate'));
    typeDate(input('link-expireDate'), today.typed);
    expect(expiryError('link')).toBeNull();
    fireEvent.click(screen.getByTestId('link-submit'));
    await waitFor(() => expect(sent('createPaymentLink')).toHaveLength(1));
    expect(sent('createPaymentLink')[0]!.input).toMatchObject({ issueDate: today.iso, expireDate: today.iso });
  });

  it('is said in Arabic, with the days written as the Arabic date field writes them', async () => {
    act(() => useLanguage.getState().setLanguage('ar'));
    await openScreen('links', /^روابط الدفع$/);
    typeDate(input('link-expireDate'), yesterday.typed);
    expect(expiryError('link')).toBe(`تاريخ الانتهاء ${yesterday.ar} قد مضى: اليوم ${today.ar}.`);
  });

  it('names the default expiry when an issue date more than 7 days back leaves it in the past', async () => {
    await openScreen('checkout', /^Checkout sessions$/);
    fillCustomer('checkout');
    typeDate(input('checkout-issueDate'), eightDaysAgo.typed);
    expect(expiryError('checkout')).toBe(`The expiry date ${yesterday.typed} has passed: today is ${today.typed}.`);
    fireEvent.click(screen.getByTestId('checkout-submit'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(sent('createCheckoutSession')).toEqual([]);
    typeDate(input('checkout-issueDate'), day(-7).typed); // its default expiry is today: allowed
    expect(expiryError('checkout')).toBeNull();
  });

  it('shows main’s refusal next to the checkout form’s expiry field, in the reader’s language (a day that turned while the form was open)', async () => {
    const why = { key: 'input.expiryPassed', values: { expiryDay: yesterday.iso, today: today.iso } };
    answers.createCheckoutSession = { ok: false, error: { code: 'invalid_input', message: 'The expiry date has passed', fields: { expireDate: 'The expiry date has passed' }, fieldReasons: { expireDate: why }, reason: why } };
    act(() => useLanguage.getState().setLanguage('ar'));
    await openScreen('checkout', /^جلسات الدفع$/);
    fillCustomer('checkout');
    fireEvent.click(screen.getByTestId('checkout-submit'));
    await waitFor(() => expect(expiryError('checkout')).toBe(`تاريخ الانتهاء ${yesterday.ar} قد مضى: اليوم ${today.ar}.`));
    act(() => useLanguage.getState().setLanguage('en'));
    expect(expiryError('checkout')).toBe(`The expiry date ${yesterday.typed} has passed: today is ${today.typed}.`);
  });
});
