// What a result says, kept as keys and values (the app's words, main's reason or error) and worded
// at each draw: a line shown before a change of language reads in the new language, where a
// string made when the answer came stayed in the old one.
import type { AppError } from '../../../contract/result';
import { localizeError, translate, useLanguage, wordReason, type Language, type MessageKey } from './index';

type Reason = { key: string; values?: Record<string, string | number> };
export type Words =
  /** The app's message; a value may be words itself (a role's name, main's reason). */
  | { key: MessageKey; values?: Record<string, string | number | Words> }
  /** Main's reason; `otherwise` when the key is not one of ours (main's English words). */
  | { reason: Reason; otherwise: string }
  /** Main's error: its reason, or what its code means. */
  | { error: AppError };

export function word(language: Language, words: Words): string {
  if ('error' in words) return localizeError(language, words.error).message;
  if ('reason' in words) return wordReason(language, words.reason) ?? words.otherwise;
  const values = Object.fromEntries(Object.entries(words.values ?? {}).map(([name, value]) => [name, typeof value === 'object' ? word(language, value) : value]));
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
