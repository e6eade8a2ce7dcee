// `npm run preview -- [--port N] [--data-dir DIR] [--export-dir DIR]`: the real main-process services and the
// built renderer on 127.0.0.1, for machines without Electron and for the end-to-end tests.
//
// Fast start (docs/performance.md): the server listens and prints its address before main's
// services and their modules are read: they are a bundle of their own (preview-app.ts, built as
// dist/main/preview-app.cjs), so this one holds only the server, the logger and the challenge
// server, no zod. The bundle is read in short steps right after the address is printed (while the
// browser opens the page: main's thread is idle until the HTML is asked for); the app itself
// starts once every file the page's HTML names has been sent (while the browser compiles them, so
// no file waits behind it), at a call when no page is loading, or after 500 ms; the API calls the
// page makes meanwhile (its first script's, sent before its files are all in) wait for it.
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startPreviewServer } from '../bridge/preview-server';
import { readPageFiles } from '../bridge/static-files';
import { startChallengeServer } from '../challenge/challenge-server';
import { savedUiLanguage } from '../core/ui-language';
import { createLogger } from '../log/logger';
import { createAppEvents } from '../core/sequenced-events';
import type { ChallengeView } from '../../contract/methods/challenge';
import { defaultDataDir } from './data-dir';
import { compileWithCodeCache } from './code-cache';
import { version } from '../../package.json';

/**
 * The services' bundle, next to this file (required by path so esbuild leaves it out of this one),
 * compiled through V8's code cache kept in the data folder (code-cache.ts): a start after the first
 * skips compiling what the last one ran. The cache is written once, 3 s after the bundle ran
 * (off the first screen's path), or as the preview stops if that comes first. Compiled and run in
 * two steps (`compile`, `load`; each does what is not done yet), so a request waits for one only.
 */
let saveCodeCache = () => undefined as void;
function servicesBundle(dataDir: string) {
  let compiled: ReturnType<typeof compileWithCodeCache> | undefined;
  let exports: typeof import('./preview-app') | undefined;
  const compile = () => (compiled ??= compileWithCodeCache(join(__dirname, 'preview-app.cjs'), join(dataDir, 'code-cache')));
  const load = () => {
    if (exports) return exports;
    const loaded = compile().run();
    let saved = false;
    saveCodeCache = () => {
      if (!saved) loaded.save();
      saved = true;
    };
    setTimeout(saveCodeCache, 3000).unref();
    return (exports = loaded.exports as typeof import('./preview-app'));
  };
  return { compile, load };
}

async function main() {
  const { values } = parseArgs({
    options: { port: { type: 'string' }, 'data-dir': { type: 'string' }, 'export-dir': { type: 'string' } },
    strict: true,
  });
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a number from 0 to 65535, not "${values.port}"`);
  const dataDir = resolve(values['data-dir'] ?? defaultDataDir());
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const logger = createLogger({ file: join(dataDir, 'paydesk.log') });

  const exportDir = values['export-dir'] === undefined ? undefined : resolve(values['export-dir']);
  // A large ledger from an older Paydesk is updated first (main/ledger/migrate.ts): say how far.
  let shown = -10;
  const onLedgerMigration = (percent: number) => percent >= shown + 10 && console.log(`Updating your ledger… ${(shown = percent)}%`);
  // The page's CSP names the challenge server's origin, so it listens before the page is served.
  let onChallengeReturn: (view: ChallengeView) => void = () => undefined;
  // Its own words in the language main keeps (the app's, saved in the data folder as it changes).
  const challenges = await startChallengeServer({ logger, onReturn: (view) => onChallengeReturn(view), language: () => savedUiLanguage(dataDir) ?? 'en' });
  let startApp = () => undefined as void;
  const appWanted = new Promise<void>((resolve) => (startApp = () => setImmediate(resolve)));
  const fallback = setTimeout(startApp, 500);
  // The page hears main's events while the app starts (a large ledger's update progress).
  const events = createAppEvents();
  const services = servicesBundle(dataDir);
  const app = appWanted.then(() =>
    services.load().startPreviewApp({
      dataDir, exportDir, logger, events, version,
      challenges: { server: challenges, onReturn: (listener) => void (onChallengeReturn = listener) }, onLedgerMigration,
    }),
  );
  app.catch(() => undefined); // reported below, once the server is up
  const staticDir = join(__dirname, '..', 'renderer');
  // The page and the files it names are read now and served from memory: while main's services
  // are read below (steps that hold the thread), a file then waits for one step at most, not for
  // one per file-system call.
  const pageFiles = readPageFiles(staticDir);
  const unsent = new Set([...pageFiles.keys()].filter((path) => path.startsWith('/assets/')));
  let pageServed = false;
  const server = await startPreviewServer({
    pageFiles,
    handlers: app.then((a) => a.handlers),
    events,
    logger,
    staticDir,
    port,
    frameSources: [challenges.origin],
    onRequest: (path) => {
      if (path === '/' || path === '/index.html') pageServed = true;
      unsent.delete(path);
      // The page's files go first: the page's first calls (sent by its first script while the rest
      // is on its way) wait for the files, not the files for the app. A call with no page loading
      // (none asked for, or all its files sent) starts the app at once.
      const pageLoading = pageServed && unsent.size > 0;
      if ((path.startsWith('/api/') && !pageLoading) || (/\.(js|css)$/.test(path) && unsent.size === 0)) startApp();
    },
  });
  console.log(`Paydesk preview (data in ${dataDir})`);
  console.log(`Open: ${server.url}`);
  // While the browser opens the page and asks for its files, main's services are read (nothing is
  // started, no ledger opened: the app starts as before, with the page's files sent or its first
  // call): better-sqlite3's native module (its addon loaded), then the bundle compiled, then run
  // (not once the HTML is sent and its files not all asked for: then the app's start runs it).
  // Each step comes after the I/O that arrived meanwhile (setImmediate), so a request waits for one
  // step at most.
  // better-sqlite3 loads its native addon at its first connection, not at require: an in-memory
  // one made and closed here loads it now (dlopen and the addon's path search, 4-15 ms) instead of
  // at the ledger's opening on the first call's path.
  const loadSqlite = () => {
    const Database = createRequire(__filename)('better-sqlite3') as new (file: string) => { close(): void };
    new Database(':memory:').close();
  };
  const steps = [loadSqlite, services.compile, services.load];
  const nextStep = () => {
    // The bundle's run (its top level: 25-75 ms, the longest step) never starts while the page's
    // files are being asked for (the HTML sent, a file it names not yet): the scripts' requests
    // waited behind it (docs/performance.md, eleventh pass); the app's start runs it instead.
    if (steps[0] === services.load && pageServed && unsent.size > 0) return;
    try {
      steps.shift()?.();
    } catch {
      // done again, and the failure reported, when the app starts
    }
    if (steps.length) setImmediate(nextStep);
  };
  setImmediate(nextStep);
  const started = await app.finally(() => clearTimeout(fallback)).catch(async (error: unknown) => {
    await server.close();
    throw error;
  });

  const stop = async () => {
    saveCodeCache();
    await server.close();
    await started.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(`Paydesk preview could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
