// The payment methods of the contract: each checks its input, builds the gateway request,
// and hands it to the payments service, which records it before sending it.
import type { Implementations } from './create-handlers';
import type { CurrencyCode } from '../../contract/money';
import type { GatewayClient } from '../gateway/client';
import type { LedgerDb } from '../ledger/database';
import type { PaymentsService } from '../ledger/payments-service';
import { statusChanges } from '../ledger/payments-service';
import { parseAmountField } from '../ledger/rules';
import { cleanCard, cleanCustomer, cleanDate, cleanOrderId, cleanText, cleanUrl } from '../ledger/validate-input';
import { newOrderId } from '../ledger/order-ids';
import { searchPayments } from '../ledger/search';
import { exportAuditCsv, exportPaymentsCsv, type AuditRow } from '../ledger/export';
import { appendAudit, verifyAudit } from '../ledger/audit-log';
import { AppFailure } from '../../contract/result';
import type { OperationRow, PaymentRow } from '../ledger/payment-rows';

type Names =
  | 'createPaymentLink' | 'createCheckoutSession' | 'chargeCard' | 'capturePayment' | 'voidPayment' | 'refundPayment'
  | 'chargeRecurring' | 'checkPaymentStatus' | 'getPayment' | 'searchPayments' | 'exportPayments' | 'exportAuditLog'
  | 'lookupPayment' | 'watchPayment' | 'listAuditLog';

