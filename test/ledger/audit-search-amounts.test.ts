// Finance and support look up "the refund of 12.500 KWD" in the audit screen: an amount typed as a
// person writes it finds the entries of exactly that amount (integer minor units in the currency's
// ISO 4217 exponent), in any currency where it is exact unless a currency code is typed with it;
// on a laptop's SQLite ledger and on the team ledger, whose database writes the log itself. What
// each search should find is read from every entry through the screen's own window, unsearched.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { appendAudit } from '../../main/ledger/audit-log';
import { auditMatch, listAudit } from '../../main/ledger/audit-query';
import { openLedgerDb } from '../../main/ledger/database';
import { latestVersion } from '../../main/ledger/migrations';
import type { PaymentRow } from '../../main/ledger/payment-rows';
import { describeLedgerApp } from '../support/ledger-apps';
import { seedRefund } from '../support/seed-refund';
import { rewindLedger } from '../support/rewind-ledger';

type Entry = { seq: number; action: string; amountMinor: number | null; currency: string | null; orderId: string | null };
type Window = { total: number; totalExact?: boolean; rows: Entry[] };
const at = '2026-11-20T10:00:00.000Z';

describeLedgerApp('the audit search by amount', (app) => {
  let every: Entry[] = [];
  const list = (input: object) => app().value<Window>('listAuditLog', input);

  beforeAll(async () => {
    // Order ids without digits, so only amounts can match the digits typed.
    const [kwd, usd, sar, small] = await app().seedPayments([
      { order_id: 'KW-SALE', kind: 'sale', state: 'paid', currency: 'KWD', amount_minor: 20_000, captured_minor: 20_000 },
      { order_id: 'US-SALE', kind: 'sale', state: 'paid', currency: 'USD', amount_minor: 4_000, captured_minor: 4_000 },
      { order_id: 'SA-SALE', kind: 'sale', state: 'paid', currency: 'SAR', amount_minor: 5_000, captured_minor: 5_000 },
      { order_id: 'KW-SMALL', kind: 'sale', state: 'paid', currency: 'KWD', amount_minor: 3_000, captured_minor: 3_000 },
      // 12,500 whole units: a KWD link and a JPY one (JPY has no decimals).
      { order_id: 'KW-BIG', currency: 'KWD', amount_minor: 12_500_000 },
      { order_id: 'JP-LINK', currency: 'JPY', amount_minor: 12_500 },
      // Digits in an order id: found by the text as before, beside the amounts.
      { order_id: 'INV-12500', currency: 'SAR', amount_minor: 999 },
    ]) as PaymentRow[];
    await seedRefund(app().store, kwd!, { osUser: 'fay', amountMinor: 12_500, at }); // 12.500 KWD
    await seedRefund(app().store, usd!, { osUser: 'fay', amountMinor: 1_250, at }); // 12.50 USD
    await seedRefund(app().store, sar!, { osUser: 'fay', amountMinor: 1_255, at }); // 12.55 SAR: close, not the same
    await seedRefund(app().store, small!, { osUser: 'fay', amountMinor: 1_250, at }); // 1.250 KWD: 1250 minor units, as 12.50 USD
    every = (await list({ limit: 500 })).rows;
  });

  /** Every entry of these amounts, newest first. */
  const entriesOf = (...amounts: Array<[string, number]>) =>
    every.filter((e) => amounts.some(([currency, minor]) => e.currency === currency && e.amountMinor === minor)).map((e) => e.seq);
  const found = async (query: string, limit = 100) => (await list({ query, limit })).rows.map((r) => r.seq);

  it('finds the refund of 12.500 KWD however the amount is typed, in every currency where it is exact', async () => {
    const refunds = entriesOf(['KWD', 12_500], ['USD', 1_250]);
    expect(refunds).toHaveLength(4); // each refund's intent and outcome
    // Exactly these: not 1.250 KWD (1250 minor units, as 12.50 USD), not 12.55 SAR.
    for (const query of ['12.5', '12.500', '12.50', ' 12.5 ', '١٢٫٥', '١٢٫٥٠٠', '۱۲٫۵']) expect({ query, seqs: await found(query) }).toEqual({ query, seqs: refunds });
  });

  it('with a currency code before or after the amount, only that currency', async () => {
    const kwd = entriesOf(['KWD', 12_500]);
    expect(kwd).toHaveLength(2);
    for (const query of ['12.5 KWD', 'KWD 12.5', '12.500 KWD', 'kwd 12.500', '12.5KWD', '١٢٫٥٠٠ KWD']) expect({ query, seqs: await found(query) }).toEqual({ query, seqs: kwd });
    expect(await found('12.5 USD')).toEqual(entriesOf(['USD', 1_250]));
    expect(await found('1.25 KWD')).toEqual(entriesOf(['KWD', 1_250]));
    expect(await found('12.55')).toEqual(entriesOf(['SAR', 1_255]));
    // Not exact in the currency named (JPY has no decimals), or in no entry: nothing.
    expect(await found('12.5 JPY')).toEqual([]);
    expect(await found('12.345 KWD')).toEqual([]);
  });

  it('reads digits without a decimal point as whole units, as the forms do: 12500 is 12,500, never 12.500', async () => {
    const big = entriesOf(['KWD', 12_500_000], ['JPY', 12_500]);
    expect(big).toHaveLength(2); // each link's creation
    for (const query of ['12,500', '12,500.000', '١٢٬٥٠٠']) expect({ query, seqs: await found(query) }).toEqual({ query, seqs: big });
    expect(await found('12500 JPY')).toEqual(entriesOf(['JPY', 12_500]));
    // "12500" is also text: the order id holding it is found too, newest first among the amounts.
    const withOrder = every.filter((e) => big.includes(e.seq) || e.orderId === 'INV-12500').map((e) => e.seq);
    expect(withOrder).toHaveLength(3);
    expect(await found('12500')).toEqual(withOrder);
    for (let offset = 0; offset < 3; offset++) expect((await list({ query: '12500', offset, limit: 1 })).rows.map((r) => r.seq)).toEqual(withOrder.slice(offset, offset + 1));
  });

  it('pages through an amount\'s entries, window after window, each once', async () => {
    const refunds = entriesOf(['KWD', 12_500], ['USD', 1_250]);
    const seen: number[] = [];
    for (let before: number | undefined; ;) {
      const page = await list({ query: '12.5', limit: 1, beforeSeq: before });
      seen.push(...page.rows.map((r) => r.seq));
      if (page.totalExact) break;
      before = page.rows.at(-1)!.seq;
    }
    expect(seen).toEqual(refunds);
    expect((await list({ query: '12.5', offset: 2, limit: 2 })).rows.map((r) => r.seq)).toEqual(refunds.slice(2, 4));
  });

  // Last: the export's own entry names the search ("12.500 KWD"), which the text "12.5" finds too.
  it('exports the entries the screen finds for an amount, no others', async () => {
    const started = await app().value<{ exportId: string; path: string }>('exportToFile', { kind: 'audit', search: { query: '12.500 KWD' }, timeZone: 'Asia/Riyadh' });
    await expect.poll(() => app().events.some((e) => e.type === 'export.progress' && e.exportId === started.exportId && e.done)).toBe(true);
    const [header, ...lines] = readFileSync(started.path, 'utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((l) => l.split(','));
    const seqs = lines.map((cells) => Number(cells[header!.indexOf('seq')]));
    expect(seqs).toEqual(entriesOf(['KWD', 12_500]).reverse());
  });
});

// SQLite-internal: a ledger from before migration 17 gets the amounts index, and a search by
// amount reads it instead of walking the log.
it('on a laptop’s ledger from before migration 17, adds the amounts index and finds an entry by it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-audit-amount-'));
  try {
    let db = openLedgerDb(dir);
    appendAudit(db, { osUser: 'fay', action: 'refund', amountMinor: 12_500, currency: 'KWD', result: 'succeeded' }, at);
    appendAudit(db, { osUser: 'fay', action: 'refund', amountMinor: 12_500, currency: 'SAR', result: 'succeeded' }, at);
    db.close();
    // As version 16 left it.
    rewindLedger(dir, 16);

    db = openLedgerDb(dir);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(latestVersion);
      expect(listAudit(db, { query: '12.500 KWD', offset: 0, limit: 10 }).rows.map((r) => [r.seq, r.currency, r.amount_minor])).toEqual([[1, 'KWD', 12_500]]);
      // The window reads the amount's newest entries from the index, then those entries by seq: not the log newest first.
      const match = auditMatch(db, { query: '12.500 KWD' });
      if (match === 'none') throw new Error('expected a match');
      const plan = (db.prepare(`EXPLAIN QUERY PLAN WITH words AS (SELECT value FROM json_each(@words)) SELECT a.seq FROM ledger_audit a WHERE a.seq < 3 AND ${match.test} ORDER BY a.seq DESC LIMIT 200`).all(match.params) as Array<{ detail: string }>).map((r) => r.detail);
      expect(plan[0]).toBe('SEARCH a USING INTEGER PRIMARY KEY (rowid=?)');
      expect(plan.join('; ')).toContain('SEARCH ledger_audit USING COVERING INDEX ledger_audit_amount (amount_minor=? AND currency=? AND rowid<?)');
    } finally {
      db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
