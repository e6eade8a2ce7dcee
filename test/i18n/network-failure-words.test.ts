// A connection that failed before any answer is said in words, in the person's language: what
// happened (a name not found, a refusal, no answer, a cut, a certificate), what to check, and the
// code once, as a detail for support. Never "(Could not reach the gateway (ENOTFOUND))", never a key.
import { describe, expect, it } from 'vitest';
import { wordReason } from '../../renderer/src/i18n';
import { reasonText } from '../../main/core/fail';
import { networkValues } from '../../main/core/network-failure';
import { toAppFailure } from '../../main/gateway/errors';
import { postJson } from '../../main/gateway/transport';
import { createMemoryLogger } from '../../main/log/logger';
import { checkConnection, type StatusProbe } from '../../main/profiles/connection-check';
import { explainConnectionError } from '../../main/ledger/postgres/connection';
import type { Reason } from '../../contract/reasons';

const apiKey = 'sk_test_never_in_a_message_1234';
/** Node's fetch failing as it does to connect (a name DNS does not know, a refusal): a TypeError whose cause has the code and the system call. */
const failingFetch = (code: string) => (async () => {
  const syscall = code.startsWith('E') && !code.startsWith('EAI') && code !== 'ENOTFOUND' ? 'connect' : 'getaddrinfo';
  throw Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error(`${syscall} ${code} sandbox.invalid ${apiKey}`), { code, syscall }) });
}) as unknown as typeof fetch;
const deps = (code: string) => ({ fetch: failingFetch(code), logger: createMemoryLogger(), timeoutMs: 1_000 });
const sandbox = { baseUrl: 'https://sandbox.invalid/api/v1', apiKey };
const probe = (code: string): StatusProbe => async (conn) => {
  const exchange = await postJson(deps(code), conn, 'status', { orderId: 'x' });
  return exchange.ok ? { ok: true } : { ok: false, error: exchange.error };
};
const both = (why: Reason | { key: string; values?: Record<string, string | number> }) => ({ en: wordReason('en', why)!, ar: wordReason('ar', why)! });
const team = { host: 'db.invalid', port: 5432, database: 'paydesk', user: 'sara' };
const teamReason = (code: string) => {
  const check = explainConnectionError(Object.assign(new Error(`connect ${code} password=hunter2`), { code }), team);
  if (check.ok) throw new Error('expected a failure');
  return check.reason;
};

describe('a gateway that cannot be reached', () => {
  it('is said in words when its name is not found, on "Test connection", in English and Arabic', async () => {
    const check = await checkConnection(probe('ENOTFOUND'), sandbox);
    expect(check.outcome).toBe('unreachable');
    expect(check.message).toBe('The server name sandbox.invalid was not found (DNS). Check the address and your network. The key itself was not checked. Details: ENOTFOUND.');
    expect(both(check.reason!)).toEqual({
      en: check.message,
      ar: 'لم يُعثر على اسم الخادم \u2066sandbox.invalid\u2069 (DNS). تحقق من العنوان ومن اتصالك بالشبكة. لم يُفحص المفتاح نفسه. التفاصيل: \u2066ENOTFOUND\u2069.',
    });
  });

  it('is said in words on any call (a sale, a status check), nothing was sent, and the key is never in it', async () => {
    const exchange = await postJson(deps('ECONNREFUSED'), { baseUrl: 'https://gw.example:8443/api/v1', apiKey }, 'sale', { orderId: 'x' });
    if (exchange.ok) throw new Error('expected a failure');
    expect(exchange.error).toMatchObject({ kind: 'network', mayHaveHappened: false });
    expect(exchange.error.message).toBe('The server gw.example:8443 refused the connection. Nothing was sent. Check the address and the port, and that the server is running. Details: ECONNREFUSED.');
    const words = both(toAppFailure(exchange.error).toError().reason!);
    expect(words.en).toBe(exchange.error.message);
    expect(words.ar).toBe('رفض الخادم \u2066gw.example:8443\u2069 الاتصال. لم يُرسل شيء. تحقق من العنوان والمنفذ، ومن أن الخادم يعمل. التفاصيل: \u2066ECONNREFUSED\u2069.');
    for (const text of [exchange.error.message, words.en, words.ar]) expect(text).not.toContain(apiKey);
  });
});

