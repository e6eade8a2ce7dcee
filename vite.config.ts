import { defineConfig } from 'vite';

// The renderer is a static bundle: Electron serves it from the app:// protocol, the preview
// from its loopback server. No dev server is needed for either.
export default defineConfig({
  root: 'renderer',
  base: './',
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
