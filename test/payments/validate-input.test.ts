// Main's own check of what people type accepts the digits of an Arabic keyboard where the
// renderer does (phone, card, ID numbers), and what it returns, for the gateway and the ledger, is ASCII.
import { describe, expect, it } from 'vitest';
import { AppFailure } from '../../contract/result';
import { cleanCard, cleanCustomer, cleanDate, cleanEmail, cleanOrderId, cleanPhone, cleanText, cleanUrl, refuseCardNumber } from '../../main/payments/validate-input';

const now = new Date('2026-06-01T00:00:00Z');

describe('cleanCustomer', () => {
  it('takes a phone typed in Arabic-Indic or Persian digits and returns it in ASCII', () => {
    expect(cleanCustomer({ name: 'ليلى', email: 'layla@example.com', phone: '+٩٦٦٥٠١٢٣٤٥٦٧' }).phone).toBe('+966501234567');
    expect(cleanCustomer({ name: 'ليلى', email: 'layla@example.com', phone: '+۹۶۶ ۵۰ ۱۲۳ ۴۵۶۷' }).phone).toBe('+966501234567');
  });

  it('still refuses a phone without the + and country code, whatever its digits', () => {
    expect(() => cleanCustomer({ name: 'ليلى', email: 'layla@example.com', phone: '٠٥٠١٢٣٤٥٦٧' })).toThrow();
  });
});

describe('cleanCard', () => {
  it('takes the number, expiry and security code in Arabic-Indic digits and returns ASCII', () => {
    const card = cleanCard({ number: '٥١٢٣ ٤٥٠٠ ٠٠٠٠ ٠٠٠٨', holder: 'LAYLA', expiryMonth: '٠١', expiryYear: '٢٠٣٩', cvv: '١٠٠' }, now);
    expect(card).toEqual({ number: '5123450000000008', holder: 'LAYLA', expiryMonth: '01', expiryYear: '2039', cvv: '100' });
  });
});

/** The field a refusal is shown next to and its reason (what the form words in the reader's language). */
function refusal(run: () => unknown): { field: string; key: string; values?: Record<string, unknown> } {
  try {
    run();
  } catch (e) {
    if (!(e instanceof AppFailure)) throw e;
    expect(e.code).toBe('invalid_input');
    const [[field, why]] = Object.entries(e.extra.fieldReasons ?? {}) as [[string, { key: string; values?: Record<string, unknown> }]];
    return { field, key: why.key, ...(why.values ? { values: why.values } : {}) };
  }
  throw new Error('expected a refusal');
}

describe('text a person typed', () => {
  it('is kept without the spaces around it', () => {
    expect(cleanText('  Sara Ahmed  ', 'customer.name')).toBe('Sara Ahmed');
  });

  it('is required unless the form says otherwise', () => {
    expect(refusal(() => cleanText('   ', 'description'))).toEqual({ field: 'description', key: 'input.required' });
    expect(refusal(() => cleanText('', 'description', { required: true }))).toEqual({ field: 'description', key: 'input.required' });
    expect(cleanText('  ', 'description', { required: false })).toBe('');
  });

  it('refuses control characters and invisible or direction-changing ones, each by its own reason', () => {
    expect(refusal(() => cleanText('Sara\u0007', 'customer.name'))).toEqual({ field: 'customer.name', key: 'input.controlChars' });
    expect(refusal(() => cleanText('Line one\nline two', 'description'))).toEqual({ field: 'description', key: 'input.controlChars' });
    expect(refusal(() => cleanText('Ali\u202egnp.exe', 'customer.name'))).toEqual({ field: 'customer.name', key: 'input.bidiChars' });
    expect(refusal(() => cleanText('Ali\u200b', 'customer.name'))).toEqual({ field: 'customer.name', key: 'input.bidiChars' });
  });

  it('takes 200 characters unless told another limit, and names the limit it refuses by', () => {
    expect(cleanText('a'.repeat(200), 'customer.name')).toHaveLength(200);
    expect(refusal(() => cleanText('a'.repeat(201), 'customer.name'))).toEqual({ field: 'customer.name', key: 'input.tooLong', values: { max: 200 } });
    expect(cleanText('a'.repeat(500), 'description', { max: 500 })).toHaveLength(500);
    expect(refusal(() => cleanText('a'.repeat(501), 'description', { max: 500 }))).toEqual({ field: 'description', key: 'input.tooLong', values: { max: 500 } });
  });
});

