// Words a sentence isolates for another direction (ltrIsolated: a file's column names, a time
// zone's id in an Arabic sentence) drawn as elements of their own: `code` for a file's own words,
// else `bdi`. What is read stays the same text; the element says it is an identifier, not words of
// the sentence's language (screen readers, and the Arabic screens' check for English words).
// `whole` keeps each run on one line (a file's name broke at its hyphen in Arabic at 800 px).
import { Fragment } from 'react';
import { isNumberRun } from '../../../contract/amount-words';

const isolated = /(\u2066[^\u2069]*\u2069\.?)/;

/**
 * A run that ends its sentence ("حُفظ في ⁦/tmp/x.json⁩.") takes the full stop into its own left to
 * right element: in an Arabic line the stop sat at the run's left, before its first character
 * ("./tmp/x.json", read as a relative path), where it now follows its last as read. The text is
 * the same; only where the stop is drawn changes. Not a number's (an amount, an example: isNumberRun,
 * contract/amount-words.ts): its stop is the Arabic sentence's.
 */
export const stopInside = (run: string) => (run.endsWith('.') && !isNumberRun(run) ? 'ltr' : undefined);

export function IsolatedRuns({ text, as: Tag = 'bdi', whole = false }: { text: string; as?: 'bdi' | 'code'; whole?: boolean }) {
  return <>{text.split(isolated).map((part, i) => {
    if (i % 2 === 0) return part;
    // An amount's or an example number's full stop is the sentence's: drawn after its element, not in it (isNumberRun).
    const [run, stop] = part.endsWith('.') && !stopInside(part) ? [part.slice(0, -1), '.'] : [part, ''];
    return <Fragment key={i}><Tag className={whole ? 'quoted-words' : undefined} dir={stopInside(run)}>{run}</Tag>{stop}</Fragment>;
  })}</>;
}

/** Only the runs that end a sentence drawn as elements (stopInside); other text as it is. */
const runThenStop = /(\u2066[^\u2069]*\u2069\.)/;
export function StopAfterRuns({ text }: { text: string }) {
  if (!runThenStop.test(text)) return <>{text}</>;
  return <>{text.split(runThenStop).map((part, i) => (i % 2 === 1 && stopInside(part) ? <bdi key={i} dir="ltr">{part}</bdi> : <Fragment key={i}>{part}</Fragment>))}</>;
}
