// Worker thread: one team ledger export (pg-export.ts) on a connection of its own, so main's event
// loop stays free while pg parses and the CSV is formatted; progress out, "cancel" in. The export
// is recorded in the team's audit log on the same connection, as the same person. Bundled as
// dist/main/team-export-worker.cjs.
import pg from 'pg';
import { parentPort, workerData } from 'node:worker_threads';
import type { ExportProgress } from '../export-file';
import { jobOf, recordOf, runTeamExport, type WorkerJob } from './pg-export';

let cancelled = false;
parentPort!.on('message', (message) => {
  if (message === 'cancel') cancelled = true;
});

const data = workerData as WorkerJob;
const client = new pg.Client(data.config);
client.on('error', () => undefined); // a lost connection fails the query under way, never the thread
const one = { connect: async () => Object.assign(client, { release: () => undefined }) as unknown as pg.PoolClient };

async function run(): Promise<ExportProgress> {
  try {
    await client.connect();
    return await runTeamExport(one, jobOf(data.request, data.path, data.timeZone, data.profileNames), { window: data.window, slice: data.window }, (p) => parentPort!.postMessage(p), () => cancelled, recordOf(data.request, data.path, data.timeZone, data.osUser, one));
  } catch {
    return { rows: 0, total: 0, done: true, failed: true };
  }
}

void run().then(async (result) => {
  await client.end().catch(() => undefined);
  parentPort!.postMessage(result);
  parentPort!.close();
});
