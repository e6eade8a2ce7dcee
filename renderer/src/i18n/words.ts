// What a result says, kept as keys and values (the app's words, main's reason or error) and worded
// at each draw: a line shown before a change of language reads in the new language, where a
// string made when the answer came stayed in the old one.
import type { CurrencyCode } from '../../../contract/money';
import type { AppError } from '../../../contract/result';
import { formatAmount } from './format';
import { localizeError, translate, useLanguage, wordReason, type Language, type MessageKey } from './index';

type Reason = { key: string; values?: Record<string, string | number> };
/** An amount as it is kept: integer minor units and currency, worded in the language's money format at each draw. */
export type Money = { minor: number; currency: CurrencyCode };
export const money = (minor: number, currency: CurrencyCode): Money => ({ minor, currency });
/** A message's values: a value may be words itself (a role's name, main's reason) or an amount.
 *  A login, a host or a person is isolated left to right in Arabic by translate, by its name. */
export type WordValues = Record<string, string | number | Words | Money>;
export type Words =
  /** The app's message. */
  | { key: MessageKey; values?: WordValues }
  /** Main's reason; `otherwise` when the key is not one of ours (main's English words). */
  | { reason: Reason; otherwise: string }
  /** Main's error: its reason, or what its code means. */
  | { error: AppError };

export function word(language: Language, words: Words): string {
  if ('error' in words) return localizeError(language, words.error).message;
  if ('reason' in words) return wordReason(language, words.reason) ?? words.otherwise;
  // An amount becomes the same text as the screens' (isolated left to right in Arabic by translate, as `amount`).
  const wordValue = (value: WordValues[string]) => (typeof value !== 'object' ? value : 'minor' in value ? formatAmount(value.minor, value.currency, language) : word(language, value));
  const values = Object.fromEntries(Object.entries(words.values ?? {}).map(([name, value]) => [name, wordValue(value)]));
  return translate(language, words.key, values);
}

/** `const w = useWords(); w(words)`: words in the language of this draw. */
export function useWords() {
  const language = useLanguage((s) => s.language);
  return (words: Words) => word(language, words);
}

/** An error from main, its message and fields worded in the language of this draw. */
export function useWordedError() {
  const language = useLanguage((s) => s.language);
  return (error: AppError) => localizeError(language, error);
}
