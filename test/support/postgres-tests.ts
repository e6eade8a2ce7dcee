// What the team ledger's test files use to reach the test run's PostgreSQL server (started once
// by postgres-global-setup.ts, the `postgres` project's globalSetup): a describe block that skips
// or fails where the server binaries are missing, and a fresh team database per test, a copy of
// the template that has the schema and the people (one login per role) already.
import { beforeAll, describe, inject } from 'vitest';
import type pg from 'pg';
import { postgresAt, type PostgresAt } from './postgres-server';

export type TeamPerson = { login: string; role: 'staff' | 'support' | 'finance' | 'admin'; password: string };

/** What the globalSetup hands the files: where the server is, and who is in the template's team. */
export type SharedPostgres = {
  port: number;
  password: string;
  /** The certificate authority that signed the server's certificate (TLS is on; plain connections work too). */
  caPem: string;
  /** A team database already set up (security.sql applied, the people added); copied per test. */
  template: string;
  people: TeamPerson[];
  /** How long the server and template took to set up, for the record. */
  setupMs: number;
};

declare module 'vitest' {
  export interface ProvidedContext {
    teamPostgres: SharedPostgres | { missing: string };
  }
}

type Provided = SharedPostgres | { missing: string };
const required = process.env.PAYDESK_REQUIRE_POSTGRES === '1';

/** Why this file cannot reach the shared server, or null when it can. */
function unavailable(): string | null {
  const provided = inject('teamPostgres') as Provided | undefined;
  if (!provided) return 'the shared PostgreSQL server was not started: run this file in vitest\'s `postgres` project (vitest.config.ts), as `npm test` does';
  return 'missing' in provided ? provided.missing : null;
}

const why = unavailable();
if (why && !required) console.warn(`Skipping the team ledger's PostgreSQL tests: ${why}`);

/** A describe block that needs the real PostgreSQL: skipped, saying why, where it is missing, unless PAYDESK_REQUIRE_POSTGRES=1 (CI), where it fails. */
export function describeWithPostgres(name: string, body: () => void) {
  describe.skipIf(why !== null && !required)(name, () => {
    beforeAll(() => {
      if (why) throw new Error(`PAYDESK_REQUIRE_POSTGRES=1 but ${why}`);
    });
    body();
  });
}

export type TeamServer = PostgresAt & {
  caPem: string;
  people: TeamPerson[];
  /** The person with this role in the template's team. */
  person(role: TeamPerson['role']): TeamPerson;
  /** A new team database, a copy of the template: schema, people and their audit entries, nothing else. */
  createTeamDatabase(): Promise<string>;
  /** A client logged in as one of the people (by login), optionally saying which laptop's OS user it is. */
  connectAs(database: string, login: string, osUser?: string): Promise<pg.Client>;
};

/** The run's shared server. Call inside a describeWithPostgres block (in a hook or test). */
export function teamServer(): TeamServer {
  const shared = inject('teamPostgres') as Provided | undefined;
  if (!shared || 'missing' in shared) throw new Error(why ?? 'no PostgreSQL server');
  const at = postgresAt(shared.port, shared.password);
  const person = (role: TeamPerson['role']) => shared.people.find((p) => p.role === role)!;
  return {
    ...at,
    caPem: shared.caPem,
    people: shared.people,
    person,
    createTeamDatabase: () => at.createDatabase(undefined, { template: shared.template }),
    async connectAs(database, login, osUser) {
      const p = shared.people.find((x) => x.login === login);
      if (!p) throw new Error(`${login} is not one of the template's people`);
      const client = await at.connect({ database, user: p.login, password: p.password });
      if (osUser) await client.query(`SELECT set_config('paydesk.os_user', $1, false)`, [osUser]);
      return client;
    },
  };
}
