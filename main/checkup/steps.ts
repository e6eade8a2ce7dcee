// The check-up's steps, in order (issue 18): a sale, an authorisation, a partial capture, a
// void of a second authorisation, a partial refund, status by order id and by transaction id,
// a checkout session and a payment link (not paid), a recurring charge where the account
// allows it. Each notes what came back; the clean-up (cleanup.ts) returns the money after.
import type { CheckupStepKey } from '../../contract/methods/checkup';
import type { PaymentRow } from '../ledger/payment-rows';
import { evidenceOf } from '../payments/status-answer';
import { stateFromWord } from '../gateway/states';
import { insecurePayPage } from '../../contract/pay-page';
import { describeAnswer, lookedIn, usedReading } from './answer-shape';
import { amountText, create, expectState, expectTaken, move, note, testCard, testCustomer, type StepKit } from './step-kit';

const urls = (kit: StepKit) => ({
  // The check-up never opens these pages; a profile without defaults gets addresses that lead nowhere.
  successUrl: kit.gateway.defaults?.successUrl ?? 'https://example.com/paydesk-checkup/success',
  failureUrl: kit.gateway.defaults?.failureUrl ?? 'https://example.com/paydesk-checkup/failure',
});

function needs(kit: StepKit, payment: PaymentRow | undefined, step: CheckupStepKey): payment is PaymentRow {
  if (payment) return true;
  kit.step.state = 'skipped';
  note(kit.step, 'needs_step', 'info', { step });
  return false;
}

async function cardSale(kit: StepKit, tag: string, options: { authOnly: boolean; recurringInit?: boolean }) {
  const payment = await create(kit, 'sale', tag, (orderId) =>
    kit.flows.chargeCard({ orderId, amount: amountText(kit, kit.amounts.base), currency: kit.currency, card: testCard, customer: testCustomer, authOnly: options.authOnly, recurringInit: options.recurringInit ?? false, ...urls(kit) }, kit.ctx));
  return payment && expectTaken(kit, 'sale', payment, options.authOnly ? 'authorised' : 'paid');
}

/** A status query straight through the gateway client: its answer is only read, never applied. */
async function statusReading(kit: StepKit, payment: PaymentRow, request: { orderId: string } | { transactionId: string }) {
  const { step } = kit;
  step.orderIds.push(payment.order_id);
  const result = await kit.client.status(kit.gateway.conn, request, { retry: false });
  const answer = describeAnswer('status', result.raw, null);
  step.answers.push(answer);
  if (!result.ok) {
    if (result.error.kind === 'malformed_response') note(step, 'unreadable_answer', 'different', { call: 'status' });
    else note(step, 'call_failed', 'failed', { call: 'status', error: result.error.kind, gatewayCode: result.error.gateway?.errorCode ?? '', said: result.error.gateway?.message ?? '' });
    return;
  }
  const current = (await kit.payments.store.get(payment.id))!;
  const read = evidenceOf(current, result.value).state;
  answer.state = read;
  if (!usedReading(answer, 'statusWord')) note(step, 'missing_reading', 'different', { call: 'status', reading: 'statusWord', looked: lookedIn('status', 'statusWord') });
  else if (answer.statusWord && stateFromWord(answer.statusWord) === 'unknown') note(step, 'unknown_word', 'different', { call: 'status', word: answer.statusWord });
  else if (read !== current.state) note(step, 'state_differs', 'different', { call: 'status', expected: current.state, got: read });
  if (!usedReading(answer, 'transactionId')) note(step, 'missing_reading', 'different', { call: 'status', reading: 'transactionId', looked: 'transactionId' });
}

