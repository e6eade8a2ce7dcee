// Packages main loads on first use (keytar, playwright-core), by require rather than import():
// the preview runs main's bundle from V8's code cache, and code read from that cache has lost what
// import() needs (Node 20: "A dynamic import callback was not specified"), so an import() there
// fails on every start after the first. import.meta.url is the bundle's own file once built.
import { createRequire } from 'node:module';

export function loadPackage<T>(name: string): T {
  return createRequire(import.meta.url)(name) as T;
}
