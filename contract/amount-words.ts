// How Paydesk words an amount for a person, in either process: Intl's currency format in the
// language's locale with the currency's ISO code, Latin digits, exactly the currency's ISO 4217 decimals, fed the exact decimal
// text of the integer minor units (never a float). The page (renderer/src/i18n/format.ts, whose
// Intl-free path gives the same text) and main (OS notifications) both use it, so an amount in a
// reason reads as every other amount in the app. Also the reasons' other shared wording: one full
// stop after an amount, and the words quoted from the gateway or another program isolated in Arabic.
import { exponentOf, formatMinor, isCurrencyCode, type CurrencyCode } from './money';

type Language = 'en' | 'ar';
export const amountLocales: Record<Language, string> = { en: 'en-GB', ar: 'ar-SA' };

export function amountFormat(language: Language, currency: CurrencyCode): Intl.NumberFormat {
  // Every minor unit shown: ICU's own digits for IQD, LBP and PKR are none (it rounded them).
  const digits = exponentOf(currency);
  // The ISO code, never a symbol: rows read "US$", "€" and "SAR" side by side, "$" is USD, CAD or
  // AUD, and Arabic wrote «ر.س.» where English wrote SAR (docs/words.md, "Currencies").
  return new Intl.NumberFormat(amountLocales[language], { style: 'currency', currency, currencyDisplay: 'code', numberingSystem: 'latn', minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** Integer minor units through an amountFormat, as the exact decimal string (Intl reads it as a decimal, not a float). */
export const intlAmount = (format: Intl.NumberFormat, minor: number, currency: CurrencyCode): string => format.format(formatMinor(minor, currency) as unknown as number);

type Values = Record<string, string | number>;

/** A reason's money as it travels: minor units (a safe integer, as the contract's amounts) and the currency, never worded text. */
export const moneyValues = (minor: number, currency: CurrencyCode) => ({ amountMinor: minor, currency });

/**
 * A reason's `{amount}` worded from its `amountMinor` and `currency` in the reader's language by the
 * caller's formatter (the message format cannot call it), isolated left to right in Arabic as
 * <Ltr> does on screens. A reason from an earlier Paydesk carries `amount` already worded: kept.
 */
export function withWordedAmount(values: Values, language: Language, format: (minor: number, currency: CurrencyCode) => string): Values {
  const { amountMinor: minor, currency } = values;
  if (typeof minor !== 'number' || !Number.isSafeInteger(minor) || typeof currency !== 'string' || !isCurrencyCode(currency)) return values;
  const amount = format(minor, currency);
  return { ...values, amount: language === 'ar' ? `\u2066${amount}\u2069` : amount };
}

/** A reason's days (YYYY-MM-DD as main checks them): worded as the app writes dates, not as the wire carries them. */
const dayNames = ['expiryDay', 'today'];
const dayFormats = new Map<Language, Intl.DateTimeFormat>();

/**
 * A reason's days (`expiryDay`, `today`) as the date fields and lists write them (28/11/2026; Arabic
 * 28‏/11‏/2026, shown right to left as the lists show it), so "The expiry date … has passed" names
 * the day the way the person typed it. Both processes: the renderer's words and main's logs.
 */
export function withWordedDays(values: Values, language: Language): Values {
  if (!dayNames.some((name) => typeof values[name] === 'string')) return values;
  let format = dayFormats.get(language);
  if (!format) dayFormats.set(language, (format = new Intl.DateTimeFormat(amountLocales[language], { dateStyle: 'short', timeZone: 'UTC', numberingSystem: 'latn', calendar: 'gregory' })));
  const out = { ...values };
  for (const name of dayNames) {
    const day = out[name];
    if (typeof day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(day)) out[name] = format.format(new Date(`${day}T00:00:00Z`));
  }
  return out;
}

/** Marks that follow a worded amount without showing: bidi marks and the isolate's end. */
const trailingMarks = /[\u200e\u200f\u2069]*$/;

/**
 * A sentence that ends on a value ending in its own full stop (an amount an earlier Paydesk worded
 * in Arabic symbols, "12.50 ر.س.") takes one full stop, not two ("تم استرداد 12.50 ر.س.." read as a typo). `text` is the worded message,
 * `values` what was filled into it.
 */
export function oneFullStop(text: string, values: Record<string, unknown>): string {
  for (const value of Object.values(values)) {
    if (typeof value !== 'string' || !value.replace(trailingMarks, '').endsWith('.')) continue;
    text = text.split(`${value}.`).join(value);
  }
  return text;
}

/**
 * An isolated left-to-right run that is a number: an amount as Arabic words it ("⁦‏25.500 KWD⁩")
 * or an amount's example as the currency's exponent writes it ("⁦125.500⁩", "⁦1,234⁩", "⁦125⁩":
 * `example`, `grouped`, `typed`, `whole`, `decimal`). Ending an Arabic sentence ("مثل ⁦125.500⁩."),
 * its full stop is the sentence's, drawn at the sentence's end (left of the number); taken inside
 * the number's left-to-right element (as a path's is, ui/isolated-runs.tsx) it stood between the
 * number and the Arabic words before it ("125.500. مثل"). The text is the same: the stop follows
 * the isolate (`oneFullStop` keeps it one); only where it is drawn depends on this.
 */
const numberRun = /^\u2066[\u200e\u200f]*-?\p{Nd}[\p{Nd}.,\u066b\u066c]*(?:[\u00a0\u202f ][A-Z]{3})?\u2069\.?$/u;
export const isNumberRun = (run: string): boolean => numberRun.test(run);

/**
 * What the gateway said, for `gateway.saidSuffix`: inside an Arabic sentence isolated in its own
 * direction (FSI…PDI), or an English quote's parentheses and final full stop are reordered with the
 * «…» around it.
 */
export const quotedSaid = (language: Language, said: string): string => (language === 'ar' ? `\u2068${said}\u2069` : said);

/** Values that quote another program's own words (the keychain's, a failed connection's). */
const quotedNames = ['detail'];

/**
 * Values that are left-to-right tokens whatever the language (an order id, a path, a database, an
 * error code, a server's name or address with its port): unisolated in an Arabic sentence, "/home/you/x" read "home/you/x/" and an order id
 * "#1001" read "1001#". Isolated left to right (LRI…PDI), as <Ltr> does. Also the team ledger's
 * host and logins (`host`, `user`, `login`, `person`: a login is Latin letters, digits and _ . @ -):
 * unisolated, "omar@db.example.com" read "db.example.com@omar". No catalog writes "{host}:{port}"
 * (an address with its port is one value, `server`). And an amount as typed and its readings
 * (`example`, `typed`, `whole`, `decimal`: "12,500" with the sentence's commas around it), and a
 * bulk file's date and the year-month-day to write instead (`isoDate`, `dayFirst`, `monthFirst`:
 * "2026-11-30" read "30-11-2026" in an Arabic problem). And the two clocks' moments of a wrong clock's
 * notice (`clockHere`, `clockThere`: "2026-12-03 09:58" read "09:58 2026-12-03").
 */
const ltrNames = ['orderId', 'transactionId', 'folder', 'file', 'path', 'url', 'database', 'databases', 'code', 'example', 'grouped', 'typed', 'whole', 'decimal', 'scheme', 'origin', 'columns', 'email', 'phone', 'server', 'serverName', 'host', 'user', 'login', 'person', 'command', 'isoDate', 'dayFirst', 'monthFirst', 'lastFour', 'clockHere', 'clockThere'];

/**
 * Values that are amounts already worded by the caller (a dialog's "Refund {amount}", a credit
 * note's VAT, a retried order's old and new amount). Unisolated in an Arabic sentence, "10.00 US$"
 * read "$US 10.00" (the number took the sentence's direction, "US" its own); isolated as
 * withWordedAmount isolates the amounts it words, and as <Ltr> draws them in tables.
 */
const amountNames = ['amount', 'vat', 'from', 'to'];

/** A left-to-right token inside Arabic text, as a string (where a <bdi dir="ltr"> cannot go: a message's value). */
export const ltrIsolated = (text: string): string => (text.startsWith('\u2066') ? text : `\u2066${text}\u2069`);

/**
 * Who and where in the screens' sentences: a team login, an OS user, a laptop's name, a host
 * ("Started by omar.h (computer user omar) on …"). Unisolated in Arabic, "omar.h" read "h.omar" and
 * a login beside its OS user swapped places. Isolated as main's reasons isolate them (ltrNames).
 */
const screenLtrNames = ['login', 'nextLogin', 'person', 'user', 'osUser', 'laptop', 'host'];

/** A message's worded amounts (amountNames) and its people and machines (screenLtrNames) isolated
 *  left to right in Arabic: the screens' messages, whose other values their JSX isolates. */
export function withIsolatedAmounts<V extends Record<string, unknown>>(values: V, language: Language): V {
  const names = [...amountNames, ...screenLtrNames];
  if (language !== 'ar' || !names.some((name) => typeof values[name] === 'string' && values[name] !== '')) return values;
  return isolatedLtr({ ...values }, names) as V;
}

/** The named values that are non-empty text, isolated left to right in `out` (changed in place). */
function isolatedLtr(out: Record<string, unknown>, names: string[]) {
  for (const name of names) {
    const token = out[name];
    if (typeof token === 'string' && token !== '') out[name] = ltrIsolated(token);
  }
  return out;
}

/**
 * Those values isolated in an Arabic sentence, as the gateway's words are (quotedSaid): unisolated,
 * the keychain's "X11 $DISPLAY" read "DISPLAY$" with the closing bracket out of place. `none` is
 * the catalogs' select word for "nothing said" (keychain.unavailable), so it stays as it is.
 */
export function withQuotedWords<V extends Record<string, unknown>>(values: V, language: Language): V {
  if (language !== 'ar') return values;
  const out: Record<string, unknown> = { ...values };
  for (const name of quotedNames) {
    const said = out[name];
    if (typeof said === 'string' && said !== '' && said !== 'none') out[name] = quotedSaid(language, said);
  }
  return isolatedLtr(out, [...ltrNames, ...amountNames]) as V;
}
