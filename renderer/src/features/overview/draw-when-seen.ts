// When an overview chart is drawn: at once if it is in view (or nearly) when it is laid out, so
// the bars come with the frame that shows it; otherwise right after that frame is painted (all
// waiting charts in one task: about 5 ms a chart, 7 at most at first), or as soon as it scrolls
// near the view.
// Home shows up to 7 daily charts (one per currency), mostly below the fold: drawing them all
// before the first paint held the overview back (docs/overview.md, Loading).
// Drawing is in two steps: `measure` reads the layout (width, colour) and returns `draw`, which
// writes. The task measures all its charts first, so the layout is computed once, not once a chart.

type Measure = () => () => void;
type Waiting = { el: Element; measure: Measure };

const margin = 200; // px: a chart this close to the view is drawn before it is scrolled in
const waiting: Waiting[] = [];
let observer: IntersectionObserver | undefined;
let scheduled = false;
let whenDone: Array<() => void> = [];

function settle(): void {
  if (waiting.length || scheduled) return;
  const done = whenDone;
  whenDone = [];
  done.forEach((resolve) => resolve());
}

/** Resolves once no chart is waiting to be drawn (what follows the first screen waits for it). */
export function allDrawn(): Promise<void> {
  return new Promise((resolve) => {
    whenDone.push(resolve);
    settle();
  });
}

function take(entry: Waiting): Measure | undefined {
  const at = waiting.indexOf(entry);
  if (at < 0) return undefined;
  waiting.splice(at, 1);
  observer?.unobserve(entry.el);
  queueMicrotask(settle);
  return entry.measure;
}

/** After the next paint (a task queued from the frame), draws every waiting chart. */
function drawAfterPaint(): void {
  if (scheduled || !waiting.length) return settle();
  scheduled = true;
  requestAnimationFrame(() => setTimeout(() => {
    scheduled = false;
    const draws = [...waiting].map((entry) => take(entry)!()); // measured together, then drawn
    for (const draw of draws) draw();
  }, 0));
}

function isNearView(el: Element): boolean {
  const box = el.getBoundingClientRect();
  return box.bottom > -margin && box.top < innerHeight + margin;
}

/** Draws now if `el` is near the view, else later; returns a cancel for the unmount. */
export function drawWhenSeen(el: Element, measure: Measure): () => void {
  if (typeof IntersectionObserver !== 'function' || isNearView(el)) {
    measure()();
    return () => undefined;
  }
  const entry: Waiting = { el, measure };
  waiting.push(entry);
  observer ??= new IntersectionObserver(
    (seen) => seen.filter((s) => s.isIntersecting).forEach((s) => {
      const near = waiting.find((w) => w.el === s.target);
      if (near) take(near)!()();
    }),
    { rootMargin: `${margin}px 0px` },
  );
  observer.observe(el);
  drawAfterPaint();
  return () => {
    const at = waiting.indexOf(entry);
    if (at >= 0) waiting.splice(at, 1);
    observer?.unobserve(el);
    settle();
  };
}
