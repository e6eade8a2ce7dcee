// The window's "Updating your ledger… N%" follows the work (walk36): each migration counted for as
// much of the bar as of the time. Counted alike, migration 11 of a 2026-11-23 ledger (57% of the
// time at 200,000 payments) filled 0 to 6% of the bar, and migration 23 (29%) 75 to 81%: the bar
// read a few percent for most of the wait, then jumped. SQLite only (the team ledger's schema steps
// run in PostgreSQL at its setup, without this bar).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ledgerFileName, openLedgerDb } from '../../main/ledger/database';
import { migrationSteps } from '../../main/ledger/migrate';
import { latestVersion } from '../../main/ledger/migrations';
import { seedLedger } from '../../scripts/seed-ledger';
import { rewindLedger } from '../support/rewind-ledger';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'paydesk-progress-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The bar's percent as each migration starts and ends, by version. */
function barOf(): Record<number, { from: number; to: number }> {
  const db = openLedgerDb(dir, { migrate: false });
  try {
    const bar: Record<number, { from: number; to: number }> = {};
    let before = 0;
    for (const step of migrationSteps(db, { sliceRows: 200 })) {
      bar[step.version] ??= { from: before, to: step.percent };
      bar[step.version]!.to = step.percent;
      before = step.percent;
    }
    expect(db.pragma('user_version', { simple: true })).toBe(latestVersion);
    return bar;
  } finally {
    db.close();
  }
}

it('gives migration 11 of a 2026-11-23 ledger most of the bar, as it takes most of the time', () => {
  const fixture = join(import.meta.dirname, '..', 'fixtures', 'old-data-folders', '2026-11-23-schema-10', 'paydesk.sqlite.br');
  writeFileSync(join(dir, ledgerFileName), brotliDecompressSync(readFileSync(fixture)));
  const bar = barOf();
  expect(bar[11]!.from).toBe(0);
  expect(bar[11]!.to).toBeGreaterThanOrEqual(50);
  expect(bar[23]!.to - bar[23]!.from).toBeGreaterThanOrEqual(25);
  expect(bar[latestVersion]!.to).toBe(100);
});

it('gives migration 23 most of the bar from version 17, whatever the migrations around it', () => {
  const db = openLedgerDb(dir);
  seedLedger(db, { payments: 1_000, seed: 36 });
  db.close();
  rewindLedger(dir, 17);
  const bar = barOf();
  expect(bar[23]!.from).toBeLessThanOrEqual(15);
  expect(bar[23]!.to).toBeGreaterThanOrEqual(85);
  expect(bar[latestVersion]!.to).toBe(100);
});
