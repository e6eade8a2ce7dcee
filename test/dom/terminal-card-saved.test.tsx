// A card payment with "Allow later recurring charges of this card" ticked: its result says whether
// the card is saved for later charges, and says "saved" only once the gateway's final answer has
// brought the card's token (decisions §3: a status answer or webhook; main's view says so as
// `recurringAvailable`); before that, that it will be once the gateway confirms it. It said nothing
// (walk of 2026-11-29). English and Arabic; main is a stub whose payment event brings the token.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { newPracticeLaptop } from '../support/session';
import { paymentView } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';
import type { PaymentView } from '../../contract/methods/payments';

let sale: PaymentView = paymentView();
const main = stubMain({
  ...newPracticeLaptop(),
  terminalSale: () => ({ ok: true, value: unchecked({ payment: sale, challenge: null, declineReason: null }) }),
  getPayment: () => ({ ok: true, value: unchecked({ payment: sale, related: { parent: null, repeats: [] }, operations: [], history: [], checks: [], webhooks: [] }) }),
});
const { App } = await import('../../renderer/src/app/app');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useLanguage, translate } = await import('../../renderer/src/i18n');

const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const typeInto = (id: string, value: string) => fireEvent.change(input(id), { target: { value } });

/** A sale on Card payment with the card to be saved, as a person types it; main answers with `sale`. */
async function chargeSavingTheCard(language: 'en' | 'ar') {
  act(() => useLanguage.getState().setLanguage(language));
  render(<App />);
  await screen.findByTestId('active-profile-name');
  act(() => useNavigation.getState().go('terminal'));
  await screen.findByRole('heading', { name: translate(language, 'gp.terminal.screen'), level: 1 });
  await main.loaded(); // its first loads answered and drawn (stub-main.ts)
  typeInto('terminal-amount', '99.90');
  typeInto('terminal-card-number', '5123 4500 0000 0008');
  typeInto('terminal-card-holder', 'OMAR SALEH');
  typeInto('terminal-card-expiryMonth', '01');
  typeInto('terminal-card-expiryYear', '2039');
  typeInto('terminal-card-cvv', '100');
  typeInto('terminal-customer-email', 'omar@example.com');
  typeInto('terminal-customer-phone', '+966500000002');
  fireEvent.click(input('terminal-recurringInit'));
  fireEvent.click(screen.getByTestId('terminal-submit'));
  await screen.findByTestId('sale-result');
  expect(main.calls.find((c) => c.name === 'terminalSale')?.input).toMatchObject({ recurringInit: true });
}

afterEach(() => {
  cleanup();
  main.calls.length = 0;
  act(() => useLanguage.getState().setLanguage('en'));
  act(() => useNavigation.getState().go('home'));
});

describe.each([
  ['en', 'The card will be saved for later charges once the gateway confirms it; Paydesk keeps checking.', 'The card is saved for later charges: open the payment in Transactions and press Charge again.'],
  ['ar', 'ستُحفظ البطاقة للخصومات اللاحقة حين تؤكد البوابة ذلك؛ ويواصل بايدسك الفحص.', 'حُفظت البطاقة للخصومات اللاحقة: افتح الدفعة في المعاملات واضغط «خصم مرة أخرى».'],
] as const)('a card payment saving the card, in %s', (language, waiting, saved) => {
  it('says the card will be saved while the token has not come, and saved once it has', async () => {
    sale = paymentView({ id: 'sale-1', orderId: 'SALE-SAVE', amountMinor: 9_990, capturedMinor: 9_990, recurringRequested: true, recurringAvailable: false });
    await chargeSavingTheCard(language);
    expect(screen.getByTestId('card-saved').textContent).toBe(waiting);
    // The status check's answer brings the token: main's event, and the result reads the payment again.
    sale = { ...sale, recurringAvailable: true };
    main.tell({ type: 'payments.changed', paymentIds: [sale.id] });
    await waitFor(() => expect(screen.getByTestId('card-saved').textContent).toBe(saved));
  });

  it('says nothing of saving a card the gateway declined', async () => {
    sale = paymentView({ id: 'sale-2', orderId: 'SALE-DECLINED', state: 'declined', capturedMinor: 0, transactionId: 'tx-2', recurringRequested: true, recurringAvailable: false });
    await chargeSavingTheCard(language);
    expect(screen.queryByTestId('card-saved')).toBeNull();
  });
});

// Nothing is charged on a schedule: the box says how later charges are made before it is ticked
// (the eleventh walk: support "setting up a monthly charge" was told nothing of it).
describe.each([
  ['en', 'The gateway keeps the card for later charges, each made by hand with “Charge again” on this payment in Transactions; nothing is charged on a schedule.'],
  ['ar', 'تحفظ البوابة البطاقة لخصومات لاحقة، يُجرى كلٌّ منها يدويًا بزر «خصم مرة أخرى» في هذه الدفعة في المعاملات؛ ولا يُخصم شيء بجدول زمني.'],
] as const)('the box that saves the card, in %s', (language, hint) => {
  it('is described by how later charges are made', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<App />);
    await screen.findByTestId('active-profile-name');
    act(() => useNavigation.getState().go('terminal'));
    await screen.findByRole('heading', { name: translate(language, 'gp.terminal.screen'), level: 1 });
    await main.loaded();
    const described = input('terminal-recurringInit').getAttribute('aria-describedby');
    expect(document.getElementById(described!)!.textContent).toBe(hint);
  });
});

