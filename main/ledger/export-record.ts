// What an export's audit entry says it exported, on both ledgers: the row count, the file's name,
// the zone of its local columns, and its scope (the list's filters, the audit search, the
// settlement's days). One line of fixed English parts, `; ` apart, that the audit screen words in
// the reader's language (renderer/src/features/transactions/export-words.ts) and a person can read
// in the raw log too. The filters are what the person typed or chose (an order id, a name, dates),
// the same words the list shows; a search that holds a card number (pasted from a call) has it
// removed, as the log does (log/logger.ts's redact): the entry is kept in the ledger, under the
// chain's hash, for good. Kept whole, the search included, on both ledgers: finance reads what
// was searched, not its first part (the team database kept 200 characters until schema 22,
// audit-export.sql). What the contract lets a caller ask fits in maxRecordLength (tested with
// every filter at its longest); were it ever longer, the cut is said in the entry itself.
import type { PaymentFilter } from '../../contract/methods/payments';
import type { AuditSearch } from './audit-query';
import { redact } from '../log/logger';
import { cardLast4Of } from './card-last4';
import { dayIn } from '../core/zone-days';

/** The longest entry the team database's record_export accepts (audit-export.sql). */
export const maxRecordLength = 4000;

/** A search text as a JSON string, whole. */
const quoted = (text: string) => JSON.stringify(text);

function filterParts(filter: PaymentFilter): string[] {
  const parts: string[] = [];
  if (filter.states?.length) parts.push(`state ${filter.states.join(',')}`);
  if (filter.kinds?.length) parts.push(`kind ${filter.kinds.join(',')}`);
  if (filter.currency) parts.push(`currency ${filter.currency}`);
  if (filter.from) parts.push(`from ${filter.from}`);
  if (filter.to) parts.push(`to ${filter.to}`);
  if (filter.minAmount) parts.push(`min ${filter.minAmount}`);
  if (filter.maxAmount) parts.push(`max ${filter.maxAmount}`);
  if (filter.profileId) parts.push(`profile ${filter.profileId}`);
  if (filter.needsAttention) parts.push('needs attention');
  if (filter.withCaptured) parts.push('with captured');
  if (filter.withRefunded) parts.push('with refunded');
  if (filter.cardBrand) parts.push(`brand ${filter.cardBrand}`);
  // Four digits only (checked before any row is read): nothing more of a card is ever recorded.
  if (filter.cardLast4) parts.push(`card ending ${cardLast4Of(filter.cardLast4)}`);
  return parts;
}

/** A settlement summary's scope: its first and last day and the profile (every profile when none). */
/** The refunds made's scope: the local days of its instants (the last day the one before `to`) and the profile. */
export const refundsMadeScope = (input: { from: string; to: string; profileId?: string; currency?: string }, zone: string): ExportScope => ({
  kind: 'settlement', from: dayIn(new Date(input.from), zone), to: dayIn(new Date(Date.parse(input.to) - 1), zone), profileId: input.profileId, currency: input.currency,
});

export const settlementScope = (input: { days: Array<{ date: string }>; profileId?: string }): ExportScope => ({ kind: 'settlement', from: input.days[0]?.date ?? '', to: input.days.at(-1)?.date ?? '', profileId: input.profileId });

export type ExportScope = { kind: 'payments'; filter: PaymentFilter } | { kind: 'audit'; search?: AuditSearch } | { kind: 'settlement'; from: string; to: string; profileId?: string; currency?: string };

/** The entry's result: `12 rows; file paydesk-audit-….csv; zone Asia/Riyadh; search "refund"`. A search is always last (it may hold "; "). */
export function exportRecord(rows: number, fileName: string, scope: ExportScope, timeZone?: string): string {
  const parts = [`${rows} rows`, `file ${fileName}`];
  if (timeZone) parts.push(`zone ${timeZone}`);
  let search = '';
  if (scope.kind === 'payments') {
    parts.push(...filterParts(scope.filter));
    if (scope.filter.query?.trim()) search = scope.filter.query.trim();
  } else if (scope.kind === 'audit') {
    // The screen's period, in the payments filter's parts (export-words.ts words them alike).
    if (scope.search?.from) parts.push(`from ${scope.search.from}`);
    if (scope.search?.to) parts.push(`to ${scope.search.to}`);
    search = scope.search?.query?.trim() ?? '';
  } else {
    parts.push(`days ${scope.from} to ${scope.to}`);
    if (scope.currency) parts.push(`currency ${scope.currency}`);
    if (scope.profileId) parts.push(`profile ${scope.profileId}`);
  }
  if (search) parts.push(`search ${quoted(redact(search, []))}`);
  const text = parts.join('; ');
  if (text.length <= maxRecordLength) return text;
  // Not reached within the contract's limits: cut visibly, with the whole length, never silently.
  const said = ` [cut: ${text.length} characters in all]`;
  return `${text.slice(0, maxRecordLength - said.length - 1)}…${said}`;
}
