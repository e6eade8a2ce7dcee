// Runs a TypeScript script (a benchmark, a tool) with plain Node 20: bundles it with esbuild
// into a temporary .mjs next to node_modules, then runs it with the remaining arguments.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/run-ts.mjs FILE.ts [args...]');
  process.exit(2);
}
const dir = mkdtempSync(join(resolve('node_modules'), '.run-ts-'));
const outfile = join(dir, 'script.mjs');
try {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  const run = spawnSync(process.execPath, [outfile, ...args], { stdio: 'inherit' });
  process.exitCode = run.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
