// Exports written to a file by main: one snapshot (payments added during the export are not
// in it, none is repeated or skipped), in sort order, progress then done, a cancel leaves no
// file, the worker thread and the in-slices path write the same bytes, and the audit log too.
// On both backends (test/support/report-backends.ts): a laptop's SQLite ledger and the same
// payments copied into a team database, each export recorded once in that ledger's audit log.
import { expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { PaymentRow } from '../../main/ledger/payment-rows';
import { seedLedger } from '../../scripts/seed-ledger';
import { describeReports } from '../support/report-backends';

const n = 12_000;

const orderIds = (csv: string) => {
  const lines = csv.slice(1).trimEnd().split('\r\n');
  const column = lines[0]!.split(',').indexOf('order_id');
  return lines.slice(1).map((line) => line.split(',')[column]);
};

/** A new pending link as the payments service records one, now. */
function newLink(i: number): PaymentRow {
  const at = new Date().toISOString();
  return {
    id: randomUUID(), profile_id: 'practice', environment: 'practice', kind: 'link', order_id: `NEW-${i}`, amount_minor: 100, currency: 'SAR', description: null,
    customer_name: null, customer_email: null, customer_phone: null, card_bin: null, card_last4: null, transaction_id: null, session_id: null, link_url: null,
    recurring_token: null, recurring_init: 0, parent_payment_id: null, auth_only: 0, state: 'pending', status_word: null, captured_minor: 0, refunded_minor: 0,
    created_by: 't', created_at: at, updated_at: at, last_checked_at: null, next_check_at: null, check_attempts: 0, needs_attention: 0, attention_reason: null,
    watched: 0, last_error: null,
  };
}

describeReports('exporting to a file', (db) => void seedLedger(db, { payments: n, seed: 3 }), (reports, backend) => {
  it('writes one snapshot in order while payments are added, with progress', async () => {
    const db = reports().oracle;
    const before = (db.prepare('SELECT order_id FROM payments ORDER BY created_at DESC, rowid DESC').all() as Array<{ order_id: string }>).map((r) => r.order_id);
    const recorded = await reports().auditCount('export_payments');
    const exports = reports().exports();
    const started = exports.start({ kind: 'payments', filter: {}, sort: { by: 'createdAt', direction: 'desc' } });
    let finished = false;
    void started.done.then(() => (finished = true));
    // Payments arrive while the export runs (between its windows).
    let meanwhile = 0;
    for (let i = 0; i < 20; i++) {
      await new Promise((r) => setImmediate(r));
      await reports().insert(newLink(i));
      if (!finished) meanwhile++;
    }
    await started.done;
    expect(meanwhile).toBeGreaterThan(0);
    expect(orderIds(readFileSync(started.path, 'utf8'))).toEqual(before);
    const progress = exports.events.filter((e) => e.type === 'export.progress');
    expect(progress.some((e) => !e.done)).toBe(true);
    expect(progress.at(-1)).toMatchObject({ exportId: started.exportId, rows: n, total: n, done: true });
    expect(started.fileName).toMatch(/^paydesk-payments-\d{8}-\d{6}\.csv$/);
    // Recorded once, in that ledger's audit log.
    expect(await reports().auditCount('export_payments')).toBe(recorded + 1);
  });

  it('writes the same file from a worker thread, filtered and sorted', async () => {
    const filter = { currency: 'SAR' as const, states: ['paid' as const, 'refunded' as const] };
    const sort = { by: 'amount' as const, direction: 'asc' as const };
    const one = reports().exports().start({ kind: 'payments', filter, sort });
    const two = reports().exports({ inWorker: true }).start({ kind: 'payments', filter, sort });
    expect(await one.done).toMatchObject({ done: true });
    expect(await two.done).toMatchObject({ done: true });
    const text = readFileSync(two.path, 'utf8');
    expect(text).toBe(readFileSync(one.path, 'utf8'));
    const db = reports().oracle;
    // Main's automatic checkpoint, paused while SQLite's worker held its snapshot, is back.
    if (backend === 'sqlite') expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    const expected = (db.prepare("SELECT order_id FROM payments WHERE currency = 'SAR' AND state IN ('paid', 'refunded') ORDER BY amount_minor, rowid").all() as Array<{ order_id: string }>).map((r) => r.order_id);
    expect(orderIds(text)).toEqual(expected);
  });

  it('leaves nothing behind when cancelled', async () => {
    const exports = reports().exports({ inWorker: true });
    const recorded = await reports().auditCount('export_payments');
    const started = exports.start({ kind: 'payments', filter: {}, sort: { by: 'createdAt', direction: 'desc' } });
    expect(exports.cancel(started.exportId)).toBe(true);
    expect(await started.done).toMatchObject({ done: true, cancelled: true });
    expect(exports.events.at(-1)).toMatchObject({ type: 'export.progress', done: true, cancelled: true });
    expect(existsSync(started.path)).toBe(false);
    expect(readdirSync(exports.dir)).toEqual([]);
    expect(await reports().auditCount('export_payments')).toBe(recorded);
  });

  it('names a file by the moment on the user\'s clock, in the zone of its local columns', async () => {
    // 04:26:40 UTC is 07:26:40 in Riyadh and 23:26:40 the day before in New York: the name said
    // 042640, three hours off the clock of a person in Riyadh and the folder's "modified" column.
    const exports = reports().exports({ now: () => new Date('2026-11-29T04:26:40.000Z') });
    const riyadh = exports.start({ kind: 'payments', filter: { currency: 'KWD' }, sort: { by: 'createdAt', direction: 'desc' }, timeZone: 'Asia/Riyadh' });
    const newYork = exports.start({ kind: 'audit', timeZone: 'America/New_York' });
    await Promise.all([riyadh.done, newYork.done]);
    expect([riyadh.fileName, newYork.fileName]).toEqual(['paydesk-payments-20261129-072640.csv', 'paydesk-audit-20261128-232640.csv']);
    expect(readdirSync(exports.dir).sort()).toEqual([newYork.fileName, riyadh.fileName]);
  });

  it('keeps each export started in the same second in a file of its own', async () => {
    // KWD's payments exported, then the currency switched to SAR and exported again within the
    // second: the second file took the first's name and replaced it.
    const second = new Date('2026-11-29T04:26:40.000Z');
    const exports = reports().exports({ now: () => second });
    const sort = { by: 'createdAt' as const, direction: 'desc' as const };
    const kwd = exports.start({ kind: 'payments', filter: { currency: 'KWD' }, sort });
    const sar = exports.start({ kind: 'payments', filter: { currency: 'SAR' }, sort });
    await Promise.all([kwd.done, sar.done]);
    const later = exports.start({ kind: 'payments', filter: { currency: 'AED' }, sort }); // the first two on disk now
    await later.done;
    expect([kwd.fileName, sar.fileName, later.fileName]).toEqual(['paydesk-payments-20261129-042640.csv', 'paydesk-payments-20261129-042640-2.csv', 'paydesk-payments-20261129-042640-3.csv']);
    expect(readdirSync(exports.dir).sort()).toEqual([kwd.fileName, sar.fileName, later.fileName].sort());
    const currencies = (path: string) => {
      const lines = readFileSync(path, 'utf8').slice(1).trimEnd().split('\r\n');
      const column = lines[0]!.split(',').indexOf('currency');
      return [...new Set(lines.slice(1).map((line) => line.split(',')[column]))];
    };
    expect([currencies(kwd.path), currencies(sar.path), currencies(later.path)]).toEqual([['KWD'], ['SAR'], ['AED']]);
  });

  it('refuses a filter the list refuses before any file, next to its field', async () => {
    // An amount without its currency: the list says "Choose a currency to filter by amount." by the
    // field; the laptop's export started anyway, failed in its worker ("The export failed and left
    // no file. Try again.") and left a 0-byte .part in Downloads.
    const request = { kind: 'payments' as const, filter: { minAmount: '100' }, sort: { by: 'createdAt' as const, direction: 'desc' as const } };
    const refused = await reports().result('exportToFile', request);
    expect(refused.ok).toBe(false);
    expect(refused.error).toMatchObject({ code: 'invalid_input', fieldReasons: { currency: { key: 'ledger.amountNeedsCurrency' } } });
    const exports = reports().exports();
    expect(() => exports.start(request)).toThrow();
    expect(existsSync(exports.dir) ? readdirSync(exports.dir) : []).toEqual([]);
  });

  it('exports the audit log in seq order, and records that it did', async () => {
    const count = await reports().auditCount();
    const exported = await reports().auditCount('export_audit_log');
    const { text } = await reports().exportFile({ kind: 'audit' });
    const lines = text.slice(1).trimEnd().split('\r\n');
    // The team ledger's file adds who did it as the database stamped it, then the laptop an entry
    // copied from one was written on (empty for the team's own), last (pg-export.ts); the laptop's is as it was.
    // Then profile_name, last on both (walk39): each entry's profile as it is named now.
    expect(lines[0]).toBe(`seq,at,os_user,profile_id,environment,action,payment_id,order_id,amount,currency,reason,result,hash,local_time,local_day${backend === 'postgres' ? ',team_login,laptop' : ''},profile_name`);
    expect(backend === 'postgres' ? lines.slice(1).filter((l) => /,,[^,]*$/.test(l)).length : lines.length - 1).toBe(count);
    const named = lines.slice(1).filter((l) => l.split(',')[3] === 'practice');
    expect(named.length).toBeGreaterThan(0);
    for (const line of named) expect(line.endsWith(',"فرع ""العليا"" – Riyadh"')).toBe(true); // reportProfileNames, quoted as CSV
    expect(lines.slice(1, 4).map((l) => l.split(',')[0])).toEqual(['1', '2', '3']);
    expect(await reports().auditCount('export_audit_log')).toBe(exported + 1);
  });
});
