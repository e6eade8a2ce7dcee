// New payments: payment links, checkout sessions, card sales (virtual terminal) and recurring
// charges. Each checks its input, builds the gateway request and goes through the create
// path, which records it before sending it.
import type { MethodParsedInput } from '../../contract/methods';
import type { PaymentView } from '../../contract/methods/payments';
import type { CurrencyCode } from '../../contract/money';
import { toAsciiDigits } from '../../contract/digits';
import { fail, failField } from '../core/fail';
import type { CallContext } from '../core/call-context';
import { newOrderId } from './order-ids';
import { checkOfferDates, expiryOf } from './offer-dates';
import type { PaymentsCore } from './payments-core';
import type { GatewayResult } from '../gateway/client';
import type { PaymentRow } from '../ledger/payment-rows';
import type { CreateOptions, CreatePayment } from './record-create';
import { parseAmountField } from './rules';
import { reasonIn, shownReason } from './decline-reason';
import { statusChanges } from './status-answer';
import { beforeSending } from './not-sent';
import { refuseStoppedCard } from './repeat-stop';
import { requireActingProfile } from './acting-profile';
import { cleanCard, cleanCustomer, cleanDate, cleanOrderId, cleanText, refuseApiKey, refuseCardNumber, cleanUrl } from './validate-input';

