// A small logger that redacts before it writes. Services register the secrets they hold
// (API keys) so even a careless message cannot carry one; card-number-like digit runs are
// masked whatever their source. The file rotates at a size cap (rolling-file.ts).
import { createRollingFile, type RollingFileOptions } from './rolling-file';
import { cardNumberRemoved } from '../../contract/card';
import { escapedForms, mayHoldEscapes } from './escaped-secret';

export type LogFields = Record<string, string | number | boolean | null | undefined>;
export type Logger = {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** Values that must never be written, such as API keys; removed from every line. */
  addSecret(secret: string): void;
  /** Text from outside (a gateway's message) with every registered secret, card number and security code removed. */
  redact(text: string): string;
  /** Whether the text holds a registered secret (a key pasted into a customer's name, say). */
  holdsSecret(text: string): boolean;
};

const panLike = /\b\d(?:[ -]?\d){11,18}\b/g;
// A security code next to its name: "CVV 123", "cvc: 1234", "CVV2=123", "security code 999".
const cvvLike = /(cvv2?|cvc2?|csc|security code)(\W{0,5})\d{3,4}\b/gi;

// A UUID (a transaction id, a check-up run's id) may hold twelve digits and dashes in a row
// ("…-6110-4204-8066-…", about one UUID in 220): no card number, and masked it is no id.
const uuid = /(\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b)/i;

/** `mask` applied to the text between its UUIDs, which are kept whole. */
export function outsideUuids(text: string, mask: (part: string) => string): string {
  return text.split(uuid).map((part, i) => (i % 2 === 1 ? part : mask(part))).join('');
}

export function redact(text: string, secrets: Iterable<string>): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < 4) continue;
    // As JSON writes it too: a key holding `"` or `\` is escaped in a gateway's answer.
    for (const form of new Set([secret, JSON.stringify(secret).slice(1, -1)])) out = out.split(form).join('[redacted]');
    // As an HTML page or an address writes it: `&quot;`, `&#x2F;`, `%2F` (escaped-secret.ts).
    if (mayHoldEscapes(out)) out = out.replace(escapedForms(secret), '[redacted]');
  }
  return outsideUuids(out, (part) => part.replace(panLike, cardNumberRemoved)).replace(cvvLike, '$1$2[removed]');
}

/** Keys are 8 characters at least (profiles/profile-rules.ts); shorter ones are not looked for in typed text. */
export function holdsSecret(text: string, secrets: Iterable<string>): boolean {
  for (const secret of secrets) if (secret.length >= 8 && text.includes(secret)) return true;
  return false;
}

export function createLogger(options: { file?: string; echo?: boolean; cap?: Omit<RollingFileOptions, 'file'> } = {}): Logger {
  const secrets = new Set<string>();
  const append = options.file ? createRollingFile({ file: options.file, ...options.cap }) : undefined;
  const write = (level: string, message: string, fields?: LogFields) => {
    const line = redact(
      JSON.stringify({ time: new Date().toISOString(), level, message, ...(fields ?? {}) }),
      secrets,
    );
    if (options.echo) (level === 'error' ? console.error : console.log)(line);
    if (append) {
      try {
        append(line + '\n');
      } catch {
        // A log that cannot be written must not break a payment.
      }
    }
  };
  return {
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    addSecret: (s) => void secrets.add(s),
    redact: (text) => redact(text, secrets),
    holdsSecret: (text) => holdsSecret(text, secrets),
  };
}

/** A logger that keeps lines in memory, for tests. */
export function createMemoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const secrets = new Set<string>();
  const write = (level: string) => (message: string, fields?: LogFields) =>
    void lines.push(redact(JSON.stringify({ level, message, ...(fields ?? {}) }), secrets));
  return { lines, info: write('info'), warn: write('warn'), error: write('error'), addSecret: (s) => void secrets.add(s), redact: (text) => redact(text, secrets), holdsSecret: (text) => holdsSecret(text, secrets) };
}
