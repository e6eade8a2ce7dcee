// The page's first screen (Home, or the transactions list a returning user left open) comes in
// one script and one stylesheet: each file the page waits for costs a request, a round trip and
// the browser's and main's time to serve it, and on a two-core machine eleven of them cost a
// returning user's start about 30 ms (docs/performance.md, "thirteenth pass"). The other screens
// stay chunks of their own, fetched once the first screen shows, and importing a module the first
// screen holds (the audit screen's date fields) must not split it off (vite.config.ts,
// docs/performance.md "one script"). Reads the build `npm test` makes.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

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
    // Nor the contract's schemas (zod, about 90 KiB): they come with the first event. A value the
    // first screen needs lives in a contract module without zod (send-timing.ts: 894 → 779 KB).
    expect(code).not.toContain('_zod');
    const css = readFileSync(join(renderer, styles[0]!), 'utf8');
    expect(css).toMatch(/\.tx-table/);
  });
});
