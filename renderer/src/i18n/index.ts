import { create } from 'zustand';
import { IntlMessageFormat } from 'intl-messageformat';
import { reasonTexts, type ReasonKey } from '../../../contract/reasons';
import type { AppError } from '../../../contract/result';
import { reasonsAr } from '../../../contract/reasons-ar';
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

type Values = Record<string, string | number>;
const locales: Record<Language, string> = { en: 'en', ar: 'ar-u-nu-latn' };
const compiled = new Map<string, IntlMessageFormat>();

/** An ICU MessageFormat text in the language, compiled once: `{name}`, plurals, selects. */
function format(language: Language, template: string, values: Values): string {
  const id = `${language}\u0000${template}`;
  let message = compiled.get(id);
  if (!message) compiled.set(id, (message = new IntlMessageFormat(template, locales[language])));
  return String(message.format(values));
}

export function translate(language: Language, key: MessageKey, values: Values = {}): string {
  return format(language, catalogs[language][key], values);
}

const reasonCatalogs: Record<Language, Record<ReasonKey, string>> = { en: reasonTexts, ar: reasonsAr };
const isReasonKey = (key: string): key is ReasonKey => Object.prototype.hasOwnProperty.call(reasonTexts, key);
const isKey = (key: string): key is MessageKey => Object.prototype.hasOwnProperty.call(en, key);

/** Values that are codes are worded in the language: a payment state, an operation. */
function wordValues(language: Language, values: Values = {}): Values {
  const out = { ...values };
  const stateKey = `state.${String(values.state)}`;
  const nounKey = `noun.${String(values.operation)}`;
  if (values.state !== undefined && isKey(stateKey)) out.state = translate(language, stateKey);
  if (values.operation !== undefined && isKey(nounKey)) out.operation = translate(language, nounKey);
  return out;
}

/** Why main refused or failed, in the language; what the gateway said follows as a quotation. */
export function wordReason(language: Language, reason: { key: string; values?: Values }): string | undefined {
  if (!isReasonKey(reason.key)) return undefined;
  const text = format(language, reasonCatalogs[language][reason.key], wordValues(language, reason.values));
  const said = reason.values?.said;
  return said === undefined || said === '' ? text : `${text} ${format(language, reasonCatalogs[language]['gateway.saidSuffix'], { said })}`;
}

/** An error from main, worded in the language: its reason, or what its code means. */
export function localizeError(language: Language, error: AppError): AppError {
  const generic = `error.code.${error.code}` as const;
  const message = (error.reason && wordReason(language, error.reason)) ?? translate(language, generic);
  if (!error.fields) return { ...error, message };
  const fields = Object.fromEntries(Object.entries(error.fields).map(([field, text]) => {
    const why = error.fieldReasons?.[field];
    return [field, (why && wordReason(language, why)) ?? (language === 'en' ? text : translate(language, 'error.field'))];
  }));
  return { ...error, message, fields };
}

/** `const t = useT(); t('home.title')` */
export function useT() {
  const language = useLanguage((s) => s.language);
  return (key: MessageKey, values?: Values) => translate(language, key, values);
}

export type { MessageKey };
