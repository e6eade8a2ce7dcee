import { create } from 'zustand';
import { IntlMessageFormat } from 'intl-messageformat';
import { oneFullStop, quotedSaid, withIsolatedAmounts, withQuotedWords, withWordedAmount, withWordedDays } from '../../../contract/amount-words';
import type { ReasonKey } from '../../../contract/reasons';
import type { AppError } from '../../../contract/result';
import type { MessageKey } from './en';
import { messageLocales, unpack, type CompiledMessage, type PackedPart } from './compiled-message';
import { formatAmount } from './format';
import { messages } from './messages';
import { plainMessage } from './plain-format';

export type Language = 'en' | 'ar';
const storageKey = 'paydesk.language';

type LanguageState = { language: Language; setLanguage(language: Language): void };

function initialLanguage(): Language {
  try {
    const saved = localStorage.getItem(storageKey);
    if (saved === 'ar' || saved === 'en') return saved;
  } catch {
    // Storage refused: as if never chosen.
  }
  return preferredLanguage();
}

/**
 * Never chosen (a first start): the language the browser puts first (Electron's is the OS's), as
 * main guesses it (main/core/ui-language.ts). An Arabic reader's first screen was English, and main's
 * Arabic guess was then told English.
 */
function preferredLanguage(): Language {
  const first = typeof navigator === 'undefined' ? undefined : (navigator.languages?.[0] ?? navigator.language);
  return first?.toLowerCase().startsWith('ar') ? 'ar' : 'en';
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
const formatters = new WeakMap<PackedPart[], IntlMessageFormat>();

/**
 * A compiled ICU MessageFormat text (compile.ts: parsed at build time) in the language: `{name}`,
 * plurals, selects. A text with nothing to fill in is itself; one with text and whole numbers is
 * filled in without Intl (plain-format.ts, the same text: the first screen does not pay Intl's
 * first use); the rest get one formatter each.
 */
export function formatMessage(language: Language, message: CompiledMessage, values: Values = {}): string {
  if (typeof message === 'string') return message;
  const plain = plainMessage(message, values, language);
  if (plain !== undefined) return oneFullStop(plain, values);
  let formatter = formatters.get(message);
  if (!formatter) formatters.set(message, (formatter = new IntlMessageFormat(unpack(message), messageLocales[language])));
  return oneFullStop(String(formatter.format(values)), values);
}

export function translate(language: Language, key: MessageKey, values: Values = {}): string {
  return formatMessage(language, messages.screens[language][key], withIsolatedAmounts(values, language));
}

const reasonCatalogs = messages.reasons;
const isReasonKey = (key: string): key is ReasonKey => Object.prototype.hasOwnProperty.call(reasonCatalogs.en, key);
/** Whether a text is a key of the screens' catalog (a word main sent, made into a key). */
export const isMessageKey = (key: string): key is MessageKey => Object.prototype.hasOwnProperty.call(messages.screens.en, key);

/**
 * Values that are codes are worded in the language: a payment state, an operation; money
 * (`amountMinor` and `currency`) becomes `{amount}` in the page's own money format; another
 * program's quoted words are isolated in Arabic.
 */
function wordValues(language: Language, values: Values = {}): Values {
  const out = withWordedAmount(withQuotedWords(withWordedDays({ ...values }, language), language), language, (minor, currency) => formatAmount(minor, currency, language));
  const stateKey = `state.${String(values.state)}`;
  const nounKey = `noun.${String(values.operation)}`;
  if (values.state !== undefined && isMessageKey(stateKey)) out.state = translate(language, stateKey);
  if (values.operation !== undefined && isMessageKey(nounKey)) out.operation = translate(language, nounKey);
  return out;
}

/** Why main refused or failed, in the language; what the gateway said follows as a quotation. */
export function wordReason(language: Language, reason: { key: string; values?: Values }): string | undefined {
  if (!isReasonKey(reason.key)) return undefined;
  const text = formatMessage(language, reasonCatalogs[language][reason.key], wordValues(language, reason.values));
  const said = reason.values?.said;
  return said === undefined || said === '' ? text : `${text} ${gatewaySaid(language, String(said))}`;
}

/** The gateway's own words as a labelled quotation («رد البوابة (بالإنجليزية): …»), never alone: after our sentence. */
export const gatewaySaid = (language: Language, said: string): string =>
  formatMessage(language, reasonCatalogs[language]['gateway.saidSuffix'], { said: quotedSaid(language, said) });

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
