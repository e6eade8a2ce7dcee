// The language the user chose in the window, known to main too: main words what it shows outside
// the window (OS notifications, the start-up error box, the 3-D Secure window's title) in it. Kept
// in a small file in the data folder, so the next start's error box, shown before any window, is
// worded in it as well.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Language } from './fail';

export const uiLanguageFileName = 'language.json';

/** `onChange`: the shell words its menu bar again when the user picks the other language. */
export type UiLanguage = { get(): Language; set(language: Language): void; onChange(listener: (language: Language) => void): void };

/** The language saved by an earlier run, or undefined (never chosen, or the file unreadable). */
export function savedUiLanguage(dataDir: string): Language | undefined {
  try {
    const saved = (JSON.parse(readFileSync(join(dataDir, uiLanguageFileName), 'utf8')) as { language?: unknown }).language;
    return saved === 'ar' || saved === 'en' ? saved : undefined;
  } catch {
    return undefined;
  }
}

/** Before the user chose: the OS's first preferred language if it is Arabic, else English. */
export function osLanguage(preferred: readonly string[]): Language {
  return preferred[0]?.toLowerCase().startsWith('ar') ? 'ar' : 'en';
}

export function createUiLanguage(dataDir: string, fallback: Language = 'en'): UiLanguage {
  let current = savedUiLanguage(dataDir) ?? fallback;
  const listeners: Array<(language: Language) => void> = [];
  return {
    get: () => current,
    onChange: (listener) => void listeners.push(listener),
    set(language) {
      if (language === current && savedUiLanguage(dataDir) === language) return;
      const changed = language !== current;
      current = language;
      if (changed) listeners.forEach((listener) => listener(language));
      try {
        writeFileSync(join(dataDir, uiLanguageFileName), JSON.stringify({ language }), { mode: 0o600 });
      } catch {
        // Unwritable folder: the choice still holds for this run.
      }
    },
  };
}
