// Team walk: a card sale declined and tried again with another card kept the amount and customer
// and emptied its order reference, so the second try went out as a made-up PD-… unless the person
// typed OMAR-102 again (refused: the gateway takes a reference once, gateway-decisions.md §4). Now
// the form is offered the next free one, OMAR-102-2 (main's nextOrderId), filled in, editable, and
// its hint says why, in both languages.
import { afterEach, expect, it } from 'vitest';
import { act, StrictMode } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { appInfo } from '../support/session';
import { notStubbed, stubMain } from '../support/stub-main';
import { paymentView } from '../support/payment-view';

const declined = paymentView({
  id: 'sale-omar', kind: 'sale', orderId: 'OMAR-102', amountMinor: 30000, currency: 'SAR', description: null, url: null, cardMasked: '400000******0002',
  customer: { name: 'Omar Saleh', email: 'omar@example.com', phone: '+966500000002' }, state: 'declined', statusWord: 'DECLINED', capturedMinor: 0,
});
const { calls } = stubMain({
  getAppInfo: () => ({ ok: true, value: appInfo() }),
  getActiveProfile: () => ({ ok: true, value: { id: 'practice', name: 'Practice', environment: 'practice', baseUrl: 'http://127.0.0.1:9/api/v1', defaultCurrency: 'SAR', key: { configured: true, lastFour: 'abcd' }, pathOverrides: {}, successUrl: null, failureUrl: null } }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
  terminalSale: () => ({ ok: true, value: { payment: declined, challenge: null, declineReason: 'Insufficient funds' } }),
  nextOrderId: () => ({ ok: true, value: { orderId: 'OMAR-102-2' } }),
}, { otherwise: () => notStubbed });
const { App } = await import('../../renderer/src/app/app');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useLanguage, translate } = await import('../../renderer/src/i18n');

const field = (id: string) => document.getElementById(id) as HTMLInputElement;
const hintOf = (id: string) => document.getElementById(`${id}-hint`)?.textContent;

afterEach(() => {
  calls.length = 0;
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
  act(() => useNavigation.getState().go('home'));
});

/** OMAR-102 for SAR 300.00 typed and charged on Card payment, declined; then its result's "Try another card". */
async function declinedThenAnotherCard(language: 'en' | 'ar') {
  act(() => useLanguage.getState().setLanguage(language));
  render(<StrictMode><App /></StrictMode>);
  await screen.findByTestId('active-profile-name');
  act(() => useNavigation.getState().go('terminal'));
  await screen.findByRole('heading', { name: translate(language, 'gp.terminal.screen'), level: 1 });
  fireEvent.change(field('terminal-amount'), { target: { value: '300.00' } });
  fireEvent.change(field('terminal-card-number'), { target: { value: '4000 0000 0000 0002' } });
  fireEvent.change(field('terminal-card-holder'), { target: { value: 'OMAR SALEH' } });
  fireEvent.change(field('terminal-card-expiryMonth'), { target: { value: '01' } });
  fireEvent.change(field('terminal-card-expiryYear'), { target: { value: '2039' } });
  fireEvent.change(field('terminal-card-cvv'), { target: { value: '123' } });
  fireEvent.change(field('terminal-customer-email'), { target: { value: 'omar@example.com' } });
  fireEvent.change(field('terminal-customer-phone'), { target: { value: '+966500000002' } });
  fireEvent.change(field('terminal-orderId'), { target: { value: 'OMAR-102' } });
  fireEvent.click(screen.getByTestId('terminal-submit'));
  const result = await screen.findByTestId('sale-result');
  fireEvent.click(within(result).getByRole('button', { name: translate(language, 'gp.another.card') }));
  await waitFor(() => expect(field('terminal-amount').value).toBe('300.00'));
}

it('offers the next free order reference after the declined one, filled in, and says why', async () => {
  await declinedThenAnotherCard('en');
  expect(calls.filter((c) => c.name === 'nextOrderId').map((c) => c.input)).toEqual([{ paymentId: 'sale-omar' }]);
  expect(field('terminal-orderId').value).toBe('OMAR-102-2');
  expect(hintOf('terminal-orderId')).toBe('OMAR-102 was declined, and the gateway takes an order reference only once: this try is OMAR-102-2, the next one free. Change it if you like, or leave it empty and Paydesk makes one.');
  expect(field('terminal-orderId').getAttribute('aria-describedby')).toContain('terminal-orderId-hint');
  await waitFor(() => expect(document.activeElement).toBe(field('terminal-card-number')));

  // Editable: typed over, the hint goes back to the field's own, and what is sent is what is shown.
  fireEvent.change(field('terminal-orderId'), { target: { value: 'OMAR-102-B' } });
  expect(hintOf('terminal-orderId')).toBe('Leave empty and Paydesk makes one.');
  fireEvent.change(field('terminal-card-number'), { target: { value: '5123 4500 0000 0008' } });
  fireEvent.change(field('terminal-card-holder'), { target: { value: 'OMAR SALEH' } });
  fireEvent.change(field('terminal-card-expiryMonth'), { target: { value: '01' } });
  fireEvent.change(field('terminal-card-expiryYear'), { target: { value: '2039' } });
  fireEvent.change(field('terminal-card-cvv'), { target: { value: '100' } });
  fireEvent.click(screen.getByTestId('terminal-submit'));
  await screen.findByTestId('sale-result');
  expect(calls.filter((c) => c.name === 'terminalSale').map((c) => (c.input as { orderId?: string }).orderId)).toEqual(['OMAR-102', 'OMAR-102-B']);
});

it('says why in Arabic', async () => {
  await declinedThenAnotherCard('ar');
  expect(field('terminal-orderId').value).toBe('OMAR-102-2');
  expect(hintOf('terminal-orderId')).toBe('رُفض \u2068OMAR-102\u2069، والبوابة لا تقبل مرجع الطلب إلا مرة واحدة: هذه المحاولة \u2068OMAR-102-2\u2069، أول مرجع متاح بعده. غيّره إن شئت، أو اتركه فارغًا لينشئه بايدسك.');
});
