// The built page names its first calls' script first (scripts/first-script.mjs): async, at high
// priority, before the app's own script, with what it imports preloaded, and small (no React, no
// catalogs, no zod), so the page's first calls leave while the app's bundle is still on its way.
// Reads the build `npm test` makes first (dist/renderer).
import { describe, expect, it } from 'vitest';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const dir = join('dist', 'renderer');
const html = readFileSync(join(dir, 'index.html'), 'utf8');

describe("the built page's first script", () => {
  it('comes first in the head, async and at high priority, with its imports preloaded', () => {
    const first = /<script type="module" async crossorigin fetchpriority="high" src="\.\/(assets\/first-[^"]+\.js)"><\/script>/.exec(html);
    expect(first).not.toBeNull();
    const app = html.indexOf('<script type="module" crossorigin src="./assets/index-');
    expect(app).toBeGreaterThan(first!.index);
    expect(html.indexOf('<meta charset')).toBeLessThan(first!.index);
    const script = readFileSync(join(dir, first![1]!), 'utf8');
    const imports = [...script.matchAll(/from"\.\/([^"]+\.js)"/g)].map((m) => m[1]!);
    for (const file of imports) {
      expect(html).toContain(`href="./assets/${file}"`);
      expect(statSync(join(dir, 'assets', file)).size).toBeLessThan(16 * 1024);
    }
    expect(statSync(join(dir, first![1]!)).size).toBeLessThan(1024);
  });
});
