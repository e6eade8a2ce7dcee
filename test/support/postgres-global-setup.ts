// vitest globalSetup of the `postgres` project (vitest.config.ts): one PostgreSQL server for the
// whole test run, started only when a file of that project is selected (vitest runs a project's
// globalSetup only then), so running any other file pays no initdb. Here, once: the server (with
// TLS, so the connection tests can use it; plain connections work too), the people (one login per
// role; logins are per server) and `paydesk_template`, a team database already set up, which
// each test copies (`CREATE DATABASE … TEMPLATE`, postgres-tests.ts) so tests never see each
// other's rows. The files get the port and passwords through provide/inject; the returned
// teardown stops the server when the run ends (and startPostgres stops it at exit if not).
import type { TestProject } from 'vitest/node';
import { randomBytes } from 'node:crypto';
import { applyTeamLedgerSecurity } from '../../main/ledger/postgres/security';
import { postgresMissing, startPostgres } from './postgres-server';
import type { SharedPostgres, TeamPerson } from './postgres-tests';

const teamTemplate = 'paydesk_template';

export default async function setup(project: TestProject) {
  const missing = postgresMissing();
  if (missing) {
    project.provide('teamPostgres', { missing });
    return;
  }
  const started = performance.now();
  const server = await startPostgres({ tls: true });
  const serverMs = performance.now() - started;
  try {
    // Unmistakable passwords, so a test can check one never shows up where it must not.
    const people: TeamPerson[] = (['staff', 'support', 'finance', 'admin'] as const).map((role, i) => {
      const login = ['sam', 'sue', 'fay', 'ada'][i]!;
      // Never containing the login (the database refuses such a first password, people-and-settled-create.sql); digits only after it.
      return { login, role, password: `Unmistakable-Password-${role}-${randomBytes(6).readUIntBE(0, 6)}` };
    });
    const ada = people.find((p) => p.role === 'admin')!;
    await server.createDatabase(teamTemplate);
    const superuser = await server.connect({ database: teamTemplate });
    try {
      await applyTeamLedgerSecurity(superuser);
      // As a business does it: the superuser adds the first admin, the admin everyone else.
      await superuser.query(`SELECT paydesk.add_person($1, 'admin', $2)`, [ada.login, ada.password]);
    } finally {
      await superuser.end();
    }
    const admin = await server.connect({ database: teamTemplate, user: ada.login, password: ada.password });
    try {
      for (const p of people.filter((x) => x !== ada)) await admin.query('SELECT paydesk.add_person($1, $2, $3)', [p.login, p.role, p.password]);
    } finally {
      await admin.end();
    }
    const shared: SharedPostgres = { port: server.port, password: server.password, caPem: server.caPem!, template: teamTemplate, people, setupMs: Math.round(performance.now() - started) };
    project.provide('teamPostgres', shared);
    if (process.env.PAYDESK_PG_TIMINGS === '1') console.log(`PostgreSQL for the tests: server ${Math.round(serverMs)} ms, template and people ${shared.setupMs - Math.round(serverMs)} ms`);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return async () => {
    const stopping = performance.now();
    await server.stop();
    if (process.env.PAYDESK_PG_TIMINGS === '1') console.log(`PostgreSQL for the tests: stopped in ${Math.round(performance.now() - stopping)} ms`);
  };
}
