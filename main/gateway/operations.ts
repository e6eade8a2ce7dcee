// The gateway's operations and their default paths (interface §4), overridable per profile
// because public sources disagree on some (decisions §1).
import type { Reason } from '../../contract/reasons';

export const gatewayOperations = {
  initiateCheckout: '/payment-gateway/initiate',
  sale: '/payment-gateway/s2s/sale',
  capture: '/payment-gateway/s2s/capture',
  void: '/payment-gateway/s2s/void',
  refund: '/payment-gateway/s2s/refund',
  recurring: '/payment-gateway/s2s/recurring',
  status: '/payment-gateway/status',
  createPaymentLink: '/payment-links',
} as const;

export type GatewayOperation = keyof typeof gatewayOperations;
export const operationNames = Object.keys(gatewayOperations) as GatewayOperation[];

/** Everything except status moves money or creates something: never resent automatically. */
export const isSafeToRetry = (operation: GatewayOperation) => operation === 'status';

export type GatewayConnection = {
  /** Ends in the version segment, e.g. https://gw.example/api/v1 */
  baseUrl: string;
  apiKey: string;
  pathOverrides?: Partial<Record<GatewayOperation, string>>;
  /** The profile's own name, for a refused key's sentence (with the key's last four, nothing more of it). */
  profileName?: string;
};

/**
 * The URL of an operation. An override is a path relative to the base URL or an absolute URL
 * on the base URL's own origin; anything that would send the key elsewhere is refused.
 */
export function operationUrl(conn: GatewayConnection, operation: GatewayOperation): URL | { error: string; why: Reason } {
  let base: URL;
  try {
    base = new URL(conn.baseUrl);
  } catch {
    return { error: 'The base URL is not a valid address.', why: { key: 'profile.baseUrlInvalid' } };
  }
  const path = conn.pathOverrides?.[operation] ?? gatewayOperations[operation];
  let url: URL;
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('//')) {
    try {
      url = new URL(path);
    } catch {
      return { error: `The path for ${operation} is not a valid address.`, why: { key: 'profile.pathInvalid', values: { operation } } };
    }
    if (url.origin !== base.origin) return { error: `The path for ${operation} points to another server; the API key is only sent to ${base.origin}.`, why: { key: 'profile.pathOtherServer', values: { operation, origin: base.origin } } };
  } else {
    url = new URL(base.href.replace(/\/+$/, '') + '/' + path.replace(/^\/+/, ''));
  }
  if (url.username || url.password) return { error: 'Addresses with a user name or password are not allowed.', why: { key: 'profile.urlCredentials' } };
  return url;
}
