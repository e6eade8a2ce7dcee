// Entering a field whose text is usually replaced whole selects it (features' forms, the date fields).
import { useRef } from 'react';

/**
 * A field holding a copy, a default or a whole date (Customer name taken from Name on card; a link's
 * Description "Invoice"; From and To) is entered with its text selected,
 * by Tab or by a click, so what the person types replaces it: clicked into and typed, an Arabic
 * name went after "NOURA SALEH" (walk13). A click's own caret comes after focus, so it selects again
 * on that click's release; a later click places the caret as usual. A field a dialog opened in,
 * already selected (a refund's or capture's amount left), takes its first click as the entering one.
 */
export function useSelectCopyOnEntry(isCopy: boolean, options: { focusedOnOpen?: boolean } = {}) {
  // Entered by this press (mousedown comes before focus): its release selects again.
  const pressing = useRef(false);
  const entered = useRef(false);
  const clicked = useRef(false);
  if (!isCopy) return {};
  return {
    onMouseDown: (e: React.MouseEvent<HTMLInputElement>) => {
      pressing.current = document.activeElement !== e.currentTarget;
      // `focusedOnOpen`: a dialog put the keyboard in it, selected; the first click on it is the
      // person's entering press (walk31: clicked, then 100 typed, a refund's 300.00 made "300.00100").
      if (options.focusedOnOpen && !clicked.current && !pressing.current) entered.current = true;
      clicked.current = true;
    },
    onFocus: (e: React.FocusEvent<HTMLInputElement>) => {
      e.currentTarget.select();
      entered.current = pressing.current;
      pressing.current = false;
    },
    onMouseUp: (e: React.MouseEvent<HTMLInputElement>) => {
      if (!entered.current) return;
      entered.current = false;
      e.preventDefault();
      e.currentTarget.select();
    },
  };
}
