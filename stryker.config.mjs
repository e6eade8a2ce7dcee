// StrykerJS on the money modules: `npm run mutation` (scripts/mutation.mjs prints one score a
// module). Kept out of `npm test` and CI: a full run takes minutes on two shared cores.

/** The money modules mutation testing judges, each with the fast unit tests that must kill its mutants. */
export const mutationModules = [
  { file: 'contract/money.ts', tests: ['test/contract/money.test.ts'] },
  { file: 'contract/digits.ts', tests: ['test/contract/digits.test.ts', 'test/contract/money.test.ts'] },
  { file: 'main/gateway/exact-json.ts', tests: ['test/gateway/exact-json.test.ts', 'test/gateway/exact-json-fixtures.test.ts'] },
  { file: 'main/ledger/csv.ts', tests: ['test/ledger/csv.test.ts'] },
  { file: 'main/gateway/states.ts', tests: ['test/gateway/states.test.ts'] },
  { file: 'main/payments/rules.ts', tests: ['test/payments/rules.test.ts'] },
  { file: 'main/payments/settlement.ts', tests: ['test/payments/settlement.test.ts'] },
  { file: 'main/payments/money-state.ts', tests: ['test/payments/money-state.test.ts'] },
  { file: 'contract/vat.ts', tests: ['test/invoices/vat.test.ts'] },
  { file: 'main/invoices/zatca-qr.ts', tests: ['test/invoices/zatca-qr.test.ts'] },
  // Added by the second mutation run (docs/testing.md, "The money paths not covered before").
  { file: 'main/payments/validate-input.ts', tests: ['test/payments/validate-input.test.ts'] },
  { file: 'main/payments/next-order-id.ts', tests: ['test/payments/order-ids.test.ts'] },
  { file: 'main/payments/order-ids.ts', tests: ['test/payments/order-ids.test.ts'] },
  { file: 'main/payments/status-answer.ts', tests: ['test/payments/status-answer.test.ts'] },
  { file: 'main/bulk/bulk-rows.ts', tests: ['test/bulk/bulk-file-reading.test.ts', 'test/bulk/bulk-rows.test.ts', 'test/bulk/bulk-decimal-comma.test.ts', 'test/bulk/csv-parse.test.ts'] },
  { file: 'main/invoices/invoice-register.ts', tests: ['test/invoices/invoice-register.test.ts'] },
  { file: 'main/ledger/overview-sums.ts', tests: ['test/ledger/overview-sums.test.ts'] },
  { file: 'renderer/src/features/transactions/allowed-actions.ts', tests: ['test/renderer/allowed-actions.test.ts'] },
  { file: 'renderer/src/features/get-paid/latest-refund.ts', tests: ['test/renderer/latest-refund.test.ts'] },
];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // Only the unit tests above (vitest.mutation.config.mjs): no e2e, DOM, keychain or SQLite suites.
  vitest: { configFile: 'vitest.mutation.config.mjs', related: false },
  mutate: mutationModules.map((m) => m.file),
  coverageAnalysis: 'perTest',
  concurrency: 1,
  reporters: ['clear-text', 'json', 'html'],
  jsonReporter: { fileName: 'test-results/mutation/mutation.json' },
  htmlReporter: { fileName: 'test-results/mutation/mutation.html' },
  tempDirName: 'test-results/.stryker-tmp',
  thresholds: { high: 95, low: 90, break: null },
  timeoutMS: 10_000,
};
