// Benchmark: what a page of the team ledger's lists costs with its payments' columns named
// (pg-store.ts's paymentSelect) against the `p.*` it selected before (search_text, change_seq,
// list_seq, imported_from and os_user too); a text search's window read from a subquery keeps
// `p.*` (pg-reads.ts: naming there made it slower, which this bench showed before it was undone). Each page is asked once through
// createTeamLedgerReads as the screen asks it, its queries recorded; each query that names the
// columns is then run as it is and as `p.*` (the names put back), alternated query by query on
// one connection, `runs` times after 10 not counted: the time until its rows are parsed by pg
// (what main waits for), and the rows' size as text (about what crosses the wire).
// Needs a seeded team ledger kept by bench/team-search.ts (`--keep-pg DIR`): it is read only.
// Run: node scripts/run-ts.mjs bench/team-page-columns.ts --keep-pg DIR [--runs R]
import { loadavg } from 'node:os';
import pg from 'pg';
import { createTeamLedgerReads, type Queryable } from '../main/ledger/postgres/pg-reads';
import { paymentSelect } from '../main/ledger/postgres/pg-store';
import { postgresMissing, startPostgres } from '../test/support/postgres-server';
import { option, stats, table } from './support';

const missing = postgresMissing();
const keepIn = option('keep-pg');
if (missing || !keepIn) {
  console.log(`team-page-columns: skipped: ${missing ?? 'give --keep-pg DIR, a team ledger seeded by bench/team-search.ts'}`);
  process.exit(0);
}
const runs = Number(option('runs') ?? 201);
const loadAtStart = loadavg()[0]!.toFixed(1);
const server = await startPostgres({ keepIn, settings: ['shared_buffers=256MB', 'effective_cache_size=2GB'] });
try {
  const pool = new pg.Pool({ host: server.host, port: server.port, database: 'team', user: 'fay', password: 'bench-password-f-1', max: 1 });
  pool.on('error', () => undefined);
  const asked: Array<{ text: string; values?: unknown[] }> = [];
  const recording: Queryable = { query: (text, values) => (asked.push({ text, values }), pool.query(text, values)) };
  const reads = createTeamLedgerReads({ pool: recording });
  const named = paymentSelect;
  const pages: Array<[string, () => Promise<unknown>]> = [
    ['newest 100 (the default list)', () => reads.searchPayments({ filter: {}, sort: { by: 'createdAt', direction: 'desc' }, offset: 0, limit: 100 })],
    ['state = pending', () => reads.searchPayments({ filter: { states: ['pending'] }, sort: { by: 'createdAt', direction: 'desc' }, offset: 0, limit: 100 })],
    ['e-mail "omar.2"', () => reads.searchPayments({ filter: { query: 'omar.2' }, sort: { by: 'createdAt', direction: 'desc' }, offset: 0, limit: 100 })],
    ['name "Qahtani"', () => reads.searchPayments({ filter: { query: 'Qahtani' }, sort: { by: 'createdAt', direction: 'desc' }, offset: 0, limit: 100 })],
    ['order id "PD-2025"', () => reads.searchPayments({ filter: { query: 'PD-2025' }, sort: { by: 'createdAt', direction: 'desc' }, offset: 0, limit: 100 })],
    ['amount 100-200 KWD, by amount', () => reads.searchPayments({ filter: { currency: 'KWD', minAmount: '100', maxAmount: '200' }, sort: { by: 'amount', direction: 'desc' }, offset: 0, limit: 100 })],
    ['card ending "4242", paid, by amount', () => reads.searchPayments({ filter: { cardLast4: '4242', states: ['paid'] }, sort: { by: 'amount', direction: 'desc' }, offset: 0, limit: 100 })],
    ['payment links, newest 100', () => reads.listPaymentLinks({ limit: 100 })],
  ];
  const rows: string[][] = [];
  for (const [name, page] of pages) {
    asked.length = 0;
    await page();
    await reads.settled();
    const mine = asked.filter((q) => q.text.includes(named));
    if (!mine.length) {
      // A text search's window from a subquery keeps p.* (pg-reads.ts says why): nothing to compare.
      rows.push([`${name}: p.* kept`, '', '', '', '', '', '', '', '']);
      continue;
    }
    const before = mine.map((q) => ({ text: q.text.split(`${named}, p.list_seq`).join('p.*').split(named).join('p.*'), values: q.values }));
    const time = async (q: { text: string; values?: unknown[] }) => {
      const t = performance.now();
      await pool.query(q.text, q.values);
      return performance.now() - t;
    };
    const size = async (q: { text: string; values?: unknown[] }) =>
      Number((await pool.query(`SELECT coalesce(sum(octet_length(t::text)), 0) AS n FROM (${q.text}) t`, q.values)).rows[0].n);
    // Per query: [before, after] samples.
    const took = mine.map(() => ({ before: [] as number[], after: [] as number[] }));
    for (let i = -10; i < runs; i++) {
      // Alternated, the order swapped every other round: the machine's load drifts alike on both.
      const order = i % 2 ? ['before', 'after'] as const : ['after', 'before'] as const;
      for (const [j, q] of mine.entries()) {
        for (const which of order) {
          const ms = await time(which === 'before' ? before[j]! : q);
          if (i >= 0) took[j]![which].push(ms);
        }
      }
    }
    for (const [j, q] of mine.entries()) {
      const [b, a] = [stats(took[j]!.before), stats(took[j]!.after)];
      const min = (xs: number[]) => Math.min(...xs).toFixed(2);
      const what = mine.length > 1 ? `${name} (${/LIMIT \$\d+\) p WHERE/.test(q.text) ? 'walk' : 'window'})` : name;
      rows.push([what, min(took[j]!.before), min(took[j]!.after), b.p50, a.p50, b.p95, a.p95, (await size(before[j]!)).toLocaleString('en'), (await size(q)).toLocaleString('en')]);
      console.log(`  ${what}: p50 ${b.p50} → ${a.p50} ms`);
    }
  }
  console.log(`\nA page's queries that read payments, p.* (before) against the columns named (after), ${runs} runs each alternated, ms until pg has parsed the rows; bytes: the rows as text. Load average ${loadAtStart} at the start, ${loadavg()[0]!.toFixed(1)} at the end.`);
  table(['page (query)', 'min p.*', 'min named', 'p50 p.*', 'p50 named', 'p95 p.*', 'p95 named', 'bytes p.*', 'bytes named'], rows);
  await pool.end();
} finally {
  await server.stop();
}
