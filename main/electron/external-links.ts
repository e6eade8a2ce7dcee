// The one gate for anything Paydesk opens outside itself (the user's browser or mail app).
// https only, no credentials in the URL, and only hosts we name: the chat-share hosts and
// the hosts of the gateway the user has configured. The practice gateway is the single
// exception to https: its exact loopback origin, registered at start. Beyond those, the page of a
// payment link or checkout session the ledger holds, as the gateway gave it: real gateways host
// their payment pages on another host than their API (walk32, walk34); https, or http on this
// computer, never plain http elsewhere (contract/pay-page.ts) and no other scheme.
import { isLoopback } from '../../contract/loopback-host';

const fixedHttpsHosts = new Set(['wa.me', 'api.whatsapp.com', 'web.whatsapp.com']);

export type ExternalLinkPolicy = {
  /** The parsed URL to hand to the OS, or undefined when the fixed rules refuse it (the ledger may still know it: `paymentPage`). */
  check(url: string): URL | undefined;
  /** The URL when it is a payment page the ledger holds (https, or http on this computer), else undefined. */
  paymentPage(url: string): Promise<URL | undefined>;
};

export type ExternalLinkSources = {
  /** Origins of the configured gateways (hosted pages live there), read at each check. */
  gatewayOrigins(): string[];
  /** Whether the ledger holds this address as a payment link's or checkout session's page. */
  holdsPaymentPage(url: string): Promise<boolean>;
};

const parsed = (raw: string): URL | undefined => {
  try {
    const url = new URL(raw);
    return url.username || url.password ? undefined : url;
  } catch {
    return undefined;
  }
};

export function createExternalLinkPolicy(sources: ExternalLinkSources): ExternalLinkPolicy {
  return {
    check(raw) {
      const url = parsed(raw);
      if (!url) return undefined;
      if (url.protocol === 'mailto:') return url.pathname.includes('@') || url.search ? url : undefined;
      const gatewayOrigins = new Set(sources.gatewayOrigins());
      if (url.protocol === 'https:') {
        return fixedHttpsHosts.has(url.hostname) || gatewayOrigins.has(url.origin) ? url : undefined;
      }
      // http only for the practice gateway on loopback, by exact origin (host and port).
      if (url.protocol === 'http:' && isLoopback(url.hostname) && gatewayOrigins.has(url.origin)) return url;
      return undefined;
    },
    async paymentPage(raw) {
      const url = parsed(raw);
      if (!url || !(url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname)))) return undefined;
      // As the page asked for it, and as the browser wrote it (Chromium hands window.open's address over parsed).
      const known = (await sources.holdsPaymentPage(raw)) || (url.href !== raw && (await sources.holdsPaymentPage(url.href)));
      return known ? url : undefined;
    },
  };
}
