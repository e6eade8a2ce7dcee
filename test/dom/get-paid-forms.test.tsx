// The getting-paid forms in a DOM: what they check before sending (in the user's language),
// main's messages shown next to the field they concern, the production confirmation naming the
// amount, and the virtual terminal's card handling (Luhn, brand, fields emptied, masked number).
// main is a recording stub here; the real handlers are exercised by the e2e and node suites.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { appInfo } from '../support/session';
import { notStubbed, stubMain } from '../support/stub-main';
import type { PaymentView } from '../../contract/methods/payments';

let environment: 'practice' | 'production' = 'practice';
let answers: Record<string, unknown> = {};

const payment = (over: Partial<PaymentView> = {}): PaymentView => ({
  id: 'p1', profileId: 'practice', environment: 'practice', kind: 'link', orderId: 'PD-1', amountMinor: 12550, currency: 'SAR', description: 'Invoice',
  customer: { name: 'Sara', email: 'sara@example.com', phone: '+966501234567' }, cardMasked: null, transactionId: null, sessionId: 'lnk_1', url: 'http://127.0.0.1:9/link?linkId=lnk_1',
  authOnly: false, recurringAvailable: false, recurringRequested: false, parentPaymentId: null, state: 'pending', statusWord: 'UNPAID', capturedMinor: 0, refundedMinor: 0, operationInFlight: false,
  needsAttention: false, attentionReason: null, watched: false, lastError: null, lastErrorReason: null, createdAt: '2026-01-01T10:00:00Z', updatedAt: '2026-01-01T10:00:00Z', lastCheckedAt: null, expiresOn: null, ...over,
});

const main = stubMain({
  getAppInfo: () => ({ ok: true, value: appInfo() }),
  getActiveProfile: () => ({ ok: true, value: { id: environment, name: environment === 'production' ? 'Riyadh live' : 'Practice', environment, baseUrl: 'http://127.0.0.1:9/api/v1', defaultCurrency: 'SAR', key: { configured: true, lastFour: 'abcd' }, pathOverrides: {},
    // A production profile without default addresses asks for them before sending (walk23): this one has them.
    ...(environment === 'production' ? { successUrl: 'https://shop.example/paid', failureUrl: 'https://shop.example/not-paid' } : { successUrl: null, failureUrl: null }) } }),
  searchPayments: () => ({ ok: true, value: { total: 0, rows: [] } }),
  listPaymentLinks: () => ({ ok: true, value: { total: 0, rows: [] } }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: environment } }),
}, { otherwise: (name) => answers[name] ?? notStubbed });
const { calls } = main;
const { App } = await import('../../renderer/src/app/app');
const { forgetDraft } = await import('../../renderer/src/features/get-paid/kept-drafts');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useLanguage, translate } = await import('../../renderer/src/i18n');
const { useSession } = await import('../../renderer/src/app/session-store');
// The three forms' code compiled before the first test, as the app fetches it once its first screen
// shows (preloadScreens): at load 15-22 the first test's 10 s wait for the Payment links heading ran
// out while vitest compiled that screen (on main's code too). The screens still open through
// React.lazy; their code is there already, as in the app by the time a person opens one.
await Promise.all([
  import('../../renderer/src/features/get-paid/links-screen'),
  import('../../renderer/src/features/get-paid/checkout-screen'),
  import('../../renderer/src/features/get-paid/terminal-screen'),
]);

/**
 * The screen drawn and its first loads answered and drawn (the earlier customers, the list), as a
 * person sees it before typing: under load the heading came before the form's effects had run, and
 * the customers' answer was drawn after the test's last step, outside act (main.loaded()).
 * `holding`: a test holding one of those answers back waits for what it looks at itself.
 */