describe('free text the ledger keeps', () => {
  it('is refused when it holds a card number, written with spaces or in Arabic-Indic digits', () => {
    expect(refusal(() => refuseCardNumber('Refund to 5123 4500 0000 0008 please', 'reason'))).toEqual({ field: 'reason', key: 'input.cardNumber' });
    expect(refusal(() => refuseCardNumber('البطاقة ٥١٢٣٤٥٠٠٠٠٠٠٠٠٠٨', 'reason'))).toEqual({ field: 'reason', key: 'input.cardNumber' });
  });

  it('is kept exactly as typed otherwise', () => {
    expect(refuseCardNumber('Damaged on arrival, order 1234567', 'reason')).toBe('Damaged on arrival, order 1234567');
  });
});

describe('an order reference typed by a person', () => {
  it('is left to Paydesk when empty', () => {
    expect(cleanOrderId(undefined)).toBeUndefined();
    expect(cleanOrderId('   ')).toBeUndefined();
  });

  it('takes letters, digits and . _ - : / # and drops the spaces around it', () => {
    expect(cleanOrderId('  INV-2026/11:a_b.c#7  ')).toBe('INV-2026/11:a_b.c#7');
  });

  it('refuses any other character, wherever it is', () => {
    for (const typed of ['INV 7', 'INV*7', '*INV7', 'INV7*', 'طلب-7']) expect(refusal(() => cleanOrderId(typed))).toEqual({ field: 'orderId', key: 'input.orderIdChars' });
  });

  it('takes up to 100 characters', () => {
    expect(cleanOrderId('R'.repeat(100))).toHaveLength(100);
    expect(refusal(() => cleanOrderId('R'.repeat(101)))).toEqual({ field: 'orderId', key: 'input.tooLong', values: { max: 100 } });
  });
});

describe('the customer', () => {
  it('names each field under its prefix, so the message is shown next to it', () => {
    const good = { name: 'Sara', email: 'sara@example.com', phone: '+966501234567' };
    expect(refusal(() => cleanCustomer({ ...good, name: ' ' }))).toEqual({ field: 'customer.name', key: 'input.required' });
    expect(refusal(() => cleanCustomer({ ...good, email: 'sara' }, 'payer'))).toEqual({ field: 'payer.email', key: 'input.email' });
    expect(refusal(() => cleanCustomer({ ...good, phone: '0501234567' }, 'payer'))).toEqual({ field: 'payer.phone', key: 'input.phone' });
    expect(cleanCustomer({ name: ' Sara ', email: ' sara@example.com ', phone: '+966 50 123 4567' })).toEqual(good);
  });

  it('takes an e-mail address with one @, a dot in its domain and no spaces', () => {
    expect(cleanEmail('sara.ahmed+shop@mail.example.sa', 'email')).toBe('sara.ahmed+shop@mail.example.sa');
    for (const typed of ['sara', 'sara@example', '@example.com', 'sara@.com', 'sara@example.', 'sa ra@example.com', 'sara@exa mple.com', 'sara@@example.com', 'x sara@example.com', 'sara@example.com x'])
      expect(refusal(() => cleanEmail(typed, 'email')), typed).toEqual({ field: 'email', key: 'input.email' });
  });

  it('takes an e-mail address of up to 320 characters', () => {
    const long = `${'a'.repeat(300)}@example.com`;
    expect(cleanEmail(long, 'email')).toBe(long);
    expect(refusal(() => cleanEmail(`${'a'.repeat(309)}@example.com`, 'email'))).toEqual({ field: 'email', key: 'input.tooLong', values: { max: 320 } });
  });

  it('says an empty phone is missing, not malformed, even with only spaces, brackets, dots and dashes', () => {
    for (const typed of ['', '  ', '( ) - .']) expect(refusal(() => cleanPhone(typed, 'phone')), typed).toEqual({ field: 'phone', key: 'input.required' });
    expect(refusal(() => cleanPhone('+', 'phone'))).toEqual({ field: 'phone', key: 'input.phone' });
  });
});

