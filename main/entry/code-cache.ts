// Requires a CommonJS bundle through V8's code cache, so a start after the first skips compiling
// the functions the last start ran (main's services bundle: about 35 ms of the ~80 ms it takes to
// read, docs/performance.md). Node 20 has no module.enableCompileCache, so this does what it does:
// compile the bundle with vm.Script and `cachedData`, and write the cache once the app has run.
//
// Safe by construction: the cache file's name holds a hash of the bundle's text and of V8's version
// (Node's and Electron's V8 never share a file), the file starts with a hash of its payload (a torn
// or corrupt file is ignored, never handed to V8), and a cache V8 rejects anyway is rewritten.
// Any failure to read or write a cache only costs the compile it would have saved.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { Script, constants } from 'node:vm';

export type CodeCache = {
  /** The bundle's module.exports. */
  exports: unknown;
  /** How the cache was used: hit, none (first run), corrupt (ignored) or rejected (by V8). */
  state: 'hit' | 'none' | 'corrupt' | 'rejected';
  /** Writes the cache if this run did not use a good one (call once the app has run a while). */
  save(): void;
};

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest();

/** The cache file for this bundle's text (its UTF-8 bytes) under this V8 (a new build or runtime gets a new name). */
export function codeCacheFile(cacheDir: string, bundle: string, source: string | Buffer): string {
  // The bytes as read are hashed, not the decoded text (a quarter of the time: no UTF-8 encoding back).
  const key = createHash('sha256').update(`${process.versions.v8}\0${process.arch}\0`).update(source).digest('hex').slice(0, 16);
  return join(cacheDir, `${basename(bundle, '.cjs')}-${key}.v8cache`);
}

/** The cached data if the file is whole (its first 32 bytes are the rest's SHA-256), else undefined. */
function readCache(file: string): Buffer | 'corrupt' | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  const payload = bytes.subarray(32);
  return bytes.length > 32 && sha256(payload).equals(bytes.subarray(0, 32)) ? payload : 'corrupt';
}

/** `require(bundle)` compiled with the code cache kept in `cacheDir`. */
export function requireWithCodeCache(bundle: string, cacheDir: string): CodeCache {
  return compileWithCodeCache(bundle, cacheDir).run();
}

/**
 * The bundle read and compiled with the code cache, not run yet: `run()` runs its top level (the
 * preview does the two apart, so a request that arrives between them waits for one only).
 */
export function compileWithCodeCache(bundle: string, cacheDir: string): { run(): CodeCache } {
  const bytes = readFileSync(bundle);
  const file = codeCacheFile(cacheDir, bundle, bytes);
  const source = bytes.toString('utf8');
  const cached = readCache(file);
  const script = new Script(Module.wrap(source), {
    filename: bundle,
    cachedData: cached instanceof Buffer ? cached : undefined,
    // import() inside the bundle (keytar, playwright-core) resolves as it would under require.
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const state = cached === undefined ? 'none' : cached === 'corrupt' ? 'corrupt' : script.cachedDataRejected ? 'rejected' : 'hit';
  return { run: () => runCompiled(script, bundle, file, cacheDir, state) };
}

function runCompiled(script: Script, bundle: string, file: string, cacheDir: string, state: CodeCache['state']): CodeCache {
  const module = { exports: {} as unknown };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(module.exports, module.exports, createRequire(bundle), module, bundle, dirname(bundle));
  return {
    exports: module.exports,
    state,
    save() {
      if (state === 'hit') return;
      try {
        // After the run, the cache holds the functions the start compiled, not only the top level.
        const data = script.createCachedData();
        mkdirSync(cacheDir, { recursive: true, mode: 0o700 });
        const prefix = `${basename(bundle, '.cjs')}-`;
        for (const old of readdirSync(cacheDir)) if (old.startsWith(prefix) && old.endsWith('.v8cache')) rmSync(join(cacheDir, old), { force: true });
        const temporary = `${file}.${process.pid}.tmp`;
        writeFileSync(temporary, Buffer.concat([sha256(data), data]), { mode: 0o600 });
        renameSync(temporary, file); // whole or absent: a reader never sees half a file
      } catch {
        // a read-only or full disk: the next start compiles, as without a cache
      }
    },
  };
}
