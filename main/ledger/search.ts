// The ledger's queries for the screens: a free-text search over order id, customer and gateway
// ids; filters; sorting with a stable tie-break; and a window of rows with the total count.
import type { PaymentFilter } from '../../contract/methods/payments';
import type { LedgerDb } from './database';
import { failField } from '../core/fail';
import { parseAmount, type CurrencyCode } from '../../contract/money';
import type { PaymentRow } from './payment-rows';

export type PaymentSort = { by: 'createdAt' | 'amount' | 'orderId' | 'state' | 'customer'; direction: 'asc' | 'desc' };

const sortColumns: Record<PaymentSort['by'], string> = {
  createdAt: 'created_at',
  amount: 'amount_minor',
  orderId: 'order_id',
  state: 'state',
  customer: 'customer_name COLLATE NOCASE',
};

/** A card's brand from the first six digits kept (contract/card.ts cardBrands). */
export const cardBrandSql = `(CASE
  WHEN card_bin IS NULL OR card_bin = '' THEN 'none'
  WHEN substr(card_bin, 1, 1) = '4' THEN 'visa'
  WHEN substr(card_bin, 1, 2) BETWEEN '51' AND '55' OR substr(card_bin, 1, 4) BETWEEN '2221' AND '2720' THEN 'mastercard'
  WHEN substr(card_bin, 1, 2) IN ('34', '37') THEN 'amex'
  ELSE 'other' END)`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function buildWhere(filter: PaymentFilter): { sql: string; params: Record<string, unknown> } {
  const clauses: string[] = [];
  const params: Record<string, unknown> = {};
  const query = filter.query?.trim();
  if (query && [...query].length >= 3) {
    // The trigram index finds the text anywhere in the searchable columns; quoted, so it is
    // matched literally (no FTS syntax, no wildcards).
    params.match = `"${query.replace(/"/g, '""')}"`;
    clauses.push('rowid IN (SELECT rowid FROM payments_search WHERE payments_search MATCH @match)');
  } else if (query) {
    // Too short for trigrams: an exact id, or the start of an order id.
    params.exact = query;
    params.prefix = `${escapeLike(query)}%`;
    clauses.push(`(order_id LIKE @prefix ESCAPE '\\' OR transaction_id = @exact)`);
  }
  if (filter.states?.length) {
    clauses.push(`state IN (${filter.states.map((_, i) => `@state${i}`).join(', ')})`);
    filter.states.forEach((state, i) => (params[`state${i}`] = state));
  }
  if (filter.kinds?.length) {
    clauses.push(`kind IN (${filter.kinds.map((_, i) => `@kind${i}`).join(', ')})`);
    filter.kinds.forEach((kind, i) => (params[`kind${i}`] = kind));
  }
  if (filter.currency) {
    clauses.push('currency = @currency');
    params.currency = filter.currency;
  }
  for (const [name, op] of [['from', '>='], ['to', '<']] as const) {
    const value = filter[name];
    if (value === undefined) continue;
    const time = new Date(value);
    if (Number.isNaN(time.getTime())) throw failField('invalid_input', name, 'ledger.notADate', { value: value.slice(0, 40) });
    clauses.push(`created_at ${op} @${name}`);
    params[name] = time.toISOString();
  }
  if (filter.minAmount !== undefined || filter.maxAmount !== undefined) {
    if (!filter.currency) throw failField('invalid_input', 'currency', 'ledger.amountNeedsCurrency');
    const currency = filter.currency as CurrencyCode;
    if (filter.minAmount) {
      clauses.push('amount_minor >= @minAmount');
      params.minAmount = parseAmountField(filter.minAmount, currency, 'minAmount');
    }
    if (filter.maxAmount) {
      clauses.push('amount_minor <= @maxAmount');
      params.maxAmount = parseAmountField(filter.maxAmount, currency, 'maxAmount');
    }
  }
  if (filter.profileId) {
    clauses.push('profile_id = @profileId');
    params.profileId = filter.profileId;
  }
  if (filter.needsAttention !== undefined) {
    clauses.push('needs_attention = @attention');
    params.attention = filter.needsAttention ? 1 : 0;
  }
  if (filter.withCaptured !== undefined) clauses.push(filter.withCaptured ? 'captured_minor > 0' : 'captured_minor = 0');
  if (filter.withRefunded !== undefined) clauses.push(filter.withRefunded ? 'refunded_minor > 0' : 'refunded_minor = 0');
  if (filter.cardBrand) {
    clauses.push(`${cardBrandSql} = @cardBrand`);
    params.cardBrand = filter.cardBrand;
  }
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

export function orderBy(sort: PaymentSort): string {
  const direction = sort.direction === 'asc' ? 'ASC' : 'DESC';
  return `ORDER BY ${sortColumns[sort.by]} ${direction}, id ${direction}`;
}

export function searchPayments(db: LedgerDb, filter: PaymentFilter, sort: PaymentSort, offset: number, limit: number) {
  const where = buildWhere(filter);
  const total = countPayments(db, filter);
  const rows = db.prepare(`SELECT * FROM payments ${where.sql} ${orderBy(sort)} LIMIT @limit OFFSET @offset`).all({ ...where.params, limit, offset }) as PaymentRow[];
  return { total, rows };
}

export function countPayments(db: LedgerDb, filter: PaymentFilter): number {
  const where = buildWhere(filter);
  return (db.prepare(`SELECT count(*) AS n FROM payments ${where.sql}`).get(where.params) as { n: number }).n;
}

/** The matching rows in order, from offset, for export. */
export function* allPayments(db: LedgerDb, filter: PaymentFilter, sort: PaymentSort, offset = 0, limit = -1): Generator<PaymentRow> {
  const where = buildWhere(filter);
  yield* db.prepare(`SELECT * FROM payments ${where.sql} ${orderBy(sort)} LIMIT @limit OFFSET @offset`).iterate({ ...where.params, limit, offset }) as Iterable<PaymentRow>;
}

/** An amount bound of a filter, as typed, in the filter's currency. */
function parseAmountField(text: string, currency: CurrencyCode, field: string): number {
  const parsed = parseAmount(text, currency);
  if (!parsed.ok) throw failField('invalid_input', field, parsed.why.key, parsed.why.values);
  return parsed.minor;
}
