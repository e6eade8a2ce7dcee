// The gateway client: one method per operation of the interface, each building the exact
// body (interface §4, decisions §2), sending it once through the transport, and reading the
// answer tolerantly (decisions §3). Only status is ever retried, with back-off.
import { formatMinor } from '../../contract/money';
import type { Logger } from '../log/logger';
import type { ClockWatch } from '../core/clock-watch';
import { JsonNumber, field, textOf, type ExactJson, type Writable } from './exact-json';
import { gatewayError, type GatewayError } from './errors';
import { s2sHash } from './hash';
import type { GatewayConnection, GatewayOperation } from './operations';
import { currencyFromCode } from './currency-numbers';
import { stateFromAnswer, type PaymentState } from './states';
import { postJson, type CallOptions, type Exchange } from './transport';
import { minorFromDecimalText, type CurrencyCode } from '../../contract/money';
import type * as R from './requests';

export type GatewayResult<T> = { ok: true; value: T; raw: string } | { ok: false; error: GatewayError; raw?: string };

export type GatewayClientDeps = {
  logger: Logger;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Waits between status retries; tests pass one that does not wait. */
  sleep?: (ms: number) => Promise<void>;
  statusRetryDelaysMs?: number[];
  /** Told each answer's time: whether this computer's clock looks wrong. */
  clock?: ClockWatch;
};

export type StatusOptions = CallOptions & { retry?: boolean };

/** An amount as the gateway wants it: a JSON number with exactly the currency's decimals. */
export const amountJson = (money: R.Money) => new JsonNumber(formatMinor(money.minor, money.currency));
const yn = (flag: boolean | undefined) => (flag ? 'Y' : 'N');

export function createGatewayClient(deps: GatewayClientDeps) {
  const transport = { fetch: deps.fetch ?? globalThis.fetch, logger: deps.logger, timeoutMs: deps.timeoutMs ?? 30_000, clock: deps.clock };
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const retryDelays = deps.statusRetryDelaysMs ?? [500, 1500];

  async function call<T>(conn: GatewayConnection, operation: GatewayOperation, body: Writable, options: CallOptions | undefined, read: (data: ExactJson | undefined, envelope: ExactJson) => T | GatewayError): Promise<GatewayResult<T>> {
    const exchange: Exchange = await postJson(transport, conn, operation, body, options);
    if (!exchange.ok) return exchange;
    const value = read(exchange.data, exchange.envelope);
    if (isError(value)) return { ok: false, error: value, raw: exchange.raw };
    return { ok: true, value, raw: exchange.raw };
  }

  return {
    initiateCheckout(conn: GatewayConnection, request: R.InitiateCheckoutRequest, options?: CallOptions) {
      const body = {
        orderId: request.orderId,
        currency: request.amount.currency,
        amount: amountJson(request.amount),
        customerDetails: { ...request.customer },
        address: request.address,
        recurringInit: request.recurringInit === undefined ? undefined : yn(request.recurringInit),
        auth: yn(request.authOnly),
        successUrl: request.successUrl,
        failureUrl: request.failureUrl,
        issueDate: request.issueDate,
        expireDate: request.expireDate,
      };
      return call(conn, 'initiateCheckout', body, options, (data) => {
        const redirectUrl = firstUrl(data);
        if (!redirectUrl) return missing('the payment page address (redirectUrl)');
        const sessionId = safeUrl(redirectUrl)?.searchParams.get('sessionId') ?? textOf(field(data, 'id')) ?? undefined;
        return { redirectUrl, sessionId } satisfies R.CheckoutSession;
      });
    },

    sale(conn: GatewayConnection, request: R.SaleRequest, options?: CallOptions) {
      const cardNumber = request.card.number.replace(/[\s-]/g, '');
      const body = {
        orderId: request.orderId,
        amount: amountJson(request.amount),
        currency: request.amount.currency,
        paymentMethod: 'card',
        auth: yn(request.authOnly),
        card: {
          cardNumber,
          cardHolder: request.card.holder,
          cardExpiryMonth: request.card.expiryMonth,
          cardExpiryYear: request.card.expiryYear,
          cardCvv: request.card.cvv,
        },
        customer: { name: request.customer.name, email: request.customer.email, phone: request.customer.phone },
        successUrl: request.successUrl,
        failureUrl: request.failureUrl,
        hash: s2sHash(request.customer.email, conn.apiKey, cardNumber),
        recurringInit: yn(request.recurringInit),
      };
      return call(conn, 'sale', body, options, (data, envelope) => {
        const html = textOf(field(data, 'html')) ?? textOf(field(envelope, 'html'));
        const outcome = readStatus(data);
        // "Approved" with no type on an authorisation-only sale means authorised, not paid.
        const state = stateFromAnswer(outcome.statusWord, outcome.type, request.authOnly);
        return html ? { ...outcome, html, state: 'pending' as const } : { ...outcome, state };
      });
    },

    capture(conn: GatewayConnection, request: R.CaptureRequest, options?: CallOptions) {
      return call(conn, 'capture', { transactionId: request.transactionId, amount: amountJson(request.amount) }, options, readStatus);
    },

    void(conn: GatewayConnection, request: R.VoidRequest, options?: CallOptions) {
      return call(conn, 'void', { transactionId: request.transactionId }, options, readStatus);
    },

    refund(conn: GatewayConnection, request: R.RefundRequest, options?: CallOptions) {
      const body = { transactionId: request.transactionId, amount: amountJson(request.amount), reason: request.reason };
      return call(conn, 'refund', body, options, readStatus);
    },

    recurring(conn: GatewayConnection, request: R.RecurringRequest, options?: CallOptions) {
      const body = {
        transactionId: request.transactionId,
        recurringToken: request.recurringToken,
        amount: amountJson(request.amount),
        order: { number: request.orderId, amount: amountJson(request.amount), currency: request.amount.currency, description: request.description },
      };
      return call(conn, 'recurring', body, options, readStatus);
    },

    /** Status by order or transaction id; retried with back-off on network trouble unless `retry: false`. */
    async status(conn: GatewayConnection, request: R.StatusRequest, options: StatusOptions = {}): Promise<GatewayResult<R.StatusOutcome>> {
      const body = 'orderId' in request ? { orderId: request.orderId } : { transactionId: request.transactionId };
      const delays = options.retry === false ? [] : retryDelays;
      for (let attempt = 0; ; attempt++) {
        const result = await call(conn, 'status', body, options, readStatus);
        const retryable = !result.ok && ['network', 'timeout', 'gateway_error'].includes(result.error.kind);
        const delay = delays[attempt];
        if (!retryable || delay === undefined || options.signal?.aborted) return result;
        await sleep(delay);
      }
    },

    createPaymentLink(conn: GatewayConnection, request: R.PaymentLinkRequest, options?: CallOptions) {
      const body = {
        orderId: request.orderId,
        amount: amountJson(request.amount),
        currency: request.amount.currency,
        description: request.description,
        customerDetails: { ...request.customer },
        issueDate: request.issueDate,
        expireDate: request.expireDate,
        successUrl: request.successUrl,
        failureUrl: request.failureUrl,
      };
      return call(conn, 'createPaymentLink', body, options, (data) => {
        const url = firstUrl(data);
        if (!url) return missing('the payment link address');
        return { url, linkId: firstText(data, readingFields.linkId) } satisfies R.PaymentLink;
      });
    },
  };
}

