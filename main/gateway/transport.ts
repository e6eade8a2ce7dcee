// One gateway request: POST JSON with the key header to the profile's own origin, with a
// time-out and cancellation, no redirects followed, and every outcome sorted into the closed
// set of errors. A request that may have reached the gateway is never called a failure: it
// is outcome_unknown (money calls) so nobody resends it blindly.
import { redact, type Logger } from '../log/logger';
import type { ClockWatch } from '../core/clock-watch';
import { parseExact, field, textOf, JsonNumber, stringifyExact, ExactJsonError, type ExactJson, type Writable } from './exact-json';
import type { ReasonKey } from '../../contract/reasons';
import { englishText } from '../core/fail';
import { fetchFailureCode, networkValues } from '../core/network-failure';
import { failedBeforeSending, watchSending } from './before-sending';
import { gatewayError, type GatewayError } from './errors';
import { isSafeToRetry, operationUrl, type GatewayConnection, type GatewayOperation } from './operations';

export type CallOptions = { signal?: AbortSignal; timeoutMs?: number };
export type TransportDeps = {
  fetch: typeof fetch; logger: Logger; timeoutMs: number;
  /** Each answer's time (its Date header) and this computer's clock around it: is the clock wrong? (core/clock-watch.ts) */
  clock?: ClockWatch;
};

export type Exchange =
  | { ok: true; envelope: ExactJson; data: ExactJson | undefined; raw: string }
  | { ok: false; error: GatewayError; raw?: string };

export async function postJson(deps: TransportDeps, conn: GatewayConnection, operation: GatewayOperation, body: Writable, options: CallOptions = {}): Promise<Exchange> {
  const moneyCall = !isSafeToRetry(operation);
  const url = operationUrl(conn, operation);
  if ('error' in url) return { ok: false, error: gatewayError('request_rejected', url.error, { reasonKey: 'gateway.badAddress' }) };
  if (options.signal?.aborted) return { ok: false, error: gatewayError('cancelled', 'Cancelled before it was sent.') };
  deps.logger.addSecret(conn.apiKey);

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? deps.timeoutMs);
  const onCancel = () => controller.abort();
  options.signal?.addEventListener('abort', onCancel, { once: true });
  const started = performance.now();
  const log = (outcome: string, httpStatus?: number) =>
    deps.logger.info(`gateway ${operation}: ${outcome}`, { httpStatus, ms: Math.round(performance.now() - started) });

  let response: Response;
  let text: string | undefined;
  const sending = watchSending(url, 'POST');
  try {
    const sentMs = Date.now();
    response = await sending.run(() => deps.fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-API-KEY': conn.apiKey },
      body: stringifyExact(body),
      redirect: 'manual',
      signal: controller.signal,
    }));
    deps.clock?.heard({ source: 'gateway', host: url.host, serverMs: Date.parse(response.headers.get('date') ?? ''), sentMs, receivedMs: Date.now() });
    text = await textUpTo(response, answerLimitBytes);
  } catch (cause) {
    const how = { moneyCall, timedOut, cancelled: options.signal?.aborted === true };
    const error = (timedOut || how.cancelled) && sending.neverWritten() ? cutOffBeforeSending(how, url) : failedInFlight(cause, how, url);
    log(error.kind);
    return { ok: false, error };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCancel);
  }

  if (text === undefined) {
    log('answer too large', response.status);
    return { ok: false, error: tooLarge(response.status, moneyCall) };
  }
  // Whatever the gateway echoes (a card number, a security code, any profile's key) stops here;
  // the key is gone even from the values read (a status word, a link: nothing keeps or shows it).
  const answer = canonicalStrings(text, conn.apiKey);
  const raw = deps.logger.redact(redactCanonical(answer, conn.apiKey));
  const exchange = readResponse(response, answer, moneyCall);
  log(exchange.ok ? 'ok' : exchange.error.kind, response.status);
  if (exchange.ok) return { ...exchange, raw };
  const said = exchange.error.gateway;
  const quoted = (text: string) => shortened(deps.logger.redact(text));
  const gateway = said && { ...said, message: said.message === null || said.message === undefined ? said.message : quoted(said.message), errorCode: said.errorCode ? quoted(said.errorCode) : said.errorCode };
  return { ok: false, error: { ...exchange.error, gateway, ...keyNamed(exchange.error, conn) }, raw };
}

