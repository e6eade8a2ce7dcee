// The ledger's child tables as stored since migration 11 (ledger_operations, ledger_history,
// ledger_checks, ledger_webhooks, ledger_audit; packing.ts) and, under the old names, views
// that show them as before (operations, state_history, status_checks, webhooks, audit_log) with
// triggers that pack what is written through them. The row modules read and write the packed
// tables on their hot paths (an index needs the packed value); the views serve everything else.
import {
  sqlKindCode, sqlKindName, sqlOutcomeCode, sqlOutcomeName, sqlPackHash, sqlPackId, sqlPackTime, sqlPaymentId, sqlPaymentRef,
  sqlUnpackHash, sqlUnpackId, sqlUnpackTime, sqlWord, sqlWordId,
} from './packing';

type Codec = 'plain' | 'word' | 'time' | 'id' | 'hash' | 'payment' | 'order' | 'kind' | 'outcome';
type Column = { name: string; stored: string; codec: Codec; decl: string };
type ChildTable = { view: string; table: string; key: string[]; columns: Column[]; extra?: string; seq?: boolean };

const col = (name: string, codec: Codec, decl: string, stored = name): Column => ({ name, stored, codec, decl });

export const childTables: ChildTable[] = [
  {
    // Keyed by payment, then seq (the order they were recorded in: it breaks ties in time).
    view: 'operations', table: 'ledger_operations', key: ['id'], extra: 'PRIMARY KEY (payment, seq)) WITHOUT ROWID', seq: true,
    columns: [
      col('id', 'id', 'NOT NULL'), col('payment_id', 'payment', 'INTEGER NOT NULL', 'payment'), col('seq', 'plain', 'INTEGER NOT NULL'), col('kind', 'kind', 'INTEGER NOT NULL CHECK (kind BETWEEN 0 AND 3)'),
      col('amount_minor', 'plain', 'INTEGER'), col('base_minor', 'plain', 'INTEGER'), col('reason', 'word', 'INTEGER'), col('os_user', 'word', 'INTEGER NOT NULL'),
      col('outcome', 'outcome', 'INTEGER NOT NULL CHECK (outcome BETWEEN 0 AND 3)'), col('error_code', 'word', 'INTEGER'), col('error_message', 'plain', 'TEXT'),
      col('gateway_answer', 'plain', 'TEXT'), col('created_at', 'time', 'NOT NULL'), col('completed_at', 'time', ''), col('settled_by', 'word', 'INTEGER'),
      col('settled_reason', 'plain', 'TEXT'),
    ],
  },
  {
    view: 'state_history', table: 'ledger_history', key: ['payment_id', 'id'], extra: 'PRIMARY KEY (payment, id)) WITHOUT ROWID',
    columns: [
      col('payment_id', 'payment', 'INTEGER NOT NULL', 'payment'), col('id', 'plain', 'INTEGER NOT NULL'), col('state', 'word', 'INTEGER NOT NULL'),
      col('status_word', 'word', 'INTEGER'), col('source', 'word', 'INTEGER NOT NULL'), col('at', 'time', 'NOT NULL'),
    ],
  },
  {
    view: 'status_checks', table: 'ledger_checks', key: ['payment_id', 'id'], extra: 'PRIMARY KEY (payment, id)) WITHOUT ROWID',
    columns: [
      col('payment_id', 'payment', 'INTEGER NOT NULL', 'payment'), col('id', 'plain', 'INTEGER NOT NULL'), col('at', 'time', 'NOT NULL'),
      col('outcome', 'word', 'INTEGER NOT NULL'), col('status_word', 'word', 'INTEGER'), col('state', 'word', 'INTEGER'),
    ],
  },
  {
    view: 'webhooks', table: 'ledger_webhooks', key: ['id'],
    columns: [
      col('id', 'plain', 'INTEGER PRIMARY KEY'), col('received_at', 'time', 'NOT NULL'), col('dedup_key', 'plain', 'TEXT NOT NULL'),
      col('payment_id', 'payment', 'INTEGER', 'payment'), col('transaction_id', 'plain', 'TEXT'), col('order_id', 'order', ''),
      col('status_word', 'word', 'INTEGER'), col('type', 'word', 'INTEGER'), col('duplicate', 'plain', 'INTEGER NOT NULL DEFAULT 0'), col('body', 'plain', 'TEXT NOT NULL'),
    ],
  },
  {
    // payment: the payments rowid, or the text as written when no payment has that id. order_id
    // (here and in webhooks): null when it is the payment's (which never changes), 0 for none. prev_hash:
    // null when it is the previous entry's hash (or, for entry 1, the genesis), else the text as written.
    view: 'audit_log', table: 'ledger_audit', key: ['seq'],
    columns: [
      col('seq', 'plain', 'INTEGER PRIMARY KEY'), col('at', 'time', 'NOT NULL'), col('os_user', 'word', 'INTEGER NOT NULL'), col('profile_id', 'word', 'INTEGER'),
      col('environment', 'word', 'INTEGER'), col('action', 'word', 'INTEGER NOT NULL'), col('payment_id', 'payment', '', 'payment'), col('order_id', 'order', ''),
      col('amount_minor', 'plain', 'INTEGER'), col('currency', 'word', 'INTEGER'), col('reason', 'word', 'INTEGER'), col('result', 'word', 'INTEGER NOT NULL'),
      col('prev_hash', 'plain', ''), col('hash', 'hash', 'NOT NULL'),
    ],
  },
];

