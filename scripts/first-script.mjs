// A Vite plugin for the renderer's build: one more entry, built as a chunk of its own and named
// first in index.html as an async module script, so the browser runs it as soon as it (and the
// little it imports) has arrived, without waiting for the app's bundle. For the page's first calls
// to main (renderer/src/first-calls-entry.ts; docs/performance.md, "Cold start, sixth pass").
/** @param {string} entryFile the entry's source, relative to the renderer's root (`src/…`) */
/** @returns {import('vite').Plugin} */
export function firstScript(entryFile) {
  let entryPath = '';
  return {
    name: 'paydesk-first-script',
    apply: 'build',
    config(config) {
      const root = config.root ?? '.';
      entryPath = `${root}/${entryFile}`;
      return { build: { rollupOptions: { input: { index: `${root}/index.html`, first: entryPath } } } };
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((item) => item.type === 'chunk');
        const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.replace(/\\/g, '/').endsWith(`/${entryFile}`));
        if (!entry) throw new Error(`firstScript: no chunk for ${entryFile}`);
        const named = (file) => html.includes(`./${file}"`);
        return [
          { tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src: `./${entry.fileName}` }, injectTo: 'head' },
          ...entry.imports.filter((file) => !named(file)).map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `./${file}` }, injectTo: 'head' })),
        ];
      },
    },
  };
}