/** What the gateway said is quoted on screens and in the audit log: a page of it is no clearer than its start. */
const maxQuoted = 500;
function shortened(text: string): string {
  if (text.length <= maxQuoted) return text;
  return `${text.slice(0, maxQuoted).replace(/[\uD800-\uDBFF]$/, '')}…`;
}

/** A refused key said as the key-gone sentence says it: the profile's name and the key's last four, nothing more of it (walk23). */
function keyNamed(error: GatewayError, conn: GatewayConnection): Partial<GatewayError> {
  if (error.kind !== 'key_rejected' || !conn.profileName) return {};
  return { reasonKey: 'gateway.keyRejectedOf', reasonValues: { profile: conn.profileName, lastFour: conn.apiKey.slice(-4) } };
}

/** Paydesk cut the call off (its time limit, a cancel) before undici wrote a byte of it: still connecting. */
function cutOffBeforeSending(how: { timedOut: boolean }, url: URL): GatewayError {
  if (!how.timedOut) return gatewayError('cancelled', 'Cancelled before it was sent.');
  // No system code: Paydesk's own time limit, said as the system's time-out is, while connecting.
  const values = { ...networkValues('ETIMEDOUT', { name: url.hostname, address: url.host }), cause: 'connectTimedOut' };
  return gatewayError('network', englishText({ key: 'gateway.unreachable', values }), { reasonKey: 'gateway.unreachable', reasonValues: values });
}

function failedInFlight(cause: unknown, how: { moneyCall: boolean; timedOut: boolean; cancelled: boolean }, url: URL): GatewayError {
  const code = fetchFailureCode(cause);
  // Which failures are before sending, and why: before-sending.ts.
  if (failedBeforeSending(cause)) return code ? networkFailure('gateway.unreachable', code, url) : gatewayError('network', 'Could not reach the gateway. Nothing was sent.');
  if (how.moneyCall) {
    const why = how.timedOut ? 'No answer came in time' : how.cancelled ? 'It was cancelled while in flight' : 'The connection broke before the answer came';
    return gatewayError('outcome_unknown', `${why}, so the gateway may or may not have processed it.`, how.timedOut ? { reasonKey: 'gateway.outcome_unknown.noAnswerInTime' } : {});
  }
  // Paydesk's own time limit ran out: said as the system's time-out is, naming the server (as "Test connection" does).
  if (how.timedOut) return networkFailure('gateway.connectionLost', 'ETIMEDOUT', url, 'timeout');
  if (how.cancelled) return gatewayError('cancelled', 'Cancelled.');
  return code ? networkFailure('gateway.connectionLost', code, url) : gatewayError('network', 'The connection to the gateway failed.');
}

/** A failed connection in words (what happened, what to check, the code once), in English here and in the user's language by the renderer. */
function networkFailure(key: ReasonKey, code: string, url: URL, kind: 'network' | 'timeout' = 'network'): GatewayError {
  const values = networkValues(code, { name: url.hostname, address: url.host });
  return gatewayError(kind, englishText({ key, values }), { reasonKey: key, reasonValues: values });
}

/** A gateway's answer is a small JSON envelope (a 3-D Secure page included); more is not read, not kept. */
export const answerLimitBytes = 2 * 1024 * 1024;

/** The body as text, or undefined (and the rest never read) once it passes `limit` bytes. */
async function textUpTo(response: Response, limit: number): Promise<string | undefined> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    return undefined;
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** An answer too large to read: said as an unreadable one, by its HTTP status, with the limit named. */
function tooLarge(http: number, moneyCall: boolean): GatewayError {
  if (http >= 400) return unreadable(http, moneyCall, '');
  const values = { limit: answerLimitBytes / (1024 * 1024) };
  return gatewayError('malformed_response', englishText({ key: 'gateway.answerTooLarge', values }), { httpStatus: http, mayHaveHappened: moneyCall, reasonKey: 'gateway.answerTooLarge', reasonValues: values });
}

type Read = { ok: true; envelope: ExactJson; data: ExactJson | undefined } | { ok: false; error: GatewayError };