export const steps: Record<Exclude<CheckupStepKey, 'cleanup'>, (kit: StepKit) => Promise<void>> = {
  async sale(kit) {
    kit.made.sale = await cardSale(kit, 'SALE', { authOnly: false });
  },

  async authorisation(kit) {
    kit.made.auth = await cardSale(kit, 'AUTH', { authOnly: true });
  },

  async partial_capture(kit) {
    if (!needs(kit, kit.made.auth, 'authorisation')) return;
    const after = await move(kit, 'capture', kit.made.auth, kit.amounts.capture);
    if (after) kit.made.auth = after;
    if (after && expectState(kit, 'capture', after, 'partially_captured') && after.captured_minor !== kit.amounts.capture) {
      note(kit.step, 'state_differs', 'different', { call: 'capture', expected: 'partially_captured', got: after.state });
    }
  },

  async void(kit) {
    kit.made.auth2 = await cardSale(kit, 'AUTH2', { authOnly: true });
    if (!kit.made.auth2) return;
    const after = await move(kit, 'void', kit.made.auth2);
    if (after) expectState(kit, 'void', after, 'voided');
  },

  async partial_refund(kit) {
    if (!needs(kit, kit.made.sale, 'sale')) return;
    const after = await move(kit, 'refund', kit.made.sale, kit.amounts.refund);
    if (after) expectState(kit, 'refund', after, 'partially_refunded');
  },

  async status_by_order(kit) {
    if (!needs(kit, kit.made.sale, 'sale')) return;
    await statusReading(kit, kit.made.sale, { orderId: kit.made.sale.order_id });
  },

  async status_by_transaction(kit) {
    if (!needs(kit, kit.made.auth, 'authorisation')) return;
    await statusReading(kit, kit.made.auth, { transactionId: kit.made.auth.transaction_id! });
  },

  async checkout(kit) {
    // Expires today: nothing stays open in the sandbox after the day of the check-up.
    const payment = await create(kit, 'initiateCheckout', 'CHECKOUT', (orderId) =>
      kit.flows.createCheckout({ orderId, amount: amountText(kit, kit.amounts.base), currency: kit.currency, customer: testCustomer, authOnly: false, recurringInit: false, issueDate: kit.today, expireDate: kit.today, ...urls(kit) }, kit.ctx));
    if (payment) openSession(kit, 'initiateCheckout', payment);
  },

  async payment_link(kit) {
    const payment = await create(kit, 'createPaymentLink', 'LINK', (orderId) =>
      kit.flows.createLink({ orderId, amount: amountText(kit, kit.amounts.base), currency: kit.currency, description: 'Paydesk gateway check-up (not to be paid)', customer: testCustomer, issueDate: kit.today, expireDate: kit.today, ...urls(kit) }, kit.ctx));
    if (payment) openSession(kit, 'createPaymentLink', payment);
  },

  async recurring(kit) {
    kit.made.enrol = await cardSale(kit, 'ENROL', { authOnly: false, recurringInit: true });
    if (!kit.made.enrol) return;
    // The team ledger keeps the token apart (recurring.sql): its row says only that one was saved.
    if (!kit.made.enrol.recurring_token && !kit.made.enrol.recurring_saved) {
      // The account sent no token for repeat charges: it may not allow them.
      kit.step.state = 'skipped';
      note(kit.step, 'no_recurring_token', 'info', {});
      return;
    }
    const charged = await create(kit, 'recurring', 'REPEAT', (orderId) =>
      kit.flows.chargeRecurring({ paymentId: kit.made.enrol!.id, orderId, amount: amountText(kit, kit.amounts.base), currency: kit.currency, description: 'Paydesk gateway check-up' }, kit.ctx));
    kit.made.recurring = charged && (await expectTaken(kit, 'recurring', charged, 'paid'));
  },
};

/** A session or link not paid: pending, with its page's address, and (as documented) no transaction yet. */
function openSession(kit: StepKit, call: 'initiateCheckout' | 'createPaymentLink', payment: PaymentRow) {
  const answer = kit.step.answers.at(-1);
  if (!expectState(kit, call, payment, 'pending')) return;
  if (answer?.readable && !usedReading(answer, 'transactionId')) note(kit.step, 'no_transaction_yet', 'info', { call });
  // A page on plain http at another host is never offered to customers (walk34, contract/pay-page.ts):
  // the link or session is made, but no one can send it. Said here, before a customer is waiting (walk39).
  if (payment.link_url && insecurePayPage(payment.link_url)) note(kit.step, 'insecure_pay_page', 'failed', { call, host: new URL(payment.link_url).host });
}
