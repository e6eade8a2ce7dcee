// The three new-payment forms keep what was typed while the person is on another screen, in this
// window's memory: a staff member typed a link, pressed Create, was told the profile has no API
// key, followed "Open this profile's API key in Settings", came back with the navigation, and the
// link was gone (typed again, field by field). Now the fields come back as typed, the amount as its
// text; the card payment's number, name on card, expiry and code never do. A created payment (or
// the form's Clear / Cancel) lets the draft go: the next form is empty. main is a recording stub.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { newPracticeLaptop } from '../support/session';
import { paymentView } from '../support/payment-view';
import { notStubbed, stubMain } from '../support/stub-main';

let answers: Record<string, unknown> = {};
const main = stubMain({
  ...newPracticeLaptop(),
  listPaymentLinks: () => ({ ok: true, value: { total: 0, rows: [] } }),
  listCustomers: () => ({ ok: true, value: { customers: [] } }),
  getSellerDetails: () => ({ ok: true, value: { seller: null } }),
}, { otherwise: (name) => answers[name] ?? notStubbed });
const { calls } = main;
const { App } = await import('../../renderer/src/app/app');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useSession } = await import('../../renderer/src/app/session-store');
const { forgetDraft } = await import('../../renderer/src/features/get-paid/kept-drafts');

const noKey = { ok: false, error: { code: 'key_missing', message: 'The profile Practice has no API key.', reason: { key: 'profile.keyMissing', values: { profile: 'Practice' } } } };
const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(input(id), { target: { value } });
const values = (ids: string[]) => ids.map((id) => input(id).value);
const sent = (name: string) => calls.filter((c) => c.name === name);
/** A press on the navigation, by the label a person reads there. */
async function open(label: string, heading: string) {
  fireEvent.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: label }));
  await screen.findByRole('heading', { name: heading, level: 1 });
  await main.loaded();
}
async function start(label: string, heading: string) {
  render(<App />);
  await screen.findByTestId('active-profile-name');
  await open(label, heading);
}

beforeEach(() => {
  calls.length = 0;
  answers = {};
});
afterEach(() => {
  cleanup();
  act(() => useNavigation.getState().go('home'));
  useSession.setState({ profile: undefined, info: undefined });
  for (const form of ['links', 'checkout', 'terminal'] as const) forgetDraft(form);
});

describe('the new payment link', () => {
  const fields = ['link-amount', 'link-description', 'link-customer-name', 'link-customer-email', 'link-customer-phone', 'link-orderId'];
  const typed = ['25.50', 'Two abayas', 'Sara Ahmed', 'sara@example.com', '+966501111111', 'ORD-77'];

  it('comes back as typed after "no API key" sent the person to Settings, and goes once the link is created', async () => {
    answers.createPaymentLink = noKey;
    await start('Payment links', 'Payment links');
    fields.forEach((id, i) => type(id, typed[i]!));
    fireEvent.click(screen.getByTestId('link-submit'));
    fireEvent.click(await screen.findByTestId('send-error-open-key'));
    await screen.findByRole('heading', { name: 'Settings', level: 1 });

    await open('Payment links', 'Payment links');
    expect(values(fields)).toEqual(typed); // the amount as its text: "25.50", not "25.5"

    answers.createPaymentLink = { ok: true, value: paymentView({ kind: 'link', orderId: 'ORD-77', amountMinor: 2550 }) };
    fireEvent.click(screen.getByTestId('link-submit'));
    await screen.findByTestId('link-result');
    expect(sent('createPaymentLink')).toHaveLength(2);
    fireEvent.click(screen.getByTestId('new-link'));
    expect(values(['link-amount', 'link-customer-name', 'link-orderId'])).toEqual(['', '', '']);
    await open('Home', 'Welcome to Paydesk');
    await open('Payment links', 'Payment links');
    expect(values(['link-amount', 'link-customer-name', 'link-orderId'])).toEqual(['', '', '']);
  });

  it('is let go by Cancel', async () => {
    await start('Payment links', 'Payment links');
    type('link-amount', '10.00');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await open('Home', 'Welcome to Paydesk');
    await open('Payment links', 'Payment links');
    expect(input('link-amount').value).toBe('');
  });
});

describe('the new checkout session', () => {
  const fields = ['checkout-amount', 'checkout-customer-name', 'checkout-customer-email', 'checkout-customer-phone', 'checkout-orderId', 'checkout-customer-idNumber'];
  const typed = ['12.50', 'Omar Saleh', 'omar@example.com', '+966500000002', 'CS-9', '1020304050'];

  it('comes back as typed from another screen, is let go by Clear, and goes once the session is created', async () => {
    await start('Checkout sessions', 'Checkout sessions');
    fields.forEach((id, i) => type(id, typed[i]!));
    await open('Home', 'Welcome to Paydesk');
    await open('Checkout sessions', 'Checkout sessions');
    expect(values(fields)).toEqual(typed);

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await open('Home', 'Welcome to Paydesk');
    await open('Checkout sessions', 'Checkout sessions');
    expect(values(fields)).toEqual(['', '', '', '', '', '']);

    fields.forEach((id, i) => type(id, typed[i]!));
    answers.createCheckoutSession = { ok: true, value: paymentView({ kind: 'checkout', orderId: 'CS-9', amountMinor: 1250 }) };
    fireEvent.click(screen.getByTestId('checkout-submit'));
    await screen.findByTestId('checkout-result');
    await open('Home', 'Welcome to Paydesk');
    await open('Checkout sessions', 'Checkout sessions');
    expect(values(fields)).toEqual(['', '', '', '', '', '']);
  });
});

describe('the new card payment', () => {
  const fields = ['terminal-amount', 'terminal-customer-name', 'terminal-customer-email', 'terminal-customer-phone', 'terminal-orderId'];
  const typed = ['99.90', 'Omar Saleh', 'omar@example.com', '+966500000002', 'T-5'];
  const cardFields = ['terminal-card-number', 'terminal-card-holder', 'terminal-card-expiryMonth', 'terminal-card-expiryYear', 'terminal-card-cvv'];
  const typeCard = () => {
    type('terminal-card-number', '5123 4500 0000 0008');
    type('terminal-card-holder', 'OMAR SALEH');
    fireEvent.change(input('terminal-card-expiryMonth'), { target: { value: '01' } });
    fireEvent.change(input('terminal-card-expiryYear'), { target: { value: '2039' } });
    type('terminal-card-cvv', '100');
  };

  it('keeps the amount, order and customer but never the card, and goes once the sale is sent', async () => {
    await start('Card payment', 'Card payment');
    fields.forEach((id, i) => type(id, typed[i]!));
    typeCard();
    await open('Settings', 'Settings');
    await open('Card payment', 'Card payment');
    expect(values(fields)).toEqual(typed);
    expect(values(cardFields)).toEqual(['', '', '', '', '']);

    typeCard();
    answers.terminalSale = { ok: true, value: { payment: paymentView({ kind: 'sale', orderId: 'T-5', amountMinor: 9990, state: 'paid', cardMasked: '512345******0008' }), challenge: null } };
    fireEvent.click(screen.getByTestId('terminal-submit'));
    await screen.findByTestId('sale-result');
    await waitFor(() => expect(sent('terminalSale')).toHaveLength(1));
    await open('Home', 'Welcome to Paydesk');
    await open('Card payment', 'Card payment');
    expect(values([...fields, ...cardFields])).toEqual(['', '', '', '', '', '', '', '', '', '']);
  });
});
