// Migration 13, the overview's money by UTC hour (docs/overview.md, Speed; docs/ledger.md):
// `money_hours` holds, per hour a payment was created in and per currency, profile, kind and
// card brand, what the payments that took money captured and refunded and how many they are;
// `money_days` the same per UTC day, currency and profile (the figures' whole days).
// Triggers keep it exact on every insert, update and delete of a payment (refunds, captures
// and voids change a payment's captured_minor / refunded_minor, so they reach it too). Home's
// figures and charts read whole hours here and the partial hours at a range's edges (a local day
// in +05:30 or +05:45) from the payments themselves. The money index of migration 10, read by
// nothing else, goes: its 63 B a payment pay for this table many times over.
// A large ledger is summed in slices of payments by rowid, each one transaction recording how far
// it got (ledger_meta), so a start stopped midway resumes without counting a payment twice.
import type { LedgerDb } from './database';
import type { SliceProgress } from './migration-11';
import { paymentSlices } from './payment-slices';

/** The hour (since 1970, UTC) of an ISO instant column; -1 if it is not one (never read, never blocks a write). */
export const hourOf = (column: string) => `ifnull(CAST(strftime('%s', ${column}) AS INTEGER) / 3600, -1)`;
/** The UTC day (since 1970) of an ISO instant column; -1 if it is not one. */
export const dayOf = (column: string) => `ifnull(CAST(strftime('%s', ${column}) AS INTEGER) / 86400, -1)`;

/** A card's brand from its first digits, as card-brand.ts says (frozen here: a migration never changes). */
const brandOf = (bin: string) => `(CASE
  WHEN ${bin} IS NULL OR ${bin} = '' THEN 'none'
  WHEN substr(${bin}, 1, 1) = '4' THEN 'visa'
  WHEN substr(${bin}, 1, 2) BETWEEN '51' AND '55' OR substr(${bin}, 1, 4) BETWEEN '2221' AND '2720' THEN 'mastercard'
  WHEN substr(${bin}, 1, 2) IN ('34', '37') THEN 'amex'
  ELSE 'other' END)`;

const key = '(hour, currency, profile_id, kind, brand)';
const keyOf = (row: 'new' | 'old') =>
  `(${hourOf(`${row}.created_at`)}, ${row}.currency, ${row}.profile_id, ${row}.kind, ${brandOf(`${row}.card_bin`)})`;
const addUp = `ON CONFLICT DO UPDATE SET gross = gross + excluded.gross, refunded = refunded + excluded.refunded,
    paid = paid + excluded.paid, refunds = refunds + excluded.refunds`;
const add = (row: 'new') => `INSERT INTO money_hours SELECT ${keyOf(row).slice(1, -1)}, ${row}.captured_minor, ${row}.refunded_minor, 1, ${row}.refunded_minor > 0
    WHERE ${row}.captured_minor > 0 ${addUp};`;
// Taking a payment out; a row no payment is left in goes (the sums never show an empty group).
const remove = (row: 'old') => `UPDATE money_hours SET gross = gross - ${row}.captured_minor, refunded = refunded - ${row}.refunded_minor,
    paid = paid - 1, refunds = refunds - (${row}.refunded_minor > 0)
    WHERE ${row}.captured_minor > 0 AND ${key} = ${keyOf(row)};
  DELETE FROM money_hours WHERE ${row}.captured_minor > 0 AND ${key} = ${keyOf(row)} AND paid = 0;`;

// money_days: the same sums per UTC day, currency and profile only (what the figures read for the
// whole days inside a period; a few hundred rows a year).
const dayKey = '(day, currency, profile_id)';
const dayKeyOf = (row: 'new' | 'old') => `(${dayOf(`${row}.created_at`)}, ${row}.currency, ${row}.profile_id)`;
const addDay = (row: 'new') => `INSERT INTO money_days SELECT ${dayKeyOf(row).slice(1, -1)}, ${row}.captured_minor, ${row}.refunded_minor, 1, ${row}.refunded_minor > 0
    WHERE ${row}.captured_minor > 0 ${addUp};`;
const removeDay = (row: 'old') => `UPDATE money_days SET gross = gross - ${row}.captured_minor, refunded = refunded - ${row}.refunded_minor,
    paid = paid - 1, refunds = refunds - (${row}.refunded_minor > 0)
    WHERE ${row}.captured_minor > 0 AND ${dayKey} = ${dayKeyOf(row)};
  DELETE FROM money_days WHERE ${row}.captured_minor > 0 AND ${dayKey} = ${dayKeyOf(row)} AND paid = 0;`;

const moneyColumns = (row: 'new' | 'old') =>
  ['created_at', 'currency', 'profile_id', 'kind', 'card_bin', 'captured_minor', 'refunded_minor'].map((c) => `${row}.${c}`).join(', ');

// unpaid_links: per currency and profile, how many links are still pending and their amounts (a
// handful of rows): the overview's "older than a week" is all of them less the last week's.
const isUnpaidLink = (row: 'new' | 'old') => `(${row}.kind = 'link' AND ${row}.state = 'pending')`;
const addLink = (row: 'new') => `INSERT INTO unpaid_links SELECT ${row}.currency, ${row}.profile_id, ${row}.amount_minor, 1 WHERE ${isUnpaidLink(row)}
    ON CONFLICT DO UPDATE SET amount = amount + excluded.amount, n = n + 1;`;
const removeLink = (row: 'old') => `UPDATE unpaid_links SET amount = amount - ${row}.amount_minor, n = n - 1
    WHERE ${isUnpaidLink(row)} AND (currency, profile_id) = (${row}.currency, ${row}.profile_id);
  DELETE FROM unpaid_links WHERE ${isUnpaidLink(row)} AND (currency, profile_id) = (${row}.currency, ${row}.profile_id) AND n = 0;`;
