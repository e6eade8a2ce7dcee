// A laptop whose clock was wrong, then set right (walk40): the scheduled backup is neither skipped
// until the clock catches up with a stamp written while it was ahead, nor run again and again.
// The clock is the service's `now` (UTC instants; no zone involved).
import { afterEach, beforeEach, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestLedger, customer, goodCard } from '../ledger/support';
import { createMaintenance } from '../../main/maintenance/create-maintenance';
import { createMemoryLogger } from '../../main/log/logger';

let ledger: Awaited<ReturnType<typeof startTestLedger>>;
let folder: string;
let clock: Date;
const hour = 60 * 60 * 1000;

beforeEach(async () => {
  ledger = await startTestLedger();
  folder = mkdtempSync(join(tmpdir(), 'paydesk-backups-'));
});
afterEach(async () => {
  await ledger.close();
  rmSync(folder, { recursive: true, force: true });
});

const maintenanceOf = () =>
  createMaintenance({
    db: ledger.db, dataDir: ledger.dir, logger: createMemoryLogger(), logFile: join(ledger.dir, 'paydesk.log'),
    app: { name: 'Paydesk', version: '1.0.0', runtime: 'test' }, profiles: () => ({ profiles: [], activeId: 'practice' }), now: () => clock,
  });

it.each([
  ['a day ahead, set back', new Date('2026-12-04T10:00:00.000Z'), new Date('2026-12-03T07:00:00.000Z')],
  ['a year ahead (a wrong battery clock), set back', new Date('2027-12-03T10:00:00.000Z'), new Date('2026-12-03T10:00:00.000Z')],
])('a daily backup stamped while the clock was %s is due at once, and then not again until a day later', async (_what, ahead, corrected) => {
  const result = await ledger.handlers.chargeCard({ amount: '10.00', currency: 'SAR', card: goodCard, customer, authOnly: false }, ledger.ctx);
  expect(result.ok).toBe(true);
  const maintenance = maintenanceOf();
  maintenance.backups.setSettings({ folder, schedule: 'daily', keep: 5 });
  clock = ahead;
  expect(await maintenance.backups.runDue()).toBeDefined();
  clock = corrected; // NTP put the clock right
  const again = await maintenance.backups.runDue();
  expect(again?.at).toBe(corrected.toISOString());
  // The new stamp is the corrected clock's: no second run 10 minutes on, the next one a day later.
  clock = new Date(corrected.getTime() + hour / 6);
  expect(await maintenance.backups.runDue()).toBeUndefined();
  clock = new Date(corrected.getTime() + 24 * hour);
  expect(await maintenance.backups.runDue()).toBeDefined();
  await maintenance.close();
});

it('a clock a year behind, then set right, backs up once at each: not skipped, not looped', async () => {
  const result = await ledger.handlers.chargeCard({ amount: '10.00', currency: 'SAR', card: goodCard, customer, authOnly: false }, ledger.ctx);
  expect(result.ok).toBe(true);
  const maintenance = maintenanceOf();
  maintenance.backups.setSettings({ folder, schedule: 'daily', keep: 5 });
  clock = new Date('2026-12-02T09:00:00.000Z');
  expect(await maintenance.backups.runDue()).toBeDefined();
  clock = new Date('2025-12-03T09:00:00.000Z'); // booted with the battery's clock, a year behind
  expect(await maintenance.backups.runDue()).toBeDefined();
  expect(await maintenance.backups.runDue()).toBeUndefined();
  clock = new Date('2026-12-03T09:05:00.000Z'); // set right
  expect(await maintenance.backups.runDue()).toBeDefined();
  expect(await maintenance.backups.runDue()).toBeUndefined();
  await maintenance.close();
});
