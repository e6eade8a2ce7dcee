// The audit chain is verified once per entry: opening the log checks only what was added since,
// yet an edit after or at the last verified entry is still caught; the audit screen pages by seq
// at any depth. On a laptop's SQLite ledger and on the team ledger (test/support/ledger-apps.ts),
// whose database writes the log (an edit there is a superuser's on the server). The full check
// (off main's event loop: a worker thread, or slices; progress and the first broken link): on
// SQLite over the laptop's file, on the team ledger recomputed by PostgreSQL slice by slice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { rmSync } from 'node:fs';
import { build } from 'esbuild';
import { checkAuditChain } from '../../main/ledger/audit-chain';
import { createAuditVerifier } from '../../main/ledger/audit-verify';
import { createTeamAuditVerifier } from '../../main/ledger/postgres/pg-audit-verify';
import { teamServer } from '../support/postgres-tests';
import type { AppEvent } from '../../contract/events';
import { describeLedgerApp } from '../support/ledger-apps';

type Chain = { intact: boolean; checkedThrough: number; last: number; brokenAt?: number };
type Window = { total: number; totalExact?: boolean; chain: Chain; rows: Array<{ seq: number; orderId: string | null }> };

describeLedgerApp('the audit chain', (app, backend) => {
  /** Entries already in the log before the test's (the team's template records who was added). */
  let base = 0;
  const look = (input: object = {}) => app().value<Window>('listAuditLog', { limit: 10, ...input });
  const note = async (order: string) => void (await app().seedPayments([{ order_id: order }]));

  beforeAll(async () => {
    // Read by another laptop: this one's first look at the log is the first test's.
    base = backend === 'postgres' ? (await (await app().open()).value<Window>('listAuditLog', { limit: 1 })).total : 0;
    const users = ['layla', 'omar'];
    for (let from = 0; from < 2_500; from += 500) {
      await app().seedPayments(Array.from({ length: 500 }, (_, k) => ({ order_id: `PD-${from + k}`, created_by: users[(from + k) % 2]!, amount_minor: 100 + from + k })));
    }
  }, 120_000);

  describe('checking the chain as the log is opened', () => {
    it('checks a slice now and the rest in the background, then only new entries', async () => {
      const first = (await look()).chain;
      expect(first).toMatchObject({ intact: true, last: base + 2_500 });
      expect(first.checkedThrough).toBeLessThan(base + 2_500);
      await app().settled();
      expect((await look()).chain).toEqual({ intact: true, checkedThrough: base + 2_500, last: base + 2_500 });
      await note('a');
      expect((await look()).chain).toEqual({ intact: true, checkedThrough: base + 2_501, last: base + 2_501 });
    });

    it('catches an entry edited after the last verified one, and one rewritten at it', async () => {
      await note('b');
      await app().tamperAudit(base + 2_502, { set: { result: 'edited' } });
      expect((await look()).chain).toMatchObject({ intact: false, brokenAt: base + 2_502 });
      expect((await look()).chain).toMatchObject({ intact: false, brokenAt: base + 2_502 });
    });
  });

  if (backend === 'postgres') {
    // The full check of the database's chain: PostgreSQL recomputes each hash as append_audit wrote
    // it, a keyset slice per query awaited on the pool (pg-audit-verify.ts).
    describe('the full check', () => {
      const verifyEvents = () => app().events.filter((e): e is Extract<AppEvent, { type: 'audit.verify' }> => e.type === 'audit.verify');
      async function fullCheck() {
        const before = verifyEvents().length;
        const [first, again] = await Promise.all([app().value<{ started: boolean; entries: number }>('verifyAuditChain', {}), app().value<{ started: boolean }>('verifyAuditChain', {})]);
        expect(first).toEqual({ started: true, entries: base + 2_502 });
        expect(again.started).toBe(false);
        await expect.poll(() => verifyEvents().slice(before).some((e) => e.done)).toBe(true);
        return verifyEvents().at(-1)!;
      }

      it('reports the first broken link, a superuser\'s edit on the server; a repaired chain is intact again', async () => {
        expect(await fullCheck()).toMatchObject({ done: true, intact: false, brokenAt: base + 2_502 });
        // As the database wrote it (audit_payment: 'recorded: ' || state).
        await app().tamperAudit(base + 2_502, { set: { result: 'recorded: pending' } });
        expect(await fullCheck()).toMatchObject({ done: true, intact: true, checked: base + 2_502, total: base + 2_502 });
        // The quick check, which had remembered the break, takes the full check's word (as on SQLite).
        expect((await look()).chain).toEqual({ intact: true, checkedThrough: base + 2_502, last: base + 2_502 });
      });

      it('in slices with awaits: progress, main answering meanwhile, and a removed entry found at its place', async () => {
        const server = teamServer();
        const fay = await server.connectAs(app().database!, server.person('finance').login);
        try {
          await app().tamperAudit(base + 1_234, 'delete');
          const events: AppEvent[] = [];
          const verifier = createTeamAuditVerifier({ pool: fay, emit: (e) => events.push(e), sliceRows: 500 });
          expect(await verifier.start()).toEqual({ started: true, entries: base + 2_502 });
          let answered = 0;
          const timer = setInterval(() => answered++, 0);
          await verifier.idle();
          clearInterval(timer);
          expect(events.filter((e) => e.type === 'audit.verify' && !e.done).map((e) => (e as { checked: number }).checked)).toEqual([500, 1_000]);
          expect(events.at(-1)).toMatchObject({ type: 'audit.verify', done: true, intact: false, brokenAt: base + 1_234 });
          expect(answered).toBeGreaterThan(0);
          // The app's own check says the same.
          expect(await fullCheck()).toMatchObject({ done: true, intact: false, brokenAt: base + 1_234 });

          // Paydesk closing: the check ends after its slice under way, said as not finished, and none starts after.
          const stopped: AppEvent[] = [];
          const closing = createTeamAuditVerifier({ pool: fay, emit: (e) => stopped.push(e), sliceRows: 100 });
          expect((await closing.start()).started).toBe(true);
          await closing.stop();
          expect(stopped.at(-1)).toMatchObject({ type: 'audit.verify', done: true, intact: false });
          expect(stopped.at(-1)).not.toHaveProperty('brokenAt');
          expect((stopped.at(-1) as { checked: number }).checked).toBeLessThan(1_000);
          expect((await closing.start()).started).toBe(false);

          // A person's Stop: ends after the slice under way, said as stopped; another check may start.
          const told: AppEvent[] = [];
          const stopping = createTeamAuditVerifier({ pool: fay, emit: (e) => (told.push(e), told.length === 1 && stopping.cancel()), sliceRows: 100 });
          expect(stopping.cancel()).toEqual({ stopped: false });
          expect((await stopping.start()).started).toBe(true);
          await stopping.idle();
          expect(told).toEqual([
            { type: 'audit.verify', checked: 100, total: base + 2_502, done: false, intact: true },
            { type: 'audit.verify', checked: 100, total: base + 2_502, done: true, intact: false, cancelled: true },
          ]);
          expect((await stopping.start()).started).toBe(true);
          await stopping.idle();
          expect(told.at(-1)).toMatchObject({ done: true, intact: false, brokenAt: base + 1_234 });
          expect(await app().value('cancelAuditVerify', {})).toEqual({ stopped: false });
        } finally {
          await fay.end();
        }
      });
    });
  } else {
    // The full check reads the laptop's file: in a worker thread as the app ships it, or in slices.
    describe('the full check', () => {
      const workerFile = resolve(`node_modules/.audit-verify-worker-${process.pid}.cjs`);
      beforeAll(async () => {
        await build({ entryPoints: [resolve('main/ledger/audit-verify-worker.ts')], outfile: workerFile, bundle: true, platform: 'node', format: 'cjs', packages: 'external', logLevel: 'silent', absWorkingDir: resolve('.') });
      });
      afterAll(() => rmSync(workerFile, { force: true }));

      it('runs in a worker thread, reports progress and the first broken link; a repaired chain is intact again', async () => {
        const db = app().db!;
        const events: AppEvent[] = [];
        const verifier = createAuditVerifier({ db, emit: (e) => events.push(e), workerFile });
        expect(verifier.start()).toEqual({ started: true, entries: 2_502 });
        expect(verifier.start().started).toBe(false);
        await verifier.idle();
        expect(events.at(-1)).toMatchObject({ type: 'audit.verify', done: true, intact: false, brokenAt: 2_502 });

        await app().tamperAudit(2_502, { set: { result: 'recorded: pending' } });
        verifier.start();
        await verifier.idle();
        expect(events.at(-1)).toMatchObject({ type: 'audit.verify', done: true, intact: true, checked: 2_502 });
        expect(checkAuditChain(db)).toEqual({ intact: true, checkedThrough: 2_502, last: 2_502 });
      });

      it('stops when the person asks (a million entries take 10-20 s), said as stopped, and can start again', async () => {
        const events: AppEvent[] = [];
        const inWorker = createAuditVerifier({ db: app().db!, emit: (e) => events.push(e), workerFile });
        expect(inWorker.cancel()).toEqual({ stopped: false }); // nothing running
        inWorker.start();
        expect(inWorker.cancel()).toEqual({ stopped: true });
        await inWorker.idle();
        expect(events).toEqual([{ type: 'audit.verify', checked: 0, total: 2_502, done: true, intact: false, cancelled: true }]);
        inWorker.start();
        await inWorker.idle();
        expect(events.at(-1)).toMatchObject({ done: true, intact: true, checked: 2_502 });
        expect(events.at(-1)).not.toHaveProperty('cancelled');

        // In slices: stopped after its first slice, the next one never read.
        const sliced: AppEvent[] = [];
        const inSlices = createAuditVerifier({ db: app().db!, emit: (e) => (sliced.push(e), sliced.length === 1 && inSlices.cancel()) });
        inSlices.start();
        await inSlices.idle();
        expect(sliced).toEqual([
          { type: 'audit.verify', checked: 1_000, total: 2_502, done: false, intact: true },
          { type: 'audit.verify', checked: 1_000, total: 2_502, done: true, intact: false, cancelled: true },
        ]);
        // Through main's method, as the screen's Stop asks.
        expect(await app().value('cancelAuditVerify', {})).toEqual({ stopped: false });
      });

      it('without the worker bundle, runs in slices on the event loop and still finds a deleted entry', async () => {
        await app().tamperAudit(1_234, 'delete');
        const events: AppEvent[] = [];
        const verifier = createAuditVerifier({ db: app().db!, emit: (e) => events.push(e) });
        verifier.start();
        let answered = 0;
        const timer = setInterval(() => answered++, 0);
        await verifier.idle();
        clearInterval(timer);
        expect(events.filter((e) => e.type === 'audit.verify' && !e.done).length).toBeGreaterThan(0);
        expect(events.at(-1)).toMatchObject({ done: true, intact: false, brokenAt: 1_234 });
        expect(answered).toBeGreaterThan(0);
      });
    });
  }

  describe('the audit screen window', () => {
    it('pages by seq at any depth, and searches newest first without counting', async () => {
      const newest = await look({ offset: 0, limit: 10 });
      expect(newest.total).toBe(base + 2_502);
      expect(newest.rows.map((r) => r.seq - base)).toEqual([2502, 2501, 2500, 2499, 2498, 2497, 2496, 2495, 2494, 2493]);
      expect((await look({ offset: 2_000, limit: 3 })).rows.map((r) => r.seq - base)).toEqual([502, 501, 500]);
      expect((await look({ offset: 0, limit: 3, beforeSeq: base + 100 })).rows.map((r) => r.seq - base)).toEqual([99, 98, 97]);
      const found = await look({ query: 'PD-24', offset: 0, limit: 5 });
      expect(found.rows.map((r) => r.orderId)).toEqual(['PD-2499', 'PD-2498', 'PD-2497', 'PD-2496', 'PD-2495']);
      expect(found.totalExact).toBe(false);
      const rest = await look({ query: 'PD-24', offset: 0, limit: 500, beforeSeq: found.rows.at(-1)!.seq });
      expect(rest.rows.length).toBe(111 - 5);
      expect(rest.totalExact).toBe(true);
    });
  });
});
