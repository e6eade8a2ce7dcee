// A team database for the team ledger's benches: made on a throwaway server, set up as security.sql
// says, with the finance login fay, read through a pool of 4 as the app does.
import pg from 'pg';
import { applyTeamLedgerSecurity } from '../main/ledger/postgres/security';
import type { PostgresServer } from '../test/support/postgres-server';

const fay = { user: 'fay', password: 'bench-password-f-1' };

export async function financeTeamDatabase(server: PostgresServer) {
  const database = await server.createDatabase('team');
  const superuser = await server.connect({ database });
  await applyTeamLedgerSecurity(superuser);
  await superuser.query(`SELECT paydesk.add_person($1, 'finance', $2)`, [fay.user, fay.password]);
  return {
    database,
    superuser,
    /** How fay connects (a worker thread's config too). */
    finance: { host: '127.0.0.1', port: server.port, database, ...fay },
    financePool: () => financePool(server, database),
  };
}

/** The team database a bench kept seeded in its cluster (`--keep-pg`), its schema brought up to date. */
export async function keptTeamDatabase(server: PostgresServer) {
  const database = 'team';
  const superuser = await server.connect({ database });
  await applyTeamLedgerSecurity(superuser);
  return { database, superuser, financePool: () => financePool(server, database) };
}

const financePool = (server: PostgresServer, database: string) => new pg.Pool({ host: '127.0.0.1', port: server.port, database, ...fay, max: 4 });
