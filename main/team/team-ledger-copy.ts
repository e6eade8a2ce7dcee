// Moving to the team ledger from Settings: runs copy-to-team.ts with the saved settings (an
// admin's login) in the background, one copy at a time, and keeps how far it got for the screen
// to ask (getTeamLedgerCopy). Failures become reasons worded in English and Arabic.
import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import type { TeamLedgerCopy } from '../../contract/methods/team-ledger';
import { reason } from '../core/fail';
import type { LedgerDb } from '../ledger/database';
import type { Logger } from '../log/logger';
import { loadTeamLedgerModule, type TeamLedgerSettingsService } from './team-ledger-settings';

export function createTeamLedgerCopy(deps: { db: LedgerDb; dataDir: string; settings: TeamLedgerSettingsService; logger: Logger }) {
  // Stable for this computer and data folder: the copy's progress in the team database is kept under it.
  const laptop = `${hostname()}:${createHash('sha256').update(deps.dataDir).digest('hex').slice(0, 8)}`;
  let state: TeamLedgerCopy = { state: 'idle', progress: null, report: null, reason: null };
  let running: Promise<void> | undefined;
  let closing = false;

  async function run(): Promise<void> {
    const saved = await deps.settings.connectionSettings();
    if (!saved) {
      state = { ...state, state: 'failed', reason: reason('teamLedger.copyNoSettings') };
      return;
    }
    const team = await loadTeamLedgerModule();
    const made = team.clientConfig(saved.settings, saved.password);
    if ('refused' in made) {
      state = { ...state, state: 'failed', reason: made.refused };
      return;
    }
    let client: Awaited<ReturnType<typeof team.connectTeamClient>> | undefined;
    try {
      client = await team.connectTeamClient(made.config);
      const report = await team.copyLedgerToTeam({
        source: deps.db, team: client, laptop,
        onProgress: (progress) => (state = { ...state, progress }),
        // Closing the app stops the copy after the batch under way (it resumes from there next time).
        afterBatch: () => {
          if (closing) throw new Error('Paydesk is closing');
        },
      });
      state = { state: 'done', progress: state.progress, report, reason: null };
      deps.logger.info('ledger copied to the team ledger', { payments: report.payments.copied, operations: report.operations.copied, audit: report.audit.copied, invoices: report.invoices.copied, creditNotes: report.creditNotes.copied,
        skipped: report.payments.skipped + report.operations.skipped + report.invoices.skipped + report.creditNotes.skipped });
    } catch (error) {
      const e = error as { code?: string };
      const why = error instanceof team.OpenOperationsError ? reason('teamLedger.copyOpenOperations', { open: error.open })
        : error instanceof team.OlderTeamSchemaError && client ? (await team.olderSchemaOf(client, saved.settings, error.found) as { reason: TeamLedgerCopy['reason'] }).reason
        : e.code === '42501' ? reason('teamLedger.copyAdminOnly')
        : (team.explainConnectionError(error, saved.settings) as { reason: TeamLedgerCopy['reason'] }).reason;
      state = { ...state, state: 'failed', reason: why };
      deps.logger.warn('copy to the team ledger stopped', { code: e.code ?? 'none' });
    } finally {
      await client?.end().catch(() => {});
    }
  }

  return {
    start(): TeamLedgerCopy {
      if (state.state === 'running') return state;
      state = { state: 'running', progress: null, report: null, reason: null };
      running = run().catch((error: unknown) => {
        state = { ...state, state: 'failed', reason: reason('teamLedger.failed', { host: deps.settings.read()?.host ?? '', code: (error as { code?: string }).code ?? 'unknown' }) };
      });
      return state;
    },
    view: (): TeamLedgerCopy => state,
    /** Stops a copy under way after its current batch, and waits for it (closing the app). */
    close: () => {
      closing = true;
      return running ?? Promise.resolve();
    },
  };
}

export type TeamLedgerCopyService = ReturnType<typeof createTeamLedgerCopy>;
