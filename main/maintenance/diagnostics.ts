// "Save diagnostics": one JSON file a person can send to support. It holds versions, settings
// without secrets (a profile says whether it has a key, never any part of it), the last log
// lines (already redacted when written, and scrubbed again here), and ledger statistics
// (counts, never rows; the audit chain as far as it has been checked). Written to <data folder>/diagnostics/.
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { arch, release } from 'node:os';
import { join } from 'node:path';
import type { ProfileView } from '../../contract/methods/profiles';
import type { UpdateStatus } from '../../contract/methods/maintenance';
import { checkAuditChain } from '../ledger/audit-chain';
import { ledgerFileName, type LedgerDb } from '../ledger/database';
import { redact } from '../log/logger';
import { logFiles } from '../log/rolling-file';
import { countsOffMain } from './ledger-check-off-main';
import { ledgerCounts, type LedgerCounts } from './ledger-counts';
import { readMaintenanceSettings, writeFileAtomic } from './settings-file';

export type DiagnosticsInput = {
  db: LedgerDb;
  dataDir: string;
  app: { name: string; version: string; runtime: string };
  profiles(): { profiles: ProfileView[]; activeId: string };
  updates(): UpdateStatus;
  logFile: string;
  logLines?: number;
  now?: () => Date;
};

const secretField = /"(cvv2?|cvc|security_?code|card_?number|number|pan|api_?key|key|secret|password|authorization|token|hash)"\s*:\s*"[^"]*"/gi;
const cvvText = /\b(cvv2?|cvc)\b(\W{0,3})\d{3,4}/gi;

/** Log lines are redacted when written; this removes anything that still looks sensitive. */
export function scrubLine(line: string): string {
  return redact(line, []).replace(secretField, '"$1":"[removed]"').replace(cvvText, '$1$2[removed]');
}

export function buildDiagnostics(input: DiagnosticsInput, counts: LedgerCounts = ledgerCounts(input.db)) {
  const { db } = input;
  const { profiles, activeId } = input.profiles();
  const settings = readMaintenanceSettings(input.dataDir);
  // What the incremental chain check knows (audit-chain.ts), one slice of new entries at most: the
  // whole chain walked here held main for 8.7 s at a million entries, every other call waiting.
  const audit = checkAuditChain(db);
  return {
    kind: 'paydesk-diagnostics',
    createdAt: (input.now ?? (() => new Date()))().toISOString(),
    app: input.app,
    system: { platform: process.platform, arch: arch(), osRelease: release() },
    versions: {
      node: process.versions.node,
      electron: process.versions.electron ?? null,
      chrome: process.versions.chrome ?? null,
      modules: process.versions.modules,
      sqlite: (db.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v,
    },
    settings: {
      activeProfile: activeId,
      profiles: profiles.map((p) => ({ id: p.id, name: p.name, environment: p.environment, baseUrl: p.baseUrl, defaultCurrency: p.defaultCurrency, keyConfigured: p.key.configured })),
      backups: { folderSet: settings.backupFolder !== null, schedule: settings.schedule, keep: settings.keep, lastBackupAt: settings.lastBackup?.at ?? null, lastBackupError: settings.lastBackupError },
      updates: input.updates(),
    },
    ledger: {
      schema: db.pragma('user_version', { simple: true }),
      fileBytes: sizeOf(join(input.dataDir, ledgerFileName)),
      ...counts,
      audit: { ok: audit.intact, rows: audit.last, checkedThrough: audit.checkedThrough, ...(audit.brokenAt !== undefined ? { brokenAt: audit.brokenAt } : {}) },
    },
    log: lastLogLines(input.logFile, input.logLines ?? 300).map(scrubLine),
  };
}

/** `workerFile`: dist/main/ledger-check-worker.cjs, where the counts are made off main's event loop. */
export async function saveDiagnostics(input: DiagnosticsInput, workerFile?: string): Promise<{ file: string; bytes: number }> {
  const counts = await countsOffMain(join(input.dataDir, ledgerFileName), workerFile);
  const bundle = buildDiagnostics(input, counts.result);
  const folder = join(input.dataDir, 'diagnostics');
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const file = join(folder, `paydesk-diagnostics-${bundle.createdAt.replace(/[:.]/g, '-')}.json`);
  const text = JSON.stringify(bundle, null, 2) + '\n';
  writeFileAtomic(file, text);
  return { file, bytes: Buffer.byteLength(text) };
}

/** The newest `count` lines across the current log and its rotated files. */
function lastLogLines(file: string, count: number): string[] {
  const lines: string[] = [];
  for (const f of logFiles(file)) {
    if (lines.length >= count || !existsSync(f)) break;
    const own = readFileSync(f, 'utf8').split('\n').filter((l) => l.trim());
    lines.unshift(...own.slice(Math.max(0, own.length - (count - lines.length))));
  }
  return lines;
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}
