// A money move whose intent could not be recorded because the team ledger is out of reach: the
// record-before-sending rule stopped it before its request left, so the dialog says nothing was
// sent (not only the server's problem). Only the steps before the request use this: a failure
// after it left leaves the outcome unknown, and is never said to have sent nothing.
import { AppFailure } from '../../contract/result';
import { englishText, reason } from '../core/fail';

/** What the team ledger's words (main/ledger/postgres/connection.ts) call a server not reached or a connection lost. */
function lostTeamLedger(error: unknown): Pick<AppFailure, 'extra'> | undefined {
  // By name: the team ledger's failures are made by its own bundle's copy of the class (team-ledger.cjs).
  const failure = error as Partial<AppFailure> | null;
  if (failure?.name !== 'AppFailure' || failure.code !== 'storage' || !failure.extra) return undefined;
  const why = failure.extra.reason;
  if (why?.key === 'teamLedger.unreachable') return { extra: failure.extra };
  // A connection cut under a query: the server shutting down (57P01–57P03), a connection
  // exception (08…), or pg's own "Connection terminated" (no code). Other codes are the database's
  // answers (a constraint, a grant), not a server out of reach.
  const code = String(why?.values?.code ?? '');
  return why?.key === 'teamLedger.failed' && /^(08|57P0[123]$|unknown$)/.test(code) ? { extra: failure.extra } : undefined;
}

/** Runs the steps before a money move's request leaves; the team ledger out of reach is said as "nothing was sent". */
export async function beforeSending<T>(steps: () => Promise<T>): Promise<T> {
  try {
    return await steps();
  } catch (error) {
    const lost = lostTeamLedger(error);
    if (!lost) throw error;
    const values = lost.extra.reason?.values ?? {};
    const why = reason('teamLedger.notSent', { host: values.host ?? '', code: values.code ?? 'unknown' });
    throw new AppFailure('storage', englishText(why), { reason: why });
  }
}
