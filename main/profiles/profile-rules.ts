// Checks of what a person types into a profile, each with a reason that says what is wrong
// with that field. Sandbox and production addresses must be https (a sandbox on this computer,
// such as the practice gateway run on its own, may use http on loopback) and carry no
// credentials; an override may not send the key to another origin (decisions §1).
import { gatewayOperationNames, type ProfileView } from '../../contract/methods/profiles';
import type { Reason } from '../../contract/reasons';
import { returnAddressProblem } from '../../contract/return-address';
import { fieldFailure, reason } from '../core/fail';
import { gatewayOperations, operationUrl, type GatewayOperation } from '../gateway/operations';

// The contract's list of operations and the gateway client's must be the same list.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const operationListsAgree: Same<(typeof gatewayOperationNames)[number], GatewayOperation> = true;
void operationListsAgree;
void gatewayOperations;

export const limits = { name: 60, url: 2048, path: 512, keyMin: 8, keyMax: 256 } as const;

const controlChars = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const invisibleChars = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;

type Fields = Record<string, Reason>;
/** Which field a text check is about: each language names it (contract/reasons.ts, `field`). */
type TextField = 'name' | 'baseUrl' | 'path' | 'successUrl' | 'failureUrl';

function textProblem(value: string, field: TextField, max: number): Reason | undefined {
  if (value.length > max) return reason('profile.tooLong', { field, max, length: value.length });
  if (controlChars.test(value)) return reason('profile.controlChar', { field });
  if (invisibleChars.test(value)) return reason('profile.invisibleChar', { field });
  return undefined;
}

export function nameProblem(name: string, taken: (name: string) => boolean): Reason | undefined {
  const trimmed = name.trim();
  if (!trimmed) return reason('profile.nameRequired');
  const problem = textProblem(trimmed, 'name', limits.name);
  if (problem) return problem;
  if (taken(trimmed)) return reason('profile.nameTaken', { profile: trimmed });
  return undefined;
}

/**
 * http:// on this computer only: 127.0.0.0/8, ::1 or localhost. Allowed for a sandbox (a
 * developer's local gateway, the practice gateway run on its own), never for production.
 */
export function isLoopbackHttp(url: string | URL): boolean {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return false;
  }
  // The URL parser has already normalised the host: "127.1" and "0x7f.0.0.1" read as 127.0.0.1.
  const host = parsed.hostname.toLowerCase();
  return parsed.protocol === 'http:' && (host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host));
}

/** A sandbox or production base URL: https (or loopback http for a sandbox), no credentials, no query, ends in the version segment. */
export function baseUrlProblem(value: string, environment: ProfileView['environment']): Reason | undefined {
  const text = value.trim();
  if (!text) return reason('profile.baseUrlRequired');
  const problem = textProblem(text, 'baseUrl', limits.url);
  if (problem) return problem;
  if (/\s/.test(text)) return reason('profile.space', { field: 'baseUrl' });
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return reason('profile.baseUrlInvalid');
  }
  if (url.username || url.password) return reason('profile.baseUrlCredentials');
  const loopbackSandbox = environment === 'sandbox' && isLoopbackHttp(url);
  if (environment !== 'practice' && url.protocol !== 'https:' && !loopbackSandbox) {
    return url.protocol === 'http:' ? reason('profile.baseUrlHttp', { environment }) : reason('profile.baseUrlScheme', { scheme: url.protocol });
  }
  if (url.search || url.hash || text.includes('?') || text.includes('#')) return reason('profile.noQuery', { field: 'baseUrl' });
  if (!/\/v\d+\/?$/.test(url.pathname)) return reason('profile.baseUrlVersion');
  return undefined;
}

export function normalizeBaseUrl(value: string): string {
  return new URL(value.trim()).href.replace(/\/+$/, '');
}

/** Each override: a relative path or an absolute URL on the base URL's origin. */
export function pathOverrideProblems(overrides: Partial<Record<GatewayOperation, string>>, baseUrl: string): Fields {
  const fields: Fields = {};
  for (const [operation, raw] of Object.entries(overrides) as Array<[GatewayOperation, string]>) {
    const key = `pathOverrides.${operation}`;
    const value = raw.trim();
    if (!(gatewayOperationNames as readonly string[]).includes(operation)) fields[key] = reason('profile.unknownOperation', { operation: operation.slice(0, 40) });
    else if (!value) continue; // an empty override means "use the default path"
    else {
      const problem = textProblem(value, 'path', limits.path) ?? (/\s/.test(value) ? reason('profile.space', { field: 'path' }) : undefined);
      if (problem) fields[key] = problem;
      else {
        // A protocol-relative override ("//host/x") names a server too: resolve it against the base.
        const path = value.startsWith('//') ? URL.canParse(value, baseUrl) ? new URL(value, baseUrl).href : 'invalid:' : value;
        const url = operationUrl({ baseUrl, apiKey: '', pathOverrides: { [operation]: path } }, operation);
        if ('error' in url) fields[key] = url.why;
        else if (url.search || url.hash) fields[key] = reason('profile.noQuery', { field: 'path' });
      }
    }
  }
  return fields;
}

export function cleanOverrides(overrides: Partial<Record<GatewayOperation, string>>): Partial<Record<GatewayOperation, string>> {
  const out: Partial<Record<GatewayOperation, string>> = {};
  for (const [operation, raw] of Object.entries(overrides) as Array<[GatewayOperation, string]>) if (raw.trim()) out[operation] = raw.trim();
  return out;
}

/** Default success and failure URLs: the rule of a link's own (contract/return-address.ts), in the profile form's words. */
export function redirectUrlProblem(value: string | null, field: 'successUrl' | 'failureUrl', environment: ProfileView['environment']): Reason | undefined {
  if (value === null || !value.trim()) return undefined;
  const text = value.trim();
  const problem = textProblem(text, field, limits.url);
  if (problem) return problem;
  const wrong = returnAddressProblem(text, environment);
  return wrong && reason(redirectReasons[wrong], { field });
}
const redirectReasons = { invalid: 'profile.redirectInvalid', scheme: 'profile.redirectScheme', production: 'profile.redirectProduction', credentials: 'profile.redirectCredentials' } as const;

/** The shape of an API key: it travels in an HTTP header, so printable ASCII on one line. Never quoted back: only its length. */
export function keyProblem(key: string): Reason | undefined {
  const trimmed = key.trim();
  if (!trimmed) return reason('key.required');
  if (trimmed.length > limits.keyMax) return reason('key.tooLong', { length: trimmed.length, max: limits.keyMax });
  if (controlChars.test(trimmed)) return reason('key.controlChar');
  if (/\s/.test(trimmed)) return reason('key.space');
  if (/[^\x21-\x7e]/.test(trimmed)) return reason('key.notAscii');
  if (trimmed.length < limits.keyMin) return reason('key.tooShort', { length: trimmed.length, min: limits.keyMin });
  return undefined;
}

export function fail(fields: Fields): never {
  throw fieldFailure('invalid_input', fields);
}
