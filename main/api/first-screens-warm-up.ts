// Main's idle time right after the app starts, spent on what the first screens' first calls would
// otherwise do on their way, before the page asks (docs/performance.md, "Cold start, eighth pass"):
// zod building and first running the contract's checks of the list's and Home's calls (the list's
// first output check of 100 rows took 7 ms quiet, 10-20 under load; later ones ~1 ms), the list's
// plan, statement and first rows read (SQLite's page cache, V8's row reading), Home's statements
// on main's connection, and the session's two calls run once through their handlers (their checks
// built and first run: 1-5 ms each on the first request's path; fifteenth pass). Nothing is
// answered ahead, kept for a call, walked, counted or announced: every call still reads its own
// answer, so the answers, errors and events are the same.
//
// Short steps, each after the I/O that arrived meanwhile (setImmediate): a call or a file waits
// for one step at most.
import { methods } from '../../contract/methods';
import type { Handlers } from './create-handlers';
import type { LedgerReads } from '../payments/ledger-reads';
import type { Overview } from '../payments/overview';

/** The list's first call as the renderer sends it (transactions-store.ts): the contract's defaults. */
const firstListInput = { filter: {}, sort: { by: 'createdAt', direction: 'desc' }, offset: 0, limit: 100 };

export type WarmUpDeps = {
  /** This laptop's ledger reads (absent on the team ledger: its reads are the team database's). */
  reads?: Pick<LedgerReads, 'warmFirstPage'>;
  /** Home's overview on this laptop's ledger (absent on the team ledger). */
  overview?: Pick<Overview, 'warmUp'>;
  /**
   * The session's calls, every page's first request with the list's or Home's (session-store.ts).
   * They read only what main holds (the app's name, the language, the active profile): run once
   * here, their answers dropped, they leave nothing behind.
   */
  session?: Pick<Handlers, 'getAppInfo' | 'getActiveProfile'>;
};

/** Who the warm-up's calls are from: no one (the session's two calls do not read it). */
const warmUpCaller = { transport: 'direct', osUser: '' } as const;

/** The steps, list first (a returning user's list asks within ms of the start), the session's, then Home's. */
export function firstScreensWarmUp(deps: WarmUpDeps): Array<() => void | Promise<void>> {
  const list = methods.searchPayments;
  const home = methods.getOverview;
  let listInput: ReturnType<typeof list.input.parse> | undefined;
  let listAnswer: ReturnType<typeof list.output.parse> | undefined;
  return [
    () => void (listInput = list.input.parse(firstListInput)),
    () => void (listAnswer = listInput && deps.reads?.warmFirstPage(listInput)),
    // The 100 rows' check in two halves (two shorter steps: V8 warms its code as much either way).
    () => void (listAnswer && list.output.safeParse({ ...listAnswer, rows: listAnswer.rows.slice(0, 50) })),
    () => void (listAnswer && list.output.safeParse({ ...listAnswer, rows: listAnswer.rows.slice(50) })),
    async () => void (await deps.session?.getAppInfo({}, warmUpCaller)),
    async () => void (await deps.session?.getActiveProfile({}, warmUpCaller)),
    async () => {
      const warmed = await deps.overview?.warmUp();
      if (!warmed) return;
      home.input.safeParse(warmed.query);
      home.output.safeParse(warmed.answer);
    },
  ];
}

/** Runs `steps` one per turn of the event loop, until they are done or `stopped()` (the app closed). A failing step is only skipped: its call will say what is wrong. */
export function runInIdleSteps(steps: Array<() => void | Promise<void>>, stopped: () => boolean): Promise<void> {
  return new Promise((done) => {
    const next = () => {
      const step = steps.shift();
      if (!step || stopped()) return done();
      Promise.resolve()
        .then(step)
        .catch(() => undefined)
        .then(() => setImmediate(next));
    };
    setImmediate(next);
  });
}
