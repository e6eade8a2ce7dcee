// A Vite plugin for the renderer's build: one more entry, built as a chunk of its own and named
// first in index.html (at high priority) as an async module script, so the browser runs it as soon as it (and the
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
        // First in the head (after the charset), and asked for at high priority with what it imports:
        // the browser opens at most 6 connections to the preview, so a script named last (an async
        // module script is fetched at low priority) waits behind the app's files, and its calls with it.
        const tags = [
          `<script type="module" async crossorigin fetchpriority="high" src="./${entry.fileName}"></script>`,
          ...entry.imports.map((file) => `<link rel="modulepreload" crossorigin fetchpriority="high" href="./${file}">`),
        ];
        const charset = /<meta charset="[^"]*"\s*\/?>/i;
        if (!charset.test(html)) throw new Error('firstScript: index.html has no <meta charset>');
        return html.replace(charset, (meta) => [meta, ...tags].join('\n    '));
      },
    },
  };
}
