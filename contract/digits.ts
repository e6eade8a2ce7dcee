// Digits as people type them on Arabic keyboards, read as the ASCII digits the gateway takes:
// one reading for amounts, phones, card numbers and ID numbers, in the renderer and in main alike.

/** Arabic-Indic (U+0660–0669) and Eastern Arabic-Indic / Persian (U+06F0–06F9) digits as ASCII; nothing else changes. */
export function toAsciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) & 0xf));
}
