// Another program's words quoted in an Arabic sentence (the gateway's "No transaction tx_…", the
// keychain's): `quotedSaid` isolates them (FSI…PDI), which keeps their order but not their line; in a
// red error the quote broke over two lines ("«No transaction" ending one line, "tx_…»." starting the
// next). Drawn here as one unit with its «» and full stop: on one line where it fits, else in a box of
// its own. The words themselves are an English, left-to-right element (<bdi dir="ltr" lang="en">): a
// screen reader reads them as English and the Arabic line around them keeps its order. The text is
// the same (the marks stay), so what tests and screen readers read is unchanged.
import { Fragment } from 'react';

const quote = /([«“]?\u2068[^\u2069]*\u2069[»”]?\.?)/;
const parts = /^([«“]?)(\u2068[^\u2069]*\u2069)(.*)$/;

function Quote({ text }: { text: string }) {
  const [, open = '', words = text, close = ''] = parts.exec(text) ?? [];
  return <span className="quoted-words">{open}<bdi dir="ltr" lang="en" className="quoted-said">{words}</bdi>{close}</span>;
}

export function QuotedWords({ text }: { text: string }) {
  if (!text.includes('\u2068')) return <>{text}</>;
  return <>{text.split(quote).map((part, i) => (i % 2 === 1 ? <Quote key={i} text={part} /> : <Fragment key={i}>{part}</Fragment>))}</>;
}
