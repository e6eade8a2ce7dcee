import { defineConfig } from 'vitest/config';
import { mutationModules } from './mutation.modules.mjs';

// Only the fast unit tests of the money modules, for StrykerJS (`npm run mutation`): each mutant
// reruns the tests that cover it, so no e2e, DOM, keychain or SQLite suites here.
export default defineConfig({
  test: {
    name: 'mutation',
    environment: 'node',
    include: mutationModules.flatMap((m) => m.tests),
    testTimeout: 10_000,
  },
});
