// A folded group of fields (where the customer goes after paying, the address) that opens when one
// of its fields is refused, and stays open once open: bound to "has an error", it closed under the
// person's fingers the moment the field they were fixing became right (after "https://s"), hiding
// the field, dropping the keyboard and losing the rest of what they typed (the eleventh walk).
import { useState, type ReactNode } from 'react';

/** `startOpen`: drawn open, its fields needed from the start (a profile without default addresses, walk23). */
export function ErrorOpenedGroup({ summary, hasError, startOpen = false, children }: { summary: ReactNode; hasError: boolean; startOpen?: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(hasError || startOpen);
  // Opened in the same draw as the message (set while drawing, as React allows for state that follows
  // a prop): an effect opened it a frame later, after the message was already shown.
  if (hasError && !open) setOpen(true);
  return (
    <details className="gp-group" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{summary}</summary>
      {children}
    </details>
  );
}