async function openScreen(id: string, heading: string, { holding = false } = {}) {
  render(<App />);
  await screen.findByTestId('active-profile-name');
  act(() => useNavigation.getState().go(id));
  await screen.findByRole('heading', { name: heading, level: 1 });
  if (!holding) await main.loaded();
}
// Dates sent are a year ahead: a form refuses an expiry already past (and main does too).
const next = new Date().getFullYear() + 1;
const sent = (name: string) => calls.filter((c) => c.name === name) as Array<{ name: string; input: Record<string, unknown> }>;
const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(input(id), { target: { value } });

beforeEach(() => {
  calls.length = 0;
  answers = {};
  environment = 'practice';
});
afterEach(() => {
  cleanup();
  // Each test a new run of the app: no form's draft kept from the last (kept-drafts.ts).
  for (const form of ['links', 'checkout', 'terminal'] as const) forgetDraft(form);
  act(() => useLanguage.getState().setLanguage('en'));
  act(() => useNavigation.getState().go('home'));
  useSession.setState({ profile: undefined, info: undefined });
});

describe('payment link form', () => {
  it('names every missing or malformed field before anything is sent', async () => {
    await openScreen('links', 'Payment links');
    expect(input('link-description').value).toBe('Invoice'); // a description to start from, in the user's language
    type('link-description', '');
    type('link-customer-email', 'sara@');
    type('link-customer-phone', '0501234567');
    fireEvent.click(screen.getByTestId('link-submit'));
    expect(screen.getByTestId('error-link-amount').textContent).toBe('Enter an amount.');
    expect(screen.getByTestId('error-link-description').textContent).toBe('Enter a description.');
    expect(screen.getByTestId('error-link-customer-name').textContent).toBe('Enter the customer’s name.');
    expect(screen.getByTestId('error-link-customer-email').textContent).toMatch(/name@example\.com/);
    expect(screen.getByTestId('error-link-customer-phone').textContent).toMatch(/international format/);
    expect(input('link-customer-phone').getAttribute('aria-invalid')).toBe('true');
    expect(sent('createPaymentLink')).toHaveLength(0);
  });

  it('refuses a customer name with direction-changing or invisible characters before sending, in main’s words, in both languages', async () => {
    await openScreen('links', 'Payment links');
    fillValidLink();
    type('link-customer-name', 'Sara\u202eنيلع');
    fireEvent.click(screen.getByTestId('link-submit'));
    expect(screen.getByTestId('error-link-customer-name').textContent).toBe('This field contains invisible or direction-changing characters. Type it again.');
    type('link-customer-name', 'Sa\u200bra');
    act(() => useLanguage.getState().setLanguage('ar'));
    fireEvent.click(screen.getByTestId('link-submit'));
    expect(screen.getByTestId('error-link-customer-name').textContent).toBe('يحتوي هذا الحقل على رموز غير مرئية أو تغيّر اتجاه النص. اكتبه من جديد.');
    expect(sent('createPaymentLink')).toHaveLength(0);
  });

  it('takes its dates typed day/month/year, and sends nothing while one is a day that does not exist', async () => {
    await openScreen('links', 'Payment links');
    fillValidLink();
    type('link-expireDate', '31/02/2026');
    expect(screen.getByTestId('error-link-expireDate').textContent).toBe('31/02/2026 is not a date: February 2026 has 28 days.');
    fireEvent.click(screen.getByTestId('link-submit'));
    expect(sent('createPaymentLink')).toEqual([]);
    expect(document.activeElement).toBe(input('link-expireDate'));
    type('link-issueDate', `01/03/${next}`);
    type('link-expireDate', `28/03/${next}`);
    expect(document.getElementById('link-expireDate-hint')!.textContent).toBe(`28 Mar ${next}`);
    fireEvent.click(screen.getByTestId('link-submit'));
    await waitFor(() => expect(sent('createPaymentLink')[0]?.input).toMatchObject({ issueDate: `${next}-03-01`, expireDate: `${next}-03-28` }));
  });

  it('offers no expiry day before the issue date on the expiry calendar', async () => {
    await openScreen('links', 'Payment links');
    type('link-issueDate', '12/03/2099'); // after today, so the calendar opens on the issue date's month
    fireEvent.click(screen.getByRole('button', { name: 'Choose “Expiry date” on a calendar' }));
    const before = screen.getByRole('gridcell', { name: 'Wednesday, 11 March 2099' });
    expect(before.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(before);
    expect(input('link-expireDate').value).toBe('');
    fireEvent.click(screen.getByRole('gridcell', { name: 'Thursday, 12 March 2099' }));
    expect(input('link-expireDate').value).toBe('12/03/2099');
  });

  it('leaves the focus in a field the person went to once the screen opened (its own first focus came two frames later, and took it)', async () => {
    render(<App />);
    await screen.findByTestId('active-profile-name');
    act(() => useNavigation.getState().go('links'));
    await screen.findByRole('heading', { name: 'Payment links', level: 1 });
    expect(document.activeElement).toBe(input('link-amount')); // the screen's own first focus, given as it opened
    input('link-expireDate').focus();
    await act(() => new Promise((resolve) => setTimeout(resolve, 100))); // no later focus takes it back
    expect(document.activeElement).toBe(input('link-expireDate'));
  });

  it('names the month under a date field in Arabic too, not the digits the field already shows', async () => {
    // The hint says which typed number was read as the month; Arabic's medium date is digits
    // ("1‏/3‏/2026"), so it repeated the field.
    act(() => useLanguage.getState().setLanguage('ar'));
    await openScreen('links', 'روابط الدفع');
    type('link-issueDate', `01/03/${next}`);
    expect(document.getElementById('link-issueDate-hint')!.textContent).toBe(`1 مارس ${next}`);
    expect(document.getElementById('link-expireDate-hint')!.textContent).toContain(`8 مارس ${next}`);
    type('link-expireDate', `28/03/${next}`);
    expect(document.getElementById('link-expireDate-hint')!.textContent).toBe(`28 مارس ${next}`);
  });

  it('sends nothing on Ctrl+Enter while a date is half typed, and says why next to it (the date is never dropped for the default)', async () => {
    await openScreen('links', 'Payment links');
    await waitFor(() => expect(document.activeElement).toBe(input('link-amount'))); // the screen's own first focus, as it opens
    fillValidLink();
    type('link-issueDate', `01/03/${next}`);
    const expiry = input('link-expireDate');
    expiry.focus();
    type('link-expireDate', '28/03/20'); // the year not finished when Ctrl+Enter is pressed
    fireEvent.keyDown(expiry, { key: 'Enter', ctrlKey: true });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(sent('createPaymentLink')).toEqual([]); // not sent with the default expiry (issue date + 7 days)
    expect(screen.getByTestId('error-link-expireDate').textContent).toBe('Type the date as day/month/year, for example 24/11/2026.');
    expect(expiry.getAttribute('aria-invalid')).toBe('true');
    expect(expiry.getAttribute('aria-describedby')).toContain('link-expireDate-error');
    expect(document.activeElement).toBe(expiry);
    type('link-expireDate', `28/03/${next}`);
    fireEvent.keyDown(expiry, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(sent('createPaymentLink')).toHaveLength(1));
    expect(sent('createPaymentLink')[0]!.input).toMatchObject({ issueDate: `${next}-03-01`, expireDate: `${next}-03-28` });
  });

  it('keeps the amount as typed and says next to it what cannot be sent, also after the currency changes', async () => {
    await openScreen('links', 'Payment links');
    const amountError = () => document.getElementById('link-amount-error')?.textContent ?? null;
    type('link-amount', '10.505');
    expect(input('link-amount').value).toBe('10.505'); // nothing dropped
    expect(amountError()).toBe('SAR allows at most 2 decimals.');
    type('link-amount', '10.5');
    expect(amountError()).toBeNull();
    fireEvent.change(input('link-currency'), { target: { value: 'JPY' } });
    expect(input('link-amount').value).toBe('10.5'); // kept, and re-checked for the new currency
    expect(amountError()).toBe('JPY has no decimals.');
    type('link-amount', '15000.00'); // only zeros past the decimals: the amount to write is named (walk19)
    expect(amountError()).toBe('JPY has no decimals: write 15000.');
    type('link-amount', '12,50');
    // JPY has no decimals: no example with two (words-polish), the comma said as JPY reads it.
    expect(amountError()).toMatch(/^JPY has no decimals, and a comma only separates thousands \(1,234\)/);
    type('link-amount', '-5');
    expect(amountError()).toMatch(/without a sign/);
    fireEvent.change(input('link-currency'), { target: { value: 'KWD' } });
    type('link-amount', '1.250');
    expect(input('link-amount').value).toBe('1.250');
    expect(amountError()).toBeNull();
    expect(screen.getByTestId('link-submit').textContent).toMatch(/Create link for KWD\s?1\.250/);
    type('link-issueDate', `${next}-03-01`);
    expect(document.getElementById('link-expireDate-hint')!.textContent).toBe(`Empty: 8 Mar ${next} (issue date + 7 days).`);
    type('link-expireDate', `${next}-02-01`);
    fillValidLink();
    fireEvent.click(screen.getByTestId('link-submit'));
    expect(screen.getByTestId('error-link-expireDate').textContent).toBe('The expiry date is before the issue date.');
  });

  it('shows main’s messages next to their fields, opening the section they are in', async () => {
    answers.createPaymentLink = { ok: false, error: { code: 'invalid_input', message: 'Check successUrl', fields: { successUrl: 'The address must not contain a user name or password.', orderId: 'This order reference is already used.' } } };
    await openScreen('links', 'Payment links');
    fillValidLink();
    // The form now checks a user name or password itself (one rule with main's, walk25): the stub refuses an address the form lets through.
    type('link-successUrl', 'https://shop.example/ok');
    fireEvent.click(screen.getByTestId('link-submit'));
    expect((await screen.findByTestId('error-link-successUrl')).textContent).toContain('user name or password');
    expect(screen.getByTestId('error-link-orderId').textContent).toBe('This order reference is already used.');
    expect((input('link-successUrl').closest('details') as HTMLDetailsElement).open).toBe(true);
    expect(screen.getByTestId('send-error').textContent).toContain('Correct the fields marked above');
    const call = sent('createPaymentLink')[0]!.input;
    expect(call).toMatchObject({ amount: '125.50', currency: 'SAR', description: 'Invoice', customer: { name: 'Sara', email: 'sara@example.com', phone: '+966 50 123 4567' } });
    expect(call.expireDate).toBeDefined(); // issue date + 7 days, sent as shown
  });

  it('explains an unknown outcome and offers a status check, not a retry', async () => {
    answers.createPaymentLink = { ok: true, value: payment({ state: 'unknown', operationInFlight: true, url: null }) };
    answers.checkPaymentStatus = { ok: true, value: payment() };
    await openScreen('links', 'Payment links');
    fillValidLink();
    fireEvent.click(screen.getByTestId('link-submit'));
    const unknown = await screen.findByTestId('outcome-unknown');
    expect(unknown.textContent).toContain('Do not send it again');
    expect(screen.queryByTestId('link-submit')).toBeNull();
    fireEvent.click(within(unknown).getByTestId('check-status'));
    await screen.findByTestId('share-panel');
    expect(sent('createPaymentLink')).toHaveLength(1);
    expect(sent('checkPaymentStatus')).toHaveLength(1);
  });

  it('asks production for a confirmation naming the amount, and sends it with the call', async () => {
    environment = 'production';
    answers.createPaymentLink = { ok: true, value: payment({ environment: 'production' }) };
    await openScreen('links', 'Payment links');
    fillValidLink();
    fireEvent.click(screen.getByTestId('link-submit'));
    const dialog = await screen.findByTestId('production-confirm');
    expect(dialog.textContent).toMatch(/Create a payment link for SAR\s125\.50/);
    expect(sent('createPaymentLink')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: /Confirm on production/ }));
    const result = await screen.findByTestId('link-result');
    expect(sent('createPaymentLink')[0]!.input.confirm).toEqual({ environment: 'production', profileId: 'production' });
    // The order id once, in the result's first line (the share panel repeated it under its buttons).
    const orderId = screen.getByTestId('result-order-id').textContent!;
    expect(result.textContent!.split(orderId)).toHaveLength(2);
  });

  it('speaks Arabic', async () => {
    act(() => useLanguage.getState().setLanguage('ar'));
    await openScreen('links', 'روابط الدفع');
    fireEvent.click(screen.getByTestId('link-submit'));
    expect(screen.getByTestId('error-link-amount').textContent).toBe('أدخل المبلغ.');
  });
});

