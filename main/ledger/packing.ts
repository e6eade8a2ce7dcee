// How the ledger's child tables store repeated values compactly (migration 11, docs/ledger.md):
// - a canonical UUID (lower-case, as randomUUID makes them) as its 16 bytes; any other id as its text;
// - a time written as toISOString() makes it as milliseconds since 1970 (an integer); any other text as is;
// - a word (user, reason, state, status word, action, result…) as the id of its row in ledger_words;
// - a payment as the payments row's rowid; an audit hash as its 32 bytes.
// Each packing is exact: unpacking gives back the very text that was packed (the audit chain's
// hash input depends on it), and SQL and JS agree (test/ledger/packing.test.ts).
import type { LedgerDb } from './database';

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const isoShape = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

export function packId(id: string): string | Buffer {
  return uuidShape.test(id) ? Buffer.from(id.replace(/-/g, ''), 'hex') : id;
}

// Integers are bound as BigInt: better-sqlite3 binds a number as a REAL, which a column without
// a type keeps as 8 bytes (and typeof 'real').
export function packTime<T extends string | null | undefined>(at: T): T | bigint {
  if (typeof at !== 'string' || !isoShape.test(at)) return at;
  const ms = Date.parse(at);
  return Number.isFinite(ms) && new Date(ms).toISOString() === at ? BigInt(ms) : at;
}

export function packHash(hex: string): string | Buffer {
  return /^[0-9a-f]{64}$/.test(hex) ? Buffer.from(hex, 'hex') : hex;
}

/** An order id next to a payment: null when it is that payment's own, 0 for none. */
export function packOrder(orderId: string | null, paymentOrderId: string | undefined): string | bigint | null {
  if (paymentOrderId === undefined) return orderId;
  return orderId === paymentOrderId ? null : orderId ?? 0n;
}

// The same packings as SQL expressions, for the migration and the compatibility views.
const uuidGlob = ['8', '4', '4', '4', '12'].map((n) => '[0-9a-f]'.repeat(Number(n))).join('-');
export const sqlPackId = (x: string) => `CASE WHEN ${x} GLOB '${uuidGlob}' THEN unhex(replace(${x}, '-', '')) ELSE ${x} END`;
export const sqlUnpackId = (x: string) =>
  `CASE typeof(${x}) WHEN 'blob' THEN lower(substr(hex(${x}), 1, 8) || '-' || substr(hex(${x}), 9, 4) || '-' || substr(hex(${x}), 13, 4) || '-' || substr(hex(${x}), 17, 4) || '-' || substr(hex(${x}), 21)) ELSE ${x} END`;
const isoOf = (ms: string) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${ms} / 1000.0, 'unixepoch')`;
const msOf = (x: string) => `CAST(round((julianday(${x}) - 2440587.5) * 86400000) AS INTEGER)`;
export const sqlPackTime = (x: string) =>
  `CASE WHEN ${x} GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9].[0-9][0-9][0-9]Z' AND ${isoOf(msOf(x))} = ${x} THEN ${msOf(x)} ELSE ${x} END`;
export const sqlUnpackTime = (x: string) => `CASE typeof(${x}) WHEN 'integer' THEN ${isoOf(x)} ELSE ${x} END`;
export const sqlPackHash = (x: string) => `CASE WHEN length(${x}) = 64 AND NOT ${x} GLOB '*[^0-9a-f]*' THEN unhex(${x}) ELSE ${x} END`;
export const sqlUnpackHash = (x: string) => `CASE typeof(${x}) WHEN 'blob' THEN lower(hex(${x})) ELSE ${x} END`;
export const sqlWord = (x: string) => `(SELECT word FROM ledger_words WHERE id = ${x})`;
export const sqlWordId = (x: string) => `(SELECT id FROM ledger_words WHERE word = ${x})`;
export const sqlPaymentId = (x: string) => `(SELECT id FROM payments WHERE rowid = ${x})`;
export const sqlPaymentRef = (x: string) => `(SELECT rowid FROM payments WHERE id = ${x})`;

// Closed sets stored as small integers (0 and 1 take no bytes in a record).
export const operationKinds = ['create', 'capture', 'void', 'refund'] as const;
export const outcomes = ['sending', 'succeeded', 'failed', 'unknown'] as const;
const sqlCode = (list: readonly string[], x: string) => `CASE ${x} ${list.map((v, i) => `WHEN '${v}' THEN ${i}`).join(' ')} END`;
const sqlName = (list: readonly string[], x: string) => `CASE ${x} ${list.map((v, i) => `WHEN ${i} THEN '${v}'`).join(' ')} END`;
export const sqlKindCode = (x: string) => sqlCode(operationKinds, x);
export const sqlKindName = (x: string) => sqlName(operationKinds, x);
export const sqlOutcomeCode = (x: string) => sqlCode(outcomes, x);
export const sqlOutcomeName = (x: string) => sqlName(outcomes, x);
export const kindCode = (kind: string) => operationKinds.indexOf(kind as (typeof operationKinds)[number]);
export const outcomeCode = (outcome: string) => outcomes.indexOf(outcome as (typeof outcomes)[number]);

/** Word ids of one connection: looked up, or added on first use. Not cached: a word added in a
 * transaction that rolls back must not be remembered (its id could then name another word). */
export function createWords(db: LedgerDb) {
  const find = db.prepare('SELECT id FROM ledger_words WHERE word = ?').pluck();
  const add = db.prepare('INSERT INTO ledger_words (word) VALUES (?)');
  return (word: string | null | undefined): number | null => {
    if (word === null || word === undefined) return null;
    return (find.get(word) as number | undefined) ?? Number(add.run(word).lastInsertRowid);
  };
}
