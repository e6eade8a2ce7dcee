// npm run seed -- --payments 1000000 --data-dir DIR [--seed 42]
// Fills the ledger in DIR (created if missing, must hold no payments yet) with realistic
// made-up history, for the benchmarks and for trying the app at scale (npm run preview --
// --data-dir DIR). See scripts/seed-ledger.ts for what is made, seed-two-threads.ts for how: this
// same script is also the second thread's, which writes the payments. The seed writes with no
// journal on disk and no sync (it makes a new file): one stopped midway (killed, power cut) may
// leave the file broken, so delete the folder and seed again.
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { ledgerFileName } from '../main/ledger/database';
import { seedFolder, seedPaymentsThread, type PaymentsJob } from './seed-two-threads';

if (!isMainThread && (workerData as PaymentsJob | undefined)?.role === 'seed-payments') {
  seedPaymentsThread(workerData as PaymentsJob, (m) => parentPort!.postMessage(m));
} else {
  await seedCommand(process.argv.slice(2));
}

async function seedCommand(args: string[]) {
  const option = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const payments = Number(option('payments') ?? 10_000);
  const dataDir = option('data-dir');
  if (!dataDir || !Number.isInteger(payments) || payments < 1) {
    console.error('usage: npm run seed -- --payments N --data-dir DIR [--seed S]');
    process.exit(2);
  }
  mkdirSync(dataDir, { recursive: true });
  console.log(`Seeding ${payments.toLocaleString('en')} payments into ${dataDir} (if this is stopped midway, delete the folder and seed again)`);
  const t0 = performance.now();
  try {
    const phases: string[] = [];
    const counts = await seedFolder(dataDir, {
      payments, seed: Number(option('seed') ?? 42),
      onProgress: (done) => console.log(`  ${done.toLocaleString('en')} payments…`),
      onPhase: (name, seconds) => phases.push(`${name} ${seconds.toFixed(1)} s`),
    }, new URL(import.meta.url));
    const seconds = ((performance.now() - t0) / 1000).toFixed(1);
    const size = statSync(join(dataDir, ledgerFileName)).size;
    console.log(`Seeded ${counts.payments.toLocaleString('en')} payments (${counts.operations.toLocaleString('en')} operations, ${counts.audit.toLocaleString('en')} audit entries, ${counts.webhooks.toLocaleString('en')} webhooks) in ${seconds} s`);
    console.log(`  ${phases.join(', ')}`);
    console.log(`Ledger ${join(dataDir, ledgerFileName)}: ${(size / 1e6).toFixed(0)} MB, ${Math.round(size / payments)} bytes a payment`);
  } catch (e) {
    console.error(e instanceof Error ? (process.env.DEBUG ? e.stack : e.message) : e);
    process.exitCode = 1;
  }
}
