// The key a keyboard shortcut means. With an Arabic layout the R key types "ق", / types "ظ" and the
// digits may be Arabic-Indic: the shortcuts (r, c, v, s, j, k, /, Alt+digit, Alt+L) then did nothing. A
// character outside ASCII is read as the Latin character of the same physical key (event.code); on
// the / key with Shift ("؟" there) that is "?", the shortcuts help's key, not the search's "/".
type KeyEvent = Pick<KeyboardEvent, 'key' | 'code'> & Partial<Pick<KeyboardEvent, 'shiftKey'>>;

export function shortcutKey(event: KeyEvent): string {
  if (event.key.length !== 1 || event.key <= '\u007e') return event.key; // a named key (Enter, ArrowDown) or ASCII as typed
  if (/^Key[A-Z]$/.test(event.code)) return event.code.slice(3).toLowerCase();
  if (/^Digit[0-9]$/.test(event.code)) return event.code.slice(5);
  if (event.code === 'Slash') return event.shiftKey ? '?' : '/';
  return event.key;
}

/** Whether a key pressed there is typed into a field (a letter shortcut would take it from the field). */
export function typingIn(target: EventTarget | null): boolean {
  return target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement || (target instanceof HTMLElement && target.isContentEditable);
}

/** Alt + this key puts the keyboard on the language picker, as Alt+digit opens a screen. */
export const languageShortcut = 'l';

/** The frame's Alt shortcut an event is (a screen's digit, or the language's key), else undefined. */
export function altShortcut(event: KeyEvent & Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey'>): string | undefined {
  if (!event.altKey || event.ctrlKey || event.metaKey) return undefined;
  const key = shortcutKey(event).toLowerCase(); // Caps Lock on gives "L"
  return /^[0-9]$/.test(key) || key === languageShortcut ? key : undefined;
}
