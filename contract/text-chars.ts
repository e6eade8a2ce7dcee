// Characters refused in text people type (names, descriptions): shared so the renderer's
// pre-send check and main's own check refuse the same characters with the same reason.
/** Control characters other than ordinary spaces. */
export const controlChars = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/**
 * Invisible and direction-changing characters: a name shown "Ali" may be stored as something
 * else, and bidi overrides can reorder what staff read.
 */
export const bidiOrInvisible = /[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

/**
 * Text to search for without those characters: an order id copied from an Arabic sentence
 * (a notification, an error) carries the isolates that kept it left to right there, and would
 * otherwise match nothing.
 */
const everyBidiOrInvisible = new RegExp(bidiOrInvisible.source, 'g');
export const searchableText = (text: string): string => text.replace(everyBidiOrInvisible, '');

/**
 * The marks that only steer direction and show nothing (LRI, RLI, FSI, PDI, LRM, RLM, ALM): Paydesk
 * puts them around amounts and codes inside Arabic sentences, so they come along when such a
 * sentence is copied. Overrides and embeddings (U+202A–202E) are not among them: those reorder
 * what the eye reads.
 */
const directionMarks = /[\u061c\u200e\u200f\u2066-\u2069]/g;
export const withoutDirectionMarks = (text: string): string => text.replace(directionMarks, '');