const linkColumns = (row: 'new' | 'old') => ['kind', 'state', 'amount_minor', 'currency', 'profile_id'].map((c) => `${row}.${c}`).join(', ');

export const moneyHoursSql = `
CREATE TABLE money_hours (
  hour INTEGER NOT NULL, currency TEXT NOT NULL, profile_id TEXT NOT NULL, kind TEXT NOT NULL, brand TEXT NOT NULL,
  gross INTEGER NOT NULL, refunded INTEGER NOT NULL, paid INTEGER NOT NULL, refunds INTEGER NOT NULL,
  PRIMARY KEY ${key}
) WITHOUT ROWID;
CREATE TABLE money_days (
  day INTEGER NOT NULL, currency TEXT NOT NULL, profile_id TEXT NOT NULL,
  gross INTEGER NOT NULL, refunded INTEGER NOT NULL, paid INTEGER NOT NULL, refunds INTEGER NOT NULL,
  PRIMARY KEY ${dayKey}
) WITHOUT ROWID;
CREATE TRIGGER money_hours_insert AFTER INSERT ON payments WHEN new.captured_minor > 0 BEGIN
  ${add('new')}
  ${addDay('new')}
END;
CREATE TRIGGER money_hours_delete AFTER DELETE ON payments WHEN old.captured_minor > 0 BEGIN
  ${remove('old')}
  ${removeDay('old')}
END;
CREATE TRIGGER money_hours_update AFTER UPDATE OF created_at, currency, profile_id, kind, card_bin, captured_minor, refunded_minor ON payments
  WHEN (old.captured_minor > 0 OR new.captured_minor > 0) AND (${moneyColumns('new')}) IS NOT (${moneyColumns('old')})
BEGIN
  ${remove('old')}
  ${removeDay('old')}
  ${add('new')}
  ${addDay('new')}
END;
CREATE TABLE unpaid_links (
  currency TEXT NOT NULL, profile_id TEXT NOT NULL, amount INTEGER NOT NULL, n INTEGER NOT NULL,
  PRIMARY KEY (currency, profile_id)
) WITHOUT ROWID;
CREATE TRIGGER unpaid_links_insert AFTER INSERT ON payments WHEN ${isUnpaidLink('new')} BEGIN
  ${addLink('new')}
END;
CREATE TRIGGER unpaid_links_delete AFTER DELETE ON payments WHEN ${isUnpaidLink('old')} BEGIN
  ${removeLink('old')}
END;
CREATE TRIGGER unpaid_links_update AFTER UPDATE OF kind, state, amount_minor, currency, profile_id ON payments
  WHEN (${isUnpaidLink('old')} OR ${isUnpaidLink('new')}) AND (${linkColumns('new')}) IS NOT (${linkColumns('old')})
BEGIN
  ${removeLink('old')}
  ${addLink('new')}
END;
`;

/** Fills unpaid_links from the payments (small: one pass over the pending links' index). */
export const fillUnpaidLinksSql = `INSERT INTO unpaid_links SELECT currency, profile_id, sum(amount_minor), count(*)
  FROM payments INDEXED BY payments_unpaid_links WHERE kind = 'link' AND state = 'pending' GROUP BY 1, 2`;

/** Adds the payments with rowid in (lo, hi] (all with no bounds: the seed) to money_hours. */
export const fillMoneyHoursSql = (bounded: boolean) => `INSERT INTO money_hours
  SELECT ${hourOf('created_at')}, currency, profile_id, kind, ${brandOf('card_bin')}, sum(captured_minor), sum(refunded_minor), count(*), count(CASE WHEN refunded_minor > 0 THEN 1 END)
  FROM payments WHERE captured_minor > 0 ${bounded ? 'AND rowid > @lo AND rowid <= @hi' : ''} GROUP BY 1, 2, 3, 4, 5 ${addUp}`;

/** The same for money_days. */
export const fillMoneyDaysSql = (bounded: boolean) => `INSERT INTO money_days
  SELECT ${dayOf('created_at')}, currency, profile_id, sum(captured_minor), sum(refunded_minor), count(*), count(CASE WHEN refunded_minor > 0 THEN 1 END)
  FROM payments WHERE captured_minor > 0 ${bounded ? 'AND rowid > @lo AND rowid <= @hi' : ''} GROUP BY 1, 2, 3 ${addUp}`;

const metaKey = 'migration_13_rowid';

/** The work of migration 13, one committed step per yield. */
export function* migrate13(db: LedgerDb, sliceRows = 100_000): Generator<SliceProgress> {
  if (!db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'money_hours'").get()) {
    db.transaction(() => {
      db.exec(moneyHoursSql);
      db.prepare('INSERT INTO ledger_meta (key, value) VALUES (?, 0)').run(metaKey);
    }).immediate();
  }
  // The pending links in one step (tens of thousands at most, read from their own index).
  if (!db.prepare('SELECT 1 FROM unpaid_links LIMIT 1').get()) db.transaction(() => db.exec(fillUnpaidLinksSql)).immediate();
  const fill = db.prepare(fillMoneyHoursSql(true));
  const fillDays = db.prepare(fillMoneyDaysSql(true));
  const total = yield* paymentSlices(db, metaKey, sliceRows, (range) => {
    fill.run(range);
    fillDays.run(range);
  });
  db.transaction(() => {
    db.exec(`DROP INDEX IF EXISTS payments_money; DELETE FROM ledger_meta WHERE key = '${metaKey}';`);
    db.pragma('user_version = 13');
  }).immediate();
  yield { done: total, total };
}
