// "/" puts the keyboard in a screen's search field, as in many apps (Transactions' search, Home's
// "Find a payment"), unless the person is typing in a field already. Read by the key's place, so an
// Arabic layout's "ظ" works too (shortcut-key.ts).
import { useEffect, type RefObject } from 'react';
import { typingIn } from './shortcut-key';
import { pressed } from './shortcuts';
import { modalOpen } from './modal-keys';

export function useSlashFocus(field: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (pressed(event, 'search') && !typingIn(event.target) && !modalOpen()) {
        event.preventDefault();
        field.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [field]);
}
