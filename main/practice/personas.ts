// Fault personas: a practice gateway that answers some operations differently from the
// documented answers, the way a real account might, so the gateway check-up's "answered
// differently" paths can be tried (docs/check-up.md). Off unless asked for; one at a time.
import type { Writable } from '../gateway/exact-json';
import type { GatewayOperation } from '../gateway/operations';

export const personas = [
  // The checkout answer names its fields differently: paymentPageUrl and sessionRef.
  'renamed-fields',
  // Status answers about a transaction carry a word no source shows.
  'unknown-status',
  // A sale's own answer (a purchase, not an authorisation) names no transaction.
  'missing-id',
  // Checkout and link pages on plain http at another host (walk39): Paydesk offers them to no one.
  'http-pages',
] as const;
export type Persona = (typeof personas)[number];

/** Where the http-pages persona says its pages are: plain http, not this computer. */
export const httpPagesHost = 'pay.practice-gateway.example';

/** The word of the unknown-status persona: in no table of docs/gateway.md. */
export const unknownStatusWord = 'HELD_FOR_REVIEW';

export const isPersona = (value: unknown): value is Persona => (personas as readonly unknown[]).includes(value);

/** The answer's data as the persona's gateway would send it; unchanged for other operations. */
export function personaData(persona: Persona | null, operation: GatewayOperation, data: Writable): Writable {
  if (!persona || typeof data !== 'object' || data === null || Array.isArray(data)) return data;
  const record = { ...(data as Record<string, Writable>) };
  if (persona === 'renamed-fields' && operation === 'initiateCheckout') {
    const { redirectUrl, id, ...rest } = record;
    return { ...rest, paymentPageUrl: redirectUrl, sessionRef: id };
  }
  if (persona === 'unknown-status' && operation === 'status' && record.transactionId !== undefined) {
    return { ...record, status: unknownStatusWord };
  }
  if (persona === 'http-pages' && (operation === 'initiateCheckout' || operation === 'createPaymentLink')) {
    const key = operation === 'initiateCheckout' ? 'redirectUrl' : 'url';
    const page = new URL(String(record[key]));
    return { ...record, [key]: `http://${httpPagesHost}${page.pathname}${page.search}` };
  }
    if (persona === 'missing-id' && operation === 'sale' && record.type === 'Purchase') {
    const { transactionId: _dropped, ...rest } = record;
    return rest;
  }
  return data;
}
