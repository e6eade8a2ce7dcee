// A bulk file's bytes to text. A byte-order mark decides (UTF-8, UTF-16 LE/BE); otherwise valid
// UTF-8 is UTF-8. Anything else is Windows-1256 (Arabic Excel) or Latin-1 (Western Excel): both
// decode any byte, so the text itself must tell them apart, and when it cannot, the person is
// asked with a few names read each way. No replacement character (U+FFFD) is ever made up here:
// every decoder is fatal, and a file that does not decode in its encoding is refused by name.
import type { BulkEncoding } from '../../contract/methods/bulk';

export type FileText =
  | { kind: 'text'; text: string; encoding: BulkEncoding }
  | { kind: 'unsure'; candidates: Array<{ encoding: BulkEncoding; text: string }> }
  | { kind: 'unreadable'; encoding: BulkEncoding };

// Node's TextDecoder (with full ICU) knows windows-1256; "latin1" is Windows-1252, as browsers read it.
const decoderNames: Record<BulkEncoding, string> = { 'utf-8': 'utf-8', 'utf-16le': 'utf-16le', 'utf-16be': 'utf-16be', 'windows-1256': 'windows-1256', latin1: 'latin1' };

function decode(bytes: Uint8Array, encoding: BulkEncoding): string | undefined {
  try {
    return new TextDecoder(decoderNames[encoding], { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return undefined;
  }
}

function bomOf(bytes: Uint8Array): BulkEncoding | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return undefined;
}

/** Reads the file in the encoding the person chose, or the one detected. */
export function fileText(bytes: Uint8Array, chosen?: BulkEncoding): FileText {
  const encoding = chosen ?? bomOf(bytes);
  if (encoding) {
    const text = decode(bytes, encoding);
    return text === undefined ? { kind: 'unreadable', encoding } : { kind: 'text', text, encoding };
  }
  const utf8 = decode(bytes, 'utf-8');
  if (utf8 !== undefined) return { kind: 'text', text: utf8, encoding: 'utf-8' };
  const arabic = decode(bytes, 'windows-1256')!;
  const western = decode(bytes, 'latin1')!;
  const looksArabic = arabicLike(arabic);
  const looksWestern = westernLike(western);
  if (looksArabic && !looksWestern) return { kind: 'text', text: arabic, encoding: 'windows-1256' };
  if (looksWestern && !looksArabic) return { kind: 'text', text: western, encoding: 'latin1' };
  return { kind: 'unsure', candidates: [{ encoding: 'windows-1256', text: arabic }, { encoding: 'latin1', text: western }] };
}

/** Runs of non-ASCII characters, and whether each touches a Latin letter (sits inside a Latin word). */
function runsOf(text: string): Array<{ run: string; inLatinWord: boolean }> {
  return [...text.matchAll(/[^\u0000-\u007f]+/g)].map((m) => ({
    run: m[0],
    inLatinWord: /[A-Za-z]/.test(text[m.index - 1] ?? '') || /[A-Za-z]/.test(text[m.index + m[0].length] ?? ''),
  }));
}

/** Arabic text: nearly every non-ASCII character is Arabic, and they come as words of their own. */
function arabicLike(text: string): boolean {
  const runs = runsOf(text);
  if (!runs.length) return false;
  const chars = runs.map((r) => r.run).join('');
  const arabic = chars.match(/[\u0600-\u06ff]/g)?.length ?? 0;
  const words = runs.filter((r) => r.run.length >= 2 && !r.inLatinWord).length;
  return arabic / chars.length >= 0.9 && words / runs.length >= 0.5;
}

/** Western text: accented letters one or two at a time inside Latin words, and only letters or common signs. */
const westernChars = /^[\u00c0-\u00ff\u0152\u0153\u0160\u0161\u0178\u017d\u017e]+$/;
function westernLike(text: string): boolean {
  const runs = runsOf(text);
  return runs.length > 0 && runs.every((r) => r.run.length <= 2 && r.inLatinWord && westernChars.test(r.run) && !/[\u00d7\u00f7]/.test(r.run));
}