describe('the address a customer is sent back to', () => {
  it('is the one typed, else the profile\'s default, as the browser would write it', () => {
    expect(cleanUrl('  https://Shop.Example/return?o=1  ', 'returnUrl', 'https://default.example/', 'sandbox')).toBe('https://shop.example/return?o=1');
    expect(cleanUrl(undefined, 'returnUrl', 'https://default.example/back', 'sandbox')).toBe('https://default.example/back');
    expect(cleanUrl(null, 'returnUrl', 'https://default.example/back', 'sandbox')).toBe('https://default.example/back');
    expect(cleanUrl('   ', 'returnUrl', 'https://default.example/back', 'sandbox')).toBe('https://default.example/back');
    expect(cleanUrl('http://localhost:8080/done', 'returnUrl', null, 'sandbox')).toBe('http://localhost:8080/done');
  });

  it('is asked for when neither is there', () => {
    expect(refusal(() => cleanUrl(undefined, 'returnUrl', null, 'sandbox'))).toEqual({ field: 'returnUrl', key: 'input.urlMissing' });
    expect(refusal(() => cleanUrl('', 'returnUrl', undefined, 'sandbox'))).toEqual({ field: 'returnUrl', key: 'input.urlMissing' });
  });

  it('refuses what is not an address, another scheme and a user name or password in it', () => {
    expect(refusal(() => cleanUrl('shop.example/return', 'returnUrl', null, 'sandbox'))).toEqual({ field: 'returnUrl', key: 'input.urlInvalid' });
    expect(refusal(() => cleanUrl('javascript:alert(1)', 'returnUrl', null, 'sandbox'))).toEqual({ field: 'returnUrl', key: 'input.urlScheme' });
    expect(refusal(() => cleanUrl('ftp://shop.example/', 'returnUrl', null, 'sandbox'))).toEqual({ field: 'returnUrl', key: 'input.urlScheme' });
    expect(refusal(() => cleanUrl('https://sara@shop.example/', 'returnUrl', null, 'sandbox'))).toEqual({ field: 'returnUrl', key: 'input.urlCredentials' });
    expect(refusal(() => cleanUrl('https://:secret@shop.example/', 'returnUrl', null, 'sandbox'))).toEqual({ field: 'returnUrl', key: 'input.urlCredentials' });
  });
});

describe('a date typed as year-month-day', () => {
  it('is optional', () => {
    expect(cleanDate(undefined, 'issueDate')).toBeUndefined();
    expect(cleanDate('  ', 'issueDate')).toBeUndefined();
  });

  it('is kept without the spaces around it', () => {
    expect(cleanDate(' 2028-02-29 ', 'issueDate')).toBe('2028-02-29');
  });

  it('refuses another way of writing it and a day the calendar does not have', () => {
    for (const typed of ['2026-02-29', '2026-02-30', '2026-13-01', '2026-2-3', '31/12/2026', '2026-12-31T10:00', 'x2026-12-31', '2026-12-31x', '12026-12-31'])
      expect(refusal(() => cleanDate(typed, 'expireDate')), typed).toEqual({ field: 'expireDate', key: 'input.date' });
  });
});

