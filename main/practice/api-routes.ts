// The JSON operations of the interface, on the same paths as the real gateway. Each reads its
// body strictly (request-fields), runs the rule in the engine, and answers with the data part
// of the envelope. Amounts go out as exact decimal JSON numbers.
import type { ExactJson, Writable } from '../gateway/exact-json';
import { operationAnswer, transactionAnswer } from './answers';
import { s2sHash } from '../gateway/hash';
import { gatewayOperations, type GatewayOperation } from '../gateway/operations';
import type { PracticeEngine } from './engine';
import type { Transaction } from './model';
import { customerFrom, fields, Refusal } from './request-fields';
import { pageWords } from './page-words';

export type RouteContext = { body: ExactJson; apiKey: string; origin: string };
type Route = (ctx: RouteContext) => Writable;

export function createApiRoutes(engine: PracticeEngine, options: { extendedAnswers?: boolean } = {}): Record<GatewayOperation, Route> {
  const extended = options.extendedAnswers ?? false;
  const answer = (tx: Transaction, origin: string) => transactionAnswer(tx, origin, extended);
  return {
    initiateCheckout({ body, origin }) {
      const f = fields(body);
      const currency = f.currency('currency');
      const address = f.object('address', true);
      if (address) for (const name of ['country', 'state', 'city', 'address', 'zip']) address.string(name, { optional: true });
      const country = address?.string('country', { optional: true });
      if (country !== undefined && !/^[A-Z]{2}$/.test(country)) throw new Refusal(400, 'VALIDATION_ERROR', 'address.country must be a two-letter country code');
      const tx = engine.openSession({
        kind: 'checkout',
        orderId: f.required('orderId'),
        currency,
        amountMinor: f.amount('amount', currency),
        customer: customerFrom(f, 'customerDetails'),
        recurringInit: f.yesNo('recurringInit', true) ?? false,
        authOnly: f.yesNo('auth')!,
        successUrl: f.url('successUrl'),
        failureUrl: f.url('failureUrl'),
        issueDate: f.date('issueDate'),
        expireDate: f.date('expireDate'),
      });
      // The session's own id, equal to the sessionId in redirectUrl (decisions §3); no transaction yet.
      const data: Record<string, Writable> = { redirectUrl: `${origin}/checkout?sessionId=${tx.sessionId}`, id: tx.sessionId };
      return extended ? { ...data, transactionId: tx.transactionId, orderId: tx.orderId } : data;
    },

    sale({ body, apiKey, origin }) {
      const f = fields(body);
      const currency = f.currency('currency');
      if (f.required('paymentMethod') !== 'card') throw new Refusal(400, 'VALIDATION_ERROR', 'paymentMethod must be "card"');
      const card = f.object('card')!;
      const cardNumber = card.required('cardNumber', 19);
      if (!/^\d{12,19}$/.test(cardNumber)) throw new Refusal(400, 'INVALID_CARD', 'card.cardNumber must be 12 to 19 digits');
      const expiryMonth = card.required('cardExpiryMonth', 2);
      const expiryYear = card.required('cardExpiryYear', 4);
      if (!/^(0[1-9]|1[0-2])$/.test(expiryMonth) || !/^\d{4}$/.test(expiryYear)) throw new Refusal(400, 'INVALID_CARD', 'card expiry must be two digits for the month and four for the year');
      const cvv = card.required('cardCvv', 4);
      if (!/^\d{3,4}$/.test(cvv)) throw new Refusal(400, 'INVALID_CARD', 'card.cardCvv must be 3 or 4 digits');
      const customer = customerFrom(f, 'customer');
      const hash = f.required('hash', 64);
      if (hash !== s2sHash(customer.email, apiKey, cardNumber)) throw new Refusal(400, 'INVALID_HASH', 'The request hash does not match');
      const { tx, outcome } = engine.startSale(
        {
          orderId: f.required('orderId'),
          currency,
          amountMinor: f.amount('amount', currency),
          authOnly: f.yesNo('auth')!,
          recurringInit: f.yesNo('recurringInit', true) ?? false,
          customer,
          successUrl: f.url('successUrl'),
          failureUrl: f.url('failureUrl'),
        },
        { number: cardNumber, holder: card.required('cardHolder'), expiryMonth, expiryYear, cvv },
      );
      const data = answer(tx, origin);
      if (outcome.result === 'challenge') data.html = challengeDocument(origin, outcome.challengeId!);
      return data;
    },

    capture({ body, origin }) {
      const f = fields(body);
      const tx = engine.find(f.required('transactionId'));
      return operationAnswer(engine.capture(tx.transactionId, f.amount('amount', tx.currency)), 'Capture', origin, extended);
    },

    void({ body, origin }) {
      return operationAnswer(engine.void(fields(body).required('transactionId')), 'Void', origin, extended);
    },

    refund({ body, origin }) {
      const f = fields(body);
      const tx = engine.find(f.required('transactionId'));
      return operationAnswer(engine.refund(tx.transactionId, f.amount('amount', tx.currency), f.string('reason', { optional: true, max: 500 })), 'Refund', origin, extended);
    },

    recurring({ body, origin }) {
      const f = fields(body);
      const order = f.object('order')!;
      const currency = order.currency('currency');
      const amountMinor = f.amount('amount', currency);
      if (order.amount('amount', currency) !== amountMinor) throw new Refusal(400, 'VALIDATION_ERROR', 'order.amount must equal amount');
      const tx = engine.recurring({
        transactionId: f.required('transactionId'),
        recurringToken: f.required('recurringToken'),
        orderId: order.required('number'),
        currency,
        amountMinor,
        description: order.string('description', { optional: true, max: 500 }) ?? '',
      });
      return answer(tx, origin);
    },

    status({ body, origin }) {
      const f = fields(body);
      const orderId = f.string('orderId', { optional: true });
      const transactionId = f.string('transactionId', { optional: true });
      if (orderId) return answer(engine.findOrder(orderId), origin);
      if (transactionId) return answer(engine.refreshExpiry(engine.find(transactionId)), origin);
      throw new Refusal(400, 'VALIDATION_ERROR', 'orderId or transactionId is required');
    },

    createPaymentLink({ body, origin }) {
      const f = fields(body);
      const currency = f.currency('currency');
      const tx = engine.openSession({
        kind: 'link',
        orderId: f.required('orderId'),
        currency,
        amountMinor: f.amount('amount', currency),
        description: f.required('description', 500),
        customer: customerFrom(f, 'customerDetails'),
        recurringInit: false,
        authOnly: false,
        successUrl: f.url('successUrl'),
        failureUrl: f.url('failureUrl'),
        issueDate: f.date('issueDate'),
        expireDate: f.date('expireDate'),
      });
      const data: Record<string, Writable> = { url: `${origin}/link?linkId=${tx.linkId}`, id: tx.linkId };
      return extended ? { ...data, linkId: tx.linkId, transactionId: tx.transactionId, orderId: tx.orderId, status: tx.status } : data;
    },
  };
}

/** Path (after /api/v1) to operation, from the interface's default paths. */
export const operationByPath = new Map<string, GatewayOperation>(Object.entries(gatewayOperations).map(([op, path]) => [path, op as GatewayOperation]));

/**
 * The S2S challenge: a whole document, shown unmodified in the merchant's iframe. It was the
 * challenge itself, in English only; the sale says nothing of the customer's language (the
 * interface has no such field), so the document goes on at once to the challenge page by address
 * (pages.ts), whose GET carries the browser's Accept-Language and which has the language switch.
 * Without scripts its one button does the same, worded in both languages.
 */
export function challengeDocument(origin: string, challengeId: string): string {
  const both = (['en', 'ar'] as const).map((language) => `<span lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">${pageWords[language].challengeContinue}</span>`).join(' · ');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>3-D Secure</title></head>
<body style="font-family:sans-serif;margin:16px">
<form method="get" action="${origin}/challenge">
<input type="hidden" name="id" value="${challengeId}">
<button type="submit">${both}</button>
</form><script>document.forms[0].submit()</script></body></html>`;
}
