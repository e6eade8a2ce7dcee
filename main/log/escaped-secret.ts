// A secret as an HTML page or a URL may write it: any of its characters as a character reference
// (`&#115;`, `&#x2F;`, `&quot;`, `&sol;`) or percent-escaped (`%2F`). A gateway's or proxy's HTML
// error page that echoes the key writes `"` as `&quot;` and `'` as `&#39;`, and the plain-text
// search for the key (redact, logger.ts) finds nothing (walk32, walk34).

/** HTML's named references for printable ASCII (the legacy four also without their `;`, as browsers read them). */
const named: Record<string, string[]> = {
  '!': ['excl;'], '"': ['quot;?', 'QUOT;?'], '#': ['num;'], $: ['dollar;'], '%': ['percnt;'], '&': ['amp;?', 'AMP;?'],
  "'": ['apos;'], '(': ['lpar;'], ')': ['rpar;'], '*': ['ast;', 'midast;'], '+': ['plus;'], ',': ['comma;'], '.': ['period;'],
  '/': ['sol;'], ':': ['colon;'], ';': ['semi;'], '<': ['lt;?', 'LT;?'], '=': ['equals;'], '>': ['gt;?', 'GT;?'], '?': ['quest;'],
  '@': ['commat;'], '[': ['lsqb;', 'lbrack;'], '\\': ['bsol;'], ']': ['rsqb;', 'rbrack;'], '^': ['Hat;'], _: ['lowbar;', 'UnderBar;'],
  '`': ['grave;', 'DiacriticalGrave;'], '{': ['lcub;', 'lbrace;'], '|': ['verbar;', 'vert;', 'VerticalLine;'], '}': ['rcub;', 'rbrace;'],
};

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** Hex digits in either case: `2f` → `2[fF]`. */
const anyCase = (hex: string) => [...hex].map((d) => (/[a-f]/.test(d) ? `[${d}${d.toUpperCase()}]` : d)).join('');

function characterForms(char: string): string {
  const code = char.codePointAt(0)!;
  const hex = code.toString(16);
  const forms = [
    literal(char),
    // A numeric reference without its `;` still reads as the character when no digit follows.
    `&#0*${code}(?:;|(?![0-9]))`,
    `&#[xX]0*${anyCase(hex)}(?:;|(?![0-9a-fA-F]))`,
    ...(named[char] ?? []).map((name) => `&${name}`),
  ];
  // Percent-escaped as UTF-8 bytes (a key in an address's query, echoed in a page).
  const bytes = [...Buffer.from(char, 'utf8')].map((b) => `%${anyCase(b.toString(16).padStart(2, '0'))}`).join('');
  forms.push(bytes);
  return `(?:${forms.join('|')})`;
}

const built = new Map<string, RegExp>();

/** Every escaped spelling of `secret` (the plain one too), as one global expression; made once per secret. */
export function escapedForms(secret: string): RegExp {
  let found = built.get(secret);
  if (!found) {
    found = new RegExp([...secret].map(characterForms).join(''), 'g');
    built.set(secret, found);
  }
  found.lastIndex = 0;
  return found;
}

/** Whether the text may hold an escaped secret at all: the common answer (no `&`, no `%`) is not searched again. */
export const mayHoldEscapes = (text: string) => text.includes('&') || text.includes('%');