describe('card fields', () => {
  const card = { number: '5123 4500 0000 0008', holder: 'LAYLA', expiryMonth: '1', expiryYear: '2039', cvv: '100' };

  it('drops the spaces and dashes people type in a number, and pads a one-digit month', () => {
    expect(cleanCard({ ...card, number: '5123-4500-0000-0008', expiryMonth: ' 7 ', expiryYear: ' 2039 ', cvv: ' 1234 ' }, now)).toEqual({ number: '5123450000000008', holder: 'LAYLA', expiryMonth: '07', expiryYear: '2039', cvv: '1234' });
  });

  it('refuses a number whose check digit is wrong', () => {
    expect(refusal(() => cleanCard({ ...card, number: '5123450000000009' }, now))).toEqual({ field: 'card.number', key: 'card.number' });
  });

  it('needs the holder\'s name, of up to 100 characters', () => {
    expect(refusal(() => cleanCard({ ...card, holder: ' ' }, now))).toEqual({ field: 'card.holder', key: 'input.required' });
    expect(cleanCard({ ...card, holder: 'H'.repeat(100) }, now).holder).toHaveLength(100);
    expect(refusal(() => cleanCard({ ...card, holder: 'H'.repeat(101) }, now))).toEqual({ field: 'card.holder', key: 'input.tooLong', values: { max: 100 } });
  });

  it('takes the months 01 to 12 only', () => {
    expect(cleanCard({ ...card, expiryMonth: '12' }, now).expiryMonth).toBe('12');
    expect(cleanCard({ ...card, expiryMonth: '10' }, now).expiryMonth).toBe('10');
    for (const month of ['0', '00', '13', '123', '1a', 'x1', '001', '112']) expect(refusal(() => cleanCard({ ...card, expiryMonth: month }, now)), month).toEqual({ field: 'card.expiryMonth', key: 'card.expiryMonth' });
  });

  it('takes a year of four digits only', () => {
    for (const year of ['39', '20390', '203x', 'x2039']) expect(refusal(() => cleanCard({ ...card, expiryYear: year }, now)), year).toEqual({ field: 'card.expiryYear', key: 'card.expiryYear' });
  });

  it('takes a card through the last day of its expiry month, and not a moment after', () => {
    const may = { ...card, expiryMonth: '05', expiryYear: '2026' };
    expect(cleanCard(may, new Date('2026-05-31T23:59:59.999Z')).expiryMonth).toBe('05');
    expect(refusal(() => cleanCard(may, new Date('2026-06-01T00:00:00.000Z')))).toEqual({ field: 'card.expiryYear', key: 'card.expired' });
    expect(refusal(() => cleanCard({ ...card, expiryMonth: '12', expiryYear: '2025' }, now))).toEqual({ field: 'card.expiryYear', key: 'card.expired' });
  });

  it('takes a security code of 3 or 4 digits only', () => {
    for (const cvv of ['12', '12345', '12a', 'a123', '1234x']) expect(refusal(() => cleanCard({ ...card, cvv }, now)), cvv).toEqual({ field: 'card.cvv', key: 'card.cvv' });
  });

  // A production profile's defaults had to be https while a link's own addresses could be http:
  // kept from such a link, the defaults were refused silently (walk23). One rule now, no loopback exception.
  it('is https only on a production profile, typed or its default, and http on a sandbox', () => {
    expect(refusal(() => cleanUrl('http://shop.example/paid', 'successUrl', null, 'production'))).toEqual({ field: 'successUrl', key: 'input.urlProduction' });
    expect(refusal(() => cleanUrl('http://127.0.0.1:8080/paid', 'successUrl', null, 'production'))).toEqual({ field: 'successUrl', key: 'input.urlProduction' });
    expect(refusal(() => cleanUrl(undefined, 'failureUrl', 'http://shop.example/not-paid', 'production'))).toEqual({ field: 'failureUrl', key: 'input.urlProduction' });
    expect(cleanUrl('https://shop.example/paid', 'successUrl', null, 'production')).toBe('https://shop.example/paid');
    expect(cleanUrl('http://shop.example/paid', 'successUrl', null, 'sandbox')).toBe('http://shop.example/paid');
  });
});
