// Benchmark: Home's "Authorised, not captured" (overview.ts, authorisedNotCaptured) on a seeded
// ledger (`npm run seed -- --payments 1000000 --data-dir DIR`): the time migration 19 takes to build
// its partial index on an older ledger, then the read for all profiles and for one, with the
// index and without it (the same SQL over the whole table). Prints p50 and p95 in ms.
// Run: node scripts/run-ts.mjs bench/authorised-held.ts DIR [repeats]
import { openLedgerDb } from '../main/ledger/database';
import { authorisedNotCaptured } from '../main/ledger/overview';

const dir = process.argv[2];
if (!dir) throw new Error('usage: bench/authorised-held.ts DIR [repeats]');
const repeats = Number(process.argv[3] ?? 30);

const opened = performance.now();
const db = openLedgerDb(dir); // migrates an older ledger first (migration 19 included)
console.log(`opened (and migrated) in ${(performance.now() - opened).toFixed(0)} ms`);
const held = db.prepare(`SELECT count(*) AS n FROM payments WHERE state = 'authorised'`).get() as { n: number };
const profile = (db.prepare(`SELECT profile_id AS p FROM payments WHERE state = 'authorised' LIMIT 1`).get() as { p: string }).p;
console.log(`${held.n} authorised payments; one profile: ${profile}`);

function time(name: string, run: () => unknown) {
  for (let i = 0; i < 3; i++) run(); // warm
  const ms: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const t = performance.now();
    run();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!.toFixed(1);
  console.log(`${name}: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms`);
}

const withoutIndex = (p?: string) => db.prepare(`SELECT currency, count(*), sum(amount_minor), min(created_at) FROM payments NOT INDEXED
  WHERE state = 'authorised' ${p ? 'AND profile_id = ?' : ''} GROUP BY currency ORDER BY currency`).all(...(p ? [p] : []));
time('all profiles, index', () => authorisedNotCaptured(db));
time('one profile, index', () => authorisedNotCaptured(db, profile));
time('all profiles, no index', () => withoutIndex());
time('one profile, no index', () => withoutIndex(profile));
console.log(JSON.stringify(authorisedNotCaptured(db)));
db.close();
