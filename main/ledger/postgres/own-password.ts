// "Change my password" on the team ledger: the connected person's own login changes its password
// (PostgreSQL lets any role do so for itself: no grant, no admin). The statement carries the SCRAM
// verifier made here (scram-verifier.ts), never the password, with the server's own iteration count.
import type pg from 'pg';
import { defaultScramIterations, scramSha256Verifier, scramVerifierShape } from './scram-verifier';

export async function changeOwnPassword(client: pg.Client, password: string): Promise<void> {
  // scram_iterations exists from PostgreSQL 16 (NULL before: its fixed 4096).
  const set = await client.query<{ iterations: string | null }>(`SELECT current_setting('scram_iterations', true) AS iterations`);
  const iterations = Number(set.rows[0]?.iterations) >= defaultScramIterations ? Number(set.rows[0]!.iterations) : defaultScramIterations;
  const verifier = scramSha256Verifier(password, { iterations });
  if (!scramVerifierShape.test(verifier)) throw new Error('unexpected verifier shape');
  // A utility statement takes no parameters: the verifier is a literal (base64, `$` and `:` only, checked above).
  await client.query(`ALTER ROLE CURRENT_USER PASSWORD '${verifier}'`);
}
