// Reads a request body field by field, the way a strict gateway would: each missing or
// malformed field is refused with a specific errorCode and message.
import { isCurrencyCode, minorFromDecimalText, type CurrencyCode } from '../../contract/money';
import { field, JsonNumber, type ExactJson } from '../gateway/exact-json';

export class Refusal extends Error {
  constructor(readonly http: number, readonly errorCode: string, message: string) {
    super(message);
  }
}

const invalid = (message: string) => new Refusal(400, 'VALIDATION_ERROR', message);

export function fields(body: ExactJson, prefix = '') {
  const path = (name: string) => `${prefix}${name}`;
  const raw = (name: string) => field(body, name);
  const api = {
    string(name: string, options: { optional?: boolean; max?: number } = {}): string | undefined {
      const value = raw(name);
      if (value === undefined || value === null) {
        if (options.optional) return undefined;
        throw invalid(`${path(name)} is required`);
      }
      if (typeof value !== 'string') throw invalid(`${path(name)} must be a string`);
      if (!options.optional && value.trim() === '') throw invalid(`${path(name)} must not be empty`);
      if (value.length > (options.max ?? 255)) throw invalid(`${path(name)} is longer than ${options.max ?? 255} characters`);
      return value;
    },
    required(name: string, max?: number): string {
      return api.string(name, { max }) as string;
    },
    yesNo(name: string, optional = false): boolean | undefined {
      const value = api.string(name, { optional });
      if (value === undefined) return undefined;
      if (value !== 'Y' && value !== 'N') throw invalid(`${path(name)} must be "Y" or "N"`);
      return value === 'Y';
    },
    currency(name: string): CurrencyCode {
      const value = api.required(name);
      if (!isCurrencyCode(value)) throw invalid(`${path(name)} "${value}" is not a supported ISO 4217 currency`);
      return value;
    },
    /** A JSON number (not a string) with no more decimals than the currency has, above zero. */
    amount(name: string, currency: CurrencyCode): number {
      const value = raw(name);
      if (value === undefined || value === null) throw invalid(`${path(name)} is required`);
      if (!(value instanceof JsonNumber)) throw invalid(`${path(name)} must be a JSON number`);
      if (value.text.startsWith('-')) throw new Refusal(400, 'INVALID_AMOUNT', `${path(name)} must be greater than zero`);
      const minor = minorFromDecimalText(value.text, currency);
      if (minor === undefined) throw new Refusal(400, 'INVALID_AMOUNT', `${path(name)} ${value.text} has more decimals than ${currency} allows`);
      if (minor <= 0) throw new Refusal(400, 'INVALID_AMOUNT', `${path(name)} must be greater than zero`);
      return minor;
    },
    url(name: string): string {
      const value = api.required(name, 2048);
      try {
        const url = new URL(value);
        if (url.protocol === 'http:' || url.protocol === 'https:') return value;
      } catch {
        // refused below
      }
      throw invalid(`${path(name)} must be an absolute http or https URL`);
    },
    date(name: string): string | undefined {
      const value = api.string(name, { optional: true });
      if (value === undefined) return undefined;
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
      const day = match && new Date(`${value}T00:00:00Z`);
      if (!day || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) throw invalid(`${path(name)} must be a date as YYYY-MM-DD`);
      return value;
    },
    object(name: string, optional = false) {
      const value = raw(name);
      if (value === undefined || value === null) {
        if (optional) return undefined;
        throw invalid(`${path(name)} is required`);
      }
      if (typeof value !== 'object' || Array.isArray(value) || value instanceof JsonNumber) throw invalid(`${path(name)} must be an object`);
      return fields(value, `${path(name)}.`);
    },
  };
  return api;
}

export type Fields = ReturnType<typeof fields>;

export function customerFrom(f: Fields, name: string) {
  const c = f.object(name)!;
  const email = c.required('email');
  if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw invalid(`${name}.email is not an e-mail address`);
  const phone = c.required('phone', 32);
  if (!/^\+?[0-9 ()-]{6,32}$/.test(phone)) throw invalid(`${name}.phone must be a phone number in international format`);
  return { name: c.required('name'), email, phone };
}
