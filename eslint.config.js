// Lint enforces the boundaries between the processes (see architecture notes in the READMEs):
// only main/electron/ and preload/ may import electron; the renderer and contract/ import no
// Node module; nothing outside the binding touches ipcMain/ipcRenderer.
import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';

// Builtins by exact name (a pattern like `events` would also match ./contract/events).
const nodeBuiltins = builtinModules.map((name) => ({ name, message: 'The renderer and contract/ run in a browser: no Node modules.' }));
const electronOnly = { name: 'electron', message: 'Only main/electron/ and preload/ may import electron.' };
const noIpc = {
  selector: 'Identifier[name=/^ipc(Main|Renderer)$/]',
  message: 'Only the IPC binding (main/electron/) and the preload may touch ipcMain/ipcRenderer.',
};

// Main's layers (architecture: core < gateway < ledger < payments < services < api < transports):
// arrows point down the list, and SQL stays in the ledger's row modules.
const folders = ['core', 'gateway', 'ledger', 'payments', 'profiles', 'vault', 'bulk', 'challenge', 'checkup', 'invoices', 'team', 'practice', 'api', 'bridge', 'electron'];
const noSql = { selector: 'CallExpression[callee.property.name=/^(prepare|exec)$/]', message: 'SQL lives in main/ledger/ row modules; call one of them.' };
function layer(folder, mayNotImport, options = {}) {
  const patterns = mayNotImport.map((name) => ({ group: [`**/${name}/**`, `../${name}/*`, `./${name}/*`], message: `main/${folder}/ may not import main/${name}/ (layers: docs/decisions.md).` }));
  return {
    files: [`main/${folder}/**/*.ts`],
    rules: {
      'no-restricted-imports': ['error', { paths: [electronOnly, ...(options.paths ?? [])], patterns }],
      'no-restricted-syntax': ['error', noIpc, ...(options.noSql ? [noSql] : [])],
    },
  };
}
const above = (folder, ...allowed) => folders.slice(folders.indexOf(folder) + 1).filter((name) => !allowed.includes(name));

export default tseslint.config(
  { ignores: ['dist/**', 'release/**', 'node_modules/**', 'test-results/**', 'coverage/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['main/electron/**', 'preload/**', 'test/shell/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [electronOnly] }],
      'no-restricted-syntax': ['error', noIpc],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}', 'contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronOnly, ...nodeBuiltins],
          patterns: [
            { group: ['node:*'], message: 'The renderer and contract/ run in a browser: no Node modules.' },
            { group: ['**/main/**', '**/preload/**'], message: 'The renderer reaches main only through the contract API.' },
          ],
        },
      ],
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronOnly, ...nodeBuiltins, { name: 'react', message: 'contract/ is shared by all processes: zod only.' }],
          patterns: [
            { group: ['node:*'], message: 'contract/ is shared with the renderer: no Node modules.' },
            { group: ['**/main/**', '**/preload/**', '**/renderer/**'], message: 'contract/ imports only contract/ and zod.' },
          ],
        },
      ],
    },
  },
  layer('core', above('core')),
  layer('gateway', above('gateway')),
  layer('ledger', above('ledger')),
  layer('payments', above('payments'), { noSql: true }),
  // The check-up moves money only through the payments service, like every other screen.
  layer('checkup', above('checkup'), { noSql: true }),
  // Settings → Team ledger: settings, keychain and the connection test; no SQL of the app's ledger.
  layer('team', above('team'), { noSql: true }),
  layer('api', ['bridge', 'electron', 'ledger'], { noSql: true }),
  // Invoices document what the payments service did: they reach it through callbacks, keep SQL in ledger/invoice-rows.ts.
  layer('invoices', ['profiles', 'vault', 'bulk', 'challenge', 'practice', 'bridge', 'electron'], { noSql: true }),
  // The practice gateway imports the gateway's wire only, never the client it is there to test.
  layer('practice', ['ledger', 'payments', 'profiles', 'vault', 'bulk', 'challenge', 'api', 'bridge', 'electron'], { paths: [{ name: '../gateway/client', message: 'The practice gateway may not use the client it is there to test.' }] }),
);
