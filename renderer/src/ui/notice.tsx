// A line that reports what just happened. It keeps what it says as words (the app's keys, main's
// reasons and errors), worded at each draw, so the line follows a language switch.
import type { AppError } from '../../../contract/result';
import type { MessageKey } from '../i18n';
import { useWords, type WordValues, type Words } from '../i18n/words';
import { QuotedWords } from './quoted-words';

export type Notice = { kind: 'ok' | 'error'; words: Words };

export const said = (key: MessageKey, values?: WordValues): Notice => ({ kind: 'ok', words: { key, values } });
/** Main refused or failed: its error, worded in the language of each draw. */
export const refused = (error: AppError): Notice => ({ kind: 'error', words: { error } });

/**
 * Each left-to-right run (an order id, an amount) kept on one line: a repeat charge's new order id
 * broke at its hyphen in an Arabic line, "PD-" ending one line and the rest starting the next (walk6).
 */
export function NoticeLine({ notice, testId }: { notice?: Notice; testId: string }) {
  const words = useWords();
  return (
    <p className={`notice notice-${notice?.kind ?? 'none'}`} role="status" data-testid={testId}>
      {notice ? <QuotedWords text={words(notice.words)} wholeRuns /> : null}
    </p>
  );
}
