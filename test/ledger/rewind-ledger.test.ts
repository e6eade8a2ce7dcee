// The tests of a migration on an older ledger rewind a new one (test/support/rewind-ledger.ts): a
// migration added without its undo there would break them with "index already exists". This says
// which line to add instead, and checks that a rewound ledger migrates back to the latest.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { openLedgerDb } from '../../main/ledger/database';
import { latestVersion } from '../../main/ledger/migrations';
import { rewindLedger, undoOf } from '../support/rewind-ledger';

it('knows the undo of every migration since 17, the oldest a test rewinds to', () => {
  const missing = Array.from({ length: latestVersion - 16 }, (_, i) => 17 + i).filter((v) => !undoOf[v]);
  expect(missing).toEqual([]);
});

it('leaves a ledger that migrates back to the latest version', () => {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-rewind-'));
  try {
    openLedgerDb(dir).close();
    rewindLedger(dir, 16);
    const db = openLedgerDb(dir);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(latestVersion);
    } finally {
      db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
