import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';

// Three kinds of suite: plain Node (services, handlers, the Electron shell with a fake
// `electron`), React components in a DOM, and the whole app in Chromium through the preview.
// The team ledger's PostgreSQL tests are plain Node too, in a project of their own whose
// globalSetup starts one PostgreSQL server for the run, only when one of its files is selected:
// every ledger test (test/ledger/**), most of them run on both backends.

// The quick suites run as many files at once as there are cores (vitest's own default is one
// fewer: on CI's 2 cores that ran them one file at a time, the other core mostly idle while a file
// waited on its PostgreSQL, its child processes or its imports). One value for all three: vitest
// runs projects of one group with one worker count.
const quickWorkers = availableParallelism();

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          maxWorkers: quickWorkers,
          environment: 'node',
          include: ['test/**/*.test.ts'],
          // The ledger's tests run on both backends (test/support/ledger-backends.ts, ledger-apps.ts): the `postgres` project.
          exclude: ['test/e2e/**', 'test/dom/**', 'test/ledger/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
        resolve: {
          // Electron never runs here: the shell's tests get a recording fake instead.
          alias: { electron: fileURLToPath(new URL('./test/shell/fake-electron.ts', import.meta.url)) },
        },
      },
      {
        test: {
          name: 'postgres',
          maxWorkers: quickWorkers,
          environment: 'node',
          include: ['test/ledger/**/*.test.ts'],
          globalSetup: ['test/support/postgres-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Live updates cross a second connection: expect.poll's 1 s default is too short at load 10+.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        oxc: { jsx: { runtime: 'automatic' } },
        test: {
          name: 'dom',
          maxWorkers: quickWorkers,
          // One worker, one jsdom and one load of React and node_modules for many files: a fresh
          // process per file spent two thirds of the project's CPU starting (docs/testing.md, "Suite
          // time, 2026-11-30"). dom-setup.ts gives each file fresh app modules and an emptied page.
          isolate: false,
          environment: 'jsdom',
          include: ['test/dom/**/*.test.{ts,tsx}'],
          setupFiles: ['test/support/dom-setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          // Each file starts its own preview and Chromium; two cores run two at a time, after
          // the quick suites (vitest needs a group of its own for a different worker count).
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // expect.poll's 1 s default is too short on a loaded machine (an export, a backup).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
