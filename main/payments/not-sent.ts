// A money move stopped before its intent was recorded by a team ledger failure: the
// record-before-sending rule stopped it before its request left, so the dialog says nothing was
// sent, and why in plain words (docs/team-ledger.md, "Storage failures in words"). Only the steps
// before the request use this: a failure after it left leaves the outcome unknown, and is never
// said to have sent nothing.
import { AppFailure } from '../../contract/result';
import { englishText, fail, reason } from '../core/fail';
import { isDiskFull } from '../core/disk-full';

/** The team ledger's words for a storage failure (main/ledger/postgres/connection.ts), or undefined for anything else. */
function teamLedgerReason(error: unknown): { key: string; values?: Record<string, string | number> } | undefined {
  // By name: the team ledger's failures are made by its own bundle's copy of the class (team-ledger.cjs).
  const failure = error as Partial<AppFailure> | null;
  if (failure?.name !== 'AppFailure' || failure.code !== 'storage') return undefined;
  return failure.extra?.reason;
}

// The server's answers whose "nothing was sent" says why: all but a password refused, a grant
// missing or a schema too old, which keep their own words ("could not be reached" would not be true).
const causes: Record<string, 'conflict' | 'serverFull' | 'timedOut' | 'other'> = {
  'teamLedger.conflict': 'conflict', 'teamLedger.serverFull': 'serverFull', 'teamLedger.timedOut': 'timedOut', 'teamLedger.failed': 'other',
};

/** The failure as "nothing was sent" when it is the team ledger's; any other as it is. */
function saidAsNothingSent(error: unknown): unknown {
  const why = teamLedgerReason(error);
  if (!why) return error;
  const values = { host: why.values?.host ?? '', code: why.values?.code ?? 'unknown' };
  const lost = why.key === 'teamLedger.unreachable' || why.key === 'teamLedger.connectionLost';
  const said = lost ? reason('teamLedger.notSent', values) : causes[why.key] ? reason('teamLedger.notSentServer', { ...values, cause: causes[why.key]! }) : undefined;
  return said ? new AppFailure('storage', englishText(said), { reason: said }) : error;
}

/**
 * Runs the steps before a money move's request leaves; a team ledger failure is said as "nothing
 * was sent". A serialization failure or deadlock undid the steps' transaction whole (nothing
 * recorded, nothing sent), so they run once more first: a person would only press Send again.
 * The steps must be safe to run twice (a read, or one transaction that lets go what it claimed).
 */
export async function beforeSending<T>(steps: () => Promise<T>): Promise<T> {
  try {
    return await steps();
  } catch (error) {
    if (teamLedgerReason(error)?.key !== 'teamLedger.conflict') throw saidAsNothingSent(error);
  }
  return steps().catch((again: unknown) => {
    throw saidAsNothingSent(again);
  });
}

/**
 * Runs the step after a money move's request left (recording the gateway's answer): a team ledger
 * failure or a full disk there leaves the outcome unknown (the operation stays `sending`, marked unknown and
 * checked by the laptop's recheck or reconnect), so it is said as such, never "try again". A full
 * disk is said so, and the step is handed to `recordLater` to run again once there is room.
 */
export async function afterSending<T>(step: () => Promise<T>, recordLater?: (again: () => Promise<unknown>) => void): Promise<T> {
  return step().catch((error: unknown) => {
    // The laptop's ledger refused the answer for room: never "nothing was sent"; the answer is kept
    // and recorded once there is room (payments-core.ts, `recordLater`).
    if (isDiskFull(error)) {
      recordLater?.(step);
      throw fail('storage', 'disk.fullAfterSending');
    }
    const why = teamLedgerReason(error);
    if (!why?.key.startsWith('teamLedger.')) throw error;
    const said = reason('teamLedger.answerNotRecorded', { host: why.values?.host ?? '', code: why.values?.code ?? 'unknown' });
    throw new AppFailure('storage', englishText(said), { reason: said });
  });
}
