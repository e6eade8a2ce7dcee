import { amountFormat, intlAmount } from '../../../contract/amount-words';
import type { CurrencyCode } from '../../../contract/money';
import type { Language } from './index';
import { plainAmount, plainCurrency, plainRowDay, plainRowTime } from './plain-format';
import { readLocalZone } from './local-zone';

const locales: Record<Language, string> = { en: 'en-GB', ar: 'ar-SA' };

// Intl formatters are costly to build (Home's charts format hundreds of amounts and dates at
// once): one per language and options, kept.
const kept = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function keep<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let format = kept.get(key) as T | undefined;
  if (!format) kept.set(key, (format = make()));
  return format;
}

/**
 * An amount for display in the chosen language, its currency by ISO code ("USD 12.50", «12.50 USD»):
 * the same text as Intl's, made without Intl where
 * plain-format.ts can (so the first rows do not pay Intl's first use); else Intl formats the exact
 * decimal string built from integer minor units, to the currency's ISO 4217 exponent. No binary
 * float ever touches the amount.
 */
export function formatAmount(minor: number, currency: CurrencyCode, language: Language): string {
  const plain = plainAmount(minor, currency, language);
  if (plain !== undefined) return plain;
  // Every minor unit shown: ICU's own digits for IQD, LBP and PKR are none, and it rounded them
  // ("LBP 1,235" for 1,234.56); the ISO 4217 exponent is the ledger's, so it is the display's too.
  // The options are main's too (contract/amount-words.ts: an amount in an OS notification).
  return intlAmount(keep(`amount ${language} ${currency}`, () => amountFormat(language, currency)), minor, currency);
}

/**
 * A currency as the amounts beside it word it, its ISO code (SAR, USD, in both languages), for a
 * sentence about an amount field ("In SAR, up to 2 decimals"). Isolated in Arabic, as a Latin
 * token inside right-to-left text.
 */
export function formatCurrency(currency: CurrencyCode, language: Language): string {
  const code = plainCurrency(currency)
    ?? keep(`amount ${language} ${currency}`, () => amountFormat(language, currency)).formatToParts(0).find((part) => part.type === 'currency')?.value
    ?? currency;
  return language === 'ar' ? `\u2068${code}\u2069` : code;
}

// Dates in the computer's time zone: a formatter keeps the zone it was made in, so these are not
// kept like the others (the OS zone may change while Paydesk runs). One is made per language and
// style in a turn of the event loop and dropped after it: a list of 30 rows drawn in one render
// builds one formatter, not 30 (each costs about as much as formatting a few hundred dates), and
// the next render builds its own, in the zone of that moment.
const thisTurn = new Map<string, Intl.DateTimeFormat>();
function localFormat(language: Language, name: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language} ${name}`;
  let format = thisTurn.get(key);
  if (!format) {
    if (thisTurn.size === 0) setTimeout(() => thisTurn.clear(), 0);
    thisTurn.set(key, (format = new Intl.DateTimeFormat(locales[language], { ...options, numberingSystem: 'latn' })));
  }
  return format;
}
const localDateTimeFormat = (language: Language, dateStyle: 'medium' | 'short') => localFormat(language, dateStyle, { dateStyle, timeStyle: 'short' });

export function formatDate(isoDate: string, language: Language): string {
  return keep(`date ${language}`, () => new Intl.DateTimeFormat(locales[language], { dateStyle: 'medium', timeZone: 'UTC', numberingSystem: 'latn' })).format(new Date(`${isoDate}T00:00:00Z`));
}

/**
 * A date with its month's name (29 Nov 2026; Arabic "29 نوفمبر 2026"), under a date field typed as
 * digits: it says which number was read as the month. Arabic's medium date is digits
 * ("29‏/11‏/2026"), so the hint under an Arabic date field repeated the field.
 */
export function formatDateSpelled(isoDate: string, language: Language): string {
  return keep(`spelled ${language}`, () => new Intl.DateTimeFormat(locales[language], { day: 'numeric', month: language === 'en' ? 'short' : 'long', year: 'numeric', calendar: 'gregory', timeZone: 'UTC', numberingSystem: 'latn' })).format(new Date(`${isoDate}T00:00:00Z`));
}

/**
 * A day of the year without it (3 Dec; Arabic "3 ديسمبر"), for a date near today: a link's expiry
 * on its row. Its month named, as formatDateSpelled's.
 */
export function formatDayMonth(isoDate: string, language: Language): string {
  return keep(`day-month ${language}`, () => new Intl.DateTimeFormat(locales[language], { day: 'numeric', month: language === 'en' ? 'short' : 'long', calendar: 'gregory', timeZone: 'UTC', numberingSystem: 'latn' })).format(new Date(`${isoDate}T00:00:00Z`));
}

/** Compact date and time for list rows. */
export function formatShortDateTime(iso: string, language: Language): string {
  return localDateTimeFormat(language, 'short').format(new Date(iso));
}

/**
 * A list row's day and time apart (24/11/2026 and 13:05; Arabic 24‏/11‏/2026 and 1:05 م), so a
 * narrow list can put them on two lines and a wide one on one, without a cut. Intl's short date and
 * time, made without Intl (plain-format.ts: the first rows do not pay Intl's first use), in the
 * computer's time zone of the moment.
 */
export function formatRowDay(iso: string, language: Language): string {
  return plainRowDay(new Date(iso), language);
}
export function formatRowTime(iso: string, language: Language): string {
  return plainRowTime(new Date(iso), language);
}

/** A list's moment as one text, for a sentence (an export's entry); a list's cell is `RowMoment` (ui/row-moment.tsx). */
export function formatRowDateTime(iso: string, language: Language): string {
  return `${formatRowDay(iso, language)} ${formatRowTime(iso, language)}`;
}

/**
 * Pays Intl's one-time costs (12–20 ms on the first formatter, whatever it is: ICU's and V8's
 * set-up) before a first screen that uses Intl is drawn (main.tsx), or else in an idle moment once
 * the first screen is on screen with its data (warmFormattersWhenIdle), so the next screens' Intl
 * formatters (Home's dates and charts, a detail's dates) are made quickly. The list's first rows
 * need no Intl (plain-format.ts).
 */
let warmed = false;
export function warmFormatters(language: Language): void {
  if (warmed) return; // once per page: ICU's set-up is the process's, paid by the first use
  warmed = true;
  new Intl.NumberFormat(locales[language], { style: 'currency', currency: 'SAR', numberingSystem: 'latn' }).format(0);
  formatShortDateTime(new Date(0).toISOString(), language);
  new Intl.PluralRules(locales[language]).select(0);
  readLocalZone(); // Intl's set-up paid: the headings that name the zone draw it now
}

/**
 * warmFormatters in the page's next idle moment. Called once the first screen shows its data, never
 * while main's first answers are awaited: an idle callback then ran while they arrived, and the
 * list's first rows waited for it (up to 20 ms).
 */
export function warmFormattersWhenIdle(language: () => Language): void {
  if (warmed || typeof requestIdleCallback !== 'function') return; // a DOM without it (the tests)
  requestIdleCallback(() => warmFormatters(language()), { timeout: 2_000 });
}
