// The list's positions for deep jumps are walked only once the app lets them (in the app: once the
// services its first screen did not need start). Until then the list's first page leaves nothing
// running behind its answer; once released the walk runs, and a deep jump lands on the rows
// scrolling would show. A ledger that changed meanwhile is not walked at the release.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLedgerDb, type LedgerDb } from '../../main/ledger/database';
import { positionsPending, settle } from '../../main/ledger/search';
import { createLedgerReads } from '../../main/payments/ledger-reads';
import { seedLedger } from '../../scripts/seed-ledger';

let dir: string;
const open: LedgerDb[] = [];
const connect = () => {
  const db = openLedgerDb(dir);
  open.push(db);
  return db;
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-walks-held-'));
  const db = openLedgerDb(dir);
  // Over 20,000 payments: the list's first page asks for positions (search.ts).
  seedLedger(db, { payments: 25_000, seed: 5 });
  db.close();
}, 60_000);
afterAll(async () => {
  await settle();
  open.forEach((db) => db.close());
  rmSync(dir, { recursive: true, force: true });
});

const newest = { by: 'createdAt' as const, direction: 'desc' as const };
const page = (offset: number) => ({ filter: {}, sort: newest, offset, limit: 100 });
const turns = (count: number) => new Promise<void>((resolve) => {
  const next = (left: number) => (left <= 0 ? resolve() : setImmediate(next, left - 1));
  next(count);
});

function heldReads(db: LedgerDb) {
  let release = () => undefined as void;
  const walksAfter = new Promise<void>((resolve) => (release = resolve));
  const reads = createLedgerReads({ db, events: { emit: () => undefined }, exportDir: join(dir, 'exports'), walksAfter });
  return { reads, release };
}

describe("the list's positions, held until the app lets them be walked", () => {
  it('walks nothing after the first page until released, then walks, and a deep jump lands right', async () => {
    const { reads, release } = heldReads(connect());
    expect(reads.searchPayments(page(0)).rows).toHaveLength(100);
    expect(positionsPending()).toBe(false);
    await turns(20);
    expect(positionsPending()).toBe(false);

    release();
    await turns(1);
    expect(positionsPending()).toBe(true);
    await settle();
    expect(positionsPending()).toBe(false);
    // The same deep window as a connection that never held its walks reads it.
    const plain = createLedgerReads({ db: connect(), events: { emit: () => undefined }, exportDir: join(dir, 'exports') });
    expect(reads.searchPayments(page(20_050)).rows.map((r) => r.id)).toEqual(plain.searchPayments(page(20_050)).rows.map((r) => r.id));
  });

  it('does not walk a ledger that changed before the release (its positions would be stale)', async () => {
    const db = connect();
    const { reads, release } = heldReads(db);
    reads.searchPayments(page(0));
    db.prepare("UPDATE ledger_meta SET value = value + 1 WHERE key = 'payments_version'").run();
    release();
    await turns(2);
    expect(positionsPending()).toBe(false);
  });
});
