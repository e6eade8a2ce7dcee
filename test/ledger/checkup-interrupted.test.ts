// A check-up Paydesk stopped in the middle of, on a laptop's own (SQLite) ledger: its runs live in
// memory, and its latest run is kept in the data folder as it goes (main/checkup/last-run-file.ts),
// so after Paydesk was killed during a run the check-up screen shows that run again, as
// interrupted, with its steps as last saved (and the words of what to do about its test money),
// never "Running…", and its report can be saved. The team ledger's side is in
// test/ledger/postgres/checkup-runs.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CheckupRun, CheckupRunSummary } from '../../contract/methods/checkup';
import { startSqliteApp, type LedgerApp } from '../support/ledger-apps';
import { heldFetch } from '../support/held-fetch';

describe('a check-up Paydesk stopped in the middle of, on a laptop’s own ledger', () => {
  const opened: LedgerApp[] = [];
  afterAll(async () => {
    for (const app of opened.reverse()) await app.close().catch(() => undefined);
  });

  it('is shown after the restart as interrupted, with its steps as last saved, and its report can be saved', async () => {
    const sale = heldFetch('/s2s/sale');
    const first = await startSqliteApp({ fetch: sale.fetch });
    opened.push(first);
    const started = await first.value<CheckupRun>('startCheckup', { profileId: 'practice' });
    await sale.reached;
    const file = join((first as LedgerApp & { dir: string }).dir, 'checkup-last-run.json');
    const kept = () => JSON.parse(readFileSync(file, 'utf8')) as CheckupRun;
    await expect.poll(() => kept().steps.find((s) => s.key === 'sale')?.state).toBe('running');
    expect(kept().state).toBe('running');
    expect(readFileSync(file, 'utf8')).not.toContain(first.practice.conn.apiKey);

    // Paydesk killed here, and started again on the same data folder.
    const again = await first.restart();
    opened.push(again);
    const shown = (await again.value<{ run: CheckupRun | null }>('getCheckup', { profileId: 'practice' })).run!;
    expect(shown).toMatchObject({ id: started.id, state: 'interrupted', profileId: 'practice' });
    expect(shown.finishedAt).not.toBeNull();
    expect(shown.steps.find((s) => s.key === 'sale')?.state).toBe('running');
    expect((await again.value<{ run: CheckupRun | null }>('getCheckup', { runId: started.id })).run?.state).toBe('interrupted');
    expect((await again.value<{ runs: CheckupRunSummary[] }>('listCheckups', { profileId: 'practice' })).runs.map((r) => [r.id, r.state])).toEqual([[started.id, 'interrupted']]);
    // Said so in the data folder too: a later start finds it interrupted, not running.
    expect(kept().state).toBe('interrupted');
    const report = JSON.parse((await again.value<{ json: string }>('saveCheckupReport', { runId: started.id })).json) as { run?: { state?: string }; state?: string };
    expect(JSON.stringify(report)).toContain('interrupted');

    sale.letGo();
    await first.checkup.finished(started.id);
  });

  it('shows the last run that finished after a restart as it finished', async () => {
    const app = await startSqliteApp();
    opened.push(app);
    const started = await app.value<CheckupRun>('startCheckup', { profileId: 'practice' });
    await app.checkup.finished(started.id);
    const again = await app.restart();
    opened.push(again);
    expect((await again.value<{ run: CheckupRun | null }>('getCheckup', { profileId: 'practice' })).run).toMatchObject({ id: started.id, state: 'finished' });
  });
});
