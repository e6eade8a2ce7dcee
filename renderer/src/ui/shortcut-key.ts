// The key a keyboard shortcut means. With an Arabic layout the R key types "ق", / types "ظ" and the
// digits may be Arabic-Indic: the shortcuts (r, c, v, s, j, k, /, Alt+digit) then did nothing. A
// character outside ASCII is read as the Latin character of the same physical key (event.code).
type KeyEvent = Pick<KeyboardEvent, 'key' | 'code'>;

export function shortcutKey(event: KeyEvent): string {
  if (event.key.length !== 1 || event.key <= '\u007e') return event.key; // a named key (Enter, ArrowDown) or ASCII as typed
  if (/^Key[A-Z]$/.test(event.code)) return event.code.slice(3).toLowerCase();
  if (/^Digit[0-9]$/.test(event.code)) return event.code.slice(5);
  return event.code === 'Slash' ? '/' : event.key;
}
