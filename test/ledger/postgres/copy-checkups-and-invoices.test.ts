// The copy of a laptop's ledger into the team ledger (copy-to-team.ts) with what a laptop made
// besides plain payments: a check-up's payments keep their run, registered in
// paydesk.checkup_runs as the copy's other rows are attributed (the copying admin, the laptop's OS
// user, the laptop); copied once however often the copy runs.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CheckupRun } from '../../../contract/methods/checkup';
import { copyLedgerToTeam } from '../../../main/ledger/postgres/copy-to-team';
import { startSqliteApp, type LedgerApp } from '../../support/ledger-apps';
import { describeWithPostgres, teamServer } from '../../support/postgres-tests';
import type { LedgerDb } from '../../../main/ledger/database';

describeWithPostgres('copying a laptop\'s check-ups into the team ledger', () => {
  let laptop: LedgerApp & { db: LedgerDb };
  let run: CheckupRun;

  beforeAll(async () => {
    // A laptop's own ledger, with a real check-up run through the practice gateway (OS user `omar-os`).
    laptop = await startSqliteApp({ osUser: 'omar-os' });
    const started = await laptop.value<CheckupRun>('startCheckup', { profileId: 'practice' });
    await laptop.checkup.finished(started.id);
    run = (await laptop.value<{ run: CheckupRun }>('getCheckup', { runId: started.id })).run;
  });
  afterAll(async () => {
    await laptop?.close();
  });

  it('keeps a check-up\'s payments marked with their run, registered as copied by the admin with the laptop\'s OS user', async () => {
    const server = teamServer();
    const database = await server.createTeamDatabase();
    const admin = await server.connectAs(database, server.person('admin').login);
    try {
      const marked = (laptop.db.prepare('SELECT id FROM payments WHERE checkup_run = ? ORDER BY id').all(run.id) as Array<{ id: string }>).map((r) => r.id);
      expect(marked.length).toBe(7);
      const first = await copyLedgerToTeam({ source: laptop.db, team: admin, laptop: 'omar-laptop', batchRows: 3 });
      expect(first.payments.skipped).toBe(0);
      const there = await server.sql(database, 'SELECT id::text FROM paydesk.payments WHERE checkup_run = $1 ORDER BY id', [run.id]);
      expect(there.rows.map((r) => r.id)).toEqual(marked);
      const runs = await server.sql(database, 'SELECT id::text, profile_id, environment, started_by, os_user, laptop, imported_from FROM paydesk.checkup_runs');
      expect(runs.rows).toEqual([{ id: run.id, profile_id: 'practice', environment: 'practice', started_by: server.person('admin').login, os_user: 'omar-os', laptop: 'omar-laptop', imported_from: 'omar-laptop' }]);
      // Its steps were never kept on the laptop: the run is listed nowhere with steps, and nobody may write them now.
      expect((await server.sql(database, 'SELECT count(*)::int AS n FROM paydesk.checkup_run_results')).rows[0]!.n).toBe(0);
      await expect(admin.query(`SELECT paydesk.save_checkup_run($1, 'finished', 'SAR', 'x', '[]', '[]', now())`, [run.id])).rejects.toMatchObject({ code: '42501' });
      // Later entries about those payments are named as a check-up's, as on the laptop.
      await admin.query(`SELECT paydesk.record_payment_check('status_check', $1, 'checked')`, [marked[0]]);
      expect((await server.sql(database, `SELECT action FROM paydesk.audit_log ORDER BY seq DESC LIMIT 1`)).rows[0]!.action).toBe('checkup_status_check');

      // Copied again (resumed, or under another name): nothing doubled, the run registered once.
      const again = await copyLedgerToTeam({ source: laptop.db, team: admin, laptop: 'omar-laptop-again' });
      expect(again.payments.copied).toBe(0);
      expect((await server.sql(database, 'SELECT count(*)::int AS n FROM paydesk.checkup_runs')).rows[0]!.n).toBe(1);
    } finally {
      await admin.end();
    }
  });
});
