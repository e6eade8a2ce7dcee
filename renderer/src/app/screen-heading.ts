// Alt+digit gives the keyboard to the opened screen's heading (its h1, made focusable here), so a
// screen reader says which screen it is. On the page's <main>, where it was, it said nothing useful.
// The four forms whose shortcut means "new" keep it in their first field instead.
import { typeKeptKeys } from './keys-while-loading';
import { modalOpen } from '../ui/modal-keys';

let wantedFor: string | undefined;

/** Puts the keyboard on the heading of the screen drawn now; false when there is none. */
export function focusScreenHeading(): boolean {
  const heading = document.querySelector<HTMLElement>('#main h1');
  if (!heading) return false;
  heading.tabIndex = -1;
  heading.focus({ preventScroll: true }); // the header, with the environment, stays in view
  return true;
}

/** A shortcut is opening `screen`: its heading takes the keyboard once the screen is drawn (its code may still be on the way). */
export function focusHeadingWhenDrawn(screen: string) {
  wantedFor = screen;
}

/** Called as `screen` is first drawn; a screen opened otherwise (a click, a link) leaves the keyboard where it is. */
export function screenDrawn(screen: string) {
  if (wantedFor === screen) {
    wantedFor = undefined;
    // A form whose shortcut means "new" put it in its first field as it was drawn (form-kit's useNewShortcut): it stays there.
    // The help, opened by `?` while the code was on its way, keeps it; closed, it gives it to the heading (shortcuts-help.tsx).
    if (!keyboardTaken()) focusScreenHeading();
  }
  // What was typed while its code was on the way goes into that field (keys-while-loading.ts).
  typeKeptKeys();
}

/** Whether the keyboard is where a screen drawn now must leave it: its own controls, or a dialog over it. */
export function keyboardTaken(): boolean {
  return keyboardInScreen() || modalOpen();
}

/** Whether the keyboard is in one of the drawn screen's own controls (not its heading, not the page's <main>). */
export function keyboardInScreen(): boolean {
  const active = document.activeElement;
  return active !== null && active.closest('#main') !== null && !active.matches('#main, #main h1');
}
