// A modal dialog keeps the keyboard inside it, as aria-modal promises: Tab and Shift+Tab go round
// its own controls (they used to leave it for the navigation behind, where Enter switched screens
// and dropped what was typed), and the frame's Alt shortcuts (a screen's Alt+digit, the language's
// Alt+L) do nothing while it is open.
// Only the wrap at either end is done here, the browser's order kept between (a radio group stays one
// stop); the calendar (calendar.tsx) steps each Tab itself over its own few buttons and day.
import { useEffect, type RefObject } from 'react';
import { altShortcut } from './shortcut-key';

const focusable = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The dialog's controls a Tab can reach, in order (hidden ones left out). */
function stops(box: HTMLElement): HTMLElement[] {
  return [...box.querySelectorAll<HTMLElement>(focusable)].filter((el) => el.getClientRects().length > 0 || el === document.activeElement);
}

/** Whether a modal dialog (an action's, settling, the shortcuts help, the calendar) has the keyboard: the page's own keys wait. */
export function modalOpen(): boolean {
  return document.querySelector('[aria-modal="true"]') !== null;
}

export function useModalKeys(box: RefObject<HTMLElement | null>) {
  // A press on the dialog's words (its title, a line, a disabled button) gave the keyboard to the
  // nearest focusable element, the page's <main> behind the dialog: the dialog itself takes it, and
  // the next Tab goes to its first control (walk of 2026-11-30).
  useEffect(() => {
    const dialog = box.current;
    if (dialog && !dialog.hasAttribute('tabindex')) dialog.tabIndex = -1;
  }, [box]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const dialog = box.current;
      if (!dialog) return;
      if (altShortcut(event)) {
        // Capture phase, on the window: the navigation's own listener never hears it.
        event.preventDefault();
        event.stopPropagation();
        return;
      }
      if (event.key !== 'Tab' || event.ctrlKey || event.metaKey || event.altKey) return;
      const all = stops(dialog);
      if (!all.length) return event.preventDefault();
      const at = all.indexOf(document.activeElement as HTMLElement);
      const next = event.shiftKey ? (at <= 0 ? all.at(-1) : undefined) : (at === -1 || at === all.length - 1 ? all[0] : undefined);
      if (next) {
        event.preventDefault();
        next.focus();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [box]);
}
