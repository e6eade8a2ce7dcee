// What the getting-paid forms say next to their fields, in a DOM: a message goes as soon as its
// field is put right (or becomes the new problem), for every form; digits typed on an Arabic
// keyboard are taken and sent as ASCII; required fields are marked, and an empty one says it is
// missing rather than how to format it. main is a recording stub here.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { appInfo, practiceProfile } from '../support/session';
import { notStubbed, stubMain } from '../support/stub-main';
import type { PaymentView } from '../../contract/methods/payments';

let answers: Record<string, unknown> = {};

const payment = (over: Partial<PaymentView> = {}): PaymentView => ({
  id: 'p1', profileId: 'practice', environment: 'practice', kind: 'link', orderId: 'PD-1', amountMinor: 15075, currency: 'SAR', description: 'Invoice',
  customer: { name: 'Layla', email: 'layla@example.com', phone: '+966501234567' }, cardMasked: null, transactionId: null, sessionId: 'lnk_1', url: 'http://127.0.0.1:9/link?linkId=lnk_1',
  authOnly: false, recurringAvailable: false, recurringRequested: false, parentPaymentId: null, state: 'pending', statusWord: 'UNPAID', capturedMinor: 0, refundedMinor: 0, operationInFlight: false,
  needsAttention: false, attentionReason: null, watched: false, lastError: null, lastErrorReason: null, createdAt: '2026-01-01T10:00:00Z', updatedAt: '2026-01-01T10:00:00Z', lastCheckedAt: null, expiresOn: null, ...over,
});

const { calls, loaded } = stubMain({
  getAppInfo: () => ({ ok: true, value: appInfo() }),
  getActiveProfile: () => ({ ok: true, value: practiceProfile() }),
  searchPayments: () => ({ ok: true, value: { total: 0, rows: [] } }),
  listPaymentLinks: () => ({ ok: true, value: { total: 0, rows: [] } }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
}, { otherwise: (name) => answers[name] ?? notStubbed });
const { App } = await import('../../renderer/src/app/app');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useLanguage, translate } = await import('../../renderer/src/i18n');
const { useSession } = await import('../../renderer/src/app/session-store');

async function openScreen(id: string, heading: string) {
  render(<App />);
  await screen.findByTestId('active-profile-name');
  act(() => useNavigation.getState().go(id));
  await screen.findByRole('heading', { name: heading, level: 1 });
  await loaded(); // its first loads answered and drawn (stub-main.ts)
}
const sent = (name: string) => calls.filter((c) => c.name === name) as Array<{ name: string; input: Record<string, unknown> }>;
const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(input(id), { target: { value } });
/** A field's label with what is shown beside it ("(required)"). */
const labelLine = (id: string) => {
  const label = document.querySelector(`label[for="${id}"]`)!;
  return (label.closest('.field-label') ?? label).textContent;
};
/** The message next to a field, or null when it has none. */
const message = (id: string) => document.getElementById(`${id}-error`)?.textContent ?? null;

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

