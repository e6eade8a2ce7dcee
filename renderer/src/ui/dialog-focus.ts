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
    (first.current ?? box.current?.querySelector<HTMLElement>('button'))?.focus();
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
