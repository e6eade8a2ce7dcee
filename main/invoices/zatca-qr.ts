// The QR code of a simplified tax invoice, phase 1 (ZATCA, "E-invoicing: detailed guidelines"):
// five TLV fields (tag 1 byte, length 1 byte, value UTF-8), concatenated and base64-encoded.
// 1 seller name, 2 VAT registration number, 3 time stamp (ISO 8601), 4 invoice total with VAT,
// 5 VAT total. Lengths count bytes, not characters: an Arabic letter is two bytes.
export type ZatcaFields = { sellerName: string; vatNumber: string; timestamp: string; totalWithVat: string; vatTotal: string };

export function zatcaTlv(fields: ZatcaFields): Uint8Array {
  const values = [fields.sellerName, fields.vatNumber, fields.timestamp, fields.totalWithVat, fields.vatTotal];
  const parts = values.map((value, index) => {
    const bytes = Buffer.from(value, 'utf8');
    if (bytes.length > 255) throw new RangeError(`ZATCA QR field ${index + 1} is longer than 255 bytes.`);
    return Buffer.concat([Buffer.from([index + 1, bytes.length]), bytes]);
  });
  return new Uint8Array(Buffer.concat(parts));
}

export const zatcaQrText = (fields: ZatcaFields): string => Buffer.from(zatcaTlv(fields)).toString('base64');

/** Reads the TLV back (tests, and anyone checking a printed code): tag → UTF-8 value. */
export function decodeZatcaQr(base64: string): Map<number, string> {
  const bytes = Buffer.from(base64, 'base64');
  const fields = new Map<number, string>();
  let i = 0;
  while (i + 2 <= bytes.length) {
    const tag = bytes[i]!;
    const length = bytes[i + 1]!;
    if (i + 2 + length > bytes.length) throw new RangeError('The TLV is cut short.');
    fields.set(tag, bytes.subarray(i + 2, i + 2 + length).toString('utf8'));
    i += 2 + length;
  }
  if (i !== bytes.length) throw new RangeError('A byte is left over after the last field.');
  return fields;
}

/** The time stamp as ZATCA's examples write it: UTC, seconds, "Z" (2022-04-25T15:30:00Z). */
export const zatcaTimestamp = (at: Date): string => at.toISOString().replace(/\.\d{3}Z$/, 'Z');
