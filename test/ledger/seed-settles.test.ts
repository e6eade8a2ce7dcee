// A seeded ledger opened in the app looks like a real business's: the reconciler asks the practice
// gateway about the seed's open payments (unpaid links and sessions, sales waiting for 3-D Secure,
// creations whose answer was lost), and the gateway answers for each as if it had made it
// (scripts/seed-gateway.ts). It never had, and answered "no such order": every one of them turned
// "unsettled" after five checks, Needs attention from 21 to 99+ on a 2,000-payment seed
// (docs/screens-walks.md). Main's own reconciliation (reconcileDue) on a moved clock, each time a
// check comes due, until every one has been checked six times, against the practice gateway over
// HTTP on its state file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openLedgerDb } from '../../main/ledger/database';
import { practiceStateFileName } from '../../main/practice/store';
import { seedLedger } from '../../scripts/seed-ledger';
import { startSqliteApp } from '../support/ledger-apps';
import { startTestGateway } from '../support/practice';

const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-seed-settles-'));
const started = Date.now();
let clock = new Date(started);
const now = () => clock;
type Row = { order_id: string; kind: string; state: string; created_at: string; expire_date: string | null; needs_attention: number; attention_reason: string | null; last_error: string | null };
let before: Row[] = [];

beforeAll(() => {
  const db = openLedgerDb(dataDir);
  // Two weeks up to now: the last week's payments open (the older ones settled as the app would have
  // recorded them), some unpaid links still within their 7 days, some past them.
  seedLedger(db, { payments: 1_500, seed: 9, start: new Date(started - 14 * 86_400_000), end: new Date(started - 60_000), practiceStateFile: join(dataDir, practiceStateFileName) });
  before = db.prepare("SELECT order_id, kind, state, created_at, expire_date, needs_attention, attention_reason, last_error FROM payments WHERE next_check_at IS NOT NULL").all() as Row[];
  db.close();
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('answers every open payment of the seed as the gateway that made it: Needs attention never grows, none turns unsettled', async () => {
  // The seed's open payments, each kind the reconciler asks about.
  expect(new Set(before.filter((r) => r.state === 'pending').map((r) => r.kind))).toEqual(expect.objectContaining(new Set(['link', 'checkout', 'sale'])));
  expect(before.filter((r) => r.state === 'unknown').length).toBeGreaterThan(1);
  // Open only if made in the seed's last week (a link given a month: its month): an older one the app would long since have settled.
  expect(before.filter((r) => r.state === 'pending' && !r.expire_date && Date.parse(r.created_at) < started - 7 * 86_400_000 - 60_000)).toEqual([]);
  expect(before.filter((r) => r.state === 'pending' && r.expire_date && Date.parse(r.created_at) < started - 8 * 86_400_000).length).toBeGreaterThan(0);
  const practice = await startTestGateway({ stateFile: join(dataDir, practiceStateFileName), now });
  const app = await startSqliteApp({ dataDir, practice, now });
  try {
    const attention = () => app.db.prepare('SELECT count(*) FROM payments WHERE needs_attention = 1').pluck().get() as number;
    const flaggedAtStart = attention();
    const counts: number[] = [];
    // Until each has had its sixth check (five make a payment with no settled answer "unsettled"):
    // its first is due a day after it was made, the next 30 s, 1, 2, 5, 15 and 60 minutes on.
    const firstDue = app.db.prepare('SELECT max(next_check_at) FROM payments').pluck().get() as string;
    const until = Date.parse(firstDue) + 2 * 3_600_000;
    for (;;) {
      const next = app.db.prepare('SELECT min(next_check_at) FROM payments').pluck().get() as string | null;
      if (!next || Date.parse(next) > until) break;
      clock = new Date(Math.max(Date.parse(next), clock.getTime()));
      await app.service.reconcileDue(1_000);
      counts.push(attention());
    }
    expect(counts.length).toBeGreaterThan(5);
    expect(Math.max(...counts)).toBeLessThanOrEqual(flaggedAtStart);

    const after = new Map((app.db.prepare('SELECT order_id, kind, state, created_at, expire_date, needs_attention, attention_reason, last_error FROM payments').all() as Row[]).map((r) => [r.order_id, r]));
    const opened = before.map((r) => after.get(r.order_id)!);
    // None unsettled, none told "the gateway has no such order" but the lost creations that never reached it.
    expect(opened.filter((r) => r.needs_attention === 1)).toEqual([]);
    expect(opened.filter((r) => r.last_error !== null && r.state !== 'not_created')).toEqual([]);
    // What the gateway said, as the app records it: a link or session within its 7 days still unpaid,
    // one past them expired; a sale left at its 3-D Secure check declined; a lost creation settled.
    const age = (r: Row) => (clock.getTime() - Date.parse(r.created_at)) / 86_400_000;
    const expected = (r: Row) => {
      if (r.state === 'unknown') return ['not_created', 'paid', 'pending', 'expired'];
      // 7 days, the gateway's default; a month for a link given an expiry date.
      const days = r.expire_date ? 30 : 7;
      if (r.kind === 'link' || r.kind === 'checkout') return age(r) < days - 1 ? ['pending'] : age(r) > days + 1 ? ['expired'] : ['pending', 'expired'];
      return r.kind === 'recurring' ? ['paid'] : ['declined'];
    };
    expect(before.map((r, i) => ({ order: r.order_id, kind: r.kind, was: r.state, state: opened[i]!.state })).filter((r, i) => !expected(before[i]!).includes(r.state))).toEqual([]);
    expect(opened.filter((r) => r.state === 'not_created').length).toBeGreaterThan(0);
    expect(opened.filter((r) => r.state === 'pending').length).toBeGreaterThan(0);
  } finally {
    await app.close();
    await practice.gateway.close();
  }
}, 120_000);
