import { defineConfig } from 'vite';
import { precompiledMessages } from './scripts/precompiled-messages.mjs';

// The renderer is a static bundle: Electron serves it from the app:// protocol, the preview
// from its loopback server. No dev server is needed for either.
export default defineConfig({
  root: 'renderer',
  base: './',
  // Messages are compiled at build time (scripts/precompiled-messages.mjs), so intl-messageformat
  // gets the ICU parser's stand-in, which throws if a text ever arrives unparsed.
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
  },
  oxc: { jsx: { runtime: 'automatic' } },
});
