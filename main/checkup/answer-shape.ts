// What an answer carried, told without its values: the field names (dotted, data's fields
// under "data.") with their JSON types, the status word and type, and which field each of
// Paydesk's readings came from (the gateway client's own lists, main/gateway/client.ts).
import type { CheckupAnswer, CheckupCall } from '../../contract/methods/checkup';
import type { LedgerState } from '../../contract/payment-states';
import { readingFields } from '../gateway/client';

type Field = CheckupAnswer['fields'][number];
type Reading = CheckupAnswer['readings'][number];
type ReadingKey = Reading['reading'];

const maxFields = 80;
const maxDepth = 3;

/** The readings each call is read for, with where the client looks (first match wins). */
const readingsOf: Record<CheckupCall, Array<[ReadingKey, readonly string[]]>> = {
  sale: [['transactionId', readingFields.transactionId], ['statusWord', readingFields.statusWord], ['type', readingFields.type], ['recurringToken', readingFields.recurringToken]],
  recurring: [['transactionId', readingFields.transactionId], ['statusWord', readingFields.statusWord], ['type', readingFields.type]],
  capture: [['statusWord', readingFields.statusWord], ['type', readingFields.type]],
  void: [['statusWord', readingFields.statusWord], ['type', readingFields.type]],
  refund: [['statusWord', readingFields.statusWord], ['type', readingFields.type]],
  status: [['statusWord', readingFields.statusWord], ['type', readingFields.type], ['transactionId', ['transactionId']], ['orderId', ['orderId']], ['amount', ['amount']]],
  initiateCheckout: [['url', readingFields.url], ['sessionId', ['redirectUrl?sessionId', 'id']], ['transactionId', ['transactionId']]],
  createPaymentLink: [['url', readingFields.url], ['linkId', readingFields.linkId], ['transactionId', ['transactionId']]],
};

/** The raw answer as the ledger keeps it (already redacted) parsed; undefined when it is not JSON. */
export function parseAnswer(raw: string | null | undefined): Record<string, unknown> | undefined {
  if (!raw) return undefined;
  for (const text of [raw, raw.replace(/\[card number removed\]/g, '0')]) {
    try {
      const value: unknown = JSON.parse(text);
      return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
    } catch {
      // try the next form
    }
  }
  return undefined;
}

const typeOf = (value: unknown): Field['type'] =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'object' ? 'object' : typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'string';

/** A field name as shown: printable, short, and never a digit run that could be a card number. */
const safeName = (name: string) => name.replace(/[^\x20-\x7e]/g, '?').replace(/\d{6,}/g, '#').slice(0, 60);

function fieldsOf(value: Record<string, unknown>, prefix: string, depth: number, out: Field[]) {
  for (const [name, child] of Object.entries(value)) {
    if (out.length >= maxFields) return;
    const path = `${prefix}${safeName(name)}`;
    out.push({ name: path, type: typeOf(child) });
    if (typeOf(child) === 'object' && depth < maxDepth) fieldsOf(child as Record<string, unknown>, `${path}.`, depth + 1, out);
  }
}

const textAt = (data: Record<string, unknown> | undefined, name: string) => {
  const value = data?.[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
};

/** A gateway word as shown: letters, digits and a few signs, short. Anything else is not a word. */
const safeWord = (word: string | undefined) => (word && /^[\w .:/-]{1,40}$/.test(word) && !/\d{6,}/.test(word) ? word : word ? '(not a word)' : null);

function readingsFor(call: CheckupCall, data: Record<string, unknown> | undefined): Reading[] {
  return readingsOf[call].map(([reading, names]) => {
    const field = names.find((name) => {
      if (name === 'redirectUrl?sessionId') {
        const url = textAt(data, 'redirectUrl');
        return url !== undefined && URL.canParse(url) && new URL(url).searchParams.has('sessionId');
      }
      return textAt(data, name)?.trim();
    });
    return { reading, field: field ? (field.includes('.') || field.includes('?') ? field : `data.${field}`) : null, outcome: field ? 'used' : 'missed' };
  });
}

/** The redacted shape of one answer. `state` is what Paydesk made of it, when it made something. */
export function describeAnswer(call: CheckupCall, raw: string | null | undefined, state: LedgerState | null): CheckupAnswer {
  const envelope = parseAnswer(raw);
  const readable = envelope !== undefined && ('code' in envelope || 'errorCode' in envelope);
  const data = envelope && typeOf(envelope.data) === 'object' ? (envelope.data as Record<string, unknown>) : undefined;
  const fields: Field[] = [];
  if (envelope) fieldsOf(envelope, '', 0, fields);
  const statusWord = readingFields.statusWord.map((name) => textAt(data, name)).find((w) => w?.trim());
  const type = readingFields.type.map((name) => textAt(data, name)).find((w) => w?.trim());
  return { call, readable, fields, statusWord: safeWord(statusWord), type: safeWord(type), state, readings: readable ? readingsFor(call, data) : [] };
}

export const usedReading = (answer: CheckupAnswer, reading: ReadingKey) => answer.readings.find((r) => r.reading === reading && r.outcome === 'used');
export const lookedIn = (call: CheckupCall, reading: ReadingKey) => (readingsOf[call].find(([key]) => key === reading)?.[1] ?? []).join(', ');
