// A payment's last error as the ledger keeps it in `last_error` (TEXT on SQLite and on the team
// ledger, no schema change): the reason as JSON, `{"key":…,"values":{…}}`, which the view answers
// as `lastErrorReason` for the page to word in the reader's language, beside its English words
// (`lastError`, for tools and logs). A row an earlier Paydesk wrote holds English text: it stays
// as it is, with no reason (docs/ledger.md, "A payment's last error").
import type { Reason } from '../../contract/reasons';
import { englishText } from '../core/fail';
import { knownReason } from '../core/known-reason';

/** The team ledger keeps at most this many characters of a finance check's last error (status-answers.sql). */
const maxStored = 500;

/**
 * The text to store for a reason. What the gateway said (`said`, redacted by the transport) is the
 * only value of any length: shortened so the whole stays within what the team ledger keeps.
 */
export function storedLastError(why: Reason): string {
  const text = JSON.stringify(why.values ? { key: why.key, values: why.values } : { key: why.key });
  const said = why.values?.said;
  if (text.length <= maxStored || typeof said !== 'string') return text;
  const kept = said.slice(0, Math.max(0, said.length - (text.length - maxStored) - 1));
  return JSON.stringify({ key: why.key, values: { ...why.values, said: `${kept}…` } });
}

/** A stored reason, or undefined for English text (an earlier Paydesk's) or a key this Paydesk does not know. */
function storedReason(stored: string): Reason | undefined {
  if (!stored.startsWith('{')) return undefined;
  try {
    return knownReason(JSON.parse(stored));
  } catch {
    return undefined;
  }
}

/** The view's `lastError` (English) and `lastErrorReason` of a stored last error. */
export function readLastError(stored: string | null): { lastError: string | null; lastErrorReason: Reason | null } {
  if (stored === null) return { lastError: null, lastErrorReason: null };
  const why = storedReason(stored);
  return why ? { lastError: englishText(why), lastErrorReason: why } : { lastError: stored, lastErrorReason: null };
}