export function createNewPayments(core: PaymentsCore, create: CreatePayment) {
  const { deps } = core;
  const orderIdOf = (typed: string | undefined) => cleanOrderId(typed) ?? newOrderId(core.today());
  // After deps.active(), which waits for every profile's key to be read (so registered): checked against every key known.
  const refuseKeys = (fields: Record<string, string | undefined>) => refuseApiKey(fields, deps.logger.holdsSecret);

  async function createLink(input: MethodParsedInput<'createPaymentLink'>, ctx: CallContext, options: CreateOptions = {}): Promise<PaymentView> {
    const gateway = await deps.active();
    deps.requireConfirmation(gateway.profile, input.confirm);
    const currency = input.currency as CurrencyCode;
    const amountMinor = parseAmountField(input.amount, currency);
    const customer = cleanCustomer(input.customer);
    const description = refuseCardNumber(cleanText(input.description, 'description', { max: 500 }), 'description');
    refuseKeys({ description, 'customer.name': customer.name, 'customer.email': customer.email });
    const request = {
      amount: { minor: amountMinor, currency }, description, customer,
      issueDate: cleanDate(input.issueDate, 'issueDate'), expireDate: cleanDate(input.expireDate, 'expireDate'),
      successUrl: cleanUrl(input.successUrl, 'successUrl', gateway.defaults?.successUrl, gateway.profile.environment),
      failureUrl: cleanUrl(input.failureUrl, 'failureUrl', gateway.defaults?.failureUrl, gateway.profile.environment),
    };
    checkOfferDates(request.issueDate, request.expireDate, core.today());
    // Kept with the link for the list's "Expires 3 Dec": the date sent, else the documented default
    // (issueDate plus 7 days, gateway-interface.md 4.4); no issue date sent either: not known.
    const expireDate = expiryOf(request.issueDate, request.expireDate);
    const { view } = await create(ctx, gateway, { kind: 'link', orderId: orderIdOf(input.orderId), amountMinor, currency, description, customer, expireDate },
      (id) => deps.client.createPaymentLink(gateway.conn, { ...request, orderId: id }),
      // The link's own id is not a transaction: that comes with the status answer once it is paid.
      (value) => ({ state: 'pending', link_url: value.url, session_id: value.linkId ?? null }), options);
    return view;
  }

  async function createCheckout(input: MethodParsedInput<'createCheckoutSession'>, ctx: CallContext): Promise<PaymentView> {
    const gateway = await deps.active();
    deps.requireConfirmation(gateway.profile, input.confirm);
    const currency = input.currency as CurrencyCode;
    const amountMinor = parseAmountField(input.amount, currency);
    const optional = (value: string | undefined, field: string) => (value?.trim() ? cleanText(value, field, { max: 60 }) : undefined);
    // ID and tax numbers typed in Arabic-Indic digits go to the gateway in ASCII ones.
    const number = (value: string | undefined, field: string) => optional(value && toAsciiDigits(value), field);
    const customer = { ...cleanCustomer(input.customer), idType: optional(input.customer.idType, 'customer.idType'), idNumber: number(input.customer.idNumber, 'customer.idNumber'), taxNumber: number(input.customer.taxNumber, 'customer.taxNumber') };
    const country = input.address?.country?.trim().toUpperCase();
    if (country && !/^[A-Z]{2}$/.test(country)) throw failField('invalid_input', 'address.country', 'input.country');
    const address = input.address ? { ...input.address, country: country || undefined } : undefined;
    refuseKeys({ 'customer.name': customer.name, 'customer.email': customer.email, 'customer.idType': customer.idType, 'customer.idNumber': customer.idNumber, 'customer.taxNumber': customer.taxNumber, ...Object.fromEntries(Object.entries(input.address ?? {}).map(([k, v]) => [`address.${k}`, typeof v === 'string' ? v : undefined])) });
    const request = {
      amount: { minor: amountMinor, currency }, customer, address, authOnly: input.authOnly, recurringInit: input.recurringInit,
      issueDate: cleanDate(input.issueDate, 'issueDate'), expireDate: cleanDate(input.expireDate, 'expireDate'),
      successUrl: cleanUrl(input.successUrl, 'successUrl', gateway.defaults?.successUrl, gateway.profile.environment),
      failureUrl: cleanUrl(input.failureUrl, 'failureUrl', gateway.defaults?.failureUrl, gateway.profile.environment),
    };
    checkOfferDates(request.issueDate, request.expireDate, core.today());
    const { view } = await create(ctx, gateway, { kind: 'checkout', orderId: orderIdOf(input.orderId), amountMinor, currency, customer, authOnly: input.authOnly, recurringInit: input.recurringInit },
      (id) => deps.client.initiateCheckout(gateway.conn, { ...request, orderId: id }),
      (value) => ({ state: 'pending', link_url: value.redirectUrl, session_id: value.sessionId ?? null }));
    return view;
  }

  /**
   * `returnHere`: the card payment screen's 3-D Secure return, pages of main's own challenge server
   * on this computer (`challenge/challenge-server.ts`), never typed by anyone: used as they are. The
   * rule that a production profile's customers go to https only (contract/return-address.ts) is for
   * the addresses a real customer's browser is sent to; it refused every card payment on a
   * production profile, whose return is this loopback page (walk37).
   */
  async function chargeCard(input: MethodParsedInput<'chargeCard'>, ctx: CallContext, returnHere?: { successUrl: string; failureUrl: string }): Promise<{ payment: PaymentView; challengeHtml: string | null; declineReason: string | null }> {
    const gateway = await deps.active();
    deps.requireConfirmation(gateway.profile, input.confirm);
    const currency = input.currency as CurrencyCode;
    const amountMinor = parseAmountField(input.amount, currency);
    const customer = cleanCustomer(input.customer);
    const card = cleanCard(input.card, core.now());
    refuseKeys({ 'customer.name': customer.name, 'customer.email': customer.email, 'card.holder': card.holder });
    const urls = returnHere ?? {
      successUrl: cleanUrl(input.successUrl, 'successUrl', gateway.defaults?.successUrl, gateway.profile.environment),
      failureUrl: cleanUrl(input.failureUrl, 'failureUrl', gateway.defaults?.failureUrl, gateway.profile.environment),
    };
    const recurringInit = input.recurringInit ?? false;
    const { view, value } = await create(
      ctx, gateway,
      { kind: 'sale', orderId: orderIdOf(input.orderId), amountMinor, currency, customer, authOnly: input.authOnly, recurringInit, card: { bin: card.number.slice(0, 6), last4: card.number.slice(-4) } },
      (id) => deps.client.sale(gateway.conn, { orderId: id, amount: { minor: amountMinor, currency }, authOnly: input.authOnly, recurringInit, card, customer, ...urls }),
      (outcome, payment) => statusChanges(payment, outcome),
    );
    const declineReason = view.state === 'declined' ? shownReason(deps.logger.redact(reasonIn(value) ?? '')) : null;
    return { payment: view, challengeHtml: value?.html ?? null, declineReason };
  }

  async function chargeRecurring(input: MethodParsedInput<'chargeRecurring'>, ctx: CallContext): Promise<PaymentView> {
    const gateway = await deps.active();
    deps.requireConfirmation(gateway.profile, input.confirm);
    const parent = await beforeSending(async () => agreementOf(await core.mustGet(core.store, input.paymentId)));
    // The customer cancelled (a person stopped this card's repeat charges): refused before anything is recorded or sent.
    await beforeSending(() => refuseStoppedCard(core.store, parent));
    if (!(parent.recurring_token || parent.recurring_saved) || !parent.transaction_id) {
      throw fail('rule_violation', parent.recurring_init ? 'rule.recurringTokenPending' : 'rule.recurringNotEnabled');
    }
    await requireActingProfile(deps, parent, gateway.profile);
    if (input.currency !== parent.currency) throw failField('rule_violation', 'currency', 'rule.recurringCurrency', { currency: parent.currency });
    // On the team ledger the token is read now, from the database, which refuses staff and finance.
    const token = parent.recurring_token ?? (await beforeSending(async () => core.store.recurringTokenOf?.(parent.id))) ?? null;
    if (!token) throw fail('rule_violation', 'rule.recurringTokenPending');
    const amountMinor = parseAmountField(input.amount, parent.currency);
    const description = refuseCardNumber(cleanText(input.description, 'description', { max: 500 }), 'description');
    refuseKeys({ description });
    const customer = parent.customer_name ? { name: parent.customer_name, email: parent.customer_email ?? '', phone: parent.customer_phone ?? '' } : undefined;
    const card = parent.card_bin && parent.card_last4 ? { bin: parent.card_bin, last4: parent.card_last4 } : undefined;
    const { view } = await create(
      ctx, gateway,
      { kind: 'recurring', orderId: orderIdOf(input.orderId), amountMinor, currency: parent.currency, description, parentPaymentId: parent.id, customer, card },
      (id) => deps.client.recurring(gateway.conn, { transactionId: parent.transaction_id!, recurringToken: token, orderId: id, amount: { minor: amountMinor, currency: parent.currency }, description }).then(refusedAsRepeatCharge),
      (outcome, payment) => statusChanges(payment, outcome),
      // Read again in the intent's own transaction: a Stop pressed in another window after the
      // check above (main awaits in between) is seen here, and nothing is recorded or sent. On
      // SQLite store transactions run one at a time, so the Stop is wholly before or after this;
      // on the team ledger the database orders them (repeat-stops-sending.sql, version 42). A Stop
      // after this commits names this charge to its person (repeat-stop.ts).
      { withIntent: async (_id, _at, tx) => refuseStoppedCard(tx, parent) },
    );
    return view;
  }

  /**
   * The payment whose card a repeat charge charges. Charged again from a repeat charge's own detail,
   * it is still the first payment: the recurring call names the transaction that enrolled the card
   * and its token (decisions §2, §3); a repeat charge's answer is not documented to bring a token.
   */
  async function agreementOf(payment: PaymentRow): Promise<PaymentRow> {
    if (payment.kind !== 'recurring') return payment;
    // Its first payment not in this ledger (left out of a copy to the team ledger): nothing to charge.
    if (!payment.parent_payment_id) throw fail('rule_violation', 'rule.recurringNotEnabled');
    return core.mustGet(core.store, payment.parent_payment_id);
  }

  return { createLink, createCheckout, chargeCard, chargeRecurring };
}

/**
 * A repeat charge the gateway refused: "Correct it and try again" pointed at a dialog with nothing
 * to correct (the card is the saved one). Its own words say nothing was charged and what to do
 * instead; the thrown failure and the new payment's last error both carry them (record-create.ts).
 */
function refusedAsRepeatCharge<T>(result: GatewayResult<T>): GatewayResult<T> {
  if (result.ok || result.error.kind !== 'request_rejected' || result.error.reasonKey) return result;
  return { ...result, error: { ...result.error, reasonKey: 'gateway.recurringRefused' } };
}
