// Finance's exports say and hold what was asked, on both ledgers (test/support/report-backends.ts):
// - the payments CSV's `local_day` gives Home's days: its rows grouped by that column sum to Home's
//   per-day figures, exactly, in Riyadh (no daylight saving) and New York (a change inside the
//   120 days), where grouping by the UTC date of `created_at` does not;
// - the audit export with a search holds the entries the audit screen finds for it, no others,
//   in a file named as a part of the log;
// - each export's audit entry says which rows went to which file and what chose them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { LedgerDb } from '../../main/ledger/database';
import { describeReports } from '../support/report-backends';
import { daysBetween } from '../../renderer/src/features/overview/periods';

const zone = process.env.TZ;
const useZone = (name: string | undefined) => (name === undefined ? delete process.env.TZ : (process.env.TZ = name));
afterAll(() => useZone(zone));

/** 120 days from 15 January 2026 (New York's clocks go forward on 8 March), payments around the UTC hours that are local midnights somewhere. */
function seed(db: LedgerDb) {
  const insert = db.prepare(`INSERT INTO payments (id, profile_id, environment, kind, order_id, amount_minor, currency, state, captured_minor, refunded_minor, created_by, created_at, updated_at)
    VALUES (?, 'practice', 'practice', 'sale', ?, ?, ?, ?, ?, ?, 'seed', ?, ?)`);
  let n = 0;
  for (let day = 0; day < 120; day++) {
    for (const hour of [0, 2, 3, 4, 5, 12, 20, 21, 23]) {
      n++;
      const at = new Date(Date.UTC(2026, 0, 15 + day, hour, (n * 7) % 60)).toISOString();
      const currency = n % 3 ? 'SAR' : 'KWD';
      const amount = 1_000 + ((n * 137) % 9_000);
      const refunded = n % 5 === 0 ? Math.floor(amount / 4) : 0;
      insert.run(randomUUID(), `LD-${n}`, amount, currency, refunded ? 'partially_refunded' : 'paid', amount, refunded, at, at);
    }
  }
}

/** RFC 4180 as the export writes it (no quoted cells in these rows), as records by header name. */
function records(text: string): Array<Record<string, string>> {
  const [header, ...lines] = text.replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((l) => l.split(','));
  return lines.map((cells) => Object.fromEntries(header!.map((h, i) => [h, cells[i] ?? ''])));
}
const minorOf = (text: string) => Number(BigInt(text.replace('.', '')));

