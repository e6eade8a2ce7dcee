// A description made of an invoice's lines joined ("عباءة حرير مطرزة يدويًا، Gift wrapping",
// main/invoices/lines-description.ts) drawn line by line. Under one dir="auto" the first line's
// letter set the whole's direction: on the English detail the Arabic first line put the text right
// to left, and the reader met "Gift wrapping" (the second line) first. Each line in its own isolate,
// in the page's direction, reads in order in both languages. Only a text whose parts go both ways
// takes it; any other is the one isolate it was (a sentence with a comma in it is not cut).
import { Fragment } from 'react';

/** The joiners lines-description.ts puts between lines: the Arabic comma or a Latin one, each with a space. */
const joiner = /(، |, )/;

type Way = 'rtl' | 'ltr' | undefined;
/** The direction a part's first letter sets, as dir="auto" finds it; none for digits and signs alone. */
function wayOf(text: string): Way {
  const letter = text.match(/\p{L}/u)?.[0];
  if (!letter) return undefined;
  return /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]/u.test(letter) ? 'rtl' : 'ltr';
}

/** The parts and their joiners when the parts go both ways; undefined otherwise. */
export function joinedParts(text: string): string[] | undefined {
  const parts = text.split(joiner);
  const ways = new Set(parts.filter((_, i) => i % 2 === 0).map(wayOf).filter(Boolean));
  return ways.size > 1 ? parts : undefined;
}

export function JoinedDescription({ text, className, testId }: { text: string; className?: string; testId?: string }) {
  const parts = joinedParts(text);
  if (!parts) return <bdi className={className} data-testid={testId}>{text}</bdi>;
  // The page's direction outside (a span takes it), each line isolated inside; the joiners between.
  return (
    <span className={className} data-testid={testId} data-lines={Math.ceil(parts.length / 2)}>
      {parts.map((part, i) => (i % 2 === 1 ? <Fragment key={i}>{part}</Fragment> : <bdi key={i}>{part}</bdi>))}
    </span>
  );
}