describe('an earlier customer', () => {
  const sara = { name: 'Sara Ahmed', email: 'sara@example.com', phone: '+966501111111' };
  const customerChoices = () => [...document.querySelectorAll('select')].filter((s) => /customer/i.test(s.labels?.[0]?.textContent ?? ''));

  it('is one choice on the link form (not two lists of the same customers), and it fills name, e-mail and phone', async () => {
    answers.listCustomers = { ok: true, value: { customers: [sara] } };
    await openScreen('links', 'Payment links');
    await waitFor(() => expect(customerChoices()).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20)); // a second list would have had its answer by now
    expect(customerChoices().map((s) => s.labels![0]!.textContent)).toEqual(['Earlier customer']);
    fireEvent.change(customerChoices()[0]!, { target: { value: '0' } });
    expect([input('link-customer-name').value, input('link-customer-email').value, input('link-customer-phone').value]).toEqual([sara.name, sara.email, sara.phone]);
  });

  it('shows the customer it filled in (an arrow key moves on from there) until a field is edited by hand', async () => {
    const omar = { name: 'Omar Saleh', email: 'omar@example.com', phone: '+966502222222' };
    answers.listCustomers = { ok: true, value: { customers: [sara, omar] } };
    await openScreen('checkout', 'Checkout sessions');
    const list = await screen.findByLabelText<HTMLSelectElement>('Earlier customer');
    fireEvent.change(list, { target: { value: '1' } });
    expect([list.value, input('checkout-customer-name').value]).toEqual(['1', omar.name]);
    type('checkout-customer-name', 'Omar S.');
    expect(list.value).toBe(''); // "Choose to fill in …": the fields are no longer that customer's
  });

  // Its answer came late on a busy machine: two Tabs past the currency and the description (as every
  // time before) reached the e-mail, the list appearing only then, before the name.
  it('holds its place before the name while the customers are still asked for, and goes (the keyboard on to the name) if there are none', async () => {
    // The form's fields in their Tab order (the document's: none has a tabindex of its own).
    const tabOrder = (list: HTMLSelectElement) => [...list.form!.querySelectorAll('input, select, textarea, button')].map((e) => e.id);
    for (const customers of [[sara], []]) {
      let answer!: (value: unknown) => void;
      answers.listCustomers = new Promise((resolve) => { answer = resolve; });
      await openScreen('links', 'Payment links', { holding: true });
      const list = await screen.findByTestId<HTMLSelectElement>('link-earlier-customer');
      expect(list.getAttribute('aria-busy')).toBe('true');
      const order = tabOrder(list);
      expect(order.indexOf('link-earlier-customer') + 1).toBe(order.indexOf('link-customer-name'));
      list.focus();
      await act(async () => answer({ ok: true, value: { customers } }));
      if (customers.length) {
        expect([list.getAttribute('aria-busy'), list.options.length, document.activeElement]).toEqual([null, 2, list]);
      } else {
        expect([screen.queryByTestId('link-earlier-customer'), document.activeElement?.id]).toEqual([null, 'link-customer-name']);
      }
      cleanup();
    }
  });

  it('is offered on the checkout form too, and what it fills is sent', async () => {
    answers.listCustomers = { ok: true, value: { customers: [sara] } };
    answers.createCheckoutSession = { ok: true, value: payment({ kind: 'checkout', url: 'http://127.0.0.1:9/checkout?sessionId=s1' }) };
    await openScreen('checkout', 'Checkout sessions');
    type('checkout-amount', '75');
    fireEvent.change(await screen.findByLabelText('Earlier customer'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('checkout-submit'));
    await screen.findByTestId('checkout-result');
    expect(sent('createCheckoutSession')[0]!.input).toMatchObject({ amount: '75', customer: sara });
  });
});

