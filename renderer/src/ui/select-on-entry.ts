// Entering a field whose text is usually replaced whole selects it (features' forms, the date fields).
import { useRef } from 'react';

/**
 * A field holding a copy, a default or a whole date (Customer name taken from Name on card; a link's
 * Description "Invoice"; From and To) is entered with its text selected,
 * by Tab or by a click, so what the person types replaces it: clicked into and typed, an Arabic
 * name went after "NOURA SALEH" (walk13). A click's own caret comes after focus, so it selects again
 * on that click's release; a later click places the caret as usual.
 */
export function useSelectCopyOnEntry(isCopy: boolean) {
  // Entered by this press (mousedown comes before focus): its release selects again.
  const pressing = useRef(false);
  const entered = useRef(false);
  if (!isCopy) return {};
  return {
    onMouseDown: (e: React.MouseEvent<HTMLInputElement>) => void (pressing.current = document.activeElement !== e.currentTarget),
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
