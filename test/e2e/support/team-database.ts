// One team database for previews ("laptops") started by a test or a bench: a throwaway
// PostgreSQL (test/support/postgres-server.ts), the team schema applied, the people added, and
// each laptop's data folder prepared as if its person had saved Settings → Team ledger and chosen
// "Use the team ledger on this laptop" (the form itself is tested in team-ledger.test.ts): the
// settings in team-ledger.json, the password in the OS keychain only.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import keytar from 'keytar';
import { applyTeamLedgerSecurity } from '../../../main/ledger/postgres/security';
import { keychainService } from '../../../main/vault/key-vault';
import { teamLedgerAccount } from '../../../main/vault/team-ledger-password';
import { startPostgres, type PostgresServer } from '../../support/postgres-server';

export type TeamPerson = { login: string; role: 'staff' | 'support' | 'finance' | 'admin'; password: string };

export type TeamDatabase = {
  server: PostgresServer;
  database: string;
  /** A query as the superuser (the test's view of the team ledger). */
  sql<R = Record<string, unknown>>(text: string, values?: unknown[]): Promise<R[]>;
  /** Writes the laptop's team ledger settings (in use) and puts the person's password in the keychain. */
  prepareLaptop(dataDir: string, person: TeamPerson): Promise<void>;
  /** Removes the people's passwords from the keychain and stops the server. */
  stop(): Promise<void>;
};

export async function startTeamDatabase(people: TeamPerson[]): Promise<TeamDatabase> {
  const server = await startPostgres();
  const database = await server.createDatabase();
  const superuser = await server.connect({ database });
  try {
    await applyTeamLedgerSecurity(superuser);
    for (const person of people) await superuser.query('SELECT paydesk.add_person($1, $2, $3)', [person.login, person.role, person.password]);
  } finally {
    await superuser.end();
  }
  const login = (person: TeamPerson) => ({ host: '127.0.0.1', port: server.port, database, user: person.login });
  return {
    server,
    database,
    sql: async <R>(text: string, values: unknown[] = []) => (await server.sql(database, text, values)).rows as R[],
    async prepareLaptop(dataDir, person) {
      writeFileSync(join(dataDir, 'team-ledger.json'), JSON.stringify({ ...login(person), tls: false, caPem: null, use: true }));
      await keytar.setPassword(keychainService, teamLedgerAccount(login(person)), person.password);
    },
    async stop() {
      for (const person of people) await keytar.deletePassword(keychainService, teamLedgerAccount(login(person))).catch(() => false);
      await server.stop();
    },
  };
}
