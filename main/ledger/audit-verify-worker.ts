// Worker thread: checks the whole audit chain on its own read-only connection, so main's
// event loop stays free, and posts its progress. Bundled as dist/main/audit-verify-worker.cjs.
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { auditGenesis, verifyAuditRange } from './audit-log';

const { file, total } = workerData as { file: string; total: number };
const db = new Database(file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
let position = { seq: 0, hash: auditGenesis };
let checked = 0;
for (;;) {
  const range = verifyAuditRange(db, position.seq, position.hash, 20_000);
  checked += range.rows;
  if (range.brokenAt !== undefined) {
    parentPort!.postMessage({ checked, total, done: true, seq: range.seq, hash: range.hash, brokenAt: range.brokenAt });
    break;
  }
  position = { seq: range.seq, hash: range.hash };
  if (range.rows < 20_000) {
    parentPort!.postMessage({ checked, total: Math.max(total, checked), done: true, seq: range.seq, hash: range.hash });
    break;
  }
  parentPort!.postMessage({ checked, total: Math.max(total, checked), done: false });
}
db.close();
