// Services the first screen does not need start after it shows; a call that needs them before
// then starts them and waits, and never fails for arriving early.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { AppEvent } from '../../contract/events';
import { startLater } from '../../main/core/start-later';
import { createAppEvents } from '../../main/core/sequenced-events';
import { createSqliteLedgerStore } from '../../main/ledger/sqlite-store';
import { customer, goodCard } from '../ledger/support';
import { createApp, type PaydeskApp } from '../../main/composition';
import { openLedgerDb } from '../../main/ledger/database';
import { positionsPending } from '../../main/ledger/search';
import { seedLedger } from '../../scripts/seed-ledger';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('services started after the first screen', () => {
  it('start once, when first needed, and every early caller waits for them', async () => {
    let starts = 0;
    let up = false;
    const later = startLater(async () => {
      starts++;
      await pause(30);
      up = true;
    }, { fallbackMs: 60_000, onError: () => undefined });
    expect(later.started).toBe(false);
    await Promise.all([later.ready(), later.ready()]);
    expect(up).toBe(true);
    expect(starts).toBe(1);
    later.cancel();
  });

  it('start shortly after the first screen shows, or after the fallback if it never says so', async () => {
    let starts = 0;
    const afterScreen = startLater(async () => void starts++, { fallbackMs: 60_000, onError: () => undefined });
    afterScreen.soon(20);
    await pause(80);
    expect(starts).toBe(1);
    const never = startLater(async () => void starts++, { fallbackMs: 20, onError: () => undefined });
    await pause(80);
    expect(never.started).toBe(true);
    expect(starts).toBe(2);
  });

  describe('in the whole app', () => {
    let app: PaydeskApp | undefined;
    let dir = '';
    afterEach(async () => {
      await app?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('a payment link created before the first screen showed is created, not refused', async () => {
      dir = mkdtempSync(join(tmpdir(), 'paydesk-later-'));
      app = await createApp({ dataDir: dir, runtime: 'test', version: '0.0.0', startLaterMs: 60_000 });
      const ctx = { transport: 'direct' as const, osUser: 'tester' };
      const created = await app.handlers.createPaymentLink({ amount: '12.50', currency: 'SAR', description: 'Early', customer: { name: 'Sara', email: 'sara@example.com', phone: '+966501234567' } }, ctx);
      expect(created.ok && created.value.state).toBe('pending');
      expect((await app.handlers.firstScreenShown({}, ctx)).ok).toBe(true);
    });

    // Services started or not: on a start slower than their 3 s fallback they came first, and the
    // note was told to no window (a CI run: crash-told e2e, Needs attention 1 and no note).
    it.each([
      ['not started yet', 60_000],
      ['started first (a slow start)', 0],
    ])('a refund a crash left sending is told once the window listens (its first screen shown), not before, main\'s later services %s', async (_, startLaterMs) => {
      dir = mkdtempSync(join(tmpdir(), 'paydesk-later-'));
      app = await createApp({ dataDir: dir, runtime: 'test', version: '0.0.0', startLaterMs: 60_000 });
      const ctx = { transport: 'direct' as const, osUser: 'tester' };
      const sold = await app.handlers.chargeCard({ amount: '25.00', currency: 'SAR', card: goodCard, customer, authOnly: false }, ctx);
      if (!sold.ok) throw new Error(sold.error.message);
      await app.close();
      // What a kill between "recorded" and "answered" leaves: the refund's intent.
      const db = openLedgerDb(dir);
      await createSqliteLedgerStore(db).insertOperation({ id: randomUUID(), payment_id: sold.value.payment.id, kind: 'refund', amount_minor: 2_500, base_minor: 0, reason: 'Asked', os_user: 'tester', outcome: 'sending', error_code: null, error_message: null, gateway_answer: null, created_at: new Date().toISOString(), completed_at: null });
      db.close();

      const events = createAppEvents();
      const told: AppEvent[] = [];
      events.subscribe((event) => event.type === 'notification' && told.push(event));
      app = await createApp({ dataDir: dir, runtime: 'test', version: '0.0.0', startLaterMs, events });
      await pause(200); // the services' start, when at once, is over
      // Started, the operation marked: a notification now would reach no window yet.
      expect(told).toEqual([]);
      await app.handlers.firstScreenShown({}, ctx);
      const until = Date.now() + 5_000;
      while (told.length === 0 && Date.now() < until) await new Promise((resolve) => setImmediate(resolve));
      expect(told).toMatchObject([{ level: 'error', paymentId: sold.value.payment.id, reason: { key: 'notify.answerLost.refund', values: { orderId: sold.value.payment.orderId, amountMinor: 2_500 } } }]);
    });

    it("the list's first page walks no positions for deep jumps before they start, and they are walked once they have", async () => {
      dir = mkdtempSync(join(tmpdir(), 'paydesk-later-'));
      const db = openLedgerDb(dir);
      seedLedger(db, { payments: 25_000, seed: 3 }); // over 20,000: a first page asks for positions
      db.close();
      app = await createApp({ dataDir: dir, runtime: 'test', version: '0.0.0', startLaterMs: 60_000 });
      const ctx = { transport: 'direct' as const, osUser: 'tester' };
      const first = await app.handlers.searchPayments({ filter: {}, sort: { by: 'createdAt', direction: 'desc' }, offset: 0, limit: 100 }, ctx);
      expect(first.ok && first.value.rows.length).toBe(100);
      expect(positionsPending()).toBe(false);
      await pause(50);
      expect(positionsPending()).toBe(false);
      // They start a second after the first screen shows: the walk then begins (a turn at a time on
      // main here: the tests have no worker bundle), looked for at every turn.
      await app.handlers.firstScreenShown({}, ctx);
      const until = Date.now() + 5_000;
      while (!positionsPending() && Date.now() < until) await new Promise((resolve) => setImmediate(resolve));
      expect(positionsPending()).toBe(true);
    }, 60_000);
  });
});
