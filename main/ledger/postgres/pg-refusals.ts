// A read or export the team database refused, or could not be reached for, said in words: a
// refusal of the grants or row-level security (42501, e.g. a person removed from the groups
// while their laptop runs) with the reason `refused` names; a server out of reach or a login
// refused in "Test connection"'s words (connection.ts). Anything else is rethrown as it is.
import type { ReasonKey } from '../../../contract/reasons';
import { AppFailure } from '../../../contract/result';
import { fail } from '../../core/fail';
import { serverFailureInWords, type TeamLedgerSettings } from './connection';
import type { Queryable } from './pg-reads';

/** Reasons whose only value is the person ({person}). */
export type RefusedKey = Extract<ReasonKey, 'teamLedger.auditReadRefused' | 'teamLedger.exportRefused'>;

export function refusalsInWords(options: { pool: Queryable; settings?: TeamLedgerSettings }) {
  return async (error: unknown, refused: RefusedKey): Promise<never> => {
    const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
    // Main's own failures (a bad filter, in words already) go as they are.
    if (error instanceof AppFailure || name === 'AppFailure') throw error;
    if (code === '42501') {
      // The login the pool connects as; else the session's (a refused query drops its connection, and
      // a login no longer allowed cannot make another, so this is asked last).
      const configured = options.settings?.user ?? (options.pool as { options?: { user?: unknown } }).options?.user;
      const who = typeof configured === 'string' ? configured : await options.pool.query('SELECT session_user AS who').then((r) => r.rows[0]?.who as string | undefined, () => undefined);
      throw fail('forbidden', refused, { person: who ?? '?' });
    }
    throw (options.settings && serverFailureInWords(error, options.settings)) || error;
  };
}
