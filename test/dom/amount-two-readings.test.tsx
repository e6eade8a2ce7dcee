// "12,500" typed for a link in KWD has two readings (12,500.000 grouped, or 12.500 to someone who
// writes decimals with a comma): the form says both and how to write each, in English and Arabic,
// next to the amount, and sends nothing until one is written. main is a recording stub here.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { appInfo } from '../support/session';
import { notStubbed, stubMain } from '../support/stub-main';

const main = stubMain({
  getAppInfo: () => ({ ok: true, value: appInfo() }),
  getActiveProfile: () => ({ ok: true, value: { id: 'practice', name: 'Practice', environment: 'practice', baseUrl: 'http://127.0.0.1:9/api/v1', defaultCurrency: 'KWD', key: { configured: true, lastFour: 'abcd' }, pathOverrides: {}, successUrl: null, failureUrl: null } }),
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
const amountError = () => document.getElementById('link-amount-error')?.textContent ?? null;

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
  act(() => useNavigation.getState().go('home'));
});

it('refuses "12,500" in KWD naming both readings and how to write each, in English and Arabic', async () => {
  render(<App />);
  await screen.findByTestId('active-profile-name');
  act(() => useNavigation.getState().go('links'));
  await screen.findByRole('heading', { name: 'Payment links', level: 1 });
  await main.loaded(); // its first loads answered and drawn (stub-main.ts)
  fireEvent.change(input('link-currency'), { target: { value: 'KWD' } });

  type('link-amount', '12,500');
  expect(amountError()).toBe('12,500 could be 12500 or 12.500 KWD: write it without the comma, or with a dot for the decimals.');
  fireEvent.click(screen.getByTestId('link-submit'));
  expect(calls.filter((c) => c.name === 'createPaymentLink')).toEqual([]);

  act(() => useLanguage.getState().setLanguage('ar'));
  // The amounts as typed isolated left to right, so "12,500" keeps its order in the Arabic sentence.
  expect(amountError()).toBe('يحتمل المبلغ \u206612,500\u2069 قراءتين: \u206612500\u2069 أو \u206612.500\u2069 KWD. اكتبه دون الفاصلة، أو بالنقطة للكسور العشرية.');

  act(() => useLanguage.getState().setLanguage('en'));
  type('link-amount', '12.500');
  expect(amountError()).toBeNull();
  expect(screen.getByTestId('link-submit').textContent).toMatch(/KWD\s?12\.500/);
  type('link-amount', '12500');
  expect(amountError()).toBeNull();
  expect(screen.getByTestId('link-submit').textContent).toMatch(/KWD\s?12,500\.000/);
  await main.settled(); // the form's and the list's loads, asked as the screen opened
});
