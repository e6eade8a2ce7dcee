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

/** At most `most` characters (whole letters), with "…" when shortened: a label that fits its select. */
export function shortened(name: string, most = 16): string {
  const letters = [...name];
  return letters.length <= most ? name : `${letters.slice(0, most - 1).join('').trimEnd()}…`;
}

/** Its start and its end, "…" between: two branches whose names start alike ("Qahwa House – Riyadh – …"). */
function startAndEnd(name: string, most = 16): string {
  const letters = [...name];
  if (letters.length <= most) return name;
  const end = Math.floor((most - 1) / 2);
  return `${letters.slice(0, most - 1 - end).join('').trimEnd()}…${letters.slice(-end).join('').trimStart()}`;
}

/**
 * Each profile's name for a select's options, shortened to `most` letters; names that would read
 * the same once shortened keep their start and end instead, and whole if that is still the same.
 * With a franchise's twenty branches named "Qahwa House – …", every option read "Qahwa House – R…".
 */
export function shortNames(names: readonly string[], most = 16): string[] {
  const count = (labels: string[]) => labels.reduce((seen, l) => seen.set(l, (seen.get(l) ?? 0) + 1), new Map<string, number>());
  let labels = names.map((n) => shortened(n, most));
  let seen = count(labels);
  labels = labels.map((l, i) => (seen.get(l)! > 1 ? startAndEnd(names[i]!, most) : l));
  seen = count(labels);
  return labels.map((l, i) => (seen.get(l)! > 1 ? names[i]! : l));
}

const rtlLetter = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/u;
const letter = /\p{L}/u;
const markOf = (c: string | undefined) => (c && rtlLetter.test(c) ? '\u200f' : '\u200e');

/**
 * A select's option: the name, then its environment in brackets, in the page's order whatever
 * script the name is in. Not isolated with U+2068 at its start, as the options were until walk37:
 * the select's type-ahead compares an option's first characters with the keys typed, so "onl"
 * never found "Online shop" behind the invisible isolate, and with twenty branches the keyboard had
 * only the arrows. A direction mark after the name (its last letter's) keeps a "…" or digits at its end
 * with it; a name that does not start with a letter ("24/7 Olaya") starts with its first letter's
 * mark, so it is not drawn "Olaya 24/7" in the other direction (typing its digits then finds it not).
 */
export function optionLabel(name: string, environment: string): string {
  const letters = [...name];
  const start = letter.test(letters[0] ?? '') ? '' : markOf(letters.find((c) => letter.test(c)));
  const named = `${start}${name}${markOf([...letters].reverse().find((c) => letter.test(c)))}`;
  return nameSaysEnvironment(name, environment) ? named : `${named} \u2068(${environment})\u2069`;
}
