// The payments export's row loop, cheap enough for a million rows: rows come as arrays of the
// columns below (no object per row), money is formatted from its integer minor units by the
// currency's exponent (text slicing, never floats), and each line is built by concatenation.
// Byte for byte what paymentCells + csvLine (export.ts, csv.ts) write for the same row.
import { currencyExponents, formatMinor, type CurrencyCode } from '../../contract/money';
import { capturedAmountUnknown, refundedAmountUnknown, type LedgerState } from '../../contract/payment-states';
import { csvCell } from './csv';
import type { LocalColumns, ProfileNames } from './export';
import { openOperationOf, type OpenOperation, type OperationRow } from './payment-rows';
import { outcomeCode, sqlKindName, sqlOutcomeName } from './packing';

/**
 * The operation open on the payment as JSON [kind, outcome, amount], or null: one read of the
 * payment's own part of ledger_operations (its key) per row; the team ledger reads the same (pg-export.ts).
 */
const openOperationColumn = `(SELECT json_array(${sqlKindName('o.kind')}, ${sqlOutcomeName('o.outcome')}, o.amount_minor) FROM ledger_operations o
  WHERE o.payment = p.rowid AND o.outcome IN (${outcomeCode('sending')}, ${outcomeCode('unknown')}) ORDER BY o.seq LIMIT 1)`;

/** What the CSV shows, in the order paymentLine reads them. */
export const paymentColumns = [
  ...['created_at', 'kind', 'order_id', 'state', 'status_word', 'amount_minor', 'currency', 'captured_minor', 'refunded_minor', 'customer_name', 'customer_email', 'customer_phone', 'card_bin', 'card_last4', 'transaction_id', 'link_url', 'profile_id', 'environment', 'description', 'last_checked_at'].map((c) => `p.${c}`),
  openOperationColumn,
];

/** The open operation read as openOperationColumn's JSON. */
export function openOperationFromJson(json: unknown): OpenOperation | null {
  if (typeof json !== 'string') return null;
  const [kind, outcome, amount] = JSON.parse(json) as [OperationRow['kind'], OperationRow['outcome'], number | string | null];
  return openOperationOf([{ kind, outcome, amount_minor: amount === null ? null : Number(amount) }]);
}

/**
 * The open operation's cells, in the row's words (payment-state.tsx: "refund unclear", "refund
 * being sent"): open_operation (create, capture, void, refund), open_operation_state (unclear: its
 * answer lost; being_sent), open_operation_amount (a void's: what it releases; empty for one recorded before voids kept it). All three empty when none is open.
 */
export function openOperationCells(open: OpenOperation | null, currency: unknown): [string | null, string | null, string | null] {
  if (!open) return [null, null, null];
  return [open.kind, open.outcome === 'unknown' ? 'unclear' : 'being_sent', open.amountMinor === null ? null : money(open.amountMinor, currency)];
}

const exponents = new Map<string, number>(Object.entries(currencyExponents));
const zeros = ['', '0', '00', '000'];

/** formatMinor for the usual case (a known currency, a safe integer >= 0); anything else goes to formatMinor itself. */
function money(minor: unknown, currency: unknown): string {
  const exponent = typeof currency === 'string' ? exponents.get(currency) : undefined;
  if (exponent === undefined || typeof minor !== 'number' || !Number.isSafeInteger(minor) || minor < 0) return formatMinor(minor as number, currency as CurrencyCode);
  const digits = String(minor);
  if (exponent === 0) return digits;
  if (digits.length > exponent) return `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
  return `0.${zeros[exponent - digits.length]}${digits}`;
}

const cell = (value: unknown) => csvCell(value as string);
/** An integer of minor units as its digits (a number: never a formula); the team ledger's bigint alike. */
const minor = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** One CSV line (CRLF included) of a row read as `paymentColumns`, its local columns from `local`, its profile's name from `names`. */
export function paymentLine(r: unknown[], local: LocalColumns, names: ProfileNames = {}): string {
  const card = r[12] && r[13] ? `${r[12] as string}******${r[13] as string}` : null;
  const [time, day] = local(r[0]);
  const unknown = refundedAmountUnknown({ state: r[3] as LedgerState, refundedMinor: r[8] as number });
  const capturedNotKnown = capturedAmountUnknown({ state: r[3] as LedgerState, capturedMinor: r[7] as number });
  const [open, openState, openAmount] = openOperationCells(openOperationFromJson(r[20]), r[6]);
  return `${cell(r[0])},${cell(r[1])},${cell(r[2])},${cell(r[3])},${cell(r[4])},${cell(money(r[5], r[6]))},${cell(r[6])},${capturedNotKnown ? '' : cell(money(r[7], r[6]))},${unknown ? '' : cell(money(r[8], r[6]))},${cell(r[9])},${cell(r[10])},${cell(r[11])},${cell(card)},${cell(r[14])},${cell(r[15])},${cell(r[16])},${cell(r[17])},${cell(r[18])},${cell(r[19])},${cell(time)},${cell(day)},${unknown ? 'no' : 'yes'},${cell(open)},${cell(openState)},${cell(openAmount)},${cell(names[r[16] as string] ?? null)},${minor(r[5])},${capturedNotKnown ? '' : minor(r[7])},${unknown ? '' : minor(r[8])}\r\n`;
}
