// Check-up runs kept on the team ledger (checkup-runs.sql, docs/check-up.md "On the team ledger"):
// a run made on one laptop is listed and opened on another (its steps and findings as they ended,
// who started it and on which computer), and on the same laptop after a restart; its report is
// saved from the other laptop too. What is kept holds no key, card number or CVV. Who: the login
// that started a run writes it (through paydesk.save_checkup_run, never after it ended), support
// and admin read it; staff and finance read none (hand-written clients and through the handlers).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CheckupRun, CheckupRunSummary } from '../../../contract/methods/checkup';
import { testCard } from '../../../main/checkup/step-kit';
import { startPostgresApp, type LedgerApp } from '../../support/ledger-apps';
import { describeWithPostgres, teamServer } from '../../support/postgres-tests';
import { heldFetch } from '../../support/held-fetch';

type Listed = { runs: CheckupRunSummary[]; kept: 'team' | 'thisRun' };

describeWithPostgres('check-up runs kept on the team ledger, two laptops', () => {
  let database: string;
  let laptopA: LedgerApp;
  let laptopB: LedgerApp;
  let run: CheckupRun;
  const opened: LedgerApp[] = [];
  const server = () => teamServer();

  beforeAll(async () => {
    database = await server().createTeamDatabase();
    laptopA = await startPostgresApp(database, { role: 'support', osUser: 'sue-os' });
    laptopB = await laptopA.open({ role: 'admin', osUser: 'ada-os', sameGateway: true });
    opened.push(laptopB);
    const started = await laptopA.value<CheckupRun>('startCheckup', { profileId: 'practice' });
    await laptopA.checkup.finished(started.id);
    run = (await laptopA.value<{ run: CheckupRun }>('getCheckup', { runId: started.id })).run;
  });

  afterAll(async () => {
    for (const app of opened) await app.close().catch(() => undefined);
    await laptopA?.close();
  });

  it('lists a run made on another laptop and opens it with its steps and findings, saying who started it where', async () => {
    expect(run.state).toBe('finished');
    const listed = await laptopB.value<Listed>('listCheckups', { profileId: 'practice' });
    expect(listed.kept).toBe('team');
    expect(listed.runs).toHaveLength(1);
    expect(listed.runs[0]).toMatchObject({
      id: run.id, state: 'finished', environment: 'practice', currency: 'SAR',
      startedBy: { login: server().person('support').login, osUser: 'sue-os', thisLaptop: false },
      counts: { passed: 11, different: 0, failed: 0, skipped: 0, cancelled: 0 },
    });
    const there = (await laptopB.value<{ run: CheckupRun }>('getCheckup', { runId: run.id })).run;
    expect(there.steps).toEqual(run.steps);
    expect(there).toMatchObject({ id: run.id, state: 'finished', startedAt: run.startedAt, finishedAt: run.finishedAt });
    // The profile's latest run on the team ledger is this one, for a laptop that ran none.
    expect((await laptopB.value<{ run: CheckupRun }>('getCheckup', { profileId: 'practice' })).run.id).toBe(run.id);
    // On the laptop that ran it, the list says so.
    expect((await laptopA.value<Listed>('listCheckups', { profileId: 'practice' })).runs[0]!.startedBy).toMatchObject({ thisLaptop: true });
  });

  it('saves the report of a run made elsewhere, as the laptop that ran it does, in the audit log', async () => {
    const mine = JSON.parse((await laptopA.value<{ json: string }>('saveCheckupReport', { runId: run.id })).json) as Record<string, unknown>;
    const theirs = JSON.parse((await laptopB.value<{ json: string }>('saveCheckupReport', { runId: run.id })).json) as Record<string, unknown>;
    expect({ ...theirs, createdAt: null }).toEqual({ ...mine, createdAt: null });
    const audit = await laptopB.value<{ rows: Array<{ action: string; dbUser?: string }> }>('listAuditLog', { limit: 1 });
    expect(audit.rows[0]!.action).toBe('checkup_report_saved');
  });

  it('opens the run on the same laptop after a restart', async () => {
    const again = await laptopA.restart();
    opened.push(again);
    const latest = (await again.value<{ run: CheckupRun }>('getCheckup', { profileId: 'practice' })).run;
    expect(latest.id).toBe(run.id);
    expect(latest.steps).toEqual(run.steps);
    expect(latest.startedBy).toMatchObject({ thisLaptop: true, osUser: 'sue-os' });
  });

  it('keeps no key, card number or CVV', async () => {
    const kept = (await server().sql(database, `SELECT steps::text AS steps, gateway_host, path_overrides::text AS paths FROM paydesk.checkup_run_results`)).rows;
    expect(kept).toHaveLength(1);
    const text = JSON.stringify(kept);
    expect(text).not.toContain(laptopA.practice.conn.apiKey);
    expect(text).not.toContain(testCard.number);
    expect(text).not.toMatch(/cvv|cvc/i);
    expect(text).not.toMatch(/\d(?:[ -]?\d){11,18}/);
    expect(kept[0]!.gateway_host).toBe(new URL(laptopA.practice.conn.baseUrl).host);
  });

  it('lets staff and finance read no run, through the handlers and with a hand-written client', async () => {
    for (const role of ['staff', 'finance'] as const) {
      const other = await laptopA.open({ role, osUser: role, sameGateway: true });
      opened.push(other);
      expect((await other.value<Listed>('listCheckups', { profileId: 'practice' })).runs).toEqual([]);
      expect((await other.value<{ run: CheckupRun | null }>('getCheckup', { runId: run.id })).run).toBeNull();
      const client = await server().connectAs(database, server().person(role).login, role);
      try {
        await expect(client.query('SELECT * FROM paydesk.checkup_run_results')).rejects.toMatchObject({ code: '42501' });
        await expect(client.query(`SELECT paydesk.save_checkup_run($1, 'running', 'SAR', 'x', '[]', '[]', now(), NULL)`, [run.id])).rejects.toMatchObject({ code: '42501' });
        await expect(client.query('SELECT paydesk.hold_checkup_run($1)', [run.id])).rejects.toMatchObject({ code: '42501' });
        await expect(client.query('SELECT paydesk.checkup_run_held($1)', [run.id])).rejects.toMatchObject({ code: '42501' });
      } finally {
        await client.end();
      }
    }
  });

  it('lets only the login that started a run write it, only until it ends, and never a card number', async () => {
    const as = (role: 'support' | 'admin') => server().connectAs(database, server().person(role).login, role);
    const support = await as('support');
    const admin = await as('admin');
    const save = (client: typeof support, id: string, state: string, steps: unknown[]) =>
      client.query(`SELECT paydesk.save_checkup_run($1, $2, 'SAR', '127.0.0.1', '[]', $3::jsonb, now(), NULL)`, [id, state, JSON.stringify(steps)]);
    try {
      // Another person (an admin) may not rewrite support's run; nor may its own starter once it ended.
      await expect(save(admin, run.id, 'running', [])).rejects.toMatchObject({ code: '42501' });
      await expect(save(support, run.id, 'running', [])).rejects.toMatchObject({ code: '23514' });
      // A run of support's own, still running: a step carrying a card number is refused.
      const fresh = randomUUID();
      await support.query(`SELECT paydesk.record_checkup('checkup_started', $1, 'practice', 'practice', 'practice, SAR')`, [fresh]);
      const step = (word: string) => [{ key: 'sale', state: 'failed', orderIds: [], answers: [], findings: [{ code: 'declined', severity: 'failed', params: { call: 'sale', word } }] }];
      await expect(save(support, fresh, 'running', step('4111 1111 1111 1111'))).rejects.toMatchObject({ code: '23514' });
      await save(support, fresh, 'running', step('DECLINED'));
      // Only its starter holds a run (schema 20); support and admin both see whether it is held.
      await expect(admin.query('SELECT paydesk.hold_checkup_run($1)', [fresh])).rejects.toMatchObject({ code: '42501' });
      const held = async (client: typeof support) => (await client.query('SELECT paydesk.checkup_run_held($1) AS held', [fresh])).rows[0].held as boolean;
      expect([await held(support), await held(admin)]).toEqual([false, false]);
      expect((await support.query('SELECT paydesk.hold_checkup_run($1) AS ok', [fresh])).rows[0].ok).toBe(true);
      expect([await held(support), await held(admin)]).toEqual([true, true]);
      // Nobody writes the table directly.
      await expect(support.query(`UPDATE paydesk.checkup_run_results SET state = 'finished' WHERE run_id = $1`, [fresh])).rejects.toMatchObject({ code: '42501' });
      await expect(admin.query(`DELETE FROM paydesk.checkup_run_results WHERE run_id = $1`, [fresh])).rejects.toMatchObject({ code: '42501' });
    } finally {
      await support.end();
      await admin.end();
    }
  });

  it('shows a run whose laptop is gone from the team database as interrupted on every laptop, as of its last save; a laptop that only lost its connection holds it again and goes on', async () => {
    const stateKept = async (id: string) => (await server().sql(database, 'SELECT state, saved_at FROM paydesk.checkup_run_results WHERE run_id = $1', [id])).rows[0] as { state: string; saved_at: Date } | undefined;
    const sale = heldFetch('/s2s/sale');
    const sue = await startPostgresApp(database, { role: 'support', osUser: 'sue-os', fetch: sale.fetch });
    opened.push(sue);
    const started = await sue.value<CheckupRun>('startCheckup', { profileId: 'practice' });
    await sale.reached;
    await expect.poll(async () => (await stateKept(started.id))?.state).toBe('running');
    const shownOnB = async () => (await laptopB.value<{ run: CheckupRun }>('getCheckup', { runId: started.id })).run;
    expect((await shownOnB()).state).toBe('running');

    // Sue's computer leaves the network: the server ends its session (as it does once the keepalives go unanswered).
    await server().sql(database, `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND classid = 1346650962::oid AND objid = hashtext($1)::oid`, [started.id]);
    await expect.poll(async () => (await shownOnB()).state).toBe('interrupted');
    const lastSave = await stateKept(started.id);
    expect(lastSave?.state).toBe('running');
    expect((await shownOnB()).finishedAt).toBe(lastSave!.saved_at.toISOString());
    expect((await laptopB.value<Listed>('listCheckups', { profileId: 'practice' })).runs.find((r) => r.id === started.id)).toMatchObject({ state: 'interrupted', startedBy: { thisLaptop: false, osUser: 'sue-os' } });

    // Sue's Paydesk was running all along: it holds the run again at its next save and finishes it.
    sale.letGo();
    await sue.checkup.finished(started.id);
    expect((await stateKept(started.id))?.state).toBe('finished');
    expect((await shownOnB()).state).toBe('finished');
    // Its hold let go once it ended: nothing of it is left on the server.
    expect((await server().sql(database, `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND classid = 1346650962::oid AND objid = hashtext($1)::oid`, [started.id])).rows[0].n).toBe(0);
  });

  it('says a run its laptop stopped in the middle of is interrupted, once that laptop starts again, on every laptop', async () => {
    const stateKept = async (id: string) => (await server().sql(database, 'SELECT state FROM paydesk.checkup_run_results WHERE run_id = $1', [id])).rows[0]?.state as string | undefined;
    laptopA.practice.gateway.faults.set('sale', { latencyMs: 1500, times: 1 });
    const started = await laptopA.value<CheckupRun>('startCheckup', { profileId: 'practice' });
    await expect.poll(() => stateKept(started.id)).toBe('running');
    // The same laptop started again (as after Paydesk was killed during the run).
    const again = await laptopA.restart();
    opened.push(again);
    const listed = await again.value<Listed>('listCheckups', { profileId: 'practice' });
    expect(listed.runs.find((r) => r.id === started.id)).toMatchObject({ state: 'interrupted', startedBy: { thisLaptop: true } });
    expect(await stateKept(started.id)).toBe('interrupted');
    expect((await laptopB.value<{ run: CheckupRun }>('getCheckup', { runId: started.id })).run.state).toBe('interrupted');
    // The first process, still alive in this test, finds its run ended there: nothing it saves later changes it.
    await laptopA.checkup.finished(started.id);
    expect(await stateKept(started.id)).toBe('interrupted');
  });
});
