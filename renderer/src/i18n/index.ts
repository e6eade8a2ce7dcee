import { create } from 'zustand';
import { en, type MessageKey } from './en';
import { ar } from './ar';

export type Language = 'en' | 'ar';
const catalogs: Record<Language, Record<MessageKey, string>> = { en, ar };
const storageKey = 'paydesk.language';

type LanguageState = { language: Language; setLanguage(language: Language): void };

function initialLanguage(): Language {
  try {
    return localStorage.getItem(storageKey) === 'ar' ? 'ar' : 'en';
  } catch {
    return 'en';
  }
}

/** The chosen language; the document's lang and dir follow it, so the whole layout mirrors in Arabic. */
export const useLanguage = create<LanguageState>((set) => ({
  language: initialLanguage(),
  setLanguage(language) {
    try {
      localStorage.setItem(storageKey, language);
    } catch {
      // Private windows may refuse storage; the choice then lasts for this session only.
    }
    set({ language });
  },
}));

export function applyDocumentLanguage(language: Language) {
  document.documentElement.lang = language;
  document.documentElement.dir = language === 'ar' ? 'rtl' : 'ltr';
}

export function translate(language: Language, key: MessageKey, values: Record<string, string> = {}): string {
  return catalogs[language][key].replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
}

/** `const t = useT(); t('home.title')` */
export function useT() {
  const language = useLanguage((s) => s.language);
  return (key: MessageKey, values?: Record<string, string>) => translate(language, key, values);
}

export type { MessageKey };
