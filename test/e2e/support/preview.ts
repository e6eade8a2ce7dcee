// Starts the built preview (`dist/main/preview.cjs`, as `npm run preview` does) in its own
// process with a fresh data folder, and hands back the URL it prints.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export type RunningPreview = {
  url: string; origin: string; token: string; dataDir: string; output: () => string; stop(): Promise<void>;
  /** Ends the process at once (SIGKILL: nothing is closed cleanly), as a crash or a pulled plug would. */
  kill(): Promise<void>;
};

const entry = resolve('dist/main/preview.cjs');

export async function startPreview(options: { dataDir?: string; env?: NodeJS.ProcessEnv } = {}): Promise<RunningPreview> {
  const ownDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'paydesk-e2e-'));
  const child = spawn(process.execPath, [entry, '--port', '0', '--data-dir', dataDir, '--export-dir', join(dataDir, 'exports')], {
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));

  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`preview did not start:\n${output}`)), 30_000);
    const check = () => {
      const match = /Open: (http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`preview exited with ${code}:\n${output}`));
    });
  });
  const parsed = new URL(url);
  return {
    url,
    origin: parsed.origin,
    token: parsed.hash.replace('#token=', ''),
    dataDir,
    output: () => output,
    async stop() {
      await stopChild(child);
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  // Exited, or killed by a signal (exitCode stays null then): no 'exit' is coming to wait for.
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolveStop();
    });
    child.kill('SIGTERM');
  });
}
