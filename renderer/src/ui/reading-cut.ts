// A name written in both directions ("مؤسسة Al-Qahtani Trading Company W.L.L. للتجارة") cut where
// its column ends, keeping its beginning in reading order. Chromium's "…" (text-overflow, and a
// line clamp's on its last line) cuts at the line's far edge by position on screen; inside a run
// written the other way from the name's start that edge holds the run's *start*, so the Arabic-first
// name above read "مؤسسة …g Company W.L.L" in the transactions list, "Al-Qahtani" lost, and a
// Latin-first one lost the start of its Arabic part. Such a name is cut here instead: the longest
// beginning that fits, then "…" joined to the run it ends (a direction mark after it), so
// "مؤسسة Al-Qahtani Trading…". A name in one direction is left to CSS, as before: no measuring
// (docs/screens-after-sale.md, "Names in two scripts").

const rtlLetter = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/u;
const ltrLetter = /(?![\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc])\p{L}/u;

/** Letters of both directions: the only names CSS cuts in the wrong place. */
export const inTwoDirections = (name: string | null | undefined): name is string => !!name && rtlLetter.test(name) && ltrLetter.test(name);

/** The first `count` characters and "…", the "…" in the direction of the last letter before it. */
export function cutText(characters: readonly string[], count: number): string {
  const kept = characters.slice(0, count).join('').trimEnd();
  const lastLetter = [...kept].reverse().find((c) => rtlLetter.test(c) || ltrLetter.test(c));
  return `${kept}…${lastLetter && rtlLetter.test(lastLetter) ? '\u200f' : '\u200e'}`;
}

const overflows = (box: HTMLElement) => box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;

// The candidates are tried in a box of their own, off the page's flow: trying them in the list's own
// box laid the whole list out again at each try (about 6 ms a name on the shared build machine,
// 11 s over 2,000 rows of such names; docs/screens-after-sale.md). Contained whole (its size its
// own), so a try lays out that box alone; its content's size is read from its scroll size.
let measurer: HTMLElement | undefined;
function measuringBox(shown: CSSStyleDeclaration, width: number): HTMLElement {
  measurer ??= document.body.appendChild(document.createElement('div'));
  measurer.setAttribute('aria-hidden', 'true');
  measurer.style.cssText = 'position: fixed; inset-block-start: 0; inset-inline-start: 0; visibility: hidden; pointer-events: none; contain: strict; block-size: 0; overflow: hidden; unicode-bidi: plaintext;';
  for (const property of ['font', 'letterSpacing', 'wordSpacing', 'whiteSpace', 'overflowWrap', 'wordBreak', 'lineHeight', 'fontKerning'] as const) measurer.style[property] = shown[property];
  measurer.style.inlineSize = `${width}px`;
  return measurer;
}

// A one-line box's candidates are measured on a canvas in the box's font: no layout at all (the
// transactions list, whose rows are drawn as it scrolls).
let canvas: CanvasRenderingContext2D | null | undefined;
function oneLineWidth(font: string): ((text: string) => number) | undefined {
  canvas ??= document.createElement('canvas').getContext('2d');
  if (!canvas) return undefined;
  canvas.font = font;
  return (text) => canvas!.measureText(text).width;
}

/**
 * The longest beginning of `text` with "…" that fits a box `width` wide and `height` high in the
 * box's font and wrapping; `text` itself when it fits.
 */
function cutToFit(box: HTMLElement, text: string, width: number, height: number): string {
  const shown = getComputedStyle(box);
  const measure = shown.whiteSpace === 'nowrap' ? oneLineWidth(shown.font) : undefined;
  const trial = measure ? undefined : measuringBox(shown, width);
  const fits = (candidate: string) => {
    if (measure) return measure(candidate) <= width - 1; // a pixel spare: the canvas's shaping may round otherwise
    trial!.textContent = candidate;
    return trial!.scrollWidth <= width + 1 && trial!.scrollHeight <= height + 1;
  };
  const characters = Array.from(text);
  let [fitting, tooLong] = [0, characters.length];
  while (tooLong - fitting > 1) {
    const count = (fitting + tooLong) >> 1;
    if (fits(cutText(characters, count))) fitting = count;
    else tooLong = count;
  }
  if (trial) trial.textContent = '';
  return cutText(characters, fitting);
}

type Watched = { name: string; drawn?: (name: string) => string; cut?: (box: HTMLElement, cut: boolean) => void };
const watched = new WeakMap<Element, Watched>();
// One observer for every name shown: a list draws hundreds.
let boxes: ResizeObserver | undefined;

/**
 * Every box that changed size, in three passes so the page is laid out once, not once a box: the
 * two-direction names drawn whole; every box's room read; each such name's cut found off the page
 * and drawn.
 */
function fitAll(entries: ResizeObserverEntry[]) {
  const seen = entries.flatMap(({ target }) => {
    const entry = watched.get(target);
    return entry ? [{ box: target as HTMLElement, ...entry, text: (entry.drawn ?? String)(entry.name) }] : [];
  });
  for (const x of seen) if (inTwoDirections(x.name) && x.box.textContent !== x.text) x.box.textContent = x.text;
  const measured = seen.map((x) => ({ ...x, over: overflows(x.box), width: x.box.clientWidth, height: x.box.clientHeight }));
  // Every cut found before any is drawn: a box drawn before the next is tried would lay the page out again.
  const cuts = measured.map((x) => (x.over && inTwoDirections(x.name) ? cutToFit(x.box, x.text, x.width, x.height) : undefined));
  measured.forEach((x, i) => {
    if (cuts[i] !== undefined) x.box.textContent = cuts[i];
    x.cut?.(x.box, x.over);
  });
  cutAgainWhereNarrowed(measured.filter((_, i) => cuts[i] !== undefined));
}

/**
 * A box as wide as its text lets it be (the links list's and bulk check's two-line names: a table
 * column sized by its cells) narrows once its name is cut: the cut, found for the width the whole
 * name had, then took a third line in two, the line with its "…" hidden ("مؤسسة / Al-Qahtani" in the
 * English links list at 1280 px, read as whole). Those still too long are cut again at the width
 * they now have, all read before any is drawn (one layout a round); a box whose width is its
 * column's (the transactions list) never narrows, and costs one read.
 */
function cutAgainWhereNarrowed(cut: Array<{ box: HTMLElement; text: string }>) {
  let left = cut;
  for (let round = 0; round < 3 && left.length; round++) {
    left = left.filter((x) => overflows(x.box));
    const cuts = left.map((x) => cutToFit(x.box, x.text, x.box.clientWidth, x.box.clientHeight));
    left.forEach((x, i) => (x.box.textContent = cuts[i]!));
  }
}

/**
 * Keeps the box's name cut in reading order at every size (a name in two directions), or only
 * reports whether CSS cut it (`cut`, a name in one direction). The box's text is the name, drawn by
 * React as its only child: React sets it again whenever the name changes, and `watch` runs again.
 */
export function watchCut(box: HTMLElement, entry: Watched): () => void {
  if (typeof ResizeObserver === 'undefined') return () => undefined;
  boxes ??= new ResizeObserver(fitAll);
  watched.set(box, entry);
  boxes.observe(box);
  return () => {
    boxes?.unobserve(box);
    watched.delete(box);
  };
}
