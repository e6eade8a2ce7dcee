// Main's own check of what people type accepts the digits of an Arabic keyboard where the
// renderer does (phone, card, ID numbers), and what it returns, for the gateway and the ledger, is ASCII.
import { describe, expect, it } from 'vitest';
import { cleanCard, cleanCustomer } from '../../main/payments/validate-input';

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
