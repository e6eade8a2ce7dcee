// Keys typed while a screen's code is still on its way (right after start, before the other
// screens' code has been fetched) went to the page's body and were gone: Alt+2 then "12345" at
// once left the payment link's order id empty. They are kept, and typed into the field that has
// the keyboard once the screen is drawn (a form's first field); a screen without one drops them.
// Two keys are shortcuts, not text: `?` opens the help at once (an order reference has no "?"), and
// `/` is the screen's search once it is drawn, unless the screen put the keyboard in a form's field,
// where "/" is text (order references take it). docs/keyboard.md.
import { modalOpen } from '../ui/modal-keys';
import { pressed } from '../ui/shortcuts';

let kept: string[] | undefined;
/** Where in `kept` the first `/` was typed: the keys after it are for the search. */
let searchAt: number | undefined;
let giveUp: ReturnType<typeof setTimeout> | undefined;
/** A screen whose code never comes (a failed fetch) must not keep the keyboard's characters for good. */
const longestWaitMs = 10_000;

function keep(event: KeyboardEvent) {
  if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
  // The help's key reaches the help (app/shortcuts-help.tsx); what is typed while it is open is the dialog's.
  if (pressed(event, 'help') || modalOpen()) return;
  if (pressed(event, 'search')) searchAt ??= kept?.length;
  event.preventDefault();
  event.stopImmediatePropagation();
  kept?.push(event.key);
}

function stopKeeping(): { text: string; searchAt: number | undefined } {
  window.removeEventListener('keydown', keep, true);
  clearTimeout(giveUp);
  const stopped = { text: kept?.join('') ?? '', searchAt };
  kept = undefined;
  searchAt = undefined;
  return stopped;
}

/** A shortcut opened a screen whose code has not arrived: the characters typed meanwhile are kept. */
export function keepKeysUntilDrawn(): void {
  if (kept) return;
  kept = [];
  window.addEventListener('keydown', keep, true);
  giveUp = setTimeout(stopKeeping, longestWaitMs);
}

const textField = (element: Element | null): element is HTMLInputElement | HTMLTextAreaElement =>
  (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) && !element.readOnly && !element.disabled && /^(text|search|email|tel|url|textarea)$/.test(element.type);

/** A screen is drawn: what was kept goes into the text field that has the keyboard, as if typed there. */
export function typeKeptKeys(): void {
  const kept = stopKeeping();
  let text = kept.text;
  if (text && !textField(document.activeElement) && kept.searchAt !== undefined) {
    // `/` as if pressed now, where the screen listens for it (ui/slash-focus.ts); what followed goes into the search.
    window.dispatchEvent(new KeyboardEvent('keydown', { key: '/', code: 'Slash', cancelable: true }));
    text = text.slice(kept.searchAt + 1);
  }
  const field = document.activeElement;
  if (!text || !textField(field)) return;
  field.setRangeText(text, field.selectionStart ?? field.value.length, field.selectionEnd ?? field.value.length, 'end');
  // An input event, as typing sends: React's onChange reads the new value from it.
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
