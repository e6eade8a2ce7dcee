import type { ReactNode } from 'react';

/**
 * Amounts, card digits, ids and URLs stay left to right inside Arabic text: an isolated
 * left-to-right run that still sits where the surrounding (right-to-left) text puts it.
 * `cut`: a text that may be longer than its column (an order id in a list) is cut at its own end,
 * the right, with an ellipsis, in both directions, and is whole in its title. Cut by its container
 * instead, an Arabic page's ellipsis is at the container's end, the left, and took the id's start.
 */
export function Ltr({ children, className, testId, cut }: { children: ReactNode; className?: string; testId?: string; cut?: string }) {
  return (
    <bdi dir="ltr" className={cut === undefined ? className : `ltr-cut ${className ?? ''}`.trim()} title={cut} data-testid={testId}>
      {children}
    </bdi>
  );
}