describeReports('what an export holds and says', seed, (reports) => {
  const call = (name: string, input: unknown) => reports().call(name, input);

  describe.each(['Asia/Riyadh', 'America/New_York'])('local days in %s', (name) => {
    beforeAll(() => useZone(name));
    afterAll(() => useZone(zone));

    it('sums to Home\'s per-day figures when the payments CSV is grouped by local_day, in exact minor units', async () => {
      const { text, progress } = await reports().exportFile({ kind: 'payments', filter: {}, sort: { by: 'createdAt', direction: 'asc' }, timeZone: name });
      expect(progress.rows).toBe(1_080);
      const rows = records(text);
      const byColumn = (column: (r: Record<string, string>) => string) => {
        const sums = new Map<string, { gross: number; refunded: number }>();
        for (const r of rows) {
          const key = `${column(r)} ${r.currency}`;
          const s = sums.get(key) ?? { gross: 0, refunded: 0 };
          s.gross += minorOf(r.captured!);
          s.refunded += minorOf(r.refunded!);
          sums.set(key, s);
        }
        return sums;
      };
      // Home's days: the renderer's local midnights (periods.ts), at most 92 a call.
      const home = new Map<string, { gross: number; refunded: number }>();
      for (const [from, to] of [['2026-01-14', '2026-04-14'], ['2026-04-15', '2026-05-15']]) {
        const answer = await call('getOverview', { periods: [], now: '2026-05-20T00:00:00.000Z', days: daysBetween(from!, to!) });
        for (const d of answer.days as Array<{ date: string; currency: string; grossMinor: number; refundedMinor: number }>) {
          if (d.grossMinor || d.refundedMinor) home.set(`${d.date} ${d.currency}`, { gross: d.grossMinor, refunded: d.refundedMinor });
        }
      }
      expect(byColumn((r) => r.local_day!)).toEqual(home);
      // The UTC date disagrees on many days: why the column was needed.
      expect(byColumn((r) => r.created_at!.slice(0, 10))).not.toEqual(home);
      // local_time is created_at's instant, as wall time and offset of the zone.
      for (const r of rows.slice(0, 50)) expect(Date.parse(r.local_time!)).toBe(Date.parse(r.created_at!));
    });
  });

  it('exports only the audit entries the screen finds for its search, named a part of the log, and records each export\'s scope', async () => {
    const kwd = await reports().exportFile({ kind: 'payments', filter: { currency: 'KWD', states: ['paid'] }, sort: { by: 'createdAt', direction: 'desc' }, timeZone: 'Asia/Riyadh' });
    await reports().exportFile({ kind: 'payments', filter: { currency: 'SAR' }, sort: { by: 'createdAt', direction: 'desc' }, timeZone: 'Asia/Riyadh' });
    const fileOf = (path: string) => path.split(/[\\/]/).at(-1)!;
    const query = 'currency KWD';
    const shown = await call('listAuditLog', { query, limit: 500 });
    expect(shown.rows.length).toBeGreaterThan(0);
    const matching = await reports().exportFile({ kind: 'audit', search: { query }, timeZone: 'Asia/Riyadh' });
    expect(fileOf(matching.path)).toMatch(/^paydesk-audit-matching-\d{8}-\d{6}(-\d+)?\.csv$/);
    const entries = records(matching.text);
    // The same entries as the screen's search, oldest first; none the search does not find.
    expect(entries.map((e) => Number(e.seq))).toEqual(shown.rows.map((r: { seq: number }) => r.seq).reverse());
    expect(entries.every((e) => e.result!.includes(query))).toBe(true);
    expect(matching.progress.rows).toBe(entries.length);
    const whole = await reports().exportFile({ kind: 'audit', timeZone: 'Asia/Riyadh' });
    expect(records(whole.text).length).toBeGreaterThan(entries.length);

    const newest = (await call('listAuditLog', { limit: 4 })).rows.map((r: { action: string; result: string }) => [r.action, r.result]);
    expect(newest).toEqual([
      ['export_audit_log', `${records(whole.text).length} rows; file ${fileOf(whole.path)}; zone Asia/Riyadh`],
      ['export_audit_log', `${entries.length} rows; file ${fileOf(matching.path)}; zone Asia/Riyadh; search "currency KWD"`],
      ['export_payments', expect.stringMatching(/^\d+ rows; file paydesk-payments-[-0-9]+\.csv; zone Asia\/Riyadh; currency SAR$/)],
      ['export_payments', `${kwd.progress.rows} rows; file ${fileOf(kwd.path)}; zone Asia/Riyadh; state paid; currency KWD`],
    ]);

    const settlement = await call('exportSettlement', { days: daysBetween('2026-02-01', '2026-02-03') });
    expect((await call('listAuditLog', { limit: 1 })).rows[0]).toMatchObject({ action: 'export_settlement', result: `${settlement.rows} rows; file ${settlement.fileName}; days 2026-02-01 to 2026-02-03` });
  });
  it('records a long search whole, the same on both ledgers: finance reads what was searched, not its first part', async () => {
    // 200 characters (the most a search may be), with quotes, "; " and Arabic; before, the entry kept 59 and "…".
    const query = 'refund "Ahmed; الدمام" 0500 '.repeat(8).slice(0, 200).trim();
    await reports().exportFile({ kind: 'audit', search: { query }, timeZone: 'Asia/Riyadh' });
    await reports().exportFile({ kind: 'payments', filter: { query, currency: 'KWD', states: ['paid', 'partially_refunded'] }, sort: { by: 'createdAt', direction: 'desc' }, timeZone: 'Asia/Riyadh' });
    const [payments, audit] = (await call('listAuditLog', { limit: 2 })).rows as Array<{ action: string; result: string }>;
    expect(audit!.result).toMatch(new RegExp(`^\\d+ rows; file paydesk-audit-matching-[-0-9]+\\.csv; zone Asia/Riyadh; search `));
    expect(audit!.result.endsWith(`; search ${JSON.stringify(query)}`)).toBe(true);
    expect(payments!.result).toMatch(/; state paid,partially_refunded; currency KWD; search "refund /);
    expect(payments!.result.endsWith(`; search ${JSON.stringify(query)}`)).toBe(true);
  });

  it('records a search that holds a card number without the number: the entry stays in the ledger for good', async () => {
    // A support agent pasted the card number a caller read out into the search, then exported.
    for (const query of ['4111 1111 1111 1111', '4111111111111111']) {
      await reports().exportFile({ kind: 'payments', filter: { query }, sort: { by: 'createdAt', direction: 'desc' }, timeZone: 'Asia/Riyadh' });
      const [entry] = (await call('listAuditLog', { limit: 1 })).rows as Array<{ action: string; result: string }>;
      expect(entry!.action).toBe('export_payments');
      expect(entry!.result).toMatch(/; search "\[card number removed\]"$/);
      expect(entry!.result.replace(/\D/g, '')).not.toContain('41111111');
    }
    await reports().exportFile({ kind: 'audit', search: { query: 'refund 4111-1111-1111-1111' }, timeZone: 'Asia/Riyadh' });
    const [audit] = (await call('listAuditLog', { limit: 1 })).rows as Array<{ result: string }>;
    expect(audit!.result).toMatch(/; search "refund \[card number removed\]"$/);
  });
});
