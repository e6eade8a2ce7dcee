import type { ReactNode, Ref } from 'react';

/**
 * Amounts, card digits, ids and URLs stay left to right inside Arabic text: an isolated
 * left-to-right run that still sits where the surrounding (right-to-left) text puts it.
 * `cut`: a text that may be longer than its column (an order id in a list) is cut at its own end,
 * the right, with an ellipsis, in both directions, and is whole in its title. Cut by its container
 * instead, an Arabic page's ellipsis is at the container's end, the left, and took the id's start.
 * `ref`: the run itself (what a refused copy selects, ui/copy-button.tsx).
 */
export function Ltr({ children, className, testId, cut, ref }: { children: ReactNode; className?: string; testId?: string; cut?: string; ref?: Ref<HTMLElement> }) {
  return (
    <bdi ref={ref} dir="ltr" className={cut === undefined ? className : `ltr-cut ${className ?? ''}`.trim()} title={cut} data-testid={testId}>
      {children}
    </bdi>
  );
}
