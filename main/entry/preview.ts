// `npm run preview -- [--port N] [--data-dir DIR] [--export-dir DIR]`: the real main-process services and the
// built renderer on 127.0.0.1, for machines without Electron and for the end-to-end tests.
//
// Fast start (docs/performance.md): the server listens and prints its address at once, and main's
// services are read and started meanwhile in a thread of their own (preview-services.ts, this same
// file run as a worker): their bundle (dist/main/preview-app.cjs: zod, the contract's schemas,
// better-sqlite3) is read there from the process's start, beside the page's files being sent here,
// instead of after them on this thread. The API calls the page makes meanwhile wait for them.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { parseArgs } from 'node:util';
import { startPreviewServer } from '../bridge/preview-server';
import { listenForChallenges } from '../challenge/challenge-server';
import { defaultDataDir } from './data-dir';
import { runPreviewServices, type ServicesOptions } from './preview-services';
import { startServicesThread } from './services-thread';
import { version } from '../../package.json';

const probe = (label: string) => process.env.START4_PROBE && process.stderr.write(`MARK ${label} ${(performance.timeOrigin + performance.now()).toFixed(1)}\n`);
async function main() {
  probe('main');
  const { values } = parseArgs({
    options: { port: { type: 'string' }, 'data-dir': { type: 'string' }, 'export-dir': { type: 'string' } },
    strict: true,
  });
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a number from 0 to 65535, not "${values.port}"`);
  const dataDir = resolve(values['data-dir'] ?? defaultDataDir());
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const exportDir = values['export-dir'] === undefined ? undefined : resolve(values['export-dir']);
  // The page's CSP names the 3-D Secure challenge server's origin: it listens here at once, and
  // its requests are answered by the services thread, which keeps the challenges.
  let services: ReturnType<typeof startServicesThread> | undefined;
  const challenges = await listenForChallenges((request) => services!.respondChallenge(request));
  services = startServicesThread(__filename, { dataDir, exportDir, version, challengePort: challenges.port });
  services.handlers.catch(() => undefined); // reported below, once the server is up
  const server = await startPreviewServer({
    handlers: services.handlers,
    events: services.events,
    logger: services.logger,
    staticDir: join(__dirname, '..', 'renderer'),
    port,
    frameSources: [challenges.origin],
  });
  console.log(`Paydesk preview (data in ${dataDir})`);
  console.log(`Open: ${server.url}`);
  await services.handlers.catch(async (error: unknown) => {
    await server.close();
    throw error;
  });

  const stop = async () => {
    await server.close();
    await services.close();
    await challenges.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

if (isMainThread) {
  main().catch((error: unknown) => {
    console.error(`Paydesk preview could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
} else void runPreviewServices(parentPort!, workerData as ServicesOptions);
