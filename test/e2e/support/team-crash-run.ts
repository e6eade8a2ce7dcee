// The two-laptop crash run (issue 15): two built previews ("laptops", two support people, each its
// own process, data folder and keychain entry) on one team database and one practice gateway,
// each reaching the gateway through its own crash proxy. Both move money through their APIs (the
// bridge the page uses): sales, captures, voids, partial and full refunds, some on the same payment
// from both laptops at the same moment. Meanwhile each laptop is SIGKILLed several times: at a
// random moment, while its request is held before the gateway (then sent on or dropped), or after
// the gateway answered (the answer never heard), again soon after its restart; once both at once; and now and then a laptop's
// database sessions are cut (it reconnects). Each killed laptop is restarted and marks its own
// interrupted operations. At the end both settle: status checks (as a person asks for them), and
// what answers without totals cannot decide is settled by hand from the gateway's records (what a
// person reads on its dashboard). Then `checkAgainstGateway` judges. Choices (which move, amounts,
// when and how to kill) come from a seeded generator: the seed replays them (timing still varies).
// Used by test/e2e/team-crash.test.ts and scripts/team-crash-soak.ts.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { formatMinor } from '../../../contract/money';
import { approveCard, startTestGateway, testCustomer } from '../../support/practice';
import { startCrashProxy, type CrashProxy, type TrapMode } from './crash-proxy';
import { startPreview, type RunningPreview } from './preview';
import { callPreview, type ApiAnswer } from './preview-api';
import { checkAgainstGateway, readTeamLedger, type CheckResult } from './team-crash-check';
import { approvedCard } from './test-card';
import { startTeamDatabase, type TeamPerson } from './team-database';
import { random } from '../../../scripts/seed-ledger';

export type CrashRunOptions = {
  seed: number;
  /** Kill rounds (each kills one laptop, one of them both); each laptop is killed about half of them. */
  rounds: number;
  log?: (line: string) => void;
};

export type CrashRunReport = CheckResult & {
  seed: number;
  kills: { A: number; B: number };
  /** How kills landed: a request held before the gateway then sent on / dropped, an answer held, a random moment, soon after a restart. */
  landed: { sentOn: number; dropped: number; answerHeld: number; random: number; whileStarting: number };
  cuts: number;
  /** Captures, voids and refunds that succeeded on a payment the other laptop's person made. */
  crossLaptop: number;
  /** Operations the crashes left unclear (their audit entries), and how what was open at the end was settled. */
  interrupted: number;
  settled: Settled;
  answers: Record<string, number>;
  /** The first refusal's words of each method and code (a busy payment names who is on it). */
  refusals: Record<string, string>;
  /** Every distinct "busy" refusal: the team ledger's name the person doing the other move. */
  busyWords: string[];
  seconds: number;
};

/** A small seeded generator, so a failing run's choices can be replayed (scripts/seed-ledger.ts's). */
export const seededRandom = random;

