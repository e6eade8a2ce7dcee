// Every keyboard shortcut in one table: the help (app/shortcuts-help.tsx) lists it, the handlers
// ask it whether a key is theirs (`pressed`), and the elements name theirs from it
// (`aria-keyshortcuts={shortcutKeys(…)}`), so what the help says cannot drift from what the keys do.
// test/dom/shortcuts-help.test.tsx checks no element names its keys any other way.
import type { MessageKey } from '../i18n';
import { languageShortcut, shortcutKey } from './shortcut-key';

export type ShortcutGroup = 'anywhere' | 'list' | 'detail' | 'forms';

type Shortcut = {
  group: ShortcutGroup;
  /** In aria-keyshortcuts' words: modifiers, then the key; alternatives apart by a space ("ArrowDown J"). */
  keys: string;
  /** What it does, as the help says it. */
  label: MessageKey;
};

/** Alt + the digit opens the screen, in navigation order (app/screens.tsx takes them from here). */
export const screenShortcuts = { home: '1', links: '2', checkout: '3', terminal: '4', transactions: '5', attention: '6', audit: '7', bulk: '8', settings: '9' } as const;

export const shortcuts = {
  help: { group: 'anywhere', keys: 'Shift+?', label: 'keys.help' },
  language: { group: 'anywhere', keys: `Alt+${languageShortcut.toUpperCase()}`, label: 'keys.language' },
  search: { group: 'anywhere', keys: '/', label: 'keys.search' },
  closeDialog: { group: 'anywhere', keys: 'Escape', label: 'keys.closeDialog' },
  nextRow: { group: 'list', keys: 'ArrowDown J', label: 'keys.nextRow' },
  previousRow: { group: 'list', keys: 'ArrowUp K', label: 'keys.previousRow' },
  pageDown: { group: 'list', keys: 'PageDown', label: 'keys.pageDown' },
  pageUp: { group: 'list', keys: 'PageUp', label: 'keys.pageUp' },
  firstRow: { group: 'list', keys: 'Home', label: 'keys.firstRow' },
  lastRow: { group: 'list', keys: 'End', label: 'keys.lastRow' },
  openRow: { group: 'list', keys: 'Enter', label: 'keys.openRow' },
  searchToList: { group: 'list', keys: 'ArrowDown', label: 'keys.searchToList' },
  refund: { group: 'detail', keys: 'R', label: 'keys.refund' },
  capture: { group: 'detail', keys: 'C', label: 'keys.capture' },
  void: { group: 'detail', keys: 'V', label: 'keys.void' },
  status: { group: 'detail', keys: 'S', label: 'keys.status' },
  settle: { group: 'detail', keys: 'H', label: 'keys.settle' },
  closePayment: { group: 'detail', keys: 'Escape', label: 'keys.closePayment' },
  submit: { group: 'forms', keys: 'Control+Enter', label: 'keys.submit' },
  cancel: { group: 'forms', keys: 'Escape', label: 'keys.cancel' },
  calendar: { group: 'forms', keys: 'Alt+ArrowDown', label: 'keys.calendar' },
  dayStep: { group: 'forms', keys: 'ArrowUp ArrowDown', label: 'keys.dayStep' },
} satisfies Record<string, Shortcut>;

export type ShortcutId = keyof typeof shortcuts;

/** The value of an element's aria-keyshortcuts. */
export const shortcutKeys = (id: ShortcutId): string => shortcuts[id].keys;

export type ScreenName = keyof typeof screenShortcuts;

/** A screen's Alt+digit, as aria-keyshortcuts and the tooltip say it. */
export const screenKeys = (screen: ScreenName): string => `Alt+${screenShortcuts[screen]}`;

type PressedKey = Pick<KeyboardEvent, 'key' | 'code' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey'>;

/**
 * Whether the key pressed is this shortcut, read by its place on an Arabic layout (shortcut-key.ts).
 * Control is also Cmd (macOS); Shift counts only where the table says it (Caps Lock and layouts
 * that need Shift for "/" still work).
 */
export function pressed(event: PressedKey, id: ShortcutId): boolean {
  const key = shortcutKey(event).toLowerCase();
  return shortcuts[id].keys.split(' ').some((combo) => {
    const parts = combo.split('+');
    const wanted = parts.pop()!.toLowerCase();
    if (event.altKey !== parts.includes('Alt') || (event.ctrlKey || event.metaKey) !== parts.includes('Control')) return false;
    if (parts.includes('Shift') && !event.shiftKey) return false;
    return key === wanted;
  });
}
