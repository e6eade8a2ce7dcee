// How far this laptop has verified the team's audit chain, kept in the data folder
// (`team-audit-verified.json`, one entry per team database), so after a restart the audit page
// checks on from there instead of from the first entry. A person cannot write the team
// database's own settings (paydesk.ledger_meta), and the position is this laptop's trust anchor
// anyway, as the SQLite ledger's audit_verified_hash is the laptop's: an entry rewritten at or
// before it no longer matches its hash, and the check says so. The database's oid goes with the
// position: a database made again under the same name (another oid, another chain) is checked from
// its first entry rather than reported broken. Small file, read once per start, written after a
// check catches up; written to a temporary file and renamed, never half-written.
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AuditPositionKeeper, KeptAuditPosition } from '../ledger/postgres/pg-audit-reads';

const fileName = 'team-audit-verified.json';
const wellFormed = (p: unknown): p is KeptAuditPosition => {
  const v = p as Partial<KeptAuditPosition> | null;
  return !!v && Number.isSafeInteger(v.seq) && v.seq! >= 0 && typeof v.hash === 'string' && /^[0-9a-f]{64}$/.test(v.hash) && typeof v.database === 'string' && /^\d{1,10}$/.test(v.database);
};

/** The keeper of one team database's position (`ledger`: server, port and database name, as the settings say). */
export function teamAuditPositionFile(dataDir: string, ledger: string): AuditPositionKeeper {
  const file = join(dataDir, fileName);
  const all = async (): Promise<Record<string, unknown>> => {
    try {
      const parsed = JSON.parse(await readFile(file, 'utf8')) as unknown;
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
    } catch {
      // None yet, or unreadable: the check starts from the first entry, as before.
      return {};
    }
  };
  let writing = Promise.resolve();
  return {
    async read() {
      const kept = (await all())[ledger];
      return wellFormed(kept) ? { seq: kept.seq, hash: kept.hash, database: kept.database } : undefined;
    },
    write(position) {
      // One write at a time (two laptops' processes never share a data folder).
      const next = writing.then(async () => {
        const tmp = `${file}.tmp`;
        await writeFile(tmp, JSON.stringify({ ...(await all()), [ledger]: position }, null, 2), { mode: 0o600 });
        await rename(tmp, file);
      });
      writing = next.catch(() => undefined);
      return next;
    },
  };
}
