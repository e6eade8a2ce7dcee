// A change of layout that would move the screen under the pointer waits until the pointer rests.
// The first notification narrows the screen (its column is left free): at 800 px a row's Open in
// Needs attention moved 172 px sideways and 48 px down, so a click aimed at it met nothing or
// another row's button. Measured and chosen in docs/screens-after-sale.md.
import { useLayoutEffect, useRef, useState } from 'react';

let lastPointed = -Infinity;
if (typeof window !== 'undefined') {
  const pointed = () => void (lastPointed = performance.now());
  window.addEventListener('pointermove', pointed, { capture: true, passive: true });
  window.addEventListener('pointerdown', pointed, { capture: true, passive: true });
}

/**
 * Whether a layout change that `wanted` asks for should still wait: from when it is wanted while
 * the pointer moved in the last `restMs`, until the pointer has rested that long (or `longestMs`
 * have passed, so a pointer that never rests does not hide it for ever). Decided before paint.
 */
export function useHeldWhilePointing(wanted: boolean, restMs = 700, longestMs = 4000): boolean {
  const [held, setHeld] = useState(false);
  const since = useRef<number | undefined>(undefined);
  useLayoutEffect(() => {
    if (!wanted) {
      since.current = undefined;
      setHeld(false);
      return;
    }
    if (since.current !== undefined) return;
    const start = (since.current = performance.now());
    if (start - lastPointed >= restMs) return;
    setHeld(true);
    let timer = 0;
    const check = () => {
      const now = performance.now();
      if (now - lastPointed >= restMs || now - start >= longestMs) return setHeld(false);
      timer = window.setTimeout(check, Math.min(restMs - (now - lastPointed), longestMs - (now - start)));
    };
    timer = window.setTimeout(check, restMs - (start - lastPointed));
    return () => window.clearTimeout(timer);
  }, [wanted, restMs, longestMs]);
  return held;
}
