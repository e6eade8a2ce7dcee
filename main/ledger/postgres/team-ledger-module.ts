// What main loads on first use of the team ledger, as one bundle of its own (dist/main/team-ledger.cjs,
// scripts/build.mjs): the connection (pg, Kysely), the copy of a laptop's ledger, the screens' reads (the audit chain's full check included), Home's overview and the exports (the quick CSV downloads included), the team's profiles.
export { clientConfig, explainConnectionError, isLoopback, olderSchemaOf, openTeamLedger, serverFailureInWords, testTeamLedgerConnection } from './connection';
export { copyLedgerToTeam, OlderTeamSchemaError, OpenOperationsError, verifyImportedAudit } from './copy-to-team';
export { openPostgresLedgerStore } from './pg-store';
export { listenForTeamChanges } from './live';
export { createTeamLedgerReads, type TeamLedgerReads } from './pg-reads';
export { createTeamOverview, type TeamOverview } from './pg-overview';
export { createTeamExports, type TeamExportRequest, type TeamExports } from './pg-export';
export { createTeamBulkStore } from './pg-bulk';
export { createTeamQuickExports, type TeamQuickExports } from './pg-quick-export';
export { addPerson, changeOwnPassword } from './own-password';
export { listPeople, removePerson, setPersonGroup } from './team-people';
export { createTeamProfiles, type TeamProfiles } from './pg-profiles';

import pg from 'pg';
import { clientConfig } from './connection';

/** A client of its own for the copy, connected with the saved settings (a lost connection fails its query, never the process). */
export async function connectTeamClient(config: Extract<ReturnType<typeof clientConfig>, { config: unknown }>['config']): Promise<pg.Client> {
  const client = new pg.Client(config);
  client.on('error', () => {});
  await client.connect();
  return client;
}