describe('checkout session form', () => {
  it('checks the two-letter country and sends the optional parts only when filled', async () => {
    answers.createCheckoutSession = { ok: true, value: payment({ kind: 'checkout', url: 'http://127.0.0.1:9/checkout?sessionId=s1' }) };
    await openScreen('checkout', 'Checkout sessions');
    type('checkout-amount', '75');
    type('checkout-customer-name', 'Sara');
    type('checkout-customer-email', 'sara@example.com');
    type('checkout-customer-phone', '+966501234567');
    type('checkout-address-country', 'Saudi');
    fireEvent.click(screen.getByTestId('checkout-submit'));
    expect(screen.getByTestId('error-checkout-address-country').textContent).toBe('Use the two-letter country code, like SA.');
    type('checkout-address-country', 'SA');
    fireEvent.click(screen.getByLabelText('Authorise only (capture later)'));
    fireEvent.click(screen.getByTestId('checkout-submit'));
    await screen.findByTestId('checkout-result');
    expect(sent('createCheckoutSession')[0]!.input).toMatchObject({ amount: '75', authOnly: true, recurringInit: false, address: { country: 'SA' }, customer: { idType: undefined } });
  });

  it('sends nothing while the issue date is half typed over a good one, in Arabic too', async () => {
    await openScreen('checkout', 'Checkout sessions');
    type('checkout-amount', '75');
    type('checkout-customer-name', 'Sara');
    type('checkout-customer-email', 'sara@example.com');
    type('checkout-customer-phone', '+966501234567');
    const issued = input('checkout-issueDate');
    issued.focus();
    type('checkout-issueDate', '1/3/202'); // over today's date, which is not what is sent either
    fireEvent.keyDown(issued, { key: 'Enter', ctrlKey: true });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(sent('createCheckoutSession')).toEqual([]);
    expect(screen.getByTestId('error-checkout-issueDate').textContent).toBe('Type the date as day/month/year, for example 24/11/2026.');
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(screen.getByTestId('error-checkout-issueDate').textContent).toBe('اكتب التاريخ بصيغة يوم/شهر/سنة، مثل 24\u200f/11\u200f/2026.');
    expect(document.getElementById('checkout-issueDate-hint')).toBeNull(); // the hint names the last good date, not the text: hidden meanwhile
  });
});