export type GatewayClient = ReturnType<typeof createGatewayClient>;

function isError(value: unknown): value is GatewayError {
  return typeof value === 'object' && value !== null && 'kind' in value && 'mayHaveHappened' in value;
}

function missing(what: string): GatewayError {
  return gatewayError('malformed_response', `The gateway said it succeeded but sent no ${what}.`, { mayHaveHappened: true });
}

/**
 * Where the client looks for each reading, first match wins (decisions §3). The gateway
 * check-up (main/checkup/) reports which of them an answer carried.
 */
export const readingFields = {
  transactionId: ['transactionId', 'id'],
  statusWord: ['status', 'transactionStatus', 'paymentStatus', 'state', 'result'],
  type: ['type', 'transactionType'],
  url: ['redirectUrl', 'url', 'paymentUrl', 'link'],
  linkId: ['id', 'linkId', 'invoiceId'],
  recurringToken: ['recurringToken'],
} as const;

const firstText = (data: ExactJson | undefined, names: readonly string[]) => names.map((name) => textOf(field(data, name))).find((v) => v !== undefined);
const idOf = (data: ExactJson | undefined) => firstText(data, readingFields.transactionId);

function firstUrl(data: ExactJson | undefined): string | undefined {
  for (const name of readingFields.url) {
    const value = textOf(field(data, name));
    const url = value ? safeUrl(value) : undefined;
    if (url && (url.protocol === 'https:' || url.protocol === 'http:')) return value;
  }
  return undefined;
}

function safeUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** The SDKs read the word from status, transactionStatus or paymentStatus (decisions §3). */
function statusWordOf(data: ExactJson | undefined): string | undefined {
  for (const name of readingFields.statusWord) {
    const word = textOf(field(data, name));
    if (word?.trim()) return word.trim();
  }
  return undefined;
}

function readOutcome(data: ExactJson | undefined): R.OperationOutcome {
  const statusWord = statusWordOf(data);
  const type = firstText(data, readingFields.type);
  const state: PaymentState = stateFromAnswer(statusWord, type);
  return {
    transactionId: idOf(data),
    state,
    statusWord,
    type,
    recurringToken: textOf(field(data, 'recurringToken')),
    reason: textOf(field(data, 'reason')) ?? textOf(field(data, 'pgDetails', 'reason')),
  };
}

function readStatus(data: ExactJson | undefined): R.StatusOutcome {
  const currency: CurrencyCode | undefined = currencyFromCode(textOf(field(data, 'currency')) ?? textOf(field(data, 'currencyCode')));
  const minor = (name: string) => {
    const text = textOf(field(data, name));
    return currency && text !== undefined ? minorFromDecimalText(text, currency) : undefined;
  };
  return {
    ...readOutcome(data),
    orderId: textOf(field(data, 'orderId')),
    currency,
    amountMinor: minor('amount'),
    capturedMinor: minor('capturedAmount'),
    refundedMinor: minor('refundedAmount'),
  };
}
