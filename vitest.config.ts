import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// Three kinds of suite: plain Node (services, handlers, the Electron shell with a fake
// `electron`), React components in a DOM, and the whole app in Chromium through the preview.
// The team ledger's PostgreSQL tests are plain Node too, in a project of their own whose
// globalSetup starts one PostgreSQL server for the run, only when one of its files is selected.
// Reports tests whose bodies run on both backends (test/support/report-backends.ts): they need
// the run's PostgreSQL server, so they belong to the `postgres` project, not to `node`.
const reportsOnBothBackends = ['overview', 'overview-summary', 'local-days', 'export-file', 'export-bytes', 'list-at-scale'].map((name) => `test/ledger/${name}.test.ts`);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/e2e/**', 'test/dom/**', 'test/ledger/postgres/**', ...reportsOnBothBackends],
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
          environment: 'node',
          include: ['test/ledger/postgres/**/*.test.ts', ...reportsOnBothBackends],
          globalSetup: ['test/support/postgres-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        oxc: { jsx: { runtime: 'automatic' } },
        test: {
          name: 'dom',
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
