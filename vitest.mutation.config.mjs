import { defineConfig } from 'vitest/config';
import { mutationModules } from './stryker.config.mjs';

// The unit tests of the money modules only, for StrykerJS (`npm run mutation`): each mutant
// reruns the tests that cover it, so a run takes minutes.
export default defineConfig({
  test: {
    name: 'mutation',
    environment: 'node',
    include: mutationModules.flatMap((m) => m.tests),
    testTimeout: 10_000,
  },
});
