// The built-in practice profile is named in the user's language; a profile the user named keeps
// the name they gave it.
import type { MessageKey } from '../i18n';

export const practiceProfileId = 'practice';

export function profileName(profile: { id: string; name: string }, t: (key: MessageKey) => string): string {
  return profile.id === practiceProfileId ? t('profile.practiceName') : profile.name;
}

/** A profile named as its environment's word (the practice profile, "Practice"): said once beside it, not twice. */
export function namedAsEnvironment(name: string, environment: string): boolean {
  return name.trim().toLocaleLowerCase() === environment.toLocaleLowerCase();
}

// Arabic's article: «بيئة اختبار» says «الاختبار» as much as «بيئة الاختبار» does.
const bare = (word: string) => word.toLocaleLowerCase().replace(/^ال(?=\p{L}{2})/u, '');

/**
 * The name already says its environment's word, as a whole word ("Sandbox shop", «بيئة الاختبار»):
 * a badge or brackets after it read «بيئة الاختبار الاختبار» (docs/screens-walks.md, the fourth walk).
 */
export function nameSaysEnvironment(name: string, environment: string): boolean {
  const word = bare(environment);
  return name.split(/[^\p{L}\p{N}]+/u).some((part) => part !== '' && bare(part) === word);
}

/**
 * "Shop (Sandbox)"; a profile named as its environment (the practice profile, "Practice") once: "Practice (Practice)" said it twice.
 * The name is isolated: an Arabic name in English ("بيئة الاختبار (Sandbox)") took the brackets into its
 * own direction and, in a sentence's isolate, read "made on (Sandbox) بيئة الاختبار" (the eleventh walk).
 */
export function withEnvironment(name: string, environment: string): string {
  return nameSaysEnvironment(name, environment) ? name : `\u2068${name}\u2069 (${environment})`;
}

/**
 * Where the name and its environment stand alone as a label (the header's switcher): each isolated,
 * so they read in the page's order whatever script the name is in; the environment said once.
 */
export function nameAndEnvironment(name: string, environment: string): string {
  const isolated = `\u2068${name}\u2069`;
  return nameSaysEnvironment(name, environment) ? isolated : `${isolated} \u2068(${environment})\u2069`;
}

/** At most `most` characters (whole letters), with "…" when shortened: a label that fits its select. */
export function shortened(name: string, most = 16): string {
  const letters = [...name];
  return letters.length <= most ? name : `${letters.slice(0, most - 1).join('').trimEnd()}…`;
}
