// "Change my password" on the team ledger: the connected person's own login changes its password
// (PostgreSQL lets any role do so for itself: no grant, no admin). The statement carries the SCRAM
// verifier made here (scram-verifier.ts), never the password, with the server's own iteration count.
import type pg from 'pg';
import { defaultScramIterations, scramSha256Verifier, scramVerifierShape } from './scram-verifier';

/** The verifier of `password` for the server `client` is connected to (its scram_iterations), checked for shape. */
export async function verifierForServer(client: pg.Client, password: string): Promise<string> {
  // scram_iterations exists from PostgreSQL 16 (NULL before: its fixed 4096).
  const set = await client.query<{ iterations: string | null }>(`SELECT current_setting('scram_iterations', true) AS iterations`);
  const iterations = Number(set.rows[0]?.iterations) >= defaultScramIterations ? Number(set.rows[0]!.iterations) : defaultScramIterations;
  const verifier = scramSha256Verifier(password, { iterations });
  if (!scramVerifierShape.test(verifier)) throw new Error('unexpected verifier shape');
  return verifier;
}

export async function changeOwnPassword(client: pg.Client, password: string): Promise<void> {
  const verifier = await verifierForServer(client, password);
  // A utility statement takes no parameters: the verifier is a literal (base64, `$` and `:` only, checked above).
  await client.query(`ALTER ROLE CURRENT_USER PASSWORD '${verifier}'`);
}

/**
 * "Add a person": paydesk.add_person gets the first password as a verifier too (CREATE ROLE keeps
 * a verifier as it is), so the server's log, which writes a call's parameters under
 * log_statement = 'all', holds no password (test/e2e/team-password-leak.test.ts).
 */
export async function addPerson(client: pg.Client, person: { login: string; role: string; password: string }): Promise<void> {
  await client.query('SELECT paydesk.add_person($1, $2, $3)', [person.login, person.role, await verifierForServer(client, person.password)]);
}
