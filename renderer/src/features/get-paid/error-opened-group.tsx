// A folded group of fields (where the customer goes after paying, the address) that opens when one
// of its fields is refused, and stays open once open: bound to "has an error", it closed under the
// person's fingers the moment the field they were fixing became right (after "https://s"), hiding
// the field, dropping the keyboard and losing the rest of what they typed (the eleventh walk).
import { useEffect, useState, type ReactNode } from 'react';

export function ErrorOpenedGroup({ summary, hasError, children }: { summary: ReactNode; hasError: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(hasError);
  useEffect(() => {
    if (hasError) setOpen(true);
  }, [hasError]);
  return (
    <details className="gp-group" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{summary}</summary>
      {children}
    </details>
  );
}