const genesis = `'${'0'.repeat(64)}'`;

/** The expression that packs `x` (a value of the old column) for storage. */
function pack(c: Column, x: string, audit: boolean): string {
  switch (c.codec) {
    case 'word': return sqlWordId(x);
    case 'time': return sqlPackTime(x);
    case 'id': return sqlPackId(x);
    case 'hash': return sqlPackHash(x);
    case 'payment': return audit ? `coalesce(${sqlPaymentRef(x)}, ${x})` : sqlPaymentRef(x);
    case 'order': {
      const ref = sqlPaymentRef(`${x.split('.')[0]}.payment_id`);
      return `CASE WHEN ${ref} IS NULL THEN ${x} WHEN ${x} IS (SELECT order_id FROM payments WHERE rowid = ${ref}) THEN NULL WHEN ${x} IS NULL THEN 0 ELSE ${x} END`;
    }
    case 'kind': return sqlKindCode(x);
    case 'outcome': return sqlOutcomeCode(x);
    default: return x;
  }
}

/** The expression that shows the stored column `x` as the old column's value. */
export function unpack(c: Column, x: string, audit: boolean): string {
  switch (c.codec) {
    case 'word': return sqlWord(x);
    case 'time': return sqlUnpackTime(x);
    case 'id': return sqlUnpackId(x);
    case 'hash': return sqlUnpackHash(x);
    case 'payment': return audit ? `CASE typeof(${x}) WHEN 'integer' THEN ${sqlPaymentId(x)} ELSE ${x} END` : sqlPaymentId(x);
    case 'order': {
      const payment = `${x.split('.')[0]}.payment`;
      return `CASE WHEN typeof(${payment}) <> 'integer' THEN ${x} WHEN ${x} IS NULL THEN (SELECT order_id FROM payments WHERE rowid = ${payment}) WHEN typeof(${x}) = 'integer' THEN NULL ELSE ${x} END`;
    }
    case 'kind': return sqlKindName(x);
    case 'outcome': return sqlOutcomeName(x);
    default: return x;
  }
}

const previousHash = (seq: string) => `(SELECT ${sqlUnpackHash('b.hash')} FROM ledger_audit b WHERE b.seq = ${seq} - 1)`;
const derivedPrev = (seq: string) => `coalesce(${previousHash(seq)}, CASE WHEN ${seq} = 1 THEN ${genesis} END)`;

export function createTableSql(t: ChildTable): string {
  const body = t.columns.map((c) => `  ${c.stored} ${c.decl}`.trimEnd()).join(',\n');
  return t.extra ? `CREATE TABLE ${t.table} (\n${body},\n  ${t.extra};` : `CREATE TABLE ${t.table} (\n${body}\n);`;
}

/** The select list showing a packed row `a` under the old column names. */
export function unpackedColumns(t: ChildTable, a = 'a'): string {
  const audit = t.table === 'ledger_audit';
  return t.columns.filter((c) => !(t.seq && c.name === 'seq')).map((c) => {
    if (audit && c.name === 'prev_hash') return `coalesce(${a}.prev_hash, ${derivedPrev(`${a}.seq`)}) AS prev_hash`;
    return `${unpack(c, `${a}.${c.stored}`, audit)} AS ${c.name}`;
  }).join(', ');
}

/** Words of the given rows (`src` with alias o) that ledger_words does not have yet. */
function addWordsSql(t: ChildTable, src: string, where: string): string {
  const words = t.columns.filter((c) => c.codec === 'word').map((c) => `SELECT o.${c.name} FROM ${src} o WHERE ${where} AND o.${c.name} IS NOT NULL`);
  return `INSERT OR IGNORE INTO ledger_words (word) ${words.join(' UNION ')};`;
}