function readResponse(response: Response, text: string, moneyCall: boolean): Read {
  const http = response.status;
  if (http >= 300 && http < 400) {
    return { ok: false, error: gatewayError('gateway_error', `The gateway answered with a redirect (HTTP ${http}); Paydesk does not follow redirects with your key. Check the base URL.`, { httpStatus: http, reasonKey: 'gateway.redirect' }) };
  }
  let envelope: ExactJson;
  try {
    envelope = parseExact(text);
  } catch (e) {
    if (!(e instanceof ExactJsonError)) throw e;
    return { ok: false, error: unreadable(http, moneyCall, 'The gateway answered with something that is not JSON.') };
  }
  const codeText = textOf(field(envelope, 'code'));
  const code = codeText !== undefined && /^\d+$/.test(codeText) ? Number(codeText) : undefined;
  const message = textOf(field(envelope, 'message'));
  const errorCodeValue = field(envelope, 'errorCode');
  const errorCodeText = errorCodeValue === null ? null : textOf(errorCodeValue);
  if (code === undefined && errorCodeText === undefined) {
    return { ok: false, error: unreadable(http, moneyCall, 'The gateway answered without its usual envelope.') };
  }
  const detail = { code: code ?? null, message: message ?? null, errorCode: errorCodeText ?? null };
  const success = http >= 200 && http < 300 && code === 200 && !errorCodeText;
  if (success) return { ok: true, envelope, data: field(envelope, 'data') };
  return { ok: false, error: classify(http >= 200 && http < 300 ? code ?? 0 : http, detail, moneyCall, http) };
}

function unreadable(http: number, moneyCall: boolean, message: string): GatewayError {
  if (http >= 500) return serverError(http, moneyCall, undefined);
  if (http >= 400) return classify(http, undefined, moneyCall, http);
  return gatewayError('malformed_response', message, { httpStatus: http, mayHaveHappened: moneyCall });
}

function serverError(http: number, moneyCall: boolean, detail: GatewayError['gateway']): GatewayError {
  return moneyCall
    ? gatewayError('outcome_unknown', `The gateway reported a server error (${http}), so it may or may not have processed the request.`, { gateway: detail, httpStatus: http, reasonKey: 'gateway.outcome_unknown.serverError', reasonValues: { status: String(http) } })
    : gatewayError('gateway_error', `The gateway reported a server error (${http}).`, { gateway: detail, httpStatus: http });
}

function classify(status: number, detail: GatewayError['gateway'], moneyCall: boolean, http: number): GatewayError {
  if (status >= 500) return serverError(status, moneyCall, detail);
  const byCode = (detail?.errorCode ?? '').toUpperCase();
  const extra = { gateway: detail, httpStatus: http };
  if (/HASH|SIGNATURE/.test(byCode)) return gatewayError('hash_rejected', 'The gateway refused the request hash.', extra);
  if (/API_?KEY|UNAUTHORI[SZ]ED|FORBIDDEN|AUTHENTICATION/.test(byCode) || status === 401 || status === 403) {
    return gatewayError('key_rejected', 'The gateway refused the API key.', extra);
  }
  if (/DUPLICATE|ALREADY|CONFLICT/.test(byCode) || status === 409) return gatewayError('conflict', 'The gateway reports a conflict.', extra);
  if (/NOT_?FOUND/.test(byCode) || status === 404) return gatewayError('not_found', 'The gateway has no such order or transaction.', extra);
  if (status >= 400 && status < 500) return gatewayError('request_rejected', 'The gateway refused the request.', extra);
  return gatewayError('gateway_error', `The gateway reported an error${detail?.errorCode ? ` (${detail.errorCode})` : ''}.`, extra);
}

/** The response text, safe to keep: no key, no card number, no security code, no recurring token (it charges the card again). */
export function redactRaw(text: string, apiKey: string): string {
  return redactCanonical(canonicalStrings(text), apiKey);
}

/** redactRaw of an answer whose strings canonicalStrings already rewrote (a gateway call's: done once). */
function redactCanonical(text: string, apiKey: string): string {
  const noCvv = text.replace(/("(?:card)?cvv2?"\s*:\s*)("(?:[^"\\]|\\.)*"|\d+)/gi, '$1"[removed]"');
  const noToken = noCvv.replace(/("recurringToken"\s*:\s*)"(?:[^"\\]|\\.)*"/gi, '$1"[removed]"');
  return redact(noToken, [apiKey]);
}

/**
 * Every JSON string literal rewritten with JSON.stringify's escapes, and without the key: a
 * gateway that writes `\/` (PHP's json_encode does) or `\u0034` would otherwise hide a key or a
 * card number from the plain-text redaction, and whatever parses the kept answer would see it whole.
 */
function canonicalStrings(text: string, apiKey = ''): string {
  return text.replace(/"(?:[^"\\]|\\.)*"/g, (literal) => {
    try {
      const value = JSON.parse(literal) as string;
      return JSON.stringify(apiKey.length >= 4 ? value.split(apiKey).join('[redacted]') : value);
    } catch {
      return literal;
    }
  });
}

export { JsonNumber };
