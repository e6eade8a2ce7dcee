// Main's idle time after the start warms the list's and Home's first calls without answering
// ahead: the calls that follow answer exactly what they answer on an unwarmed ledger, and the
// warming itself walks nothing, counts nothing and announces nothing (no event, no background
// positions), so the only trace it leaves is speed. A failing step does not stop the others, and
// a closed app stops them.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Doc } from 'zod/v4/core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLedgerDb, type LedgerDb } from '../../main/ledger/database';
import { positionsPending, settle } from '../../main/ledger/search';
import { createLedgerReads } from '../../main/payments/ledger-reads';
import { createOverview } from '../../main/payments/overview';
import { createOverviewReader } from '../../main/ledger/overview-reader';
import { firstScreensWarmUp, runInIdleSteps } from '../../main/api/first-screens-warm-up';
import { createHandlers, type Implementations } from '../../main/api/create-handlers';
import { appHandlers } from '../../main/api/app-handlers';
import { createUiLanguage } from '../../main/core/ui-language';
import { createLogger } from '../../main/log/logger';
import { seedLedger } from '../../scripts/seed-ledger';
import type { AppEvent } from '../../contract/events';

let dir: string;
let warmed: LedgerDb;
let cold: LedgerDb;
const events: AppEvent[] = [];
const reads = (db: LedgerDb) => createLedgerReads({ db, events: { emit: (event) => void events.push(event) }, exportDir: join(dir, 'exports') });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-warm-up-'));
  const db = openLedgerDb(dir);
  // Over 20,000 payments: the list's first call walks positions for deep jumps (search.ts).
  seedLedger(db, { payments: 25_000, seed: 8 });
  db.close();
  // Two connections to the same file: plans, statements and page caches are per connection.
  warmed = openLedgerDb(dir);
  cold = openLedgerDb(dir);
}, 60_000);
afterAll(async () => {
  await settle();
  warmed.close();
  cold.close();
  rmSync(dir, { recursive: true, force: true });
});

const firstPage = { filter: {}, sort: { by: 'createdAt' as const, direction: 'desc' as const }, offset: 0, limit: 100 };
const now = '2026-11-01T00:00:00.000Z';
const days = Array.from({ length: 30 }, (_, i) => {
  const from = new Date(Date.parse(now) - (30 - i) * 86_400_000);
  return { date: from.toISOString().slice(0, 10), from: from.toISOString(), to: new Date(from.getTime() + 86_400_000).toISOString() };
});
const home = [
  { now, periods: [{ from: days[29]!.from, to: days[29]!.to }, { from: days[0]!.from, to: now }], days: [] },
  { now, periods: [], days },
];

describe("the first screens' warm-up", () => {
  it('leaves no trace but speed: nothing walked, counted or announced, and the same answers after it', async () => {
    const warmedReads = reads(warmed);
    const warmedOverview = createOverview({ db: warmed, reader: createOverviewReader({ db: warmed }) });
    await runInIdleSteps(firstScreensWarmUp({ reads: warmedReads, overview: warmedOverview }), () => false);
    expect(events).toEqual([]);
    expect(positionsPending()).toBe(false);

    const coldReads = reads(cold);
    const coldOverview = createOverview({ db: cold, reader: createOverviewReader({ db: cold }) });
    expect(warmedReads.searchPayments(firstPage)).toEqual(coldReads.searchPayments(firstPage));
    for (const query of home) expect(await warmedOverview.get(query)).toEqual(await coldOverview.get(query));
  });

  it("leaves the page's first request nothing to build: the session's and the list's checks compile no code", async () => {
    // What the page sends first (session-store.ts, transactions-store.ts), through main's handlers.
    const practice = { id: 'practice', name: 'Practice', environment: 'practice', baseUrl: 'http://127.0.0.1:1', defaultCurrency: 'KWD', key: { configured: true, lastFour: null }, pathOverrides: {}, successUrl: null, failureUrl: null } as const;
    const impl = {
      ...appHandlers({ name: 'Paydesk', version: '1.0.0', runtime: 'test' }, createUiLanguage(dir)),
      getActiveProfile: () => practice,
      searchPayments: (input) => reads(warmed).searchPayments(input),
    } as Partial<Implementations> as Implementations;
    const handlers = createHandlers(impl, createLogger());
    await runInIdleSteps(firstScreensWarmUp({ reads: reads(warmed), session: handlers }), () => false);
    // zod compiles an object schema's check into a function at its first use (Doc.compile): on
    // the first request's path that took 1-5 ms a check (docs/performance.md, fifteenth pass).
    const compiled = vi.spyOn(Doc.prototype, 'compile');
    const ctx = { transport: 'bridge', osUser: 'tester' } as const;
    const answers = await Promise.all([handlers.getAppInfo({}, ctx), handlers.getActiveProfile({}, ctx), handlers.searchPayments(firstPage, ctx)]);
    expect(answers.map((a) => a.ok)).toEqual([true, true, true]);
    expect(compiled).not.toHaveBeenCalled();
    compiled.mockRestore();
  });

  it('reads the list its first call asks for (the contract accepts what it warms)', async () => {
    const asked: unknown[] = [];
    const read: unknown[] = [];
    await runInIdleSteps(firstScreensWarmUp({
      reads: { warmFirstPage: (input) => (asked.push(input), { total: 0, totalExact: true, rows: [] }) },
      overview: { warmUp: async () => (read.push('home'), { query: { now, periods: [], days: [] }, answer: { periods: [], days: [], byBrand: [], byKind: [] } }) },
    }), () => false);
    expect(asked).toEqual([firstPage]);
    expect(read).toHaveLength(1);
  });

  it('goes on past a failing step, and stops once the app has closed', async () => {
    const ran: string[] = [];
    await runInIdleSteps([() => void ran.push('a'), () => { throw new Error('no ledger'); }, () => void ran.push('c')], () => false);
    expect(ran).toEqual(['a', 'c']);
    let closed = false;
    await runInIdleSteps([() => void ran.push('d'), () => void (closed = true), () => void ran.push('f')], () => closed);
    expect(ran).toEqual(['a', 'c', 'd']);
  });
});
