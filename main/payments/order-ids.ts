// Order ids the app makes when the user leaves the field empty: readable, sortable by day,
// and unique enough that two laptops of one merchant will not collide.
import { randomBytes } from 'node:crypto';

const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'; // Crockford base32: no I, L, O, U

export function newOrderId(now: Date): string {
  const day = now.toISOString().slice(0, 10).replace(/-/g, '');
  const random = [...randomBytes(8)].map((b) => alphabet[b & 31]).join('');
  return `PD-${day}-${random}`;
}
