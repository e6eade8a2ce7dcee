// A link's expiry date ends at the next midnight of the business's zone (the computer's): in
// Riyadh at 21:00 UTC, in New York at 05:00 UTC, or 04:00 UTC after the clocks went forward.
import { expect, it } from 'vitest';
import { dayEndsAt, dayIn, zoneOrLocal } from '../../main/core/zone-days';

it('says when a date ends in a zone, and which day an instant falls on there', () => {
  expect(dayEndsAt('2026-12-06', 'Asia/Riyadh').toISOString()).toBe('2026-12-06T21:00:00.000Z');
  expect(dayEndsAt('2026-12-06', 'UTC').toISOString()).toBe('2026-12-07T00:00:00.000Z');
  expect(dayEndsAt('2026-12-06', 'America/New_York').toISOString()).toBe('2026-12-07T05:00:00.000Z');
  expect(dayEndsAt('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
  expect(dayIn(new Date('2026-12-06T20:59:59Z'), 'Asia/Riyadh')).toBe('2026-12-06');
  expect(dayIn(new Date('2026-12-06T21:00:00Z'), 'Asia/Riyadh')).toBe('2026-12-07');
});

it('takes the computer\'s zone for a name Intl does not know', () => {
  expect(zoneOrLocal('Nowhere/Atlantis')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  expect(zoneOrLocal('Asia/Riyadh')).toBe('Asia/Riyadh');
});
