// Keys typed while a screen's code is still on its way (right after start, before the other
// screens' code has been fetched) went to the page's body and were gone: Alt+2 then "12345" at
// once left the payment link's order id empty. They are kept, and typed into the field that has
// the keyboard once the screen is drawn (a form's first field); a screen without one drops them.
// docs/keyboard.md.

let kept: string[] | undefined;
let giveUp: ReturnType<typeof setTimeout> | undefined;
/** A screen whose code never comes (a failed fetch) must not keep the keyboard's characters for good. */
const longestWaitMs = 10_000;

function keep(event: KeyboardEvent) {
  if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  kept?.push(event.key);
}

function stopKeeping(): string {
  window.removeEventListener('keydown', keep, true);
  clearTimeout(giveUp);
  const text = kept?.join('') ?? '';
  kept = undefined;
  return text;
}

/** A shortcut opened a screen whose code has not arrived: the characters typed meanwhile are kept. */
export function keepKeysUntilDrawn(): void {
  if (kept) return;
  kept = [];
  window.addEventListener('keydown', keep, true);
  giveUp = setTimeout(stopKeeping, longestWaitMs);
}

/** A screen is drawn: what was kept goes into the text field that has the keyboard, as if typed there. */
export function typeKeptKeys(): void {
  const text = stopKeeping();
  const field = document.activeElement;
  if (!text || !(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
  if (field.readOnly || field.disabled || !/^(text|search|email|tel|url|textarea)$/.test(field.type)) return;
  field.setRangeText(text, field.selectionStart ?? field.value.length, field.selectionEnd ?? field.value.length, 'end');
  // An input event, as typing sends: React's onChange reads the new value from it.
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
