// V8's code cache of main's services bundle (main/entry/code-cache.ts): a start after the first
// uses it, and a cache that is torn, corrupt, from another build or from another V8 never stops
// the app from starting: it is ignored and written again.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { codeCacheFile, requireWithCodeCache } from '../../main/entry/code-cache';
import { startPreview, type RunningPreview } from '../e2e/support/preview';

const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-code-cache-'));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A small CommonJS bundle that requires a Node module, as main's bundles do. */
function bundle(dir: string, answer: number): string {
  const file = join(dir, 'services.cjs');
  writeFileSync(file, `const { join } = require('node:path');\nfunction add(a, b) { return a + b; }\nmodule.exports = { answer: add(${answer}, 0), joined: join('a', 'b'), here: __filename };\n`);
  return file;
}

describe('code cache', () => {
  it('is written after the first start and used by the next, with the same exports', () => {
    const dir = folder();
    const file = bundle(dir, 42);
    const cacheDir = join(dir, 'code-cache');
    const first = requireWithCodeCache(file, cacheDir);
    expect(first.state).toBe('none');
    expect(first.exports).toEqual({ answer: 42, joined: join('a', 'b'), here: file });
    first.save();
    const second = requireWithCodeCache(file, cacheDir);
    expect(second.state).toBe('hit');
    expect(second.exports).toEqual(first.exports);
  });

  it('ignores a corrupt cache file, still runs the bundle, and writes a good one', () => {
    const dir = folder();
    const file = bundle(dir, 7);
    const cacheDir = join(dir, 'code-cache');
    requireWithCodeCache(file, cacheDir).save();
    const cached = codeCacheFile(cacheDir, file, readFileSync(file, 'utf8'));
    const bytes = readFileSync(cached);
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 0xff, bytes.length - 1); // one flipped byte in the payload
    writeFileSync(cached, bytes);
    const corrupt = requireWithCodeCache(file, cacheDir);
    expect(corrupt.state).toBe('corrupt');
    expect((corrupt.exports as { answer: number }).answer).toBe(7);
    corrupt.save();
    expect(requireWithCodeCache(file, cacheDir).state).toBe('hit');

    writeFileSync(cached, 'torn'); // a file cut short
    expect(requireWithCodeCache(file, cacheDir).state).toBe('corrupt');
  });

  it('a cache V8 refuses (made from another text under this name) is rejected, then rewritten', () => {
    const dir = folder();
    const other = join(dir, 'other');
    mkdirSync(other);
    const otherFile = bundle(other, 1);
    requireWithCodeCache(otherFile, join(other, 'cache')).save();
    const foreign = readFileSync(join(other, 'cache', readdirSync(join(other, 'cache'))[0]!));

    const file = bundle(dir, 2);
    writeFileSync(file, `${readFileSync(file, 'utf8')}// a longer text than the other build's\n`);
    const cacheDir = join(dir, 'code-cache');
    mkdirSync(cacheDir);
    writeFileSync(codeCacheFile(cacheDir, file, readFileSync(file, 'utf8')), foreign);
    const rejected = requireWithCodeCache(file, cacheDir);
    expect(rejected.state).toBe('rejected');
    expect((rejected.exports as { answer: number }).answer).toBe(2);
    rejected.save();
    expect(requireWithCodeCache(file, cacheDir).state).toBe('hit');
  });

  it('a new build of the bundle gets a new cache file, and the old one is removed', () => {
    const dir = folder();
    const cacheDir = join(dir, 'code-cache');
    requireWithCodeCache(bundle(dir, 1), cacheDir).save();
    const file = bundle(dir, 2);
    const next = requireWithCodeCache(file, cacheDir);
    expect(next.state).toBe('none');
    expect((next.exports as { answer: number }).answer).toBe(2);
    next.save();
    expect(readdirSync(cacheDir)).toEqual([codeCacheFile(cacheDir, file, readFileSync(file, 'utf8')).split('/').at(-1)]);
  });

  it('an unwritable cache folder costs only the cache: the bundle runs, save does not throw', () => {
    const dir = folder();
    const file = bundle(dir, 3);
    writeFileSync(join(dir, 'not-a-folder'), '');
    const loaded = requireWithCodeCache(file, join(dir, 'not-a-folder', 'code-cache'));
    expect((loaded.exports as { answer: number }).answer).toBe(3);
    expect(() => loaded.save()).not.toThrow();
  });
});

const call = async (running: RunningPreview, name: string) => {
  const answer = await fetch(`${running.origin}/api/call/${name}`, {
    method: 'POST',
    headers: { origin: running.origin, authorization: `Bearer ${running.token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  return answer.json();
};

describe('the preview started again, from its code cache', () => {
  let preview: RunningPreview | undefined;
  afterEach(async () => {
    await preview?.stop();
    preview = undefined;
  });

  // V8's code cache drops what import() needs (Node 20: "A dynamic import callback was not
  // specified"), so a package main loads on first use (keytar) must still load from cached code.
  it('still reaches the OS keychain', async () => {
    const dataDir = folder();
    const cacheDir = join(dataDir, 'code-cache');
    preview = await startPreview({ dataDir });
    expect(await call(preview, 'getAppInfo')).toMatchObject({ ok: true });
    // The cache is written a few seconds after the bundle ran.
    for (let waited = 0; !readdirSafe(cacheDir).length && waited < 20_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
    expect(readdirSafe(cacheDir)).toHaveLength(1);
    await preview.stop();
    preview = await startPreview({ dataDir });
    expect(await call(preview, 'getKeychainStatus')).toMatchObject({ ok: true, value: { available: true } });
  }, 60_000);
});

const readdirSafe = (dir: string) => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};

describe('the preview with a bad code cache', () => {
  let preview: RunningPreview | undefined;
  afterEach(async () => {
    await preview?.stop();
    preview = undefined;
  });

  it('starts and answers a call when the cache of its services bundle is garbage', async () => {
    const dataDir = folder();
    const servicesBundle = resolve('dist/main/preview-app.cjs');
    const cacheDir = join(dataDir, 'code-cache');
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(codeCacheFile(cacheDir, servicesBundle, readFileSync(servicesBundle, 'utf8')), Buffer.alloc(4096, 7));
    preview = await startPreview({ dataDir });
    expect(await call(preview, 'getAppInfo')).toMatchObject({ ok: true, value: { name: 'Paydesk', runtime: 'preview' } });
  });
});
