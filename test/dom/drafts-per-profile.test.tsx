// A draft of a new payment is its profile's: what was typed for the practice profile never turns up
// as the production profile's form. The forms kept what was typed across a switch of profile (the
// form stayed as it was in the header's switch, and a later visit took the one draft there was), so
// a real payment link could be made with an amount and a customer typed for practice. Now a switch
// makes each form again from that profile's own draft (or empty), and switching back brings the
// first profile's draft back as typed; the card's fields are never carried. The whole app, with the
// header's switcher and its production question pressed by their labels; main is a recording stub.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { appInfo } from '../support/session';
import { notStubbed, stubMain, unchecked } from '../support/stub-main';

const practice = { id: 'practice', name: 'Practice', environment: 'practice', baseUrl: 'http://127.0.0.1:9/api/v1', defaultCurrency: 'SAR', key: { configured: true, lastFour: 'abcd' }, pathOverrides: {}, successUrl: null, failureUrl: null };
const live = { ...practice, id: 'live', name: 'Live shop', environment: 'production', baseUrl: 'https://gateway.example/api/v1', key: { configured: true, lastFour: 'wxyz' } };
let activeId = 'practice';
const main = stubMain({
  getAppInfo: () => ({ ok: true, value: appInfo(null) }),
  getActiveProfile: () => ({ ok: true, value: unchecked(activeId === 'live' ? live : practice) }),
  listProfiles: () => ({ ok: true, value: unchecked({ profiles: [practice, live], activeId }) }),
  searchPayments: () => ({ ok: true, value: { total: 0, rows: [] } }),
  listPaymentLinks: () => ({ ok: true, value: { total: 0, rows: [] } }),
  listCustomers: () => ({ ok: true, value: { customers: [] } }),
  getSellerDetails: () => ({ ok: true, value: { seller: null } }),
  switchProfile: (input) => {
    activeId = input.id;
    queueMicrotask(() => main.tell({ type: 'profiles.changed' } as never));
    return { ok: true, value: unchecked(input.id === 'live' ? live : practice) };
  },
}, { otherwise: () => notStubbed });
const { App } = await import('../../renderer/src/app/app');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useSession } = await import('../../renderer/src/app/session-store');
const { forgetDraft } = await import('../../renderer/src/features/get-paid/kept-drafts');

const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(input(id), { target: { value } });
const values = (ids: string[]) => ids.map((id) => input(id).value);

async function open(label: string, heading: string) {
  fireEvent.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: label }));
  await screen.findByRole('heading', { name: heading, level: 1 });
  await main.loaded();
}
/** The header's switcher, as a person uses it: the profile chosen, Switch, and for production "Use production". */
async function switchTo(name: string, id: string) {
  const list = await screen.findByRole('combobox', { name: 'Switch to profile' });
  fireEvent.change(list, { target: { value: id } });
  fireEvent.click(screen.getByRole('button', { name: 'Switch' }));
  if (id === 'live') fireEvent.click(await screen.findByRole('button', { name: 'Use production' }));
  await waitFor(() => expect(screen.getByTestId('active-profile-name').textContent).toContain(name));
  await main.loaded();
}

beforeEach(() => {
  activeId = 'practice';
});
afterEach(() => {
  cleanup();
  act(() => useNavigation.getState().go('home'));
  useSession.setState({ profile: undefined, info: undefined });
  for (const profile of ['practice', 'live']) {
    activeId = profile;
    useSession.setState({ profile: unchecked(profile === 'live' ? live : practice) });
    for (const form of ['links', 'checkout', 'terminal'] as const) forgetDraft(form);
  }
  useSession.setState({ profile: undefined });
});

describe('a draft of a new payment, on a switch of profile', () => {
  const fields = ['link-amount', 'link-customer-name', 'link-orderId'];

  it('leaves the payment link typed for practice out of the production profile\'s form, and back on practice brings it back', async () => {
    render(<App />);
    await screen.findByTestId('active-profile-name');
    await open('Payment links', 'Payment links');
    fields.forEach((id, i) => type(id, ['25.50', 'Sara Ahmed', 'PRACTICE-7'][i]!));

    // Switched on this very screen: the form is made again, empty, for the production profile.
    await switchTo('Live shop', 'live');
    await waitFor(() => expect(values(fields)).toEqual(['', '', '']));
    type('link-amount', '900.00');

    // And from another screen: still production's own, not practice's.
    await open('Home', 'Welcome to Paydesk');
    await open('Payment links', 'Payment links');
    expect(values(fields)).toEqual(['900.00', '', '']);

    await switchTo('Practice', 'practice');
    await waitFor(() => expect(values(fields)).toEqual(['25.50', 'Sara Ahmed', 'PRACTICE-7']));
  });

  it('leaves a card payment typed for practice, its card too, out of the production profile\'s form', async () => {
    render(<App />);
    await screen.findByTestId('active-profile-name');
    await open('Card payment', 'Card payment');
    type('terminal-amount', '99.90');
    type('terminal-orderId', 'T-PRACTICE');
    type('terminal-card-number', '5123 4500 0000 0008');
    await open('Home', 'Welcome to Paydesk');

    await switchTo('Live shop', 'live');
    await open('Card payment', 'Card payment');
    expect(values(['terminal-amount', 'terminal-orderId', 'terminal-card-number'])).toEqual(['', '', '']);
    type('terminal-card-number', '4111 1111 1111 1111');
    await switchTo('Practice', 'practice');
    await waitFor(() => expect(values(['terminal-amount', 'terminal-orderId', 'terminal-card-number'])).toEqual(['99.90', 'T-PRACTICE', '']));
  });
});
