// The one gate for anything Paydesk opens outside itself (the user's browser or mail app).
// https only, no credentials in the URL, and only hosts we name: the chat-share hosts and
// the hosts of the gateway the user has configured. The practice gateway is the single
// exception to https: its exact loopback origin, registered at start.
const fixedHttpsHosts = new Set(['wa.me', 'api.whatsapp.com', 'web.whatsapp.com']);

export type ExternalLinkPolicy = {
  /** The parsed URL to hand to the OS, or undefined when the link is refused. */
  check(url: string): URL | undefined;
};

export type ExternalLinkSources = {
  /** Origins of the configured gateways (hosted pages live there), read at each check. */
  gatewayOrigins(): string[];
};

export function createExternalLinkPolicy(sources: ExternalLinkSources): ExternalLinkPolicy {
  return {
    check(raw) {
      let url: URL;
      try {
        url = new URL(raw);
      } catch {
        return undefined;
      }
      if (url.username || url.password) return undefined;
      if (url.protocol === 'mailto:') return url.pathname.includes('@') || url.search ? url : undefined;
      const gatewayOrigins = new Set(sources.gatewayOrigins());
      if (url.protocol === 'https:') {
        return fixedHttpsHosts.has(url.hostname) || gatewayOrigins.has(url.origin) ? url : undefined;
      }
      // http only for the practice gateway on loopback, by exact origin (host and port).
      if (url.protocol === 'http:' && isLoopback(url.hostname) && gatewayOrigins.has(url.origin)) return url;
      return undefined;
    },
  };
}

function isLoopback(hostname: string): boolean {
  return hostname === '127.0.0.1' || hostname === '[::1]' || hostname === 'localhost';
}
