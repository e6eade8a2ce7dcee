// Order ids the app makes when the user leaves the field empty: readable, sortable by day,
// and unique enough that two laptops of one merchant will not collide.
import { randomBytes } from 'node:crypto';

const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'; // Crockford base32: no I, L, O, U

/**
 * `day`: today in the business's zone (YYYY-MM-DD, payments' `today`), the day a person searching
 * "PD-20261201" means: the UTC day was the day before in Riyadh until 03:00.
 */
export function newOrderId(day: string): string {
  const random = [...randomBytes(8)].map((b) => alphabet[b & 31]).join('');
  return `PD-${day.replace(/-/g, '')}-${random}`;
}
