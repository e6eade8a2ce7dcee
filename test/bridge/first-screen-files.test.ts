// The page's first screen (Home, or the transactions list a returning user left open) comes in
// one script and one stylesheet: each file the page waits for costs a request, a round trip and
// the browser's and main's time to serve it, and on a two-core machine eleven of them cost a
// returning user's start about 30 ms (docs/performance.md, "thirteenth pass"). The other screens
// stay chunks of their own, fetched once the first screen shows, and importing a module the first
// screen holds (the audit screen's date fields) must not split it off (vite.config.ts,
// docs/performance.md "one script"). That script starts with V8's compile hint, so React's and the
// first screen's functions compile while it streams in, not on the page's main thread during the
// first draw (docs/performance.md, "nineteenth pass"). Reads the build `npm test` makes.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eagerCompileHintLine } from '../../scripts/eager-compile-hint.mjs';

const renderer = join(process.cwd(), 'dist/renderer');
const html = readFileSync(join(renderer, 'index.html'), 'utf8');
const named = (pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1]!);
const scripts = [...named(/<script type="module"[^>]*src="\.\/(assets\/[^"]+)"/g), ...named(/<link rel="modulepreload"[^>]*href="\.\/(assets\/[^"]+)"/g)];
const styles = named(/<link rel="stylesheet"[^>]*href="\.\/(assets\/[^"]+)"/g);
const code = scripts.map((file) => readFileSync(join(renderer, file), 'utf8')).join('\n');

describe("the page's first files", () => {
  it('are one script and one stylesheet, and the script imports no other file as it loads', () => {
    expect(scripts).toHaveLength(1);
    expect(styles).toHaveLength(1);
    const imported = [...code.matchAll(/(?:^|[;\s}])import\s*(?:[\w$*{}\s,]+from\s*)?["'`]\.\/([^"'`]+)["'`]/g)].map((match) => `assets/${match[1]}`);
    expect(imported.filter((file) => !scripts.includes(file))).toEqual([]);
  });

  it("hold Home's and the transactions list's code, not the other screens'", () => {
    expect(code).toContain('transactions-screen');
    expect(code).toContain('home-tasks');
    expect(code).not.toContain('settings-error');
    const css = readFileSync(join(renderer, styles[0]!), 'utf8');
    expect(css).toMatch(/\.tx-table/);
  });

  it("start with V8's compile hint on the first line, above React's and the list's code", () => {
    const first = readFileSync(join(renderer, scripts[0]!), 'utf8');
    expect(first.split('\n', 1)[0]).toBe(eagerCompileHintLine);
    expect(eagerCompileHintLine).toBe('//# allFunctionsCalledOnLoad');
    // react-dom's client (its error URL) and the list's module are below the hint, in that script
    expect(first).toContain('react.dev/errors');
    expect(first).toContain('transactions-screen');
  });
});
