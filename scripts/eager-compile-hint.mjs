// V8's explicit compile hint: a script whose first line is `//# allFunctionsCalledOnLoad` has
// every function compiled with the script on the streaming (background) thread, not lazily on the
// page's main thread when first called. The first screen's script gets it: about 14 ms of a
// returning user's start (React's first draw 17 → 7.5) moves off the page's main thread for about
// 25 ms more on the streaming thread (docs/performance.md, "Cold start, nineteenth pass").
// Added after Vite's own generateBundle, which puts its `__vite__mapDeps` line first: V8 compiles
// eagerly only the functions after the comment. Chromium 136+ (Electron 36+) honours it.
export const eagerCompileHintLine = '//# allFunctionsCalledOnLoad';

/** @param {string} chunkName the chunk (by its name, e.g. the entry's `index`) to hint */
export function eagerCompileHint(chunkName) {
  return {
    name: 'eager-compile-hint',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && chunk.name === chunkName) chunk.code = `${eagerCompileHintLine}\n${chunk.code}`;
        }
      },
    },
  };
}
