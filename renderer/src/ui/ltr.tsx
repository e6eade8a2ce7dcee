import type { ReactNode } from 'react';

/**
 * Amounts, card digits, ids and URLs stay left to right inside Arabic text: an isolated
 * left-to-right run that still sits where the surrounding (right-to-left) text puts it.
 */
export function Ltr({ children, className, testId }: { children: ReactNode; className?: string; testId?: string }) {
  return (
    <bdi dir="ltr" className={className} data-testid={testId}>
      {children}
    </bdi>
  );
}
