// The issue time an invoice or credit note prints: the business's wall clock with its UTC offset,
// one text for both languages (Latin digits, as the document's amounts), right on either side of a
// change of clocks. The ZATCA QR code keeps the instant in UTC (zatca-qr.test.ts).
import { expect, it } from 'vitest';
import { localIssueTime } from '../../main/invoices/invoice-document';

it('prints the time in the business\'s zone, its offset said', () => {
  expect(localIssueTime('2026-11-30T06:25:41.123Z', 'Asia/Riyadh')).toBe('2026-11-30 09:25 UTC+03:00');
  expect(localIssueTime('2026-11-30T22:10:00.000Z', 'Asia/Kuwait')).toBe('2026-12-01 01:10 UTC+03:00'); // the next day there
  expect(localIssueTime('2026-11-30T06:25:00.000Z', 'Asia/Kolkata')).toBe('2026-11-30 11:55 UTC+05:30');
  expect(localIssueTime('2026-11-30T06:25:00.000Z', 'UTC')).toBe('2026-11-30 06:25 UTC+00:00');
});

it('follows a change of clocks: the offset of that moment, not of today', () => {
  // London: GMT until 01:00 UTC on 29 March 2026, BST after.
  expect(localIssueTime('2026-03-29T00:59:00.000Z', 'Europe/London')).toBe('2026-03-29 00:59 UTC+00:00');
  expect(localIssueTime('2026-03-29T01:00:00.000Z', 'Europe/London')).toBe('2026-03-29 02:00 UTC+01:00');
  expect(localIssueTime('2026-07-01T12:00:00.000Z', 'America/New_York')).toBe('2026-07-01 08:00 UTC-04:00');
});
