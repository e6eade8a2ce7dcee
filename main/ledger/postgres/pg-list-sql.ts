// The transactions list's SQL on the team's PostgreSQL (reads.sql's indexes), as
// main/ledger/search.ts answers it on SQLite: the same filters, the same sorts with the order
// rows arrived in (list_seq, SQLite's rowid) as the tie-breaker, text folded and compared as
// SQLite's LIKE and NOCASE do (ASCII letters only: lower() under the "C" collation), and a
// window continued from a row's sort values (keyset), so a page deep in the list is one seek.
import type { PaymentFilter } from '../../../contract/methods/payments';
import { parseAmount, type CurrencyCode } from '../../../contract/money';
import { failField } from '../../core/fail';
import { cardBrandSql } from '../card-brand';
import { cardLast4Of } from '../card-last4';
import type { PaymentSort } from '../search';
import { anySpelling, foldArabicLetters, foldedSql, hasFoldedLetters } from '../../../contract/arabic-letters';
import { searchedByIndex } from '../../../contract/text-search';

/** Positional parameters, numbered as they are added. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown, cast = ''): string {
    this.values.push(value);
    return `$${this.values.length}${cast}`;
  }
}

/** Each sort's expressions, matched by an index of reads.sql that ends in list_seq; `cast`: the type a cursor's text value is read back as. */
const sortKeys: Record<PaymentSort['by'], Array<{ sql: string; cast: string }>> = {
  createdAt: [{ sql: 'p.created_at', cast: '::timestamptz' }],
  amount: [{ sql: 'p.currency', cast: '::text' }, { sql: 'p.amount_minor', cast: '::bigint' }], // each currency apart (search.ts)
  orderId: [{ sql: 'lower(p.order_id COLLATE "C")', cast: '::text COLLATE "C"' }],
  state: [{ sql: '(p.state COLLATE "C")', cast: '::text COLLATE "C"' }, { sql: 'p.created_at', cast: '::timestamptz' }],
  customer: [{ sql: `lower(coalesce(p.customer_name, '') COLLATE "C")`, cast: '::text COLLATE "C"' }],
};

/** Where a window starts: the sort values (as text) and list_seq of the row before it. */
export type Cursor = { values: string[]; seq: string };

/**
 * The five columns as one text for the trigram index, the order id from its second character
 * (search.sql's text, step 8: an order id starting with the text is a range of the
 * folded order id instead, so a text starting half the ledger's order ids, "PD-2025", is rare
 * here). Punctuation as letters: pg_trgm keeps only words (letters and digits), so "omar.2"
 * would ask for the trigrams of "omar" and "2", held by thousands; as "omarα2" its trigrams are
 * as selective as SQLite's. Then ASCII letters folded (lower() under "C", as SQLite's LIKE folds),
 * so a plain LIKE rechecks a row cheaply (ILIKE or translate() cost 5-25 µs a row). Greek letters
 * in the data only widen what the index finds (each column's LIKE decides). Kept in the row as
 * the stored column search_text (search-text.sql, step 35: the index's recheck reads it instead
 * of computing it, about 4 µs a row); `lettered` makes a text's pattern the same way.
 */
const asLetters: Array<[string, string]> = [['.', 'α'], ['-', 'β'], ['@', 'γ'], ['+', 'δ'], ['_', 'ε']];
export const searchText = 'p.search_text';
const lettered = (text: string) => asLetters.reduce((t, [c, l]) => t.split(c).join(l), asciiLower(text));

/** Whether the filter searches text through the trigram index (three characters or more). */
export const trigramQuery = (filter: PaymentFilter) => searchedByIndex(filter.query ?? '');
const textColumns = ['order_id', 'transaction_id', 'customer_name', 'customer_email', 'customer_phone'];
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** SQLite's case folding: ASCII letters only. */
export const asciiLower = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());
/** A column as SQLite's LIKE compares it (ASCII letters folded). */
export const folded = (column: string) => `lower(${column} COLLATE "C")`;

/** The folded order id starts with `query` (a range of payments_order_nocase and of payments_order_day within a day). */
export const orderIdStarts = (query: string, params: Params) => `${folded('p.order_id')} LIKE ${params.add(`${escapeLike(asciiLower(query))}%`)}`;

/** Whether the filter is a text search and nothing else (the order-id prefix path of pg-reads.ts). */
export const onlyText = (filter: PaymentFilter) => Object.entries(filter).every(([key, value]) => key === 'query' || value === undefined);

/**
 * A text of three characters or more: the indexes narrow, each column's LIKE, folded as SQLite
 * folds, decides (% and _ literal). `any`: for the planner (an order id starting with the text,
 * or the trigram index); `columns`: only the columns' LIKEs (a walk tests each row with them: the
 * index's expression costs several µs a row); `elsewhere`: the trigram index's payments whose
 * order id does not start with the text (pg-reads.ts reads those that do apart).
 */
export function textSql(query: string, params: Params, part: 'any' | 'columns' | 'elsewhere' = 'any'): string {
  const like = params.add(asciiLower(`%${escapeLike(query)}%`));
  // A name's letters written in more than one way are folded on both sides (arabic-letters.ts).
  const nameLike = hasFoldedLetters(query) ? params.add(asciiLower(`%${escapeLike(foldArabicLetters(query))}%`)) : undefined;
  const test = (c: string) => (c === 'customer_name' && nameLike ? `${foldedSql(folded('p.customer_name'))} LIKE ${nameLike}` : `${folded(`p.${c}`)} LIKE ${like}`);
  const columns = `(${textColumns.map(test).join(' OR ')})`;
  if (part === 'columns') return columns;
  // An order id starting with the text: a range of payments_order_nocase; anywhere else: the
  // trigram index, asked for the text's first 8 characters only: GIN reads the posting list of
  // every trigram asked, and a whole e-mail's end ("@example.com") is in every payment (40 ms at 1M).
  const trigrams = `${searchText} LIKE ${params.add(`%${anySpelling(escapeLike(lettered([...query].slice(0, 8).join(''))))}%`)}`;
  return part === 'elsewhere' ? `${trigrams} AND ${columns} AND NOT ${orderIdStarts(query, params)}` : `(${orderIdStarts(query, params)} OR ${trigrams}) AND ${columns}`;
}

