// Where the keyboard focus goes when a form refuses a Save, or when what was pressed goes away.
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { announce } from './announce';

/**
 * After a refused submit the focus goes to the first field with a message, for keyboard and
 * screen-reader users. `form`: a selector of the form (the getting-paid forms share a class).
 */
export function focusFirstError(form = '.gp-form') {
  requestAnimationFrame(() => {
    const first = document.querySelector<HTMLElement>(`${form} [aria-invalid="true"], ${form} .gp-error`);
    if (first?.closest('details')) (first.closest('details') as HTMLDetailsElement).open = true;
    // Already there (Enter in that very field): focusing it again says nothing, so its message is said.
    const message = first && first === document.activeElement ? document.getElementById(`${first.id}-error`)?.textContent : undefined;
    if (message) announce(message);
    first?.focus();
  });
}

/**
 * Hands the focus on only when it was lost (the button that had it went away and Chromium put it
 * on the page's start, or it is disabled and Chromium is about to), so a change made elsewhere
 * never takes it from where the person is.
 */
export function focusIfLost(target: HTMLElement | null | undefined) {
  const active = document.activeElement;
  if (!active || active === document.body || (active as HTMLButtonElement).disabled === true) target?.focus();
}

/**
 * A status check's button is disabled while it asks (Chromium drops the keyboard to the page's
 * body), and what holds it may come or go with the payment (a dialog's form turned into the unclear
 * outcome; a result's box gone once the outcome is known). Each time the check ends (`checking`
 * from true to false) or `shown` changes, `target()` takes the keyboard if it was lost. Used by the
 * payment's detail, the action dialog and the getting-paid results.
 */
export function useFocusAfterCheck(checking: boolean, shown: boolean, target: () => HTMLElement | null | undefined) {
  const was = useRef({ checking, shown });
  // The target may still be disabled when the check ends (a refused refund's Send, until the
  // payment's fresh state allows a refund again; seen on a loaded machine): the keyboard waits for
  // it, on the next draws, unless the person has moved it somewhere themselves meanwhile.
  const pending = useRef(false);
  useEffect(() => {
    const ended = (was.current.checking && !checking) || was.current.shown !== shown;
    was.current = { checking, shown };
    if (ended) pending.current = true;
    if (!pending.current) return;
    const active = document.activeElement;
    const lost = !active || active === document.body || (active as HTMLButtonElement).disabled === true;
    const element = target();
    if (!lost) pending.current = false;
    else if (element && (element as HTMLButtonElement).disabled !== true) {
      element.focus();
      pending.current = false;
    }
  });
}

/**
 * Keeps the keyboard on a button that another takes the place of while work runs (Export CSV, then
 * its Cancel, then Export again): each swap removed the focused button and left the keyboard on the
 * page's body. The one shown takes the focus only when it was lost, never at the first draw.
 */
export function useFocusAcrossSwap(busy: boolean, idleButton: RefObject<HTMLElement | null>, busyButton: RefObject<HTMLElement | null>) {
  const drawn = useRef(false);
  useEffect(() => {
    if (drawn.current) focusIfLost(busy ? busyButton.current : idleButton.current);
    drawn.current = true;
  }, [busy, idleButton, busyButton]);
}

/**
 * Keeps the keyboard near what a person pressed when what follows takes that away: a dialog gives
 * the focus back to its opener, then the payment's new state removes the opener (nothing left to
 * refund); a pager's button is disabled at the last page. Call the returned function with the
 * element to watch (after the dialog closed, or on the press); on each draw of the component, once
 * that element is gone or disabled while the focus was on it or lost, `fallback()` takes the focus
 * (else Chromium leaves it on the page's body). The watch ends once the person moves elsewhere.
 * `ready`: false while what follows is still on its way (a pager's next page, a payment's state after
 * its refund), so the fallback is chosen from what the screen will show, not from the moment between.
 */
export function useFocusFallback(fallback: () => HTMLElement | null | undefined, ready = true) {
  const watched = useRef<HTMLElement | null>(null);
  const fallbackNow = useRef(fallback);
  useEffect(() => {
    fallbackNow.current = fallback;
    const element = watched.current;
    if (!element) return;
    const active = document.activeElement;
    if (active && active !== document.body && active !== element) {
      watched.current = null; // the person went elsewhere: never taken from there
      return;
    }
    const gone = element === document.body || !element.isConnected || (element as HTMLButtonElement).disabled === true;
    if (!gone || !ready) return;
    watched.current = null;
    fallbackNow.current()?.focus({ preventScroll: true });
  });
  return useCallback((element: Element | null) => {
    watched.current = element instanceof HTMLElement ? element : null;
  }, []);
}