describe('a field told of a problem is checked again as it is edited', () => {
  it('on the link form: the message goes once the value is right, or says the new problem, without another Save', async () => {
    await openScreen('links', 'Payment links');
    fireEvent.click(screen.getByTestId('link-submit')); // everything empty
    expect(message('link-amount')).toBe('Enter an amount.');
    expect(message('link-customer-name')).toBe('Enter the customer’s name.');
    type('link-amount', '150.75');
    fireEvent.blur(input('link-amount'));
    expect(message('link-amount')).toBeNull();
    expect(input('link-amount').getAttribute('aria-invalid')).toBeNull();
    type('link-customer-name', 'Layla');
    expect(message('link-customer-name')).toBeNull();
    type('link-customer-email', 'layla@');
    expect(message('link-customer-email')).toBe('Enter an e-mail address like name@example.com.'); // the new problem
    type('link-customer-email', 'layla@example.com');
    expect(message('link-customer-email')).toBeNull();
    type('link-customer-name', ''); // emptied again: it was told once, so it says so again
    expect(message('link-customer-name')).toBe('Enter the customer’s name.');
    expect(message('link-customer-phone')).toBe('Enter the customer’s phone.'); // not edited: still said
    expect(sent('createPaymentLink')).toHaveLength(0); // nothing is sent until Save
  });

  it('on the link form: main’s message for a field stays until that field is edited', async () => {
    answers.createPaymentLink = { ok: false, error: { code: 'invalid_input', message: 'Check orderId', fields: { orderId: 'This order reference is already used.' } } };
    await openScreen('links', 'Payment links');
    fillLink();
    type('link-orderId', 'PD-7');
    fireEvent.click(screen.getByTestId('link-submit'));
    await waitFor(() => expect(message('link-orderId')).toBe('This order reference is already used.'));
    type('link-customer-name', 'Layla Haddad'); // another field: main's word on the order id stands
    expect(message('link-orderId')).toBe('This order reference is already used.');
    type('link-orderId', 'PD-8');
    expect(message('link-orderId')).toBeNull();
  });

  it('on the virtual terminal: card and customer messages go as the fields are put right', async () => {
    await openScreen('terminal', translate('en', 'gp.terminal.screen'));
    fireEvent.click(screen.getByTestId('terminal-submit'));
    expect(message('terminal-card-number')).toBe('Enter the card number.');
    type('terminal-card-number', '4111 1111');
    expect(message('terminal-card-number')).toBe('Too short: a card number has 12 to 19 digits.');
    type('terminal-card-number', '4111 1111 1111 1112');
    expect(message('terminal-card-number')).toBe('A digit is wrong: this is not a valid card number. Read it back to the customer.');
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(message('terminal-card-number')).toBe('أحد الأرقام خطأ: هذا ليس رقم بطاقة صالحًا. اقرأه على العميل مرة أخرى.');
    act(() => useLanguage.getState().setLanguage('en'));
    type('terminal-card-number', '');
    expect(message('terminal-card-cvv')).toBe('Enter the 3 or 4 digit security code.');
    expect(message('terminal-card-expiryMonth')).toBe('Choose the expiry month.');
    expect(message('terminal-customer-phone')).toBe('Enter the customer’s phone.');
    type('terminal-card-number', '5123 4500 0000 0008');
    expect(message('terminal-card-number')).toBeNull();
    type('terminal-card-cvv', '10');
    expect(message('terminal-card-cvv')).toBe('A Mastercard card’s security code has 3 digits, on the back.'); // the brand known, its length
    type('terminal-card-cvv', '100');
    expect(message('terminal-card-cvv')).toBeNull();
    fireEvent.change(input('terminal-card-expiryMonth'), { target: { value: '01' } });
    expect(message('terminal-card-expiryMonth')).toBeNull();
    type('terminal-customer-phone', '0501234567');
    expect(message('terminal-customer-phone')).toBe('Enter the phone in international format, starting with + and the country code.');
    type('terminal-customer-phone', '+966501234567');
    expect(message('terminal-customer-phone')).toBeNull();
    expect(sent('terminalSale')).toHaveLength(0);
  });

  it('on the checkout form, in Arabic', async () => {
    act(() => useLanguage.getState().setLanguage('ar'));
    await openScreen('checkout', 'جلسات الدفع');
    fireEvent.click(screen.getByTestId('checkout-submit'));
    expect(message('checkout-amount')).toBe('أدخل المبلغ.');
    type('checkout-amount', '١٥٠٫٧٥');
    expect(message('checkout-amount')).toBeNull();
    type('checkout-customer-email', 'layla@example.com');
    expect(message('checkout-customer-email')).toBeNull();
  });
});

