// Node's fetch trusting one more authority, for tests against TLS servers on loopback.
/**
 * Node 20 has no way to add an authority to fetch's trust while it runs (NODE_EXTRA_CA_CERTS is
 * read at start), so a dispatcher of fetch's own undici (the class of its global dispatcher)
 * carries it. The app's connector, handshake, errors and diagnostics channels, one more authority.
 */
export async function trustingFetch(caPem: string): Promise<typeof fetch> {
  const globalDispatcher = Symbol.for('undici.globalDispatcher.1');
  await fetch('data:,'); // loads fetch's undici, which sets its global dispatcher
  const Agent = (globalThis as Record<symbol, { constructor: new (options: unknown) => unknown }>)[globalDispatcher]!.constructor;
  const dispatcher = new Agent({ connect: { ca: caPem } });
  return ((input: string | URL | Request, init?: RequestInit) => fetch(input, { ...init, dispatcher } as RequestInit)) as typeof fetch;
}