export function paymentHandlers(deps: { service: PaymentsService; client: GatewayClient; db: LedgerDb; now?: () => Date }): Pick<Implementations, Names> {
  const { service, client, db } = deps;
  const now = deps.now ?? (() => new Date());
  const active = () => service.active();

  return {
    async createPaymentLink(input, ctx) {
      const gateway = await active();
      service.confirm(gateway.profile, input.confirm);
      const currency = input.currency as CurrencyCode;
      const amountMinor = parseAmountField(input.amount, currency);
      const customer = cleanCustomer(input.customer);
      const description = cleanText(input.description, 'description', 'a description', { max: 500 });
      const request = {
        amount: { minor: amountMinor, currency },
        description,
        customer,
        issueDate: cleanDate(input.issueDate, 'issueDate'),
        expireDate: cleanDate(input.expireDate, 'expireDate'),
        successUrl: cleanUrl(input.successUrl, 'successUrl', gateway.defaults?.successUrl),
        failureUrl: cleanUrl(input.failureUrl, 'failureUrl', gateway.defaults?.failureUrl),
      };
      if (request.issueDate && request.expireDate && request.expireDate < request.issueDate) {
        throw new AppFailure('invalid_input', 'The expiry date is before the issue date.', { fields: { expireDate: 'The expiry date is before the issue date.' } });
      }
      const orderId = cleanOrderId(input.orderId) ?? newOrderId(now());
      const { view } = await service.create(ctx, gateway, { kind: 'link', orderId, amountMinor, currency, description, customer }, (id) => client.createPaymentLink(gateway.conn, { ...request, orderId: id }),
        (value) => ({ state: 'pending', link_url: value.url, transaction_id: value.transactionId ?? null }));
      return view;
    },

    async createCheckoutSession(input, ctx) {
      const gateway = await active();
      service.confirm(gateway.profile, input.confirm);
      const currency = input.currency as CurrencyCode;
      const amountMinor = parseAmountField(input.amount, currency);
      const customer = { ...cleanCustomer(input.customer), idType: optional(input.customer.idType, 'customer.idType', 'the ID type'), idNumber: optional(input.customer.idNumber, 'customer.idNumber', 'the ID number'), taxNumber: optional(input.customer.taxNumber, 'customer.taxNumber', 'the tax number') };
      const country = input.address?.country?.trim().toUpperCase();
      if (country && !/^[A-Z]{2}$/.test(country)) throw new AppFailure('invalid_input', 'Use the two-letter country code, like SA.', { fields: { 'address.country': 'Use the two-letter country code, like SA.' } });
      const address = input.address ? { ...input.address, country: country || undefined } : undefined;
      const request = {
        amount: { minor: amountMinor, currency }, customer, address, authOnly: input.authOnly, recurringInit: input.recurringInit,
        issueDate: cleanDate(input.issueDate, 'issueDate'), expireDate: cleanDate(input.expireDate, 'expireDate'),
        successUrl: cleanUrl(input.successUrl, 'successUrl', gateway.defaults?.successUrl),
        failureUrl: cleanUrl(input.failureUrl, 'failureUrl', gateway.defaults?.failureUrl),
      };
      const orderId = cleanOrderId(input.orderId) ?? newOrderId(now());
      const { view } = await service.create(ctx, gateway, { kind: 'checkout', orderId, amountMinor, currency, customer, authOnly: input.authOnly }, (id) => client.initiateCheckout(gateway.conn, { ...request, orderId: id }),
        (value) => ({ state: 'pending', link_url: value.redirectUrl, session_id: value.sessionId ?? null, transaction_id: value.transactionId ?? null }));
      return view;
    },

    async chargeCard(input, ctx) {
      const gateway = await active();
      service.confirm(gateway.profile, input.confirm);
      const currency = input.currency as CurrencyCode;
      const amountMinor = parseAmountField(input.amount, currency);
      const customer = cleanCustomer(input.customer);
      const card = cleanCard(input.card, now());
      const urls = {
        successUrl: cleanUrl(input.successUrl, 'successUrl', gateway.defaults?.successUrl),
        failureUrl: cleanUrl(input.failureUrl, 'failureUrl', gateway.defaults?.failureUrl),
      };
      const orderId = cleanOrderId(input.orderId) ?? newOrderId(now());
      const { view, value } = await service.create(
        ctx, gateway,
        { kind: 'sale', orderId, amountMinor, currency, customer, authOnly: input.authOnly, card: { bin: card.number.slice(0, 6), last4: card.number.slice(-4) } },
        (id) => client.sale(gateway.conn, { orderId: id, amount: { minor: amountMinor, currency }, authOnly: input.authOnly, recurringInit: input.recurringInit, card, customer, ...urls }),
        (outcome, payment) => statusChanges(payment, outcome),
      );
      return { payment: view, challengeHtml: value?.html ?? null };
    },

    capturePayment: (input, ctx) =>
      withPayment(input.paymentId, (p) => service.moneyOperation(ctx, { paymentId: p.id, kind: 'capture', amountMinor: parseAmountField(input.amount, p.currency), currency: input.currency, confirm: input.confirm })),
    voidPayment: (input, ctx) => service.moneyOperation(ctx, { paymentId: input.paymentId, kind: 'void', reason: input.reason, confirm: input.confirm }),
    refundPayment: (input, ctx) =>
      withPayment(input.paymentId, (p) => service.moneyOperation(ctx, { paymentId: p.id, kind: 'refund', amountMinor: parseAmountField(input.amount, p.currency), currency: input.currency, reason: cleanText(input.reason, 'reason', 'a reason for the refund', { max: 500 }), confirm: input.confirm })),

    async chargeRecurring(input, ctx) {
      const gateway = await active();
      service.confirm(gateway.profile, input.confirm);
      const parent = mustGet(input.paymentId);
      if (!parent.recurring_token || !parent.transaction_id) throw new AppFailure('rule_violation', 'This payment was not made with recurring charges enabled.');
      if (parent.profile_id !== gateway.profile.id) throw new AppFailure('rule_violation', 'This payment was made on another profile. Switch to that profile to charge it again.');
      if (input.currency !== parent.currency) throw new AppFailure('rule_violation', `Recurring charges of this card are in ${parent.currency}.`, { fields: { currency: `Use ${parent.currency}.` } });
      const amountMinor = parseAmountField(input.amount, parent.currency);
      const description = cleanText(input.description, 'description', 'a description', { max: 500 });
      const orderId = cleanOrderId(input.orderId) ?? newOrderId(now());
      const { view } = await service.create(
        ctx, gateway,
        { kind: 'recurring', orderId, amountMinor, currency: parent.currency, description, parentPaymentId: parent.id, customer: parent.customer_name ? { name: parent.customer_name, email: parent.customer_email ?? '', phone: parent.customer_phone ?? '' } : undefined, card: parent.card_bin && parent.card_last4 ? { bin: parent.card_bin, last4: parent.card_last4 } : undefined },
        (id) => client.recurring(gateway.conn, { transactionId: parent.transaction_id!, recurringToken: parent.recurring_token!, orderId: id, amount: { minor: amountMinor, currency: parent.currency }, description }),
        (outcome, payment) => statusChanges(payment, outcome),
      );
      return view;
    },

    async checkPaymentStatus(input, ctx) {
      const view = await service.refresh(input.paymentId, 'status');
      appendAudit(db, { osUser: ctx.osUser, profileId: view.profileId, environment: view.environment, action: 'status_check', paymentId: view.id, orderId: view.orderId, amountMinor: view.amountMinor, currency: view.currency, result: view.state }, now().toISOString());
      return view;
    },

    getPayment(input) {
      const payment = mustGet(input.paymentId);
      const operations = db.prepare('SELECT * FROM operations WHERE payment_id = ? ORDER BY created_at, rowid').all(payment.id) as OperationRow[];
      return {
        payment: service.rows.view(payment),
        operations: operations.map((op) => ({ id: op.id, kind: op.kind, amountMinor: op.amount_minor, reason: op.reason, osUser: op.os_user, outcome: op.outcome, errorCode: op.error_code, errorMessage: op.error_message, gatewayAnswer: op.gateway_answer, createdAt: op.created_at, completedAt: op.completed_at })),
        history: (db.prepare('SELECT state, status_word, source, at FROM state_history WHERE payment_id = ? ORDER BY id').all(payment.id) as Array<{ state: PaymentRow['state']; status_word: string | null; source: string; at: string }>).map((h) => ({ state: h.state, statusWord: h.status_word, source: h.source, at: h.at })),
        checks: (db.prepare('SELECT at, outcome, status_word, state FROM status_checks WHERE payment_id = ? ORDER BY id DESC LIMIT 100').all(payment.id) as Array<{ at: string; outcome: string; status_word: string | null; state: string | null }>).map((c) => ({ at: c.at, outcome: c.outcome, statusWord: c.status_word, state: c.state })),
        webhooks: (db.prepare('SELECT received_at, status_word, type, duplicate FROM webhooks WHERE payment_id = ? ORDER BY id').all(payment.id) as Array<{ received_at: string; status_word: string | null; type: string | null; duplicate: number }>).map((w) => ({ receivedAt: w.received_at, statusWord: w.status_word, type: w.type, duplicate: w.duplicate === 1 })),
      };
    },

    searchPayments(input) {
      const { total, rows } = searchPayments(db, input.filter, input.sort, input.offset, input.limit);
      return { total, rows: service.rows.views(rows) };
    },

    exportPayments(input, ctx) {
      const result = exportPaymentsCsv(db, input.filter, input.sort, now(), input.offset, input.limit);
      if (result.done) appendAudit(db, { osUser: ctx.osUser, action: 'export_payments', result: `${result.total} rows` }, now().toISOString());
      return result;
    },

    async lookupPayment(input, ctx) {
      const orderId = input.orderId?.trim();
      const transactionId = input.transactionId?.trim();
      if (!orderId && !transactionId) throw new AppFailure('invalid_input', 'Enter an order id or a transaction id.', { fields: { orderId: 'Enter an order id or a transaction id.' } });
      const view = await service.lookup(ctx, orderId ? { orderId } : { transactionId: transactionId! });
      appendAudit(db, { osUser: ctx.osUser, profileId: view.profileId, environment: view.environment, action: 'lookup', paymentId: view.id, orderId: view.orderId, amountMinor: view.amountMinor, currency: view.currency, result: view.state }, now().toISOString());
      return view;
    },

    watchPayment(input) {
      mustGet(input.paymentId);
      return service.rows.view(service.rows.update(input.paymentId, { watched: input.watched ? 1 : 0 }, 'watch', now().toISOString()));
    },

    listAuditLog(input) {
      const query = input.query?.trim();
      const where = query ? "WHERE action LIKE @q ESCAPE '\\' OR order_id LIKE @q ESCAPE '\\' OR os_user LIKE @q ESCAPE '\\' OR result LIKE @q ESCAPE '\\'" : '';
      const params = { q: `%${(query ?? '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`, limit: input.limit, offset: input.offset };
      const total = (db.prepare(`SELECT count(*) AS n FROM audit_log ${where}`).get(params) as { n: number }).n;
      const rows = db.prepare(`SELECT * FROM audit_log ${where} ORDER BY seq DESC LIMIT @limit OFFSET @offset`).all(params) as AuditRow[];
      return {
        total,
        chainIntact: verifyAudit(db).ok,
        rows: rows.map((r) => ({ seq: r.seq, at: r.at, osUser: r.os_user, profileId: r.profile_id, environment: r.environment, action: r.action, paymentId: r.payment_id, orderId: r.order_id, amountMinor: r.amount_minor, currency: r.currency, reason: r.reason, result: r.result })),
      };
    },

    exportAuditLog(_input, ctx) {
      appendAudit(db, { osUser: ctx.osUser, action: 'export_audit_log', result: 'exported' }, now().toISOString());
      return exportAuditCsv(db, now());
    },
  };

  function mustGet(paymentId: string): PaymentRow {
    const payment = service.rows.get(paymentId);
    if (!payment) throw new AppFailure('not_found', 'There is no such payment in the ledger.');
    return payment;
  }

  function withPayment<T>(paymentId: string, run: (payment: PaymentRow) => Promise<T>): Promise<T> {
    return run(mustGet(paymentId));
  }

  function optional(value: string | undefined, field: string, label: string): string | undefined {
    return value?.trim() ? cleanText(value, field, label, { max: 60 }) : undefined;
  }
}
