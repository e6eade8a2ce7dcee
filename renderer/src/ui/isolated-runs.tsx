// Words a sentence isolates for another direction (ltrIsolated: a file's column names, a time
// zone's id in an Arabic sentence) drawn as elements of their own: `code` for a file's own words,
// else `bdi`. What is read stays the same text; the element says it is an identifier, not words of
// the sentence's language (screen readers, and the Arabic screens' check for English words).
// `whole` keeps each run on one line (a file's name broke at its hyphen in Arabic at 800 px).
const isolated = /(\u2066[^\u2069]*\u2069)/;

export function IsolatedRuns({ text, as: Tag = 'bdi', whole = false }: { text: string; as?: 'bdi' | 'code'; whole?: boolean }) {
  return <>{text.split(isolated).map((part, i) => (i % 2 === 1 ? <Tag key={i} className={whole ? 'quoted-words' : undefined}>{part}</Tag> : part))}</>;
}
