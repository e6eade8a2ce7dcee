// Migration 21's summary of the refunds made (docs/overview.md, "Refunds made in this period"):
// `refund_hours` holds, per UTC hour a refund was made in (its operation's created_at) and per
// currency and profile of its payment, how many refunds succeeded and their sum; `refund_days` the
// same per UTC day. Triggers on ledger_operations keep them exact as a refund is recorded, settles
// or changes; a payment's currency or profile changing moves its refunds. Home's figure reads whole
// days and hours here and the partial hours at a period's edges (a local midnight at :30 or :45)
// from the refunds themselves, by the index of succeeded refunds: a few rows whatever the ledger's
// size. Without them, each refund of a period was a look-up of its payment (228 ms for 400 days
// at 1,000,000 payments, 9 ms for 30).
import { kindCode, outcomeCode } from './packing';

const refund = kindCode('refund');
const succeeded = outcomeCode('succeeded');
const isMade = (row: string) => `(${row}.kind = ${refund} AND ${row}.outcome = ${succeeded})`;
// created_at is kept as milliseconds since 1970 (packing.ts); a time kept as text (never written by Paydesk) counts at -1.
const unitOf = (column: string, ms: number) => `CASE typeof(${column}) WHEN 'integer' THEN ${column} / ${ms} ELSE -1 END`;
const tables = [
  { table: 'refund_hours', unit: 'hour', ms: 3_600_000 },
  { table: 'refund_days', unit: 'day', ms: 86_400_000 },
] as const;

const add = (row: 'new', t: (typeof tables)[number]) => `INSERT INTO ${t.table} SELECT ${unitOf(`${row}.created_at`, t.ms)}, p.currency, p.profile_id, ${row}.amount_minor, 1
    FROM payments p WHERE p.rowid = ${row}.payment AND ${isMade(row)}
    ON CONFLICT DO UPDATE SET amount = amount + excluded.amount, n = n + 1;`;
// Taking a refund out; a row no refund is left in goes (the sums never show an empty group).
const remove = (row: 'old', t: (typeof tables)[number]) => {
  const key = `(${t.unit}, currency, profile_id) = (SELECT ${unitOf(`${row}.created_at`, t.ms)}, p.currency, p.profile_id FROM payments p WHERE p.rowid = ${row}.payment)`;
  return `UPDATE ${t.table} SET amount = amount - ${row}.amount_minor, n = n - 1 WHERE ${isMade(row)} AND ${key};
  DELETE FROM ${t.table} WHERE ${isMade(row)} AND ${key} AND n = 0;`;
};
// A payment's currency or profile changed (Paydesk never does it; a repair by hand might): its refunds move.
const movePayment = (t: (typeof tables)[number]) => `
  UPDATE ${t.table} SET amount = ${t.table}.amount - m.amount, n = ${t.table}.n - m.n
    FROM (SELECT ${unitOf('o.created_at', t.ms)} AS unit, sum(o.amount_minor) AS amount, count(*) AS n FROM ledger_operations o WHERE o.payment = old.rowid AND ${isMade('o')} GROUP BY 1) AS m
    WHERE (${t.table}.${t.unit}, ${t.table}.currency, ${t.table}.profile_id) = (m.unit, old.currency, old.profile_id);
  DELETE FROM ${t.table} WHERE n = 0 AND (currency, profile_id) = (old.currency, old.profile_id);
  INSERT INTO ${t.table} SELECT ${unitOf('o.created_at', t.ms)}, new.currency, new.profile_id, sum(o.amount_minor), count(*)
    FROM ledger_operations o WHERE o.payment = new.rowid AND ${isMade('o')} GROUP BY 1
    ON CONFLICT DO UPDATE SET amount = amount + excluded.amount, n = n + excluded.n;`;
const made = ['kind', 'outcome', 'amount_minor', 'created_at', 'payment'];

/** Fills both tables from the refunds already made (the migration, the seed's rebuild): grouped in one pass. */
export const fillRefundHoursSql = tables.map((t) => `INSERT INTO ${t.table} SELECT ${unitOf('o.created_at', t.ms)}, p.currency, p.profile_id, sum(o.amount_minor), count(*)
  FROM ledger_operations o INDEXED BY ledger_operations_refunds_made JOIN payments p ON p.rowid = o.payment WHERE ${isMade('o')} GROUP BY 1, 2, 3;`).join('\n');

export const refundHoursSql = `
CREATE INDEX ledger_operations_refunds_made ON ledger_operations (created_at, amount_minor) WHERE kind = ${refund} AND outcome = ${succeeded};
${tables.map((t) => `CREATE TABLE ${t.table} (${t.unit} INTEGER NOT NULL, currency TEXT NOT NULL, profile_id TEXT NOT NULL, amount INTEGER NOT NULL, n INTEGER NOT NULL,
  PRIMARY KEY (${t.unit}, currency, profile_id)) WITHOUT ROWID;`).join('\n')}
CREATE TRIGGER refund_hours_insert AFTER INSERT ON ledger_operations WHEN ${isMade('new')} BEGIN
  ${tables.map((t) => add('new', t)).join('\n  ')}
END;
CREATE TRIGGER refund_hours_delete AFTER DELETE ON ledger_operations WHEN ${isMade('old')} BEGIN
  ${tables.map((t) => remove('old', t)).join('\n  ')}
END;
CREATE TRIGGER refund_hours_update AFTER UPDATE OF ${made.join(', ')} ON ledger_operations
  WHEN (${isMade('old')} OR ${isMade('new')}) AND (${made.map((c) => `new.${c}`).join(', ')}) IS NOT (${made.map((c) => `old.${c}`).join(', ')})
BEGIN
  ${tables.map((t) => remove('old', t)).join('\n  ')}
  ${tables.map((t) => add('new', t)).join('\n  ')}
END;
CREATE TRIGGER refund_hours_payment AFTER UPDATE OF currency, profile_id ON payments
  WHEN (new.currency, new.profile_id) IS NOT (old.currency, old.profile_id) BEGIN
  ${tables.map((t) => movePayment(t)).join('\n')}
END;
${fillRefundHoursSql}
`;

/** What rewind-ledger.ts undoes to bring a ledger back to version 20. */
export const refundHoursUndo = 'DROP TRIGGER refund_hours_payment; DROP TRIGGER refund_hours_update; DROP TRIGGER refund_hours_delete; DROP TRIGGER refund_hours_insert; DROP TABLE refund_days; DROP TABLE refund_hours; DROP INDEX ledger_operations_refunds_made;';