describe('digits typed on an Arabic keyboard', () => {
  it('are taken in the phone, and the link is created with the phone in ASCII', async () => {
    answers.createPaymentLink = { ok: true, value: payment() };
    await openScreen('links', 'Payment links');
    fillLink();
    type('link-customer-phone', '+٩٦٦٥٠١٢٣٤٥٦٧');
    fireEvent.click(screen.getByTestId('link-submit'));
    expect(message('link-customer-phone')).toBeNull();
    await screen.findByTestId('link-result');
    expect(sent('createPaymentLink')[0]!.input.customer).toEqual({ name: 'Layla', email: 'layla@example.com', phone: '+966501234567' });
  });

  it('are taken in the phone in Persian digits too, in Arabic, and the sale is sent in ASCII with the card’s digits', async () => {
    answers.terminalSale = { ok: true, value: { payment: payment({ kind: 'sale', state: 'paid', statusWord: 'APPROVED', cardMasked: '512345******0008', url: null }), challenge: null } };
    act(() => useLanguage.getState().setLanguage('ar'));
    await openScreen('terminal', translate('ar', 'gp.terminal.screen'));
    type('terminal-amount', '٩٩٫٩٠');
    type('terminal-card-number', '٥١٢٣ ٤٥٠٠ ٠٠٠٠ ٠٠٠٨');
    expect(input('terminal-card-number').value).toBe('5123 4500 0000 0008');
    type('terminal-card-holder', 'LAYLA');
    fireEvent.change(input('terminal-card-expiryMonth'), { target: { value: '01' } });
    fireEvent.change(input('terminal-card-expiryYear'), { target: { value: '2039' } });
    type('terminal-card-cvv', '١٠٠');
    type('terminal-customer-email', 'layla@example.com');
    type('terminal-customer-phone', '+۹۶۶ ۵۰ ۱۲۳ ۴۵۶۷');
    fireEvent.click(screen.getByTestId('terminal-submit'));
    await screen.findByTestId('sale-result');
    expect(sent('terminalSale')[0]!.input).toMatchObject({ amount: '٩٩٫٩٠', card: { number: '5123450000000008', cvv: '100' }, customer: { phone: '+966 50 123 4567' } });
  });
});

describe('required fields', () => {
  it('are marked beside their label and for screen readers, and say what is missing when empty, in English and Arabic', async () => {
    await openScreen('links', 'Payment links');
    for (const id of ['link-amount', 'link-description', 'link-customer-name', 'link-customer-email', 'link-customer-phone']) {
      expect(labelLine(id)).toMatch(/\(required\)$/);
      expect(input(id).getAttribute('aria-required')).toBe('true');
    }
    expect(labelLine('link-orderId')).toBe('Order or invoice reference'); // optional: no mark
    expect(input('link-orderId').getAttribute('aria-required')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Customer e-mail' })).toBe(input('link-customer-email')); // its name is the label, the mark is not read twice
    expect(screen.getByLabelText('Customer e-mail')).toBe(input('link-customer-email'));
    fireEvent.click(screen.getByTestId('link-submit'));
    expect(message('link-customer-email')).toBe('Enter the customer’s e-mail.');
    expect(message('link-customer-phone')).toBe('Enter the customer’s phone.');
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(labelLine('link-customer-phone')).toBe('هاتف العميل (مطلوب)');
    expect(message('link-customer-email')).toBe('أدخل البريد الإلكتروني للعميل.');
    expect(message('link-customer-phone')).toBe('أدخل هاتف العميل.');
  });

  it('on the terminal: the card’s fields and the customer’s are marked', async () => {
    await openScreen('terminal', translate('en', 'gp.terminal.screen'));
    for (const id of ['terminal-amount', 'terminal-card-number', 'terminal-card-holder', 'terminal-card-expiryMonth', 'terminal-card-expiryYear', 'terminal-card-cvv', 'terminal-customer-email', 'terminal-customer-phone']) {
      expect({ id, marked: /\(required\)$/.test(labelLine(id) ?? ''), aria: input(id).getAttribute('aria-required') }).toEqual({ id, marked: true, aria: 'true' });
    }
  });
});

function fillLink() {
  type('link-amount', '150.75');
  type('link-customer-name', 'Layla');
  type('link-customer-email', 'layla@example.com');
  type('link-customer-phone', '+966501234567');
}
