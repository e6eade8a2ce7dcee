// A check-up run another laptop saves is told to this one (checkup-live.sql, schema version 21):
// laptop A's saves of a run (its start, its end) reach laptop B's listener as 'checkup:<run id>'
// within 2 s, once per save, never a save rolled back, never a forged payload that is not a run's
// id; and through main's team backend, B's screens get checkups.changed with the run's id (and one
// without an id when B's listener is first up), so its recent check-ups list reads again by itself.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type pg from 'pg';
import type { CheckupRun, CheckupRunSummary } from '../../../contract/methods/checkup';
import { listenForTeamChanges, type LiveStatus, type TeamLedgerLive } from '../../../main/ledger/postgres/live';
import { heldFetch } from '../../support/held-fetch';
import { startPostgresApp, type LedgerApp } from '../../support/ledger-apps';
import { describeWithPostgres, teamServer } from '../../support/postgres-tests';

/** How soon another laptop is told of a save (the brief's promise to the person watching the list). */
const toldWithinMs = 2_000;

describeWithPostgres('a check-up run saved on one laptop is told to the others (team ledger)', () => {
  let database: string;
  const clients: pg.Client[] = [];
  const listeners: TeamLedgerLive[] = [];
  const apps: LedgerApp[] = [];
  const server = () => teamServer();

  beforeAll(async () => {
    database = await server().createTeamDatabase();
  });
  afterEach(async () => {
    await Promise.all(listeners.splice(0).map((l) => l.close()));
  });
  afterAll(async () => {
    for (const app of apps.reverse()) await app.close().catch(() => undefined);
    await Promise.allSettled(clients.map((c) => c.end()));
  });

  it('tells laptop B of each save laptop A makes of its run, its start and its end, within 2 s, and of nothing rolled back or forged', async () => {
    // Laptop B: admin's listener, keeping what it was told about check-up runs.
    const ada = server().person('admin');
    const heard: string[][] = [];
    const statuses: LiveStatus[] = [];
    const payments: string[] = [];
    listeners.push(listenForTeamChanges({ host: '127.0.0.1', port: server().port, database, user: ada.login }, ada.password, {
      onPaymentsChanged: (ids) => payments.push(...ids),
      onCheckupChanged: (ids) => heard.push(ids),
      onStatus: (s) => statuses.push(s),
      firstDelayMs: 50,
    }));
    await expect.poll(() => statuses.some((s) => s.state === 'listening'), { timeout: 10_000 }).toBe(true);
    const heardOf = (id: string) => heard.flat().filter((x) => x === id).length;

    // Laptop A: support's connection, saving a run as pg-checkup-runs.ts does.
    const sue = await server().connectAs(database, server().person('support').login, 'sue-os');
    clients.push(sue);
    const run = randomUUID();
    await sue.query(`SELECT paydesk.record_checkup('checkup_started', $1, 'practice', 'practice', 'practice, SAR')`, [run]);
    const save = (state: string, finished: boolean) =>
      sue.query(`SELECT paydesk.save_checkup_run($1, $2, 'SAR', '127.0.0.1', '[]', '[]', now(), CASE WHEN $3 THEN now() END)`, [run, state, finished]);

    await save('running', false);
    await expect.poll(() => heardOf(run), { timeout: toldWithinMs, interval: 20 }).toBe(1);
    expect(heard.flat()).toEqual([run]);
    await save('finished', true);
    await expect.poll(() => heardOf(run), { timeout: toldWithinMs, interval: 20 }).toBe(2);

    // Forged payloads that are not a run's id are not heard; a save rolled back tells nobody.
    const other = randomUUID();
    await sue.query(`SELECT paydesk.record_checkup('checkup_started', $1, 'practice', 'practice', 'practice, SAR')`, [other]);
    for (const payload of ['checkup:', 'checkup:not-a-run', `checkup:${other}:1`, `checkup:${other.toUpperCase()}`, ` checkup:${other}`, `checkups:${other}`]) {
      await sue.query(`SELECT pg_notify('paydesk_changes', $1)`, [payload]);
    }
    await sue.query('BEGIN');
    await sue.query(`SELECT paydesk.save_checkup_run($1, 'running', 'SAR', '127.0.0.1', '[]', '[]', now(), NULL)`, [other]);
    await sue.query('ROLLBACK');
    // Notifications arrive in commit order: a payment committed after them is heard after them.
    const sentinel = randomUUID();
    await sue.query(`INSERT INTO paydesk.payments (id, profile_id, environment, kind, order_id, amount_minor, currency, state) VALUES ($1, 'practice', 'practice', 'link', $2, 100, 'SAR', 'creating')`, [sentinel, `PD-${sentinel.slice(0, 8)}`]);
    await expect.poll(() => payments.includes(sentinel), { timeout: 10_000 }).toBe(true);
    expect(heard.flat()).toEqual([run, run]);
  });

  it('has main on laptop B tell its screens (checkups.changed with the run\'s id) as laptop A runs a check-up, and B lists it as it ends', async () => {
    const held = heldFetch('/s2s/sale');
    const laptopA = await startPostgresApp(database, { role: 'support', osUser: 'sue-os', fetch: held.fetch });
    apps.push(laptopA);
    const laptopB = await laptopA.open({ role: 'admin', osUser: 'ada-os', sameGateway: true });
    apps.push(laptopB);
    // B's listener is up: its first "read the check-ups again" (no id), as after every reconnect.
    await expect.poll(() => laptopB.events.some((e) => e.type === 'checkups.changed' && e.runId === undefined), { timeout: 10_000 }).toBe(true);
    const toldB = (id: string) => laptopB.events.filter((e) => e.type === 'checkups.changed' && e.runId === id).length;

    const started = await laptopA.value<CheckupRun>('startCheckup', { profileId: 'practice' });
    // Its first step waits on the wire: the run was saved as running before the call went out.
    await held.reached;
    await expect.poll(() => toldB(started.id), { timeout: toldWithinMs, interval: 20 }).toBeGreaterThanOrEqual(1);
    const running = await laptopB.value<{ runs: CheckupRunSummary[] }>('listCheckups', { profileId: 'practice' });
    expect(running.runs.find((r) => r.id === started.id)).toMatchObject({ state: 'running', startedBy: { thisLaptop: false, osUser: 'sue-os' } });

    const before = toldB(started.id);
    held.letGo();
    await laptopA.checkup.finished(started.id);
    await expect.poll(() => toldB(started.id), { timeout: toldWithinMs, interval: 20 }).toBeGreaterThan(before);
    const ended = await laptopB.value<{ runs: CheckupRunSummary[] }>('listCheckups', { profileId: 'practice' });
    expect(ended.runs.find((r) => r.id === started.id)).toMatchObject({ state: 'finished' });
  });
});
