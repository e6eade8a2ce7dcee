// Checks of what a person types into a profile, each with a message that says what is wrong
// with that field. Sandbox and production addresses must be https and carry no credentials;
// an override may not send the key to another origin (decisions §1).
import { gatewayOperationNames, type ProfileView } from '../../contract/methods/profiles';
import { AppFailure } from '../../contract/result';
import { gatewayOperations, operationUrl, type GatewayOperation } from '../gateway/operations';

// The contract's list of operations and the gateway client's must be the same list.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const operationListsAgree: Same<(typeof gatewayOperationNames)[number], GatewayOperation> = true;
void operationListsAgree;
void gatewayOperations;

export const limits = { name: 60, url: 2048, path: 512, keyMin: 8, keyMax: 256 } as const;

const controlChars = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const invisibleChars = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;

type Fields = Record<string, string>;

function textProblem(value: string, label: string, max: number): string | undefined {
  if (value.length > max) return `${label} is too long: at most ${max} characters, this has ${value.length}.`;
  if (controlChars.test(value)) return `${label} contains a control character (a line break or tab?). Type it on one line.`;
  if (invisibleChars.test(value)) return `${label} contains an invisible formatting character. Retype it instead of pasting.`;
  return undefined;
}

export function nameProblem(name: string, taken: (name: string) => boolean): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return 'Enter a name for the profile.';
  const problem = textProblem(trimmed, 'The name', limits.name);
  if (problem) return problem;
  if (taken(trimmed)) return `Another profile is already called "${trimmed}". Choose a name that tells them apart.`;
  return undefined;
}

/** A sandbox or production base URL: https, no credentials, no query, ends in the version segment. */
export function baseUrlProblem(value: string, environment: ProfileView['environment']): string | undefined {
  const text = value.trim();
  if (!text) return 'Enter the gateway base URL, for example https://gateway.example/api/v1.';
  const problem = textProblem(text, 'The base URL', limits.url);
  if (problem) return problem;
  if (/\s/.test(text)) return 'The base URL contains a space. Remove it.';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'The base URL is not a valid address. It should look like https://gateway.example/api/v1.';
  }
  if (url.username || url.password) return 'The base URL contains a user name or password. Remove them: the API key is the only credential, and it is kept in the keychain.';
  if (environment !== 'practice' && url.protocol !== 'https:' && !(environment === 'sandbox' && url.protocol === 'http:' && isLoopback(url))) {
    return url.protocol === 'http:'
      ? 'The base URL must start with https:// — over http the API key and payment data would travel unencrypted.'
      : `The base URL must be an https:// address, not ${url.protocol}.`;
  }
  if (url.search || url.hash || text.includes('?') || text.includes('#')) return 'The base URL must not contain a query (?…) or a fragment (#…).';
  if (!/\/v\d+\/?$/.test(url.pathname)) return 'The base URL must end in the version segment, for example …/api/v1.';
  return undefined;
}

/**
 * This computer itself: a sandbox profile may use http:// here (a practice gateway or a local
 * stand-in run by a developer), because nothing leaves the machine. Never for production.
 */
export function isLoopback(url: URL): boolean {
  const host = url.hostname.toLowerCase();
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
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
    if (!(gatewayOperationNames as readonly string[]).includes(operation)) fields[key] = `${operation} is not a gateway operation.`;
    else if (!value) continue; // an empty override means "use the default path"
    else {
      const problem = textProblem(value, 'The path', limits.path) ?? (/\s/.test(value) ? 'The path contains a space. Remove it.' : undefined);
      if (problem) fields[key] = problem;
      else {
        // A protocol-relative override ("//host/x") names a server too: resolve it against the base.
        const path = value.startsWith('//') ? URL.canParse(value, baseUrl) ? new URL(value, baseUrl).href : 'invalid:' : value;
        const url = operationUrl({ baseUrl, apiKey: '', pathOverrides: { [operation]: path } }, operation);
        if ('error' in url) fields[key] = url.error;
        else if (url.search || url.hash) fields[key] = 'The path must not contain a query (?…) or a fragment (#…).';
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

/** Default success and failure URLs: where the gateway sends the customer, so http(s) only, and https for production. */
export function redirectUrlProblem(value: string | null, label: string, environment: ProfileView['environment']): string | undefined {
  if (value === null || !value.trim()) return undefined;
  const text = value.trim();
  const problem = textProblem(text, label, limits.url);
  if (problem) return problem;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `${label} is not a valid address. It should look like https://shop.example/paid.`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `${label} must be an https:// address.`;
  if (environment === 'production' && url.protocol !== 'https:') return `${label} must start with https:// for a production profile.`;
  if (url.username || url.password) return `${label} contains a user name or password. Remove them.`;
  return undefined;
}

/** The shape of an API key: it travels in an HTTP header, so printable ASCII on one line. */
export function keyProblem(key: string): string | undefined {
  const trimmed = key.trim();
  if (!trimmed) return 'Enter the API key.';
  if (trimmed.length > limits.keyMax) return `That is ${trimmed.length} characters; an API key is at most ${limits.keyMax}. Was something else pasted?`;
  if (controlChars.test(trimmed)) return 'The key contains a control character (a line break or tab?). Paste only the key itself.';
  if (/\s/.test(trimmed)) return 'The key contains a space. Paste only the key itself.';
  if (/[^\x21-\x7e]/.test(trimmed)) return 'The key contains a character that is not plain ASCII (a letter with an accent, a non-Latin letter or an invisible character). API keys are Latin letters, digits and symbols: copy it again from the gateway dashboard.';
  if (trimmed.length < limits.keyMin) return `That is only ${trimmed.length} characters; an API key is at least ${limits.keyMin}. Check that the whole key was copied.`;
  return undefined;
}

export function fail(fields: Fields): never {
  const first = Object.values(fields)[0] ?? 'Check the form.';
  throw new AppFailure('invalid_input', first, { fields });
}
