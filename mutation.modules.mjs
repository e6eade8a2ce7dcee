// The money modules that mutation testing judges (`npm run mutation`), each with the fast unit
// tests that must kill its mutants. Shared by stryker.config.mjs and vitest.mutation.config.ts.
export const mutationModules = [
  { file: 'contract/money.ts', tests: ['test/contract/money.test.ts'] },
  { file: 'main/gateway/exact-json.ts', tests: ['test/gateway/exact-json*.test.ts'] },
  { file: 'main/ledger/csv.ts', tests: ['test/ledger/csv.test.ts'] },
  { file: 'main/gateway/states.ts', tests: ['test/gateway/states.test.ts'] },
  // Still to come (the payments restructuring): add them here with their unit tests.
  // { file: 'main/payments/rules.ts', tests: ['test/payments/rules.test.ts'] },
  // { file: 'main/payments/settlement.ts', tests: ['test/payments/settlement.test.ts'] },
];