type Laptop = { name: 'A' | 'B'; person: TeamPerson; dataDir: string; proxy: CrashProxy; preview: RunningPreview | null };
type Candidate = { id: string; state: string; amount_minor: string; captured_minor: string; refunded_minor: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sar = (minor: number) => formatMinor(minor, 'SAR');
const card = approvedCard(approveCard.holder);

export async function runTeamCrash(options: CrashRunOptions): Promise<CrashRunReport> {
  const log = options.log ?? (() => {});
  const random = seededRandom(options.seed);
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const started = performance.now();
  const people: TeamPerson[] = [
    { login: 'sue', role: 'support', password: 'crash-password-s-1' },
    { login: 'sid', role: 'support', password: 'crash-password-s-2' },
  ];
  const report: CrashRunReport = {
    seed: options.seed, kills: { A: 0, B: 0 }, landed: { sentOn: 0, dropped: 0, answerHeld: 0, random: 0, whileStarting: 0 }, cuts: 0, crossLaptop: 0, interrupted: 0, settled: { onTheirOwn: 0, statusAsked: 0, byHand: 0 }, answers: {}, refusals: {}, busyWords: [], seconds: 0,
    problems: [], payments: 0, moves: 0, sales: 0,
  };
  const team = await startTeamDatabase(people);
  const practice = await startTestGateway();
  // Latency before the gateway acts: more kills land while a request is on its way.
  for (const op of ['sale', 'capture', 'refund', 'void'] as const) practice.gateway.faults.set(op, { latencyMs: 10 });
  const dirs: string[] = [];
  const laptops: Laptop[] = [];
  let reader: pg.Client | undefined;
  try {
    reader = await team.server.connect({ database: team.database });
    for (const [i, name] of (['A', 'B'] as const).entries()) {
      const dataDir = mkdtempSync(join(tmpdir(), `paydesk-crash-laptop-${name.toLowerCase()}-`));
      dirs.push(dataDir);
      await team.prepareLaptop(dataDir, people[i]!);
      laptops.push({ name, person: people[i]!, dataDir, proxy: await startCrashProxy(practice.conn.baseUrl), preview: null });
    }
    const start = async (laptop: Laptop) => {
      laptop.preview = await startPreview({ dataDir: laptop.dataDir, env: { PAYDESK_PRACTICE_GATEWAY: laptop.proxy.baseUrl, PAYDESK_PRACTICE_KEY: practice.conn.apiKey } });
    };
    await Promise.all(laptops.map(start));
    const [a, b] = laptops as [Laptop, Laptop];

    /** A call on a laptop that is up; 'down' when it is not, 'gone' when it died meanwhile. */
    const call = async (laptop: Laptop, method: string, input: unknown): Promise<ApiAnswer | 'down' | 'gone'> => {
      const preview = laptop.preview;
      if (!preview) return 'down';
      try {
        const answer = await callPreview(preview, method, input);
        const key = answer.ok ? `${method}: ok` : `${method}: ${answer.error.code}`;
        report.answers[key] = (report.answers[key] ?? 0) + 1;
        if (!answer.ok && !(key in report.refusals)) report.refusals[key] = answer.error.message;
        if (!answer.ok && answer.error.code === 'busy' && !report.busyWords.includes(answer.error.message)) report.busyWords.push(answer.error.message);
        return answer;
      } catch {
        return 'gone';
      }
    };
    /** Payments in one of `states` with no move under way; only those another person made, when `notMadeBy` is given. */
    const query = async (states: string[], notMadeBy: string | null) => (await reader!.query(
      `SELECT id, state, amount_minor::text, captured_minor::text, refunded_minor::text FROM paydesk.payments p WHERE state = ANY($1)
         AND ($2::text IS NULL OR p.created_by <> $2)
         AND NOT EXISTS (SELECT 1 FROM paydesk.operations o WHERE o.payment_id = p.id AND o.outcome IN ('sending', 'unknown'))
       ORDER BY list_seq DESC LIMIT 12`, [states, notMadeBy])).rows as Candidate[];
    // Half of a laptop's moves go to the other laptop's payments when there are some: under a
    // loaded CI a run makes only a dozen moves, and picking among all left none cross-laptop once.
    const candidates = async (states: string[], laptop?: Laptop) => {
      const theirs = laptop && random() < 0.5 ? await query(states, laptop.person.login) : [];
      return theirs.length ? theirs : query(states, null);
    };
    const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
    const left = (p: Candidate, of: 'capture' | 'refund') => (of === 'capture' ? Number(p.amount_minor) - Number(p.captured_minor) : Number(p.captured_minor) - Number(p.refunded_minor));
    /** All that is left, or a part of it. */
    const part = (rest: number) => (random() < 0.4 ? rest : Math.max(1, Math.floor(rest * (0.2 + random() * 0.6))));

    // Raw call, not cardSale(): the run has no page, counts every answer (refusals, "gone" included) and must not throw.
    const sale = (laptop: Laptop) => call(laptop, 'chargeCard', { amount: sar(between(1_000, 20_000)), currency: 'SAR', card, customer: testCustomer, authOnly: random() < 0.5 });
    const capture = (laptop: Laptop, p: Candidate) => call(laptop, 'capturePayment', { paymentId: p.id, amount: sar(part(left(p, 'capture'))), currency: 'SAR' });
    const refund = (laptop: Laptop, p: Candidate) => call(laptop, 'refundPayment', { paymentId: p.id, amount: sar(part(left(p, 'refund'))), currency: 'SAR', reason: `crash test, laptop ${laptop.name}` });
    const voidIt = (laptop: Laptop, p: Candidate) => call(laptop, 'voidPayment', { paymentId: p.id });

    /** One money move of a laptop on a payment the team ledger has. */
    async function step(laptop: Laptop) {
      const r = random();
      if (r < 0.3) return sale(laptop);
      const authorised = r < 0.6 ? await candidates(['authorised', 'partially_captured'], laptop) : [];
      if (r < 0.5 && authorised.length) return capture(laptop, pick(authorised)!);
      const voidable = authorised.filter((p) => p.state === 'authorised');
      if (r < 0.6 && voidable.length) return voidIt(laptop, pick(voidable)!);
      const refundable = await candidates(['paid', 'partially_captured', 'partially_refunded'], laptop);
      if (refundable.length) return refund(laptop, pick(refundable)!);
      return sale(laptop);
    }
    /** Both laptops on one payment at the same moment: the team ledger lets one through, the other is told who. */
    async function contest() {
      const authorised = await candidates(['authorised']);
      const refundable = await candidates(['paid', 'partially_refunded']);
      if (random() < 0.5 && authorised.length) {
        const p = pick(authorised)!;
        return Promise.all([capture(a, p), random() < 0.5 ? voidIt(b, p) : capture(b, p)]);
      }
      if (refundable.length) {
        const p = pick(refundable)!;
        return Promise.all([refund(a, p), refund(b, p)]);
      }
      return Promise.all([sale(a), sale(b)]);
    }

    let stop = false;
    const loop = async (body: () => Promise<unknown>, pauseMs: () => number) => {
      while (!stop) {
        await body().catch((error: unknown) => log(`a move failed to run: ${String(error)}`));
        await sleep(pauseMs());
      }
    };
    const movers = [
      ...laptops.flatMap((laptop) => [0, 1].map(() => loop(() => (laptop.preview ? step(laptop) : sleep(100)), () => between(0, 40)))),
      loop(contest, () => between(100, 400)),
    ];

    const kill = async (laptop: Laptop, mode: TrapMode | 'random') => {
      if (mode !== 'random') {
        const trapped = await Promise.race([laptop.proxy.trap(mode).then(() => true), sleep(20_000).then(() => false)]);
        if (!trapped) mode = 'random';
      } else await sleep(between(0, 300));
      const preview = laptop.preview!;
      laptop.preview = null;
      await preview.kill();
      report.kills[laptop.name] += 1;
      // A request held before the gateway reaches it now, or never; an answer held is heard by nobody.
      // The first request held is sent on and the second dropped, so that a short run (the test's
      // six rounds hold two) has both; after them, at random.
      const coin = mode === 'request' && random() < 0.6;
      const held = report.landed.sentOn + report.landed.dropped;
      const sendOn = mode === 'request' && (held === 0 || (held > 1 && coin));
      laptop.proxy.release(sendOn);
      if (mode === 'request') report.landed[sendOn ? 'sentOn' : 'dropped'] += 1;
      else report.landed[mode === 'answer' ? 'answerHeld' : 'random'] += 1;
      log(`killed ${laptop.name} (${mode === 'request' ? `request held, ${sendOn ? 'sent on' : 'dropped'}` : mode === 'answer' ? 'after the gateway answered' : 'at a random moment'})`);
      // What was on its way lands before the laptop is back (a restart takes longer than a request).
      await laptop.proxy.idle();
    };
    const modes: Array<TrapMode | 'random'> = ['request', 'answer', 'random'];
    for (let round = 0; round < options.rounds; round++) {
      await sleep(between(400, 1_500));
      const both = round === Math.floor(options.rounds / 2);
      const victims = both ? laptops : [laptops[round % 2]!];
      await Promise.all(victims.map((laptop) => kill(laptop, modes[(round + laptop.name.charCodeAt(0)) % 3]!)));
      // Now and then the other laptop loses its database connections: it reconnects and settles.
      const other = laptops.find((l) => !victims.includes(l));
      if (other && random() < 0.3) {
        await reader.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1 AND datname = $2', [other.person.login, team.database]);
        report.cuts += 1;
        log(`cut ${other.name}'s database connections`);
      }
      await sleep(between(0, 500));
      await Promise.all(victims.map(start));
      // Every fourth round the laptop is killed again while it starts: marking and checking its
      // interrupted operations must survive being interrupted too.
      if (round % 4 === 3) {
        await sleep(between(100, 1_500));
        for (const laptop of victims) {
          const preview = laptop.preview!;
          laptop.preview = null;
          await preview.kill();
          report.kills[laptop.name] += 1;
          report.landed.whileStarting += 1;
          log(`killed ${laptop.name} again while it started`);
        }
        await Promise.all(victims.map(start));
      }
    }
    stop = true;
    await Promise.all(movers);
    for (const laptop of laptops) laptop.proxy.release(false);
    await Promise.all(laptops.map((l) => l.proxy.idle()));
    log(`moves stopped after ${((performance.now() - started) / 1000).toFixed(1)} s; settling`);

    report.crossLaptop = Number((await reader.query(`SELECT count(*) AS n FROM paydesk.operations o JOIN paydesk.payments p ON p.id = o.payment_id
      WHERE o.kind <> 'create' AND o.outcome = 'succeeded' AND o.db_user <> p.created_by`)).rows[0].n);
    report.interrupted = Number((await reader.query(`SELECT count(*) AS n FROM paydesk.audit_log WHERE result = 'outcome_unknown'`)).rows[0].n);
    report.settled = await settle(reader, (method, input) => call(laptops[Math.floor(random() * 2)]!, method, input), () => practice.gateway.records(), log);
    Object.assign(report, checkAgainstGateway(practice.gateway.records(), await readTeamLedger(reader)));
    // A problem comes with what each laptop logged of its team ledger (marking, reconnects, checks),
    // and the team ledger's own rows of each payment named: its operations, audit entries, state
    // history and status checks, in order (who did what when, and what the totals were based on).
    if (report.problems.length) {
      for (const line of await describePayments(reader, report.problems)) log(line);
      for (const laptop of laptops) {
        const lines = readFileSync(join(laptop.dataDir, 'paydesk.log'), 'utf8').split('\n').filter((line) => /team ledger|interrupted|Reconciliation|reconnect/i.test(line));
        for (const line of lines.slice(-40)) log(`${laptop.name} logged: ${line}`);
      }
    }
    report.seconds = (performance.now() - started) / 1000;
    return report;
  } finally {
    await reader?.end().catch(() => undefined);
    for (const laptop of laptops) {
      await laptop.preview?.stop().catch(() => undefined);
      await laptop.proxy.close();
    }
    await practice.gateway.close();
    await team.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

/** The team ledger's rows of each payment a problem names (by its order id), one line each, for the failure's report. */
async function describePayments(reader: pg.Client, problems: string[]): Promise<string[]> {
  const orders = [...new Set(problems.flatMap((p) => /order (\S+):/.exec(p)?.[1] ?? []))];
  const lines: string[] = [];
  const rows = async (title: string, sql: string, id: string) => {
    for (const row of (await reader.query(sql, [id])).rows) lines.push(`  ${title} ${JSON.stringify(row)}`);
  };
  for (const orderId of orders) {
    const payment = (await reader.query('SELECT id, transaction_id, state, amount_minor::text, captured_minor::text, refunded_minor::text, needs_attention, attention_reason, next_check_at FROM paydesk.payments WHERE order_id = $1', [orderId])).rows[0];
    lines.push(`order ${orderId} in the team ledger: ${JSON.stringify(payment ?? null)}`);
    if (!payment) continue;
    await rows('operation', `SELECT kind, amount_minor::text, base_minor::text, outcome, db_user, laptop, error_code, created_at, completed_at, settled_by, settled_reason FROM paydesk.operations WHERE payment_id = $1 ORDER BY created_at, id`, payment.id);
    await rows('audit', `SELECT seq, at, db_user, os_user, action, amount_minor::text, result FROM paydesk.audit_log WHERE payment_id = $1 ORDER BY seq`, payment.id);
    await rows('history', `SELECT at, state, status_word, source, db_user FROM paydesk.payment_history WHERE payment_id = $1 ORDER BY id`, payment.id);
    await rows('check', `SELECT at, outcome, status_word, state, db_user FROM paydesk.status_checks WHERE payment_id = $1 ORDER BY id`, payment.id);
  }
  return lines;
}

type Open = { id: string; kind: string; outcome: string; payment_id: string; transaction_id: string | null; needs_attention: boolean };
type Settled = { onTheirOwn: number; statusAsked: number; byHand: number };

const openNow = async (reader: pg.Client) => (await reader.query(`SELECT o.id, o.kind, o.outcome, o.payment_id, p.transaction_id, p.needs_attention FROM paydesk.operations o JOIN paydesk.payments p ON p.id = o.payment_id
  WHERE o.outcome IN ('sending', 'unknown') OR (p.state IN ('creating', 'unknown') AND o.kind = 'create')`)).rows as Open[];
/** Undecidable: an unclear capture, refund or void the answers could not settle, waiting for a person. */
const waitsForPerson = (op: Open) => op.outcome === 'unknown' && op.kind !== 'create' && op.needs_attention;

/**
 * Both laptops are up and moves have stopped: what is still open is settled. First the laptops on
 * their own, for a while: each marked its interrupted operations at its start (or reconnect) and
 * its reconciliation checks them (after 3 s without a page, then every 15 s; a payment leased by a
 * laptop killed while checking it waits two minutes). Then as people would: a status check of each
 * payment still open, and an unclear capture, refund or void that answers without totals cannot
 * decide is settled by hand from the gateway's records (what a person reads on its dashboard).
 * Bounded: gives up after two minutes, leaving the checker to name what is still open.
 */
async function settle(reader: pg.Client, call: (method: string, input: unknown) => Promise<ApiAnswer | 'down' | 'gone'>, records: () => ReadonlyArray<{ operation: string; transactionId?: string }>, log: (line: string) => void): Promise<Settled> {
  const settled: Settled = { onTheirOwn: 0, statusAsked: 0, byHand: 0 };
  const before = (await openNow(reader)).length;
  const own = Date.now() + 20_000;
  while (Date.now() < own && (await openNow(reader)).some((op) => !waitsForPerson(op))) await sleep(500);
  settled.onTheirOwn = before - (await openNow(reader)).filter((op) => !waitsForPerson(op)).length;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const open = await openNow(reader);
    if (open.length === 0) break;
    for (const op of open) {
      // A restarted laptop marks its own `sending` operations unknown at its start: wait for that.
      if (op.outcome === 'sending') continue;
      if (waitsForPerson(op)) {
        const atGateway = records().filter((r) => r.operation === op.kind && r.transactionId === op.transaction_id).length;
        const known = Number((await reader.query(`SELECT count(*) AS n FROM paydesk.operations WHERE payment_id = $1 AND kind = $2 AND outcome = 'succeeded'`, [op.payment_id, op.kind])).rows[0].n);
        const answer = await call('settleOperation', { paymentId: op.payment_id, operationId: op.id, happened: atGateway > known, reason: 'Crash test: the gateway’s own records' });
        if (answer !== 'down' && answer !== 'gone' && answer.ok) settled.byHand += 1;
        else log(`settling ${op.kind} by hand: ${JSON.stringify(answer)}`);
        continue;
      }
      const answer = await call('checkPaymentStatus', { paymentId: op.payment_id });
      if (answer !== 'down' && answer !== 'gone' && answer.ok) settled.statusAsked += 1;
    }
    await sleep(500);
  }
  return settled;
}
