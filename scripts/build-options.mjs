// esbuild settings shared by the build and the tests that check what it produces.

/** The preload: one CommonJS file with only `electron` left outside, as `sandbox: true` requires. */
export const preloadBuild = {
  entryPoints: { preload: 'preload/preload.ts' },
  outdir: 'dist/preload',
  outExtension: { '.js': '.cjs' },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'chrome130',
  external: ['electron'],
  logLevel: 'warning',
};
