// Who called: the stack frames dom-setup.ts (a file's own timers) and api-binding-guard.ts (the api
// module's binding) read, and the test file running now.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's folder as stacks spell it (a path, no %20), with its slash. Not `new URL('../../',
 * import.meta.url)`: Vite rewrites that pattern as an asset's address, "/", which every frame matched. */
export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..') + '/';

/** The stack frame `levels` calls above the function that asks (1: its caller), read cheaply. */
export function frameAbove(levels: number): string {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = levels + 2;
  const frame = new Error().stack?.split('\n')[levels + 2] ?? '';
  Error.stackTraceLimit = limit;
  return frame;
}

/** The test file the worker runs now. */
export function currentTestFile(): string | undefined {
  return (globalThis as { __vitest_worker__?: { filepath?: string } }).__vitest_worker__?.filepath;
}