describe('virtual terminal', () => {
  it('says on its button and in production\'s confirmation whether the card is charged or only authorised', async () => {
    environment = 'production';
    await openScreen('terminal', translate('en', 'gp.terminal.screen'));
    const button = () => screen.getByTestId('terminal-submit').textContent;
    expect(button()).toBe('Charge card');
    type('terminal-amount', '200');
    expect(button()).toMatch(/^Charge SAR\s200\.00$/);
    fireEvent.click(screen.getByLabelText('Authorise only (capture later)'));
    expect(button()).toMatch(/^Authorise SAR\s200\.00$/); // nothing is taken yet: "Charge" would say otherwise
    type('terminal-amount', '');
    expect(button()).toBe('Authorise card');
    type('terminal-amount', '200');
    type('terminal-card-number', '5123 4500 0000 0008');
    type('terminal-card-holder', 'Layla Haddad');
    fireEvent.change(input('terminal-card-expiryMonth'), { target: { value: '01' } });
    fireEvent.change(input('terminal-card-expiryYear'), { target: { value: '2039' } });
    type('terminal-card-cvv', '100');
    type('terminal-customer-name', 'Layla');
    type('terminal-customer-email', 'layla@example.com');
    type('terminal-customer-phone', '+966501234567');
    fireEvent.click(screen.getByTestId('terminal-submit'));
    const dialog = await screen.findByTestId('production-confirm');
    expect(dialog.textContent).toMatch(/Authorise SAR\s200\.00 on the card \(captured later\)/);
    expect(sent('terminalSale')).toHaveLength(0);
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(button()).toMatch(/^تفويض /);
  });

  it('checks the card number with Luhn and shows the brand while typing', async () => {
    await openScreen('terminal', translate('en', 'gp.terminal.screen'));
    type('terminal-card-number', '4111 1111 1111 1112');
    expect(screen.getByTestId('card-brand').textContent).toBe('Visa · A digit is wrong: this is not a valid card number. Read it back to the customer.');
    type('terminal-card-number', '378282246310005');
    expect(input('terminal-card-number').value).toBe('3782 822463 10005');
    expect(screen.getByTestId('card-brand').textContent).toBe('American Express');
    type('terminal-card-number', '5123abc');
    expect(input('terminal-card-number').value).toBe('3782 822463 10005'); // letters are refused
    fireEvent.click(screen.getByTestId('terminal-submit'));
    expect(screen.getByTestId('error-terminal-card-cvv').textContent).toBe('An American Express card’s security code has 4 digits, printed on the front above the number.');
    expect(screen.getByTestId('error-terminal-card-expiryMonth').textContent).toBe('Choose the expiry month.');
    expect(sent('terminalSale')).toHaveLength(0);
  });

  it('takes the customer name from the name on card, saying so, and sends what the field shows; a name of the person’s own stays', async () => {
    answers.terminalSale = { ok: true, value: { payment: payment({ kind: 'sale', state: 'paid', statusWord: 'APPROVED', cardMasked: '512345******0008', url: null }), challenge: null } };
    await openScreen('terminal', translate('en', 'gp.terminal.screen'));
    const hint = () => document.getElementById('terminal-customer-name-hint')?.textContent;
    type('terminal-card-holder', 'SARA AHMED');
    expect(input('terminal-customer-name').value).toBe('SARA AHMED');
    expect(hint()).toBe('Taken from the name on card. Change it if the customer is someone else.');
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(hint()).toBe('مأخوذ من الاسم على البطاقة. غيّره إن كان العميل شخصًا آخر.');
    act(() => useLanguage.getState().setLanguage('en'));
    type('terminal-customer-name', 'Omar Ahmed'); // the customer is someone else
    type('terminal-card-holder', 'SARA A AHMED');
    expect(input('terminal-customer-name').value).toBe('Omar Ahmed');
    expect(hint()).toBeUndefined();
    type('terminal-customer-name', ''); // emptied: it follows the card again
    type('terminal-card-holder', 'SARA AHMED');
    expect(input('terminal-customer-name').value).toBe('SARA AHMED');
    fireEvent.click(screen.getByRole('button', { name: 'Clear card' })); // the name stays, no longer said to be the card's
    expect([input('terminal-customer-name').value, hint()]).toEqual(['SARA AHMED', undefined]);
    type('terminal-card-holder', 'SARA AHMED');
    expect(hint()).toBe('Taken from the name on card. Change it if the customer is someone else.');
    fillSale();
    fireEvent.click(screen.getByTestId('terminal-submit'));
    await screen.findByTestId('sale-result');
    expect(sent('terminalSale')[0]!.input).toMatchObject({ card: { holder: 'SARA AHMED' }, customer: { name: 'SARA AHMED' } });
  });

  it('empties the card fields as the sale is sent and keeps only the masked number', async () => {
    answers.terminalSale = { ok: true, value: { payment: payment({ kind: 'sale', state: 'paid', statusWord: 'APPROVED', cardMasked: '512345******0008', url: null }), challenge: null } };
    await openScreen('terminal', translate('en', 'gp.terminal.screen'));
    type('terminal-card-holder', 'SARA');
    type('terminal-customer-name', 'Sara');
    fillSale();
    fireEvent.click(screen.getByTestId('terminal-submit'));
    const result = await screen.findByTestId('sale-result');
    expect(within(result).getByTestId('masked-card').textContent).toBe('512345******0008');
    expect(sent('terminalSale')[0]!.input.card).toMatchObject({ number: '5123450000000008', cvv: '100' });
    expect(document.body.innerHTML).not.toMatch(/5123450000000008|5123 4500 0000 0008/);
    expect(screen.queryByLabelText('Security code (CVV)')).toBeNull();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Payment approved' })).toBeTruthy());
  });

  it.each([
    ['en', translate('en', 'gp.terminal.screen'), 'Authorisation approved', 'No money is taken until it is captured: open it in Transactions and press Capture.'],
    ['ar', translate('ar', 'gp.terminal.screen'), 'تمت الموافقة على التفويض', 'لا يُؤخذ المبلغ حتى يُحصَّل: افتحها في المعاملات واضغط «تحصيل».'],
  ] as const)('says an authorise-only sale approved is an authorisation, to capture, not a payment, in %s', async (language, screenTitle, title, next) => {
    act(() => useLanguage.getState().setLanguage(language));
    answers.terminalSale = { ok: true, value: { payment: payment({ kind: 'sale', authOnly: true, state: 'authorised', statusWord: 'AUTHORIZED', cardMasked: '512345******0008', url: null }), challenge: null } };
    await openScreen('terminal', screenTitle);
    type('terminal-card-holder', 'SARA');
    type('terminal-customer-name', 'Sara');
    fillSale();
    fireEvent.click(input('terminal-authOnly'));
    fireEvent.click(screen.getByTestId('terminal-submit'));
    const result = await screen.findByTestId('sale-result');
    expect(within(result).getByRole('heading', { level: 2 }).textContent).toBe(title);
    expect(within(result).getByTestId('authorised-next').textContent).toBe(next);
  });
});

