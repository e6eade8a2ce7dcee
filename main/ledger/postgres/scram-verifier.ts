// A PostgreSQL SCRAM-SHA-256 password verifier, made on this computer (RFC 5802 §3, RFC 7677), as
// psql's \password does (libpq's PQencryptPasswordConn): ALTER ROLE … PASSWORD then carries
// `SCRAM-SHA-256$<iterations>:<salt>$<StoredKey>:<ServerKey>` and never the password itself, so
// neither the server's log (log_statement = 'all') nor pg_stat_activity / pg_stat_statements can
// hold it. pg (node-postgres) has no helper for this.
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';

/** PostgreSQL's default (scram_iterations, PostgreSQL 16; fixed before). */
export const defaultScramIterations = 4096;
/** PostgreSQL's SCRAM_DEFAULT_SALT_LEN. */
const saltBytes = 16;

const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest();

/**
 * The verifier of `password` as its UTF-8 bytes: what Paydesk's client (pg) proves at login.
 * PostgreSQL and libpq first apply SASLprep, which changes only some non-ASCII text: a password
 * `keepsItsBytes` refuses those, so both derive the same keys (see there).
 */
export function scramSha256Verifier(password: string, options: { iterations?: number; salt?: Buffer } = {}): string {
  const iterations = options.iterations ?? defaultScramIterations;
  const salt = options.salt ?? randomBytes(saltBytes);
  const salted = pbkdf2Sync(Buffer.from(password, 'utf8'), salt, iterations, 32, 'sha256');
  const storedKey = createHash('sha256').update(hmac(salted, 'Client Key')).digest();
  const serverKey = hmac(salted, 'Server Key');
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}

/** The verifier's shape, checked before it goes into a statement (it holds no quote to escape). */
export const scramVerifierShape = /^SCRAM-SHA-256\$\d+:[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/;

// SASLprep (RFC 4013) maps these to nothing (RFC 3454 table B.1) and non-ASCII spaces (C.1.2) to a space.
const mappedBySaslprep = /[\u00AD\u034F\u1806\u180B-\u180D\u200B-\u200D\u2060\uFE00-\uFE0F\uFEFF\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]/u;

/**
 * Whether SASLprep leaves `password` as it is or refuses it: PostgreSQL and libpq (psql) then use
 * its bytes as they are, the bytes Paydesk's client uses. A password SASLprep would change (a
 * special space, an invisible joiner, a compatibility form NFKC rewrites, such as Arabic
 * presentation forms or full-width digits) would log in from psql and not from Paydesk, or the reverse.
 */
export function keepsItsBytes(password: string): boolean {
  return !mappedBySaslprep.test(password) && password.normalize('NFKC') === password;
}
