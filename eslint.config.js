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
);
