// A Vite plugin for the renderer's build: renderer/src/i18n/messages.ts, which compiles the
// message catalogs when it loads, becomes the table it computes, as JSON. The page then ships
// the parsed messages only: no ICU parser (vite.config.ts points intl-messageformat at the
// parser's empty stand-in) and no source texts. The table is computed once per build, in Node,
// by the very module the tests run (bundled by esbuild, a tenth of a second).
import { build } from 'esbuild';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const messagesFile = fileURLToPath(new URL('../renderer/src/i18n/messages.ts', import.meta.url));

/** messages.ts's `messages`, computed by messages.ts itself, as JSON. */
export async function compiledMessagesJson() {
  const bundle = await build({ entryPoints: [messagesFile], bundle: true, write: false, format: 'cjs', platform: 'node', target: 'node20', packages: 'external', logLevel: 'warning' });
  const module = { exports: {} };
  new Function('module', 'exports', 'require', bundle.outputFiles[0].text)(module, module.exports, createRequire(messagesFile));
  return JSON.stringify(module.exports.messages);
}

/** The module the page gets instead of messages.ts (JSON.parse: quicker for V8 than a literal). */
export async function messagesModuleSource() {
  return `export const messages = JSON.parse(${JSON.stringify(await compiledMessagesJson())});\n`;
}

/** @returns {import('vite').Plugin} */
export function precompiledMessages() {
  let source = '';
  return {
    name: 'paydesk-precompiled-messages',
    enforce: 'pre',
    async buildStart() {
      source = await messagesModuleSource();
    },
    load(id) {
      const file = id.split('?')[0];
      return file === messagesFile || file === messagesFile.replace(/\\/g, '/') ? source : undefined;
    },
  };
}