/** Copies the old table's rows with rowid in (lo, hi] into the packed table. */
export function copySliceSql(t: ChildTable, oldTable: string): string {
  const audit = t.table === 'ledger_audit';
  const where = 'o.rowid > @lo AND o.rowid <= @hi';
  const values = t.columns.map((c) => {
    if (audit && c.name === 'prev_hash') return `CASE WHEN o.prev_hash IS (SELECT b.hash FROM ${oldTable} b WHERE b.seq = o.seq - 1) OR (o.seq = 1 AND o.prev_hash = ${genesis} AND NOT EXISTS (SELECT 1 FROM ${oldTable} b WHERE b.seq = 0)) THEN NULL ELSE o.prev_hash END`;
    if (t.seq && c.name === 'seq') return 'o.rowid';
    return pack(c, `o.${c.name}`, audit);
  });
  return `${addWordsSql(t, oldTable, where)}
INSERT INTO ${t.table} (${t.columns.map((c) => c.stored).join(', ')}) SELECT ${values.join(', ')} FROM ${oldTable} o WHERE ${where} ORDER BY o.rowid;`;
}

/** The view under the old name and the triggers that pack what is written through it. */
export function compatSql(t: ChildTable): string {
  const audit = t.table === 'ledger_audit';
  const history = t.extra !== undefined && !t.seq;
  const packNew = (c: Column) => {
    if (audit && c.name === 'prev_hash') return `CASE WHEN new.prev_hash IS ${derivedPrev('new.seq')} THEN NULL ELSE new.prev_hash END`;
    if (t.seq && c.name === 'seq') return `(SELECT ifnull(max(seq), 0) + 1 FROM ${t.table} WHERE payment = ${sqlPaymentRef('new.payment_id')})`;
    if (history && c.name === 'id') return `coalesce(new.id, (SELECT ifnull(max(id), 0) + 1 FROM ${t.table} WHERE payment = ${sqlPaymentRef('new.payment_id')}))`;
    if (audit && c.name === 'seq') return `coalesce(new.seq, (SELECT ifnull(max(seq), 0) + 1 FROM ledger_audit))`;
    return pack(c, `new.${c.name}`, audit);
  };
  const words = t.columns.filter((c) => c.codec === 'word').map((c) => `(new.${c.name})`).join(', ');
  const addWords = words ? `INSERT OR IGNORE INTO ledger_words (word) VALUES ${words};` : '';
  const keyOf = (row: string) => t.key.map((k) => {
    const c = t.columns.find((x) => x.name === k)!;
    return `${c.stored} = ${pack(c, `${row}.${k}`, audit)}`;
  }).join(' AND ');
  return `
CREATE VIEW ${t.view} AS SELECT ${unpackedColumns(t)} FROM ${t.table} a;
CREATE TRIGGER ${t.view}_insert INSTEAD OF INSERT ON ${t.view} BEGIN
  ${addWords}
  INSERT INTO ${t.table} (${t.columns.map((c) => c.stored).join(', ')}) VALUES (${t.columns.map(packNew).join(', ')});
END;
CREATE TRIGGER ${t.view}_update INSTEAD OF UPDATE ON ${t.view} BEGIN
  ${addWords}
  UPDATE ${t.table} SET ${t.columns.filter((c) => !(t.seq && c.name === 'seq')).map((c) => `${c.stored} = ${packNew(c)}`).join(', ')} WHERE ${keyOf('old')};
END;
CREATE TRIGGER ${t.view}_delete INSTEAD OF DELETE ON ${t.view} BEGIN
  DELETE FROM ${t.table} WHERE ${keyOf('old')};
END;`;
}

/** The packed tables' indexes, built after their rows are copied (named apart from the old tables' ones, still there then). */
export const childIndexes = [
  'CREATE UNIQUE INDEX ledger_operations_id ON ledger_operations (id)',
  'CREATE INDEX ledger_operations_sending ON ledger_operations (payment) WHERE outcome = 0',
  'CREATE INDEX ledger_webhooks_dedup ON ledger_webhooks (dedup_key)',
  'CREATE INDEX ledger_webhooks_payment ON ledger_webhooks (payment) WHERE payment IS NOT NULL',
];

// Audit entries and webhooks show their payment's order id without keeping a copy of it.
export const orderIdFixedSql = `
CREATE TRIGGER payments_order_fixed BEFORE UPDATE OF order_id ON payments WHEN new.order_id IS NOT old.order_id BEGIN
  SELECT RAISE(ABORT, 'A payment''s order id never changes: its audit entries and webhooks show it.');
END;`;
