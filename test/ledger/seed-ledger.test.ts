// The seeded ledger (`npm run seed`, the benchmarks, anyone trying the app at scale) holds only
// what the app itself records: every audit action it writes is one the audit screen words in
// English and Arabic, so a person looking at a seeded ledger never meets a raw code (a payment
// made elsewhere was written "create_external", an action the app never records: it records
// such a payment as found by a lookup).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLedgerDb } from '../../main/ledger/database';
import { checkAuditChain } from '../../main/ledger/audit-chain';
import { seqRangeNow } from '../../main/ledger/audit-period';
import { seedLedger } from '../../scripts/seed-ledger';
import { auditAction, auditResult } from '../../renderer/src/features/transactions/audit-words';
import { translate, type Language, type MessageKey } from '../../renderer/src/i18n';

const dir = mkdtempSync(join(tmpdir(), 'paydesk-seed-words-'));
beforeAll(() => {
  const db = openLedgerDb(dir);
  seedLedger(db, { payments: 3_000, seed: 11 });
  db.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('leaves no payment made elsewhere waiting for its creation\'s answer (the reconciler would settle it under a raw "create_external")', () => {
  const db = openLedgerDb(dir);
  try {
    expect(db.prepare("SELECT count(*) FROM payments WHERE kind = 'external'").pluck().get()).toBeGreaterThan(0);
    expect(db.prepare("SELECT count(*) FROM payments WHERE kind = 'external' AND state IN ('unknown', 'creating')").pluck().get()).toBe(0);
    expect(db.prepare("SELECT count(*) FROM operations o JOIN payments p ON p.id = o.payment_id WHERE p.kind = 'external' AND o.kind = 'create' AND o.outcome IN ('unknown', 'sending')").pluck().get()).toBe(0);
  } finally {
    db.close();
  }
});

it.each(['en', 'ar'] as Language[])('words every audit action and result of a seeded ledger in %s', (language) => {
  const db = openLedgerDb(dir);
  try {
    const entries = db.prepare('SELECT DISTINCT action, result FROM audit_log').all() as Array<{ action: string; result: string }>;
    expect(new Set(entries.map((e) => e.action))).toContain('lookup'); // the seed makes payments found elsewhere too
    const t = (key: MessageKey, values?: Record<string, string | number>) => translate(language, key, values);
    for (const { action, result } of entries) {
      expect(auditAction(action, t), action).not.toBe(action);
      const said = auditResult(action, result, t, language);
      expect(said, `${action}: ${result}`).not.toBe(result);
      if (language === 'en') expect(said, `${action}: ${result}`).toMatch(/^[A-Z0-9]/); // as the state words beside it
    }
  } finally {
    db.close();
  }
});

// The log is written in time order, as the app appends it: the audit screen finds a period by
// halving on seq (audit-period.ts), so a seeded refund written beside its payment, weeks before
// its time, was listed in the payment's month ("Last month" showed November's refunds under October).
it('writes the audit log in time order, its chain intact, and a month’s period holds that month’s entries only', () => {
  const db = openLedgerDb(dir);
  try {
    const out = db.prepare('SELECT count(*) FROM (SELECT at, lag(at) OVER (ORDER BY seq) AS before FROM audit_log) WHERE at < before').pluck().get();
    expect(out).toBe(0);
    expect(checkAuditChain(db).intact).toBe(true);
    const lastSeq = db.prepare('SELECT max(seq) FROM audit_log').pluck().get() as number;
    const atOf = db.prepare('SELECT at FROM audit_log WHERE seq = ?').pluck();
    const october = { from: '2026-09-30T21:00:00.000Z', to: '2026-10-31T21:00:00.000Z' };
    const { first, last } = seqRangeNow(october, lastSeq, (seq) => atOf.get(seq) as string | undefined);
    const inside = db.prepare('SELECT count(*) FROM audit_log WHERE at >= ? AND at < ?').pluck().get(october.from, october.to);
    expect(last - first + 1).toBe(inside);
  } finally {
    db.close();
  }
});
