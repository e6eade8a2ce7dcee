// The transactions list's filter and sort (contract/methods/payments.ts) as SQL on the team
// database's paydesk.payments `p`, for the exports: the same rows in the same order as SQLite's
// search.ts gives for the same payments. SQLite's LIKE and NOCASE fold ASCII letters only, and it
// compares text byte by byte: here lower() and comparisons under the "C" collation do the same
// (lower() in "C" folds only A-Z). Ties in the sort's keys are broken by the order payments arrived
// in: list_seq here (reads.sql), the rowid there, as the list (pg-list-sql.ts) shows them.
import type { PaymentFilter } from '../../../contract/methods/payments';
import { parseAmount, type CurrencyCode } from '../../../contract/money';
import { failField } from '../../core/fail';
import { cardBrandSql } from '../card-brand';
import { cardLast4Of } from '../card-last4';
import type { PaymentSort } from '../search';
import { searchedByIndex } from '../../../contract/text-search';

export type PgWhere = { sql: string; values: unknown[] };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const asciiLower = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());
const folded = (column: string) => `lower(${column} COLLATE "C")`;
const textColumns = ['order_id', 'transaction_id', 'customer_name', 'customer_email', 'customer_phone'];

function amountBound(text: string, currency: CurrencyCode, field: string): number {
  const parsed = parseAmount(text, currency);
  if (!parsed.ok) throw failField('invalid_input', field, parsed.why.key, parsed.why.values);
  return parsed.minor;
}

/** The filter as a WHERE clause (without the word) and its values, numbered from $1; bad input fails next to its field, as on SQLite. */
export function teamPaymentWhere(filter: PaymentFilter): PgWhere {
  const clauses: string[] = [];
  const values: unknown[] = [];
  const bind = (value: unknown) => `$${values.push(value)}`;
  const query = filter.query?.trim();
  if (query && searchedByIndex(query)) {
    const like = bind(`%${escapeLike(asciiLower(query))}%`);
    clauses.push(`(${textColumns.map((c) => `${folded(`p.${c}`)} LIKE ${like} ESCAPE '\\'`).join(' OR ')})`);
  } else if (query) {
    clauses.push(`(${folded('p.order_id')} LIKE ${bind(`${escapeLike(asciiLower(query))}%`)} ESCAPE '\\' OR p.transaction_id = ${bind(query)})`);
  }
  if (filter.states?.length) clauses.push(`p.state = ANY(${bind(filter.states)}::text[])`);
  if (filter.kinds?.length) clauses.push(`p.kind = ANY(${bind(filter.kinds)}::text[])`);
  if (filter.currency) clauses.push(`p.currency = ${bind(filter.currency)}`);
  for (const [name, op] of [['from', '>='], ['to', '<']] as const) {
    const value = filter[name];
    if (value === undefined) continue;
    const time = new Date(value);
    if (Number.isNaN(time.getTime())) throw failField('invalid_input', name, 'ledger.notADate', { value: value.slice(0, 40) });
    clauses.push(`p.created_at ${op} ${bind(time.toISOString())}::timestamptz`);
  }
  if (filter.minAmount !== undefined || filter.maxAmount !== undefined) {
    if (!filter.currency) throw failField('invalid_input', 'currency', 'ledger.amountNeedsCurrency');
    const currency = filter.currency as CurrencyCode;
    if (filter.minAmount) clauses.push(`p.amount_minor >= ${bind(amountBound(filter.minAmount, currency, 'minAmount'))}`);
    if (filter.maxAmount) clauses.push(`p.amount_minor <= ${bind(amountBound(filter.maxAmount, currency, 'maxAmount'))}`);
  }
  if (filter.profileId) clauses.push(`p.profile_id = ${bind(filter.profileId)}`);
  if (filter.needsAttention !== undefined) clauses.push(`p.needs_attention = ${bind(filter.needsAttention)}`);
  if (filter.withCaptured !== undefined) clauses.push(filter.withCaptured ? 'p.captured_minor > 0' : 'p.captured_minor = 0');
  if (filter.withRefunded !== undefined) clauses.push(filter.withRefunded ? 'p.refunded_minor > 0' : 'p.refunded_minor = 0');
  if (filter.cardBrand) clauses.push(`${cardBrandSql.replace(/card_bin/g, 'p.card_bin')} = ${bind(filter.cardBrand)}`);
  if (filter.cardLast4 !== undefined) clauses.push(`p.card_last4 = ${bind(cardLast4Of(filter.cardLast4))}`);
  return { sql: clauses.length ? clauses.join(' AND ') : 'true', values };
}

// Each sort's keys, as search.ts's sortKeys compare them.
const sortKeys: Record<PaymentSort['by'], string[]> = {
  createdAt: ['p.created_at'],
  amount: ['p.currency', 'p.amount_minor'],
  orderId: [folded('p.order_id')],
  state: ['p.state COLLATE "C"', 'p.created_at'],
  customer: [folded(`coalesce(p.customer_name, '')`)],
};

/** ORDER BY for the sort, the order of arrival last (the list's order: reads.sql's indexes end in list_seq). */
export function teamOrderBy(sort: PaymentSort): string {
  const direction = sort.direction === 'asc' ? 'ASC' : 'DESC';
  return `ORDER BY ${[...sortKeys[sort.by], 'p.list_seq'].map((k) => `${k} ${direction}`).join(', ')}`;
}
