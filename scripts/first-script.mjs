// A Vite plugin for the renderer's build: index.html's first script, a classic script of its own
// (esbuild, one small file, no chunk shared with the app: the app's page stays two scripts), named
// first in the head, async and at high priority, so the browser runs it as soon as it arrives,
// while the app's scripts are still fetched and compiled. It sends the page's first calls to the
// preview (renderer/src/api/first-calls.ts; docs/performance.md, fourteenth pass).
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { build } from 'esbuild';

/** @param {string} entryFile the entry's source, relative to the renderer's root (`src/…`) */
/** @returns {import('vite').Plugin} */
export function firstScript(entryFile) {
  let root = '.';
  let script = { fileName: '', code: '' };
  return {
    name: 'paydesk-first-script',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async buildStart() {
      const built = await build({ entryPoints: [resolve(root, entryFile)], bundle: true, write: false, format: 'iife', minify: true, target: 'chrome130', logLevel: 'warning' });
      const code = built.outputFiles[0].text;
      const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
      script = { fileName: `assets/first-calls-${hash}.js`, code };
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: script.fileName, source: script.code });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        // First in the head, right after the charset: asked for before the app's script and at high
        // priority (the browser opens at most 6 connections to the preview; an async script is
        // otherwise fetched at low priority, behind the app's files).
        const charset = /<meta charset="[^"]*"\s*\/?>/i;
        if (!charset.test(html)) throw new Error('firstScript: index.html has no <meta charset>');
        return html.replace(charset, (meta) => `${meta}\n    <script async fetchpriority="high" src="./${script.fileName}"></script>`);
      },
    },
  };
}