/** The filter as SQL on payments `p` (empty: every payment); `part`: only the text search (a row's test: no index), or all but it. */
export function filterSql(filter: PaymentFilter, params: Params, part: 'all' | 'text' | 'rest' = 'all'): string {
  if (part === 'text') return trigramQuery(filter) ? textSql(filter.query!.trim(), params, 'columns') : filterSql({ query: filter.query }, params);
  if (part === 'rest') return filterSql({ ...filter, query: undefined }, params);
  const clauses: string[] = [];
  const query = filter.query?.trim();
  if (query && trigramQuery(filter)) clauses.push(textSql(query, params));
  else if (query) {
    // Too short for trigrams: the start of an order id (a range of payments_order_nocase), or an exact transaction id.
    clauses.push(`(${orderIdStarts(query, params)} OR p.transaction_id = ${params.add(query)})`);
  }
  // One state as `=`: payments_state is then walked in the sort's order (= ANY reads them all and sorts).
  if (filter.states?.length === 1) clauses.push(`(p.state COLLATE "C") = ${params.add(filter.states[0], '::text')}`);
  else if (filter.states?.length) clauses.push(`(p.state COLLATE "C") = ANY(${params.add(filter.states, '::text[]')})`);
  if (filter.kinds?.length) clauses.push(`p.kind = ANY(${params.add(filter.kinds, '::text[]')})`);
  if (filter.currency) clauses.push(`p.currency = ${params.add(filter.currency)}`);
  for (const [name, op] of [['from', '>='], ['to', '<']] as const) {
    const value = filter[name];
    if (value === undefined) continue;
    const time = new Date(value);
    if (Number.isNaN(time.getTime())) throw failField('invalid_input', name, 'ledger.notADate', { value: value.slice(0, 40) });
    clauses.push(`p.created_at ${op} ${params.add(time.toISOString(), '::timestamptz')}`);
  }
  if (filter.minAmount !== undefined || filter.maxAmount !== undefined) {
    if (!filter.currency) throw failField('invalid_input', 'currency', 'ledger.amountNeedsCurrency');
    const currency = filter.currency as CurrencyCode;
    if (filter.minAmount) clauses.push(`p.amount_minor >= ${params.add(amountField(filter.minAmount, currency, 'minAmount'))}`);
    if (filter.maxAmount) clauses.push(`p.amount_minor <= ${params.add(amountField(filter.maxAmount, currency, 'maxAmount'))}`);
  }
  if (filter.profileId) clauses.push(`p.profile_id = ${params.add(filter.profileId)}`);
  if (filter.needsAttention !== undefined) clauses.push(`p.needs_attention = ${params.add(filter.needsAttention)}`);
  if (filter.withCaptured !== undefined) clauses.push(filter.withCaptured ? 'p.captured_minor > 0' : 'p.captured_minor = 0');
  if (filter.withRefunded !== undefined) clauses.push(filter.withRefunded ? 'p.refunded_minor > 0' : 'p.refunded_minor = 0');
  if (filter.cardBrand) clauses.push(`${cardBrandSql.replace(/card_bin/g, 'p.card_bin')} = ${params.add(filter.cardBrand)}`);
  // payments_card_last4 (card-last4.sql) drives: few payments end in given digits.
  if (filter.cardLast4 !== undefined) clauses.push(`p.card_last4 = ${params.add(cardLast4Of(filter.cardLast4))}`);
  return clauses.join(' AND ');
}

/** The sort's ORDER BY, list_seq last, all in the sort's direction (its index walked forwards or backwards). */
export function orderSql(sort: PaymentSort): string {
  const direction = sort.direction === 'asc' ? 'ASC' : 'DESC';
  return `ORDER BY ${[...sortKeys[sort.by].map((k) => k.sql), 'p.list_seq'].map((e) => `${e} ${direction}`).join(', ')}`;
}

/** The sort values and list_seq of each row, as text, to continue after it. */
export const cursorColumns = (sort: PaymentSort) => [...sortKeys[sort.by].map((k, i) => `(${k.sql})::text AS _k${i}`), 'p.list_seq::text AS _seq'].join(', ');

export function cursorOf(row: Record<string, unknown>, sort: PaymentSort): Cursor {
  return { values: sortKeys[sort.by].map((_, i) => row[`_k${i}`] as string), seq: row._seq as string };
}

/** Rows after the cursor in sort order. */
export function afterSql(sort: PaymentSort, cursor: Cursor, params: Params): string {
  const keys = [...sortKeys[sort.by].map((k) => k.sql), 'p.list_seq'];
  const values = [...sortKeys[sort.by].map((k, i) => params.add(cursor.values[i], k.cast)), params.add(cursor.seq, '::bigint')];
  return `(${keys.join(', ')}) ${sort.direction === 'asc' ? '>' : '<'} (${values.join(', ')})`;
}

/** An amount bound of a filter, as typed, in the filter's currency. */
function amountField(text: string, currency: CurrencyCode, field: string): number {
  const parsed = parseAmount(text, currency);
  if (!parsed.ok) throw failField('invalid_input', field, parsed.why.key, parsed.why.values);
  return parsed.minor;
}
