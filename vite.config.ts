import { defineConfig } from 'vite';
import { precompiledMessages } from './scripts/precompiled-messages.mjs';

// The renderer is a static bundle: Electron serves it from the app:// protocol, the preview
// from its loopback server. No dev server is needed for either.
export default defineConfig({
  root: 'renderer',
  base: './',
  // Messages are compiled at build time (scripts/precompiled-messages.mjs), so intl-messageformat
  // gets the ICU parser's stand-in, which throws if a text ever arrives unparsed. No V8 compile
  // hint on the first script: measured quiet, the first calls left 22-41 ms later with it and the
  // rows came 7-17 ms later (docs/performance.md, "The nineteenth pass's hint measured quiet").
  plugins: [precompiledMessages()],
  resolve: {
    alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/lib/no-parser.js' }],
  },
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'chrome130',
    sourcemap: false,
    // No inline scripts or modulepreload polyfill: the CSP forbids inline script.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    // Everything index.html imports statically (Home's and the list's code) in one file. Left to
    // itself, Rolldown 1.2 moves a module the first screen already loads into a chunk of its own
    // when a later chunk also imports it and its merge into the entry is tried in an unlucky order
    // (rolldown issues #10731, #9963): the audit screen's date fields made the first screen five
    // scripts. Other screens stay chunks of their own (docs/performance.md, "one script").
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } } },
    // That one file is ~620 KB (React and the catalogs), read from disk or loopback, not a network.
    chunkSizeWarningLimit: 800,
  },
  oxc: { jsx: { runtime: 'automatic' } },
});
