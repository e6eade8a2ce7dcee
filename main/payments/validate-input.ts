// Checks on what people type into payment forms, done in main so no renderer can skip them.
// Each failure names its field, so the form can show the message next to it.
import { AppFailure } from '../../contract/result';
import { luhnOk } from '../../contract/card';

const fail = (field: string, message: string): never => {
  throw new AppFailure('invalid_input', message, { fields: { [field]: message } });
};
// Control characters other than ordinary spaces have no place in any of these fields.
const controlChars = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export function cleanText(value: string, field: string, label: string, options: { required?: boolean; max?: number } = {}): string {
  const text = value.trim();
  if (options.required !== false && !text) fail(field, `Enter ${label}.`);
  if (controlChars.test(text)) fail(field, `${label[0]!.toUpperCase()}${label.slice(1)} contains characters that cannot be sent.`);
  if (text.length > (options.max ?? 200)) fail(field, `${label[0]!.toUpperCase()}${label.slice(1)} is too long (at most ${options.max ?? 200} characters).`);
  return text;
}

export function cleanOrderId(value: string | undefined): string | undefined {
  if (value === undefined || !value.trim()) return undefined;
  const text = cleanText(value, 'orderId', 'an order reference', { max: 100 });
  if (!/^[A-Za-z0-9._:/#-]+$/.test(text)) fail('orderId', 'Use letters, digits and . _ - : / # only in the order reference.');
  return text;
}

export function cleanCustomer(customer: { name: string; email: string; phone: string }, prefix = 'customer') {
  const name = cleanText(customer.name, `${prefix}.name`, "the customer's name");
  const email = cleanText(customer.email, `${prefix}.email`, "the customer's e-mail", { max: 320 });
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) fail(`${prefix}.email`, 'Enter an e-mail address like name@example.com.');
  const phone = customer.phone.replace(/[\s().-]/g, '');
  if (!/^\+[1-9]\d{6,14}$/.test(phone)) fail(`${prefix}.phone`, 'Enter the phone number in international format, starting with + and the country code.');
  return { name, email, phone };
}

export function cleanUrl(value: string | undefined | null, field: string, fallback: string | null | undefined): string {
  const text = value?.trim() || fallback || '';
  if (!text) fail(field, 'Enter the address to send the customer to (or set a default in Settings).');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail(field, 'Enter a full address starting with https://.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') fail(field, 'The address must start with https://.');
  if (url.username || url.password) fail(field, 'The address must not contain a user name or password.');
  return url.href;
}

export function cleanDate(value: string | undefined, field: string): string | undefined {
  if (!value?.trim()) return undefined;
  const text = value.trim();
  const date = new Date(`${text}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) fail(field, 'Enter the date as YYYY-MM-DD.');
  return text;
}

/** Card fields: digits only, Luhn-valid, a real month, not expired. Returned for one call only. */
export function cleanCard(card: { number: string; holder: string; expiryMonth: string; expiryYear: string; cvv: string }, now: Date) {
  const number = card.number.replace(/[\s-]/g, '');
  if (!luhnOk(number)) fail('card.number', 'Check the card number.');
  const holder = cleanText(card.holder, 'card.holder', 'the name on the card', { max: 100 });
  const month = card.expiryMonth.trim().padStart(2, '0');
  if (!/^(0[1-9]|1[0-2])$/.test(month)) fail('card.expiryMonth', 'Enter the expiry month as 01 to 12.');
  const year = card.expiryYear.trim();
  if (!/^\d{4}$/.test(year)) fail('card.expiryYear', 'Enter the expiry year with four digits.');
  const lastDay = new Date(Date.UTC(Number(year), Number(month), 1));
  if (lastDay <= now) fail('card.expiryYear', 'This card has expired.');
  if (!/^\d{3,4}$/.test(card.cvv.trim())) fail('card.cvv', 'Enter the 3 or 4 digit security code.');
  return { number, holder, expiryMonth: month, expiryYear: year, cvv: card.cvv.trim() };
}