describe('each way a connection fails', () => {
  const codes = { dns: 'ENOTFOUND', dnsAgain: 'EAI_AGAIN', refused: 'ECONNREFUSED', timedOut: 'ETIMEDOUT', connectTimedOut: 'UND_ERR_CONNECT_TIMEOUT', reset: 'ECONNRESET', noRoute: 'EHOSTUNREACH', certExpired: 'CERT_HAS_EXPIRED', certDate: 'CERT_NOT_YET_VALID', certUntrusted: 'SELF_SIGNED_CERT_IN_CHAIN', certName: 'ERR_TLS_CERT_ALTNAME_INVALID', notTls: 'ERR_SSL_WRONG_VERSION_NUMBER', unsafePort: 'ERR_UNSAFE_PORT', other: 'ESOMETHINGELSE' };
  const server = { name: 'gw.example', address: 'gw.example' };

  it('has its own words, in both languages, with the code once and no parentheses in parentheses', () => {
    for (const language of ['en', 'ar'] as const) {
      const seen = new Map<string, string>();
      for (const [name, code] of Object.entries(codes)) {
        const text = wordReason(language, { key: 'connection.unreachable', values: networkValues(code, server) })!;
        expect(text.split(code)).toHaveLength(2); // the code exactly once
        expect(text).not.toMatch(/\([^)]*\(/);
        expect(text).not.toMatch(new RegExp(`\\(\\u2066?${code}`)); // the code as a detail, not in brackets
        expect(text).not.toMatch(/\{|\}/); // every value and select was worded
        if (name !== 'dnsAgain') seen.set(text.replace(code, ''), name);
      }
      expect(seen.size).toBe(Object.keys(codes).length - 1); // EAI_AGAIN reads as ENOTFOUND; every other cause apart
    }
  });

  it('names the cause a person can act on', () => {
    const words = (code: string) => wordReason('en', { key: 'connection.unreachable', values: networkValues(code, server) })!;
    expect(words('ETIMEDOUT')).toMatch(/^The server gw.example did not answer in time\. /);
    expect(words('UND_ERR_CONNECT_TIMEOUT')).toMatch(/^The server gw.example did not answer while Paydesk was connecting to it\. You can safely try again; /);
    expect(words('ECONNRESET')).toMatch(/^The connection to gw.example was cut off\. /);
    expect(words('CERT_HAS_EXPIRED')).toMatch(/^The certificate of gw.example has expired\. /);
    // A clock set wrong is the likelier cause on a laptop (walk40): the computer's date and time are checked first.
    expect(words('CERT_HAS_EXPIRED')).toMatch(/has expired\. Check this computer’s date and time first: a clock set ahead makes a valid certificate look expired\. /);
    expect(words('CERT_NOT_YET_VALID')).toMatch(/^The certificate of gw.example is not valid on this computer’s date and time\. Check this computer’s date and time, and let the computer set them automatically; /);
    expect(words('ERR_CERT_DATE_INVALID')).toBe(words('CERT_NOT_YET_VALID').replace('CERT_NOT_YET_VALID', 'ERR_CERT_DATE_INVALID'));
    expect(wordReason('ar', { key: 'connection.unreachable', values: networkValues('CERT_NOT_YET_VALID', server) })).toMatch(/^شهادة الخادم \u2066gw.example\u2069 غير صالحة في تاريخ هذا الحاسوب ووقته\. تحقق من تاريخ هذا الحاسوب ووقته/);
    expect(words('EAI_AGAIN')).toMatch(/^The server name gw.example was not found \(DNS\)\. /);
    expect(words('ERR_SSL_WRONG_VERSION_NUMBER')).toMatch(/^The server gw.example did not answer over HTTPS \(TLS\)\. Check the address’s start and port: /);
    expect(words('ERR_UNSAFE_PORT')).toMatch(/^Paydesk does not connect to gw.example: that port is kept for other kinds of service/);
  });
});

describe('a failure Node’s fetch words without a code', () => {
  // The walk's http://127.0.0.1:9/api/v1 (docs/profiles-and-keys.md, 2026-11-30): fetch never connects
  // to port 9 and says only "bad port"; it read "The gateway could not be reached." with no cause or code.
  it('is named by Chromium’s code for it, and nothing was sent: Node’s real fetch to port 9', async () => {
    const exchange = await postJson({ fetch, logger: createMemoryLogger(), timeoutMs: 5_000 }, { baseUrl: 'http://127.0.0.1:9/api/v1', apiKey }, 'sale', { orderId: 'x' });
    if (exchange.ok) throw new Error('expected a failure');
    expect(exchange.error).toMatchObject({ kind: 'network', mayHaveHappened: false, reasonValues: { cause: 'unsafePort', code: 'ERR_UNSAFE_PORT', server: '127.0.0.1:9' } });
    expect(exchange.error.message).toBe('Paydesk does not connect to 127.0.0.1:9: that port is kept for other kinds of service, and browsers refuse it too. Nothing was sent. Check the port in the address (the number after the colon). Details: ERR_UNSAFE_PORT.');
  });
});

describe('a team ledger server that cannot be reached', () => {
  it('is said in words, the name alone for DNS and with the port otherwise, in English and Arabic', () => {
    expect(both(teamReason('ENOTFOUND'))).toEqual({
      en: 'Paydesk cannot reach the team ledger. The server name db.invalid was not found (DNS). Check the address and your network. Details: ENOTFOUND.',
      ar: 'تعذّر على بايدسك الوصول إلى سجل الفريق. لم يُعثر على اسم الخادم \u2066db.invalid\u2069 (DNS). تحقق من العنوان ومن اتصالك بالشبكة. التفاصيل: \u2066ENOTFOUND\u2069.',
    });
    expect(both(teamReason('ECONNREFUSED')).en).toBe('Paydesk cannot reach the team ledger. The server db.invalid:5432 refused the connection. Check the address and the port, and that the server is running. Details: ECONNREFUSED.');
  });

  // walk40: a laptop whose clock is behind the server certificate's start was told "This computer does
  // not trust the server’s certificate … pin it in these settings", and one ahead of its end the same.
  it('says a certificate out of its dates with this computer’s date and time first, not “pin it”', () => {
    expect(both(teamReason('CERT_NOT_YET_VALID'))).toEqual({
      en: 'Paydesk cannot reach the team ledger. The certificate of db.invalid:5432 is not valid on this computer’s date and time. Check this computer’s date and time, and let the computer set them automatically; if they are right, the server’s administrator must fix its certificate. Details: CERT_NOT_YET_VALID.',
      ar: 'تعذّر على بايدسك الوصول إلى سجل الفريق. شهادة الخادم \u2066db.invalid:5432\u2069 غير صالحة في تاريخ هذا الحاسوب ووقته. تحقق من تاريخ هذا الحاسوب ووقته، واجعل الحاسوب يضبطهما تلقائيًا؛ فإن كانا صحيحين فعلى مسؤول الخادم إصلاح شهادته. التفاصيل: \u2066CERT_NOT_YET_VALID\u2069.',
    });
    expect(both(teamReason('CERT_HAS_EXPIRED')).en).toMatch(/^Paydesk cannot reach the team ledger\. The certificate of db\.invalid:5432 has expired\. Check this computer’s date and time first/);
  });

  it('words pg’s own time-out (no code) as no answer in time, and main words it the same way', () => {
    const check = explainConnectionError(new Error('Connection terminated due to connection timeout'), team);
    if (check.ok) throw new Error('expected a failure');
    expect(reasonText('en', check.reason)).toBe('Paydesk cannot reach the team ledger. The server db.invalid:5432 did not answer in time. Check the address and your network; a firewall or VPN may be in the way. Details: timeout.');
    expect(reasonText('ar', check.reason)).toBe(wordReason('ar', check.reason));
    expect(reasonText('ar', check.reason)).not.toContain('hunter2');
  });
});
