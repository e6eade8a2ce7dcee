// "/" puts the keyboard in a screen's search field, as in many apps (Transactions' search, Home's
// "Find a payment"), unless the person is typing in a field already. Read by the key's place, so an
// Arabic layout's "ظ" works too (shortcut-key.ts).
import { useEffect, type RefObject } from 'react';
import { shortcutKey } from './shortcut-key';

export function useSlashFocus(field: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement || event.target instanceof HTMLTextAreaElement;
      if (shortcutKey(event) === '/' && !typing && !event.altKey && !event.ctrlKey && !event.metaKey) {
        event.preventDefault();
        field.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [field]);
}
