// A dialog takes the focus when it opens and gives it back when it closes; Escape closes it.
// Only then: the screen behind a dialog re-renders whenever main's events refresh it, and a
// focus moved on each re-render would pull the cursor out of the field being typed in (typed
// words then land in another field).
import { useEffect, useRef, type RefObject } from 'react';
import { useModalKeys } from './modal-keys';

/** `box`: the dialog itself, which keeps Tab inside it (modal-keys.ts); its first button takes the focus when `first` has none. */
export function useDialogFocus(first: RefObject<HTMLElement | null>, onEscape: () => void, box: RefObject<HTMLElement | null>) {
  useModalKeys(box);
  const escape = useRef(onEscape);
  useEffect(() => {
    escape.current = onEscape;
  });
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const target = first.current ?? box.current?.querySelector<HTMLElement>('button');
    target?.focus();
    // A field that opens filled (the amount left to refund or capture) is selected, as a Tab into it
    // would: what is typed replaces it (it was added to its end: "100.00" and 10 made "100.0010").
    if (target instanceof HTMLInputElement) target.select();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') escape.current();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [first, box]); // refs: stable for the dialog's life
}
