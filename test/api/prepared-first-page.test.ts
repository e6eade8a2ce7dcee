// The list's first page, answered in main's idle time after the start and kept for the list's
// first call (main/api/prepared-first-page.ts): the kept answer is the one the handler gave, it
// is used once, and never once a payment changed, after its time, for any other page, or when
// the list asked before it was prepared (a returning user's first script).
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type PaydeskApp } from '../../main/composition';
import { withPreparedFirstPage } from '../../main/api/prepared-first-page';
import type { Handlers } from '../../main/api/create-handlers';
import { createEventHub } from '../../main/core/event-hub';
import { listFirstPageQuery } from '../../contract/list-first-page';

const ctx = { transport: 'bridge' as const, osUser: 'layla' };
const turn = () => new Promise((resolve) => setImmediate(resolve));

function setup(options: { exact?: boolean } = {}) {
  const asked: unknown[] = [];
  let version = 1;
  let clock = 0;
  const events = createEventHub();
  const handlers = {
    searchPayments: async (input: unknown) => {
      asked.push(input);
      return { ok: true, value: { total: 5, totalExact: options.exact ?? true, rows: [], answerNo: asked.length } };
    },
  } as unknown as Handlers;
  const wrapped = withPreparedFirstPage(handlers, { events, version: () => version, keepMs: 1_000, now: () => clock });
  return { asked, events, wrapped, change: () => version++, later: (ms: number) => (clock += ms) };
}
const answerNo = (answer: unknown) => (answer as { value: { answerNo: number } }).value.answerNo;

describe("the list's first page prepared at start", () => {
  it("is answered once in idle time, and the list's first call gets that answer without a second query", async () => {
    const { asked, wrapped } = setup();
    expect(asked).toHaveLength(0); // not before the calls already waiting
    await turn();
    expect(asked).toEqual([listFirstPageQuery()]);
    const answer = await wrapped.searchPayments(listFirstPageQuery(), ctx);
    expect(asked).toHaveLength(1);
    expect(answerNo(answer)).toBe(1);
    // Once only: the next first page is asked afresh.
    expect(answerNo(await wrapped.searchPayments(listFirstPageQuery(), ctx))).toBe(2);
  });

  it('is not prepared when the list asked first (a returning user), and that call is answered normally', async () => {
    const { asked, wrapped } = setup();
    expect(answerNo(await wrapped.searchPayments(listFirstPageQuery(), ctx))).toBe(1);
    await turn();
    expect(asked).toHaveLength(1);
  });

  it('is dropped once a payment changed (an event, or the ledger version moved)', async () => {
    const byEvent = setup();
    await turn();
    byEvent.events.emit({ type: 'payments.changed', paymentIds: ['p1'] });
    expect(answerNo(await byEvent.wrapped.searchPayments(listFirstPageQuery(), ctx))).toBe(2);

    const byVersion = setup();
    await turn();
    byVersion.change();
    expect(answerNo(await byVersion.wrapped.searchPayments(listFirstPageQuery(), ctx))).toBe(2);
  });

  it('prepares nothing when the app closed before its turn (the ledger cannot be read)', async () => {
    const asked: unknown[] = [];
    const handlers = { searchPayments: async (input: unknown) => void asked.push(input) } as unknown as Handlers;
    withPreparedFirstPage(handlers, { events: createEventHub(), version: () => { throw new Error('The database connection is not open'); } });
    await turn();
    expect(asked).toHaveLength(0);
  });

  it('is dropped after its time, for any other page or filter, and when its count was not exact', async () => {
    const old = setup();
    await turn();
    old.later(1_001);
    expect(answerNo(await old.wrapped.searchPayments(listFirstPageQuery(), ctx))).toBe(2);

    const other = setup();
    await turn();
    const filtered = { ...listFirstPageQuery(), filter: { query: 'Qahtani' } };
    expect(answerNo(await other.wrapped.searchPayments(filtered, ctx))).toBe(2);
    expect(other.asked.at(-1)).toEqual(filtered);
    expect(answerNo(await other.wrapped.searchPayments(listFirstPageQuery(), ctx))).toBe(3);

    const counting = setup({ exact: false });
    await turn();
    expect(answerNo(await counting.wrapped.searchPayments(listFirstPageQuery(), ctx))).toBe(2);
  });
});

describe("the list's first page prepared at start, in the whole app", () => {
  let app: PaydeskApp | undefined;
  let dir = '';
  afterEach(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is the very answer the call gives, and carries no key', async () => {
    dir = mkdtempSync(join(tmpdir(), 'paydesk-first-page-'));
    app = await createApp({ dataDir: dir, runtime: 'test', version: '0.0.0', startLaterMs: 60_000 });
    for (const name of ['Sara', 'Omar', 'Layla']) {
      const link = await app.handlers.createPaymentLink({ amount: '12.50', currency: 'SAR', description: 'First page', customer: { name, email: 'c@example.com', phone: '+966501234567' } }, ctx);
      expect(link.ok).toBe(true);
    }
    await app.close();
    app = await createApp({ dataDir: dir, runtime: 'test', version: '0.0.0', startLaterMs: 60_000 });
    await turn();
    await turn();
    const prepared = await app.handlers.searchPayments(listFirstPageQuery(), ctx);
    const fresh = await app.handlers.searchPayments(listFirstPageQuery(), ctx);
    expect(prepared.ok && prepared.value.rows.map((row) => row.customer.name)).toEqual(['Layla', 'Omar', 'Sara']);
    expect(prepared).toEqual(fresh);
    const practiceKey = (JSON.parse(readFileSync(join(dir, 'practice-gateway.json'), 'utf8').split('\n')[0]!) as { apiKey: string }).apiKey;
    expect(practiceKey).toMatch(/^practice_/);
    expect(JSON.stringify(prepared)).not.toContain(practiceKey);
  });

  it("is answered before Home's figures asked with it (a click on the list as Home shows)", async () => {
    dir = mkdtempSync(join(tmpdir(), 'paydesk-first-page-'));
    app = await createApp({ dataDir: dir, runtime: 'test', version: '0.0.0', startLaterMs: 60_000 });
    await turn();
    await turn();
    const order: string[] = [];
    const figures = app.handlers.getOverview({ now: new Date().toISOString(), periods: [{ from: '2026-01-01', to: '2026-12-31' }] }, ctx).then((r) => order.push(`overview ${r.ok}`));
    const list = app.handlers.searchPayments(listFirstPageQuery(), ctx).then((r) => order.push(`list ${r.ok}`));
    await Promise.all([figures, list]);
    expect(order).toEqual(['list true', 'overview true']);
  });
});
