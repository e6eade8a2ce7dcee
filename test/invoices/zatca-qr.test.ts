// The phase-1 QR payload: against an example published with its inputs and output, and against
// bytes checked by hand for an Arabic seller name (lengths are bytes, not characters).
import { describe, expect, it } from 'vitest';
import { decodeZatcaQr, zatcaQrText, zatcaTimestamp, zatcaTlv } from '../../main/invoices/zatca-qr';

describe('ZATCA phase-1 QR (TLV, base64)', () => {
  it('matches a published example byte for byte', () => {
    // github.com/iabdelgawaad/ZATCA README: "Shawrma House", 1234567890, "22/11/2021 03:00 am", 100, 15.
    expect(zatcaQrText({ sellerName: 'Shawrma House', vatNumber: '1234567890', timestamp: '22/11/2021 03:00 am', totalWithVat: '100', vatTotal: '15' }))
      .toBe('AQ1TaGF3cm1hIEhvdXNlAgoxMjM0NTY3ODkwAxMyMi8xMS8yMDIxIDAzOjAwIGFtBAMxMDAFAjE1');
  });

  it('counts an Arabic name in UTF-8 bytes (hand-checked)', () => {
    const bytes = zatcaTlv({ sellerName: 'متجر', vatNumber: '300000000000003', timestamp: '2024-01-02T03:04:05Z', totalWithVat: '115.00', vatTotal: '15.00' });
    // م ت ج ر = D9 85, D8 AA, D8 AC, D8 B1: four letters, eight bytes.
    expect([...bytes.subarray(0, 10)]).toEqual([0x01, 0x08, 0xd9, 0x85, 0xd8, 0xaa, 0xd8, 0xac, 0xd8, 0xb1]);
    expect([...bytes.subarray(10, 12)]).toEqual([0x02, 15]);
    expect(bytes[27]).toBe(0x03);
    expect(bytes[28]).toBe(20);
    expect(Buffer.from(bytes.subarray(49)).toString('latin1')).toBe('\x04\x06115.00\x05\x0515.00');
    expect(bytes.length).toBe(49 + 8 + 7);
  });

  it('decodes back to the same five fields', () => {
    const fields = { sellerName: 'شركة المثال للتجارة', vatNumber: '310122393500003', timestamp: zatcaTimestamp(new Date('2022-04-25T15:30:00.123Z')), totalWithVat: '1000.00', vatTotal: '150.00' };
    const decoded = decodeZatcaQr(zatcaQrText(fields));
    expect([...decoded.entries()]).toEqual([[1, fields.sellerName], [2, '310122393500003'], [3, '2022-04-25T15:30:00Z'], [4, '1000.00'], [5, '150.00']]);
  });

  it('refuses a value longer than one length byte can say', () => {
    expect(() => zatcaTlv({ sellerName: 'ش'.repeat(128), vatNumber: '1', timestamp: '1', totalWithVat: '1', vatTotal: '1' })).toThrow(RangeError);
  });
});

describe('ZATCA TLV edges', () => {
  const base = { vatNumber: '1', timestamp: '1', totalWithVat: '1', vatTotal: '1' };
  it('takes a value of exactly 255 bytes, tags numbered 1 to 5', () => {
    const bytes = zatcaTlv({ ...base, sellerName: 'a'.repeat(255) });
    expect([bytes[0], bytes[1], bytes[257], bytes[260], bytes[263], bytes[266]]).toEqual([1, 255, 2, 3, 4, 5]);
    expect(() => zatcaTlv({ ...base, sellerName: 'a'.repeat(256) })).toThrow(/field 1 is longer than 255 bytes/);
    expect(() => zatcaTlv({ ...base, sellerName: 'a', vatTotal: 'b'.repeat(256) })).toThrow(/field 5/);
  });

  it('refuses a TLV cut short', () => {
    expect(() => decodeZatcaQr(Buffer.from([1, 5, 65, 66]).toString('base64'))).toThrow(/cut short/);
    expect(() => decodeZatcaQr(Buffer.from([1, 1, 65, 2]).toString('base64'))).toThrow(/left over/);
    expect([...decodeZatcaQr(Buffer.from([1, 1, 65, 2, 0]).toString('base64')).entries()]).toEqual([[1, 'A'], [2, '']]);
  });

  it('writes the time stamp in UTC to the second', () => {
    expect(zatcaTimestamp(new Date('2022-04-25T15:30:00.999Z'))).toBe('2022-04-25T15:30:00Z');
    expect(zatcaTimestamp(new Date('2022-04-25T18:30:00+03:00'))).toBe('2022-04-25T15:30:00Z');
  });
});
