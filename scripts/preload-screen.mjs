// A Vite plugin for the renderer's build: index.html also names one lazily loaded screen's chunk
// (modulepreload, fetched and compiled with the page, run only when the screen opens), the
// chunks it imports, and its stylesheet. For the transactions list: opening it then waits for no
// file from main, which is busy answering Home's first calls by then (docs/performance.md).
/** @param {string} screenFile the screen's source, relative to the renderer's root (`src/…`) */
/** @returns {import('vite').Plugin} */
export function preloadScreen(screenFile) {
  return {
    name: 'paydesk-preload-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((item) => item.type === 'chunk');
        const screen = chunks.find((chunk) => chunk.facadeModuleId?.replace(/\\/g, '/').endsWith(`/${screenFile}`));
        if (!screen) throw new Error(`preloadScreen: no chunk for ${screenFile}`);
        const named = (file) => html.includes(`./${file}"`);
        const scripts = [screen.fileName, ...screen.imports].filter((file) => !named(file));
        const styles = [...(screen.viteMetadata?.importedCss ?? [])].filter((file) => !named(file));
        return [
          ...scripts.map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `./${file}` }, injectTo: 'head' })),
          ...styles.map((file) => ({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: `./${file}` }, injectTo: 'head' })),
        ];
      },
    },
  };
}
