import { useLayoutEffect, useRef } from 'react';
import { inTwoDirections, watchCut } from '../../ui/reading-cut';

// A customer's name in the links list and the bulk check, in a cell of at most two lines
// (get-paid.css, `.gp-table .customer-name`). The clamp's box takes the name's own direction
// (dir="auto"), so its "…" is at the name's end: the right of a Latin name on an Arabic page, the
// left of an Arabic name on an English one (in the page's direction a Latin name cut in Arabic read
// "…Abdulrahman" at 600 px). The name is the box's own text, not a <bdi> in it: dir="auto" skips a
// <bdi>'s text when it looks for the direction, and took the page's. A hyphen between letters
// is drawn as a non-breaking one (U+2011): in Arabic at 600 px "Fahad Al-Qahtani" broke at its
// hyphen and the line drew "Fahad / -Al…"; now "Al‑Qahtani" moves to the next line whole, or is
// cut there with "…" (overflow-wrap still breaks a part wider than the cell, inside it, never the
// page). Drawn only: the title keeps the name exactly as typed, and what is sent or exported is
// the row's own text.
export const unbrokenHyphens = (name: string) => name.replace(/(?<=\p{L})-(?=\p{L})/gu, '\u2011');

// Names marked while cut: one aligned to the page's side keeps room for Chromium's "…" only then
// (get-paid.css). A name in both directions is cut by ui/reading-cut.ts instead, its beginning kept
// in reading order, and marked data-cut="reading" (its "…" is in its text: no room to keep).
const markCut = (box: HTMLElement, cut: boolean, name: string) => {
  if (!cut) box.removeAttribute('data-cut');
  else box.setAttribute('data-cut', inTwoDirections(name) ? 'reading' : '');
};

export function ClampedName({ name }: { name: string | null }) {
  const box = useRef<HTMLSpanElement>(null);
  const text = name ?? '';
  useLayoutEffect(() => (box.current ? watchCut(box.current, { name: text, drawn: unbrokenHyphens, cut: (shown, cut) => markCut(shown, cut, text) }) : undefined), [text]);
  // A name the app cuts itself is read whole by screen readers, from a copy beside the drawn cut.
  const twoDirections = inTwoDirections(text);
  return (
    <>
      <span ref={box} className="customer-name" dir="auto" title={name ?? undefined} aria-hidden={twoDirections || undefined}>
        {unbrokenHyphens(text)}
      </span>
      {twoDirections && <span className="visually-hidden">{text}</span>}
    </>
  );
}
