// A laptop's own ledger keeps no check-up runs (checkup-runs.ts: the team ledger does), so the
// laptop's latest run is kept in one small file of its data folder as it goes: after Paydesk was
// closed or killed in the middle of a run, that run is shown again, as interrupted, with its steps
// as last saved and what to do about its test money. What is written has already lost the key and
// anything like a card number (checkup-service.ts), as on the team ledger.
import { randomUUID } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { checkupRunSchema, type CheckupRun } from '../../contract/methods/checkup';

export type LastRunFile = {
  /** The run as it is now; writes land in the order asked, each whole (written aside, then renamed). */
  save(run: CheckupRun): Promise<void>;
  /** The run last saved, or undefined (none, or a file this Paydesk cannot read). */
  read(): Promise<CheckupRun | undefined>;
};

export function createLastRunFile(path: string): LastRunFile {
  let writes: Promise<void> = Promise.resolve();
  return {
    save(run) {
      const write = async () => {
        const aside = `${path}.${randomUUID()}.tmp`;
        try {
          await writeFile(aside, JSON.stringify(run), { mode: 0o600 });
          await rename(aside, path);
        } finally {
          await rm(aside, { force: true });
        }
      };
      const done = writes.then(write);
      writes = done.catch(() => undefined);
      return done;
    },
    async read() {
      const text = await readFile(path, 'utf8').catch(() => undefined);
      if (text === undefined) return undefined;
      try {
        const parsed = checkupRunSchema().safeParse(JSON.parse(text));
        return parsed.success ? (parsed.data as CheckupRun) : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