describe('a sale\'s result says whether money was taken', () => {
  it.each([
    ['en', translate('en', 'gp.terminal.screen'), 'paid', 'CAPTURED', 'The money was taken from the card.'],
    ['en', translate('en', 'gp.terminal.screen'), 'declined', 'DECLINED', 'No money was taken from the card.'],
    ['ar', translate('ar', 'gp.terminal.screen'), 'paid', 'CAPTURED', 'خُصم المبلغ من البطاقة.'],
    ['ar', translate('ar', 'gp.terminal.screen'), 'declined', 'DECLINED', 'لم يُخصم أي مبلغ من البطاقة.'],
  ] as const)('in %s, %s: a %s sale', async (language, screenTitle, state, statusWord, said) => {
    act(() => useLanguage.getState().setLanguage(language));
    answers.terminalSale = { ok: true, value: { payment: payment({ kind: 'sale', state, statusWord, cardMasked: '512345******0008', url: null }), challenge: null } };
    await openScreen('terminal', screenTitle);
    type('terminal-card-holder', 'SARA');
    fillSale();
    fireEvent.click(screen.getByTestId('terminal-submit'));
    const result = await screen.findByTestId('sale-result');
    expect(within(result).getByTestId('sale-money').textContent).toBe(said);
  });
});

/** The rest of a good card sale: amount, the frictionless test card, its expiry and CVV, the customer's e-mail and phone. */
function fillSale() {
  type('terminal-amount', '99.90');
  type('terminal-card-number', '5123 4500 0000 0008');
  fireEvent.change(input('terminal-card-expiryMonth'), { target: { value: '01' } });
  fireEvent.change(input('terminal-card-expiryYear'), { target: { value: '2039' } });
  type('terminal-card-cvv', '100');
  type('terminal-customer-email', 'sara@example.com');
  type('terminal-customer-phone', '+966501234567');
}

function fillValidLink() {
  type('link-amount', '125.50');
  type('link-description', 'Invoice');
  type('link-customer-name', 'Sara');
  type('link-customer-email', 'sara@example.com');
  type('link-customer-phone', '+966 50 123 4567');
}
