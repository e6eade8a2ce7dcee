// Builds what runs: main's entry points and the preload with esbuild (one file each, so the
// preload works in a sandboxed renderer), the renderer with Vite. `node scripts/build.mjs main`
// builds only main.
import { build } from 'esbuild';
import { build as viteBuild } from 'vite';
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { preloadBuild } from './build-options.mjs';

const only = process.argv[2];
const nodeEntries = {
  'electron-main': 'main/electron/main.ts',
  preview: 'main/entry/preview.ts',
  // main's services for the preview, read once it listens (main/entry/preview.ts)
  'preview-app': 'main/entry/preview-app.ts',
  'practice-gateway': 'main/entry/practice-gateway.ts',
  'audit-verify-worker': 'main/ledger/audit-verify-worker.ts',
  'export-worker': 'main/ledger/export-worker.ts',
  'overview-worker': 'main/ledger/overview-worker.ts',
  'positions-worker': 'main/ledger/positions-worker.ts',
  'ledger-migrate-worker': 'main/ledger/migrate-worker.ts',
  'ledger-check-worker': 'main/maintenance/ledger-check-worker.ts',
  // The team ledger's connection (pg, Kysely) and copy, loaded by main only when they are used.
  'team-ledger': 'main/ledger/postgres/team-ledger-module.ts',
  // A team ledger export in a thread of its own (main/ledger/postgres/pg-export.ts).
  'team-export-worker': 'main/ledger/postgres/pg-export-worker.ts',
};
// zod's namespace (`import { z } from 'zod'`) keeps every locale of its error messages in a bundle
// (354 KB of main's 1.6 MB services bundle, read on every start); Paydesk words its own errors and
// uses only zod's default English, so `z.locales` holds that one.
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) => (/[\\/]zod[\\/]/.test(args.importer) ? { path: args.importer, namespace: 'zod-locales' } : undefined));
    build.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({ contents: "export { default as en } from '../locales/en.js';", resolveDir: dirname(args.path) }));
  },
};
const present = Object.fromEntries(Object.entries(nodeEntries).filter(([, file]) => existsSync(file)));

await build({
  entryPoints: present,
  outdir: 'dist/main',
  outExtension: { '.js': '.cjs' },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: true,
  // Native modules load from node_modules; electron is provided by the runtime.
  // playwright-core draws the preview's PDFs from node_modules (a development tool, never packaged).
  external: ['electron', 'better-sqlite3', 'keytar', 'playwright-core'],
  define: { 'import.meta.url': 'importMetaUrl' },
  banner: { js: "const importMetaUrl = require('url').pathToFileURL(__filename).href;" },
  logLevel: 'warning',
  plugins: [zodEnglishOnly],
});
// esbuild writes strings ASCII-only but keeps a comment's other characters (a dash, an arrow):
// escaped too, a bundle is all ASCII, so Node reads it without UTF-8 decoding and V8 holds it as a
// one-byte string (main's services bundle is read on every start: main/entry/code-cache.ts).
for (const name of Object.keys(present)) {
  const file = `dist/main/${name}.cjs`;
  const text = readFileSync(file, 'utf8');
  if (/[^\x00-\x7f]/.test(text)) writeFileSync(file, text.replace(/[^\x00-\x7f]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`));
}
// The team ledger's schema files are read at run time beside the bundle (main/ledger/postgres/security.ts
// lists their order): every .sql file of that folder, so a new schema step needs no edit here.
for (const file of readdirSync('main/ledger/postgres').filter((name) => name.endsWith('.sql'))) copyFileSync(`main/ledger/postgres/${file}`, `dist/main/${file}`);

if (only !== 'main') {
  await build(preloadBuild);
  await viteBuild({ configFile: 'vite.config.ts', logLevel: 'warn' });
}
