// StrykerJS for the money modules: `npm run mutation` (see scripts/mutation.mjs). Kept out of
// `npm test` and CI: a full run takes minutes on two shared cores.
import { mutationModules } from './mutation.modules.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  mutate: mutationModules.map((m) => m.file),
  coverageAnalysis: 'perTest',
  concurrency: 1,
  reporters: ['clear-text', 'json', 'html'],
  jsonReporter: { fileName: 'test-results/mutation/mutation.json' },
  htmlReporter: { fileName: 'test-results/mutation/mutation.html' },
  tempDirName: 'test-results/.stryker-tmp',
  cleanTempDir: true,
  thresholds: { high: 95, low: 90, break: null },
  timeoutMS: 10_000,
};
