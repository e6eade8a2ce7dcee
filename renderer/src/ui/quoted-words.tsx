// Another program's words quoted in an Arabic sentence (the gateway's "No transaction tx_…", the
// keychain's): `quotedSaid` isolates them (FSI…PDI), which keeps their order but not their line; in a
// red error the quote broke over two lines ("«No transaction" ending one line, "tx_…»." starting the
// next). Drawn here as one unit with its «» and full stop: on one line where it fits, else in a box of
// its own. The words themselves are an English, left-to-right element (<bdi dir="ltr" lang="en">): a
// screen reader reads them as English and the Arabic line around them keeps its order. The text is
// the same (the marks stay), so what tests and screen readers read is unchanged. A profile's name is
// isolated so too (FSI…PDI, in the Arabic catalogs): Latin, it is drawn as these are; Arabic, in its own direction.
import { IsolatedRuns, StopAfterRuns } from './isolated-runs';

const quote = /([«“]?\u2068[^\u2069]*\u2069[»”]?\.?)/;
const parts = /^([«“]?)(\u2068[^\u2069]*\u2069)(.*)$/;

/** Words whose first letter is Arabic (or Hebrew): a person's name in Arabic, such as a profile's, isolated as every profile name is. */
const rightToLeftFirst = /^[^\p{L}]*[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/u;

function Quote({ text }: { text: string }) {
  const [, open = '', words = text, close = ''] = parts.exec(text) ?? [];
  // Not English, not left to right: drawn in its own direction, as the isolate (FSI) says.
  if (rightToLeftFirst.test(words.slice(1))) return <span className="quoted-words">{open}<bdi className="quoted-said">{words}</bdi>{close}</span>;
  // Unquoted (a file's path) and ending the sentence: the full stop follows the path as read, inside
  // its element (isolated-runs.tsx, stopInside); after a closing » it stays the Arabic sentence's.
  if (!open && close === '.') return <span className="quoted-words"><bdi dir="ltr" lang="en" className="quoted-said">{words}{close}</bdi></span>;
  return <span className="quoted-words">{open}<bdi dir="ltr" lang="en" className="quoted-said">{words}</bdi>{close}</span>;
}

/**
 * Also a left-to-right run (ltrIsolated) that ends a sentence: its full stop drawn after it (StopAfterRuns).
 * `wholeRuns`: every such run kept on one line (IsolatedRuns' `whole`), for narrow cells: a phone
 * "+966 501234567" broken over two lines of an Arabic problem showed "966+" at one line's end.
 */
export function QuotedWords({ text, wholeRuns = false }: { text: string; wholeRuns?: boolean }) {
  const rest = (part: string, key?: number) => (wholeRuns ? <IsolatedRuns key={key} text={part} whole /> : <StopAfterRuns key={key} text={part} />);
  if (!text.includes('\u2068')) return rest(text);
  return <>{text.split(quote).map((part, i) => (i % 2 === 1 ? <Quote key={i} text={part} /> : rest(part, i)))}</>;
}
