// The payments export's fast row loop (export-rows.ts: rows as arrays, money sliced from its
// integer minor units) writes byte for byte what the plain writer below writes: one object per
// row, formatMinor for money, every cell through the spreadsheet rules. The reference is the
// writer the export used before, kept here as the judge. On both backends
// (test/support/report-backends.ts): the team ledger's export (pg-export.ts) writes the same bytes
// for the same payments copied into a team database, and so do the quick downloads (exportPayments'
// chunks joined; exportAuditLog against the file export of the same log: pg-quick-export.ts).
import { expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { LedgerDb } from '../../main/ledger/database';
import { seedLedger } from '../../scripts/seed-ledger';
import { describeReports, reportProfileNames } from '../support/report-backends';
import { formatMinor, type CurrencyCode } from '../../contract/money';
import type { PaymentFilter } from '../../contract/methods/payments';
import type { PaymentSort } from '../../main/ledger/search';

// Awkward rows beside the seeded ones: formulas, quotes, separators, line breaks, Arabic,
// every exponent, the smallest and a huge amount, half a card (no card at all: the team ledger
// keeps a card's digits or nothing).
const awkward: Array<Record<string, unknown>> = [
  { order: '=HYPERLINK("http://x","y")', amount: 1, currency: 'KWD', captured: 1, refunded: 0, name: '+966 Omar, "the" saver', email: '-me@example.com', phone: '@home', bin: '512345', last4: '0008', description: 'line one\r\nline two' },
  { order: 'JPY-1', amount: 7, currency: 'JPY', captured: 7, refunded: 3, name: 'مريم القحطاني', email: '\tx@example.com', phone: '\rx', bin: '411111', last4: null, description: 'فاتورة, "شهرية"' },
  { order: 'BHD-big', amount: 999_999_999_999_999, currency: 'BHD', captured: 999_999_999_999_999, refunded: 10, name: null, email: null, phone: null, bin: null, last4: '1234', description: null },
  { order: 'SAR-small', amount: 5, currency: 'SAR', captured: 0, refunded: 0, name: 'a\nb', email: 'q"uote@example.com', phone: '0500', bin: null, last4: null, description: '=1+1' },
  { order: '-10.50', amount: 100, currency: 'AED', captured: 100, refunded: 100, name: ' space', email: 'x,y@example.com', phone: '+966500000000', bin: '222100', last4: '4444', description: '' },
  // Refunded at the gateway's dashboard, its amount not known (a status answer told of a refund only).
  { order: 'ELSEWHERE', amount: 6000, currency: 'SAR', captured: 6000, refunded: 0, state: 'partially_refunded', name: 'Noura', email: null, phone: null, bin: null, last4: null, description: null },
];

function seed(db: LedgerDb) {
  seedLedger(db, { payments: 4_000, seed: 21 });
  const insert = db.prepare(`INSERT INTO payments (id, profile_id, environment, kind, order_id, amount_minor, currency, description, customer_name, customer_email, customer_phone,
    card_bin, card_last4, transaction_id, link_url, state, status_word, captured_minor, refunded_minor, created_by, created_at, updated_at, last_checked_at)
    VALUES (@id, 'practice', 'practice', 'sale', @order, @amount, @currency, @description, @name, @email, @phone, @bin, @last4, @tx, @url, @state, 'CAPTURED', @captured, @refunded, 't', @at, @at, @checked)`);
  // A payment's last check is its latest status check, as the app records them (the team ledger reads it so).
  const check = db.prepare(`INSERT INTO status_checks (payment_id, at, outcome, status_word, state) VALUES (?, ?, 'ok', 'CAPTURED', 'paid')`);
  // An operation open on some: a refund whose answer was lost, a capture being sent, a void (no amount) lost.
  const openOp = db.prepare(`INSERT INTO operations (id, payment_id, kind, amount_minor, os_user, outcome, created_at) VALUES (?, ?, ?, ?, 't', ?, ?)`);
  const opens: Record<string, [string, number | null, string]> = { 'JPY-1': ['refund', 2, 'unknown'], 'BHD-big': ['capture', 999_999_999_999_989, 'sending'], 'SAR-small': ['void', null, 'unknown'] };
  awkward.forEach((row, i) => {
    const at = new Date(Date.UTC(2026, 10, 5, 0, 0, i)).toISOString();
    const id = randomUUID();
    insert.run({ state: 'paid', ...row, id, tx: i % 2 ? `tx_${i}` : null, url: i % 2 ? null : `https://pay.example/${i}?a=1,b=2`, at, checked: i % 2 ? at : null });
    if (i % 2) check.run(id, at);
    const open = opens[row.order as string];
    if (open) openOp.run(randomUUID(), id, open[0], open[1], open[2], at);
  });
  // Payments alike in every sort's key but their order of arrival (ids as random as the app's):
  // they keep that order, as the list shows them.
  ['TIE', 'tie', 'Tie', 'tIe', 'tiE', 'TIe', 'tIE', 'TiE'].forEach((order, i) => {
    insert.run({ state: 'paid', id: randomUUID(), order, amount: 4_242, currency: 'KWD', captured: 4_242, refunded: 0, name: 'Tie Customer', email: `tie${i}@example.com`, phone: null, bin: null, last4: null, description: null, tx: null, url: null, at: '2026-11-06T00:00:00.000Z', checked: null });
  });
}

// The reference writer (csv.ts and export.ts as they were): regular expressions, map and join.
const formulaStart = /^[=+\-@\t\r]/;
const phoneOrSignedNumber = /^(\+[0-9 ]{6,20}|[+-][0-9]+(\.[0-9]+)?)$/; // no formula in it: written as it is
function referenceCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && formulaStart.test(text) && !phoneOrSignedNumber.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
const referenceLine = (cells: Array<string | number | null | undefined>) => cells.map(referenceCell).join(',') + '\r\n';
type Row = Record<string, string | number | null> & { amount_minor: number; captured_minor: number; refunded_minor: number; currency: CurrencyCode };
const header = ['created_at', 'kind', 'order_id', 'state', 'gateway_status', 'amount', 'currency', 'captured', 'refunded', 'customer_name', 'customer_email', 'customer_phone', 'card', 'transaction_id', 'url', 'profile_id', 'environment', 'description', 'last_checked_at', 'local_time', 'local_day', 'refunded_known', 'open_operation', 'open_operation_state', 'open_operation_amount', 'profile_name', 'amount_minor', 'captured_minor', 'refunded_minor'];
// The local columns in this process's zone (an export without a zone uses main's), read with Date's own local getters.
const two = (n: number) => String(n).padStart(2, '0');
function referenceLocal(iso: string): [string, string] {
  const d = new Date(iso);
  const day = `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
  const ahead = -d.getTimezoneOffset();
  return [`${day}T${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}${ahead < 0 ? '-' : '+'}${two(Math.floor(Math.abs(ahead) / 60))}:${two(Math.abs(ahead) % 60)}`, day];
}
/** A refund state with nothing refunded in the ledger: a refund made elsewhere, its amount not known (no 0.00). */
const refundNotKnown = (p: Row) => (p.state === 'partially_refunded' || p.state === 'refunded') && p.refunded_minor === 0;
type Open = { payment_id: string; kind: string; outcome: string; amount_minor: number | null };
/** The operation open on each payment (at most one), as the list's row words it: "refund unclear", "capture being sent". */
const openCells = (op: Open | undefined, currency: CurrencyCode) => (op ? [op.kind, op.outcome === 'unknown' ? 'unclear' : 'being_sent', op.amount_minor === null ? null : formatMinor(op.amount_minor, currency)] : [null, null, null]);
const referenceCsv = (rows: Row[], open: Map<string, Open>) => '\uFEFF' + referenceLine(header) + rows.map((p) => referenceLine([
  p.created_at, p.kind, p.order_id, p.state, p.status_word,
  formatMinor(p.amount_minor, p.currency), p.currency, formatMinor(p.captured_minor, p.currency), refundNotKnown(p) ? null : formatMinor(p.refunded_minor, p.currency),
  p.customer_name, p.customer_email, p.customer_phone, p.card_bin && p.card_last4 ? `${p.card_bin}******${p.card_last4}` : null,
  p.transaction_id, p.link_url, p.profile_id, p.environment, p.description, p.last_checked_at, ...referenceLocal(p.created_at as string), refundNotKnown(p) ? 'no' : 'yes',
  ...openCells(open.get(p.id as string), p.currency), reportProfileNames[p.profile_id as string] ?? null,
  p.amount_minor, p.captured_minor, refundNotKnown(p) ? null : p.refunded_minor,
])).join('');

describeReports('the fast export writer', seed, (reports, backend) => {
  const exported = async (filter: PaymentFilter, sort: PaymentSort) => (await reports().exportFile({ kind: 'payments', filter, sort })).text;
  /** exportPayments' chunks (1,500 rows each, several for the larger cases) joined, as a caller saves them. */
  async function quickPayments(filter: PaymentFilter, sort: PaymentSort) {
    let text = '';
    for (let offset = 0; ; offset += 1_500) {
      const chunk = await reports().call('exportPayments', { filter, sort, offset, limit: 1_500 });
      text += chunk.csv;
      if (chunk.done) return text;
    }
  }

  it('writes when each payment was last checked, as the status checks recorded it', async () => {
    const ids = reports().oracle.prepare("SELECT id FROM payments WHERE currency = 'SAR' ORDER BY rowid LIMIT 3").pluck().all() as string[];
    // Checked twice, the second answer the last; the third payment once.
    await reports().check(ids[0]!, '2026-11-07T08:00:00.000Z');
    await reports().check(ids[0]!, '2026-11-08T09:30:15.250Z');
    await reports().check(ids[1]!, '2026-11-08T10:00:00.001Z');
    await reports().check(ids[2]!, '2026-11-08T10:00:00.002Z');
    const text = await exported({ currency: 'SAR' }, { by: 'createdAt', direction: 'asc' });
    const checkedAt = text.split('\r\n').map((line) => line.split(',').at(-11)); // before local_time, local_day, refunded_known, the open operation's three, profile_name and the three minor units
    expect(checkedAt.filter((at) => at?.startsWith('2026-11-0'))).toEqual(expect.arrayContaining(['2026-11-08T09:30:15.250Z', '2026-11-08T10:00:00.001Z', '2026-11-08T10:00:00.002Z']));
  });

  it.each<[string, PaymentFilter, PaymentSort, string, unknown[]]>([
    ['every payment, newest first', {}, { by: 'createdAt', direction: 'desc' }, '', []],
    ['a currency, by customer', { currency: 'KWD' }, { by: 'customer', direction: 'asc' }, "WHERE currency = 'KWD'", []],
    ['alike payments by amount', { currency: 'KWD', minAmount: '4.242', maxAmount: '4.242' }, { by: 'amount', direction: 'desc' }, "WHERE currency = 'KWD' AND amount_minor = 4242", []],
    ['alike payments by order id', { currency: 'KWD', minAmount: '4.242', maxAmount: '4.242' }, { by: 'orderId', direction: 'asc' }, "WHERE currency = 'KWD' AND amount_minor = 4242", []],
    ['alike payments by date, newest first', { currency: 'KWD', from: '2026-11-06T00:00:00.000Z', to: '2026-11-06T00:00:00.001Z' }, { by: 'createdAt', direction: 'desc' }, "WHERE currency = 'KWD' AND created_at = '2026-11-06T00:00:00.000Z'", []],
    ['a text search, by amount', { query: 'example.com' }, { by: 'amount', direction: 'desc' }, "WHERE customer_email LIKE '%example.com%'", []],
    ['paid, by state and date', { states: ['paid'] }, { by: 'state', direction: 'asc' }, "WHERE state = 'paid'", []],
  ])('writes the same bytes as the plain writer: %s', async (_name, filter, sort, where, params) => {
    const order: Record<PaymentSort['by'], string> = { createdAt: 'created_at D, rowid D', amount: 'currency D, amount_minor D, rowid D', customer: "ifnull(customer_name, '') COLLATE NOCASE D, rowid D", state: 'state D, created_at D, rowid D', orderId: 'order_id COLLATE NOCASE D, rowid D' };
    const rows = reports().oracle.prepare(`SELECT * FROM payments ${where} ORDER BY ${order[sort.by].replace(/ D/g, sort.direction === 'asc' ? ' ASC' : ' DESC')}`).all(...params) as Row[];
    expect(rows.length).toBeGreaterThan(0);
    const open = new Map((reports().oracle.prepare(`SELECT payment_id, kind, outcome, amount_minor FROM operations WHERE outcome IN ('sending', 'unknown')`).all() as Open[]).map((op) => [op.payment_id, op]));
    // The team ledger's copy waits for open operations to settle (report-backends.ts): there none are open.
    if (backend === 'sqlite') expect([...open.values()].map((op) => op.outcome)).toEqual(expect.arrayContaining(['sending', 'unknown']));
    const text = await exported(filter, sort);
    expect(text).toBe(referenceCsv(rows, open));
    // The quick download, its chunks joined, is the same file.
    expect(await quickPayments(filter, sort)).toBe(text);
  });

  it('the quick audit download lists the log as the file export does, then the file export\'s own entry (its own is recorded once read)', async () => {
    const file = await reports().exportFile({ kind: 'audit' });
    const quick = await reports().call('exportAuditLog', {});
    expect(quick.fileName).toMatch(/^paydesk-audit-\d{8}-\d{6}\.csv$/);
    expect(quick.rows).toBe(file.progress.rows + 1);
    // The file's lines and one more: the file export's own entry, the last of the log's own (on the
    // team ledger the entries copied from laptops follow the team's, pg-export.ts).
    const before = new Set(file.text.split('\r\n'));
    const quickLines: string[] = quick.csv.split('\r\n');
    const own = quickLines.filter((line) => !before.has(line));
    expect(quickLines.filter((line) => before.has(line))).toEqual(file.text.split('\r\n'));
    // Who exported: the OS user the call came from (huda), the entry's hash, its local columns; on the team ledger then the login the database stamped (and no laptop),
    // its seq the team log's own (the copied entries are not in its numbering).
    // Then profile_name (walk39): none, the export is of no profile.
    const login = backend === 'postgres' ? ',fay,,' : ',';
    expect(own).toEqual([
      expect.stringMatching(new RegExp(`^${backend === 'postgres' ? '\\d+' : file.progress.rows + 1},[^,]+,huda,,,export_audit_log,,,,,,${file.progress.rows} rows; file paydesk-audit-[-0-9]+\\.csv; zone [^,]+,[0-9a-f]{64},[-+:T0-9]+,[-0-9]{10}${login}$`)),
    ]);
    // The download's entry, written after it was read, says the same of the download.
    const [entry] = (await reports().call('listAuditLog', { limit: 1 })).rows;
    expect(entry).toMatchObject({ action: 'export_audit_log', osUser: 'huda', result: expect.stringMatching(new RegExp(`^${quick.rows} rows; file ${quick.fileName}; zone \\S+$`)) });
  });

  it('keeps formulas neutralised and money exact in the awkward rows', async () => {
    const text = await exported({ profileId: 'practice', kinds: ['sale'], from: '2026-11-05T00:00:00Z' }, { by: 'createdAt', direction: 'asc' });
    const lines = text.slice(1).split('\r\n');
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"",""y"")",paid,CAPTURED,0.001,KWD,0.001,0.000,"'+966 Omar, ""the"" saver",'-me@example.com,'@home,512345******0008`);
    expect(text).toContain(',7,JPY,7,3,مريم القحطاني,');
    // The open operation's cells, then the profile's name (profile_name, walk37): a refund whose answer was lost, a capture being sent, a void (no amount) lost.
    if (backend === 'postgres') return; // settled before the copy (report-backends.ts); unclear-row-words.test.ts exports them there
    expect(text).toMatch(/,7,JPY,7,3,مريم القحطاني,[\s\S]*?,yes,refund,unclear,2,"فرع ""العليا"" – Riyadh",7,7,3\r\n/);
    expect(text).toMatch(/,999999999999\.999,BHD,[\s\S]*?,yes,capture,being_sent,999999999999\.989,"فرع ""العليا"" – Riyadh",999999999999999,999999999999999,10\r\n/);
    expect(text).toMatch(/,0\.05,SAR,[\s\S]*?,yes,void,unclear,,"فرع ""العليا"" – Riyadh",5,0,0\r\n/);
    expect(text).toContain(',999999999999.999,BHD,999999999999.999,0.010,,,,,');
    expect(text).toContain(",0.05,SAR,0.00,0.00,\"a\nb\",\"q\"\"uote@example.com\",0500,,");
    // A signed number and a phone hold no formula: no apostrophe for a mail merge to keep.
    expect(text).toContain(',-10.50,paid,CAPTURED,1.00,AED,1.00,1.00, space,"x,y@example.com",+966500000000,222100******4444,');
  });
});
