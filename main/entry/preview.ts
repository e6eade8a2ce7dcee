// `npm run preview -- [--port N] [--data-dir DIR] [--export-dir DIR]`: the real main-process services and the
// built renderer on 127.0.0.1, for machines without Electron and for the end-to-end tests.
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createApp } from '../composition';
import { startPreviewServer } from '../bridge/preview-server';
import { defaultDataDir } from './data-dir';
import { chromiumDocuments } from './chromium-documents';
import { version } from '../../package.json';

async function main() {
  const { values } = parseArgs({
    options: { port: { type: 'string' }, 'data-dir': { type: 'string' }, 'export-dir': { type: 'string' } },
    strict: true,
  });
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a number from 0 to 65535, not "${values.port}"`);
  const dataDir = resolve(values['data-dir'] ?? defaultDataDir());

  const documents = chromiumDocuments();
  const exportDir = values['export-dir'] === undefined ? undefined : resolve(values['export-dir']);
  // A large ledger from an older Paydesk is updated first (main/ledger/migrate.ts): say how far.
  let shown = -10;
  const onLedgerMigration = (percent: number) => percent >= shown + 10 && console.log(`Updating your ledger… ${(shown = percent)}%`);
  const app = await createApp({ dataDir, exportDir, runtime: 'preview', version, renderDocument: documents.render, onLedgerMigration });
  const server = await startPreviewServer({
    handlers: app.handlers,
    events: app.events,
    logger: app.logger,
    staticDir: join(__dirname, '..', 'renderer'),
    port,
    frameSources: [app.challengeOrigin],
  });
  console.log(`Paydesk preview (data in ${dataDir})`);
  console.log(`Open: ${server.url}`);

  const stop = async () => {
    await server.close();
    await app.close();
    await documents.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(`Paydesk preview could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
