// The gateway check-up service: starts one run at a time on a sandbox (or the practice)
// profile, runs the steps in order through the payments service pinned to that profile,
// tells the renderer of every change (checkup.progress), stops after the step under way when
// cancelled, and always cleans up. Production is refused: a check-up moves money.
// On the team ledger each run's state, steps and findings are also kept in the team database as
// they change (main/ledger/checkup-runs.ts), so support and admin on any laptop list and open it; a laptop's own
// ledger keeps its runs in memory until Paydesk quits, and its latest run in a file as it goes
// (last-run-file.ts), so one that Paydesk stopped in the middle of is shown again as interrupted.
import { randomBytes, randomUUID } from 'node:crypto';
import { checkupStepKeys, type CheckupRun, type CheckupRunSummary, type CheckupStep } from '../../contract/methods/checkup';
import { exponentOf, type CurrencyCode } from '../../contract/money';
import type { Environment } from '../../contract/methods/app';
import { fail } from '../core/fail';
import type { CallContext } from '../core/call-context';
import type { EventHub } from '../core/event-hub';
import type { GatewayClient } from '../gateway/client';
import { redact, type Logger } from '../log/logger';
import type { ActiveGateway, PaymentsService } from '../payments/payments-service';
import { cleanUp } from './cleanup';
import { buildReport, type AppVersions } from './report';
import { settle, type StepKit } from './step-kit';
import { steps } from './steps';
import { checkupCounts } from '../ledger/checkup-runs';
import type { LastRunFile } from './last-run-file';

export type CheckupDeps = {
  /** Its ledger (the laptop's file or the team's PostgreSQL) is where the run's moves and audit entries go. */
  payments: PaymentsService;
  client: GatewayClient;
  events: EventHub;
  logger: Logger;
  app: AppVersions;
  /** The profile's connection, defaults and currency, whether or not it is the active one (throws AppFailure). */
  gatewayFor(profileId: string): Promise<CheckupGateway>;
  /** The profile's environment, known without its key: production is refused before anything else. */
  environmentOf(profileId: string): Environment | undefined;
  now?: () => Date;
  /** A laptop's own ledger: where its latest run is kept as it goes (unused on the team ledger, which keeps every run). */
  lastRunFile?: LastRunFile;
};

export type CheckupGateway = ActiveGateway & { currency: CurrencyCode };
type Run = CheckupRun & {
  cancelRequested: boolean; done: Promise<void>; gatewayHost: string; pathOverrides: string[];
  /** The profile's key: removed from what is kept on the team ledger (it never is in a step, but a gateway could echo it). */
  secret: string;
  /** Kept on the team ledger: a save under way, and whether the run changed since it started. */
  saving?: Promise<void>; dirty: boolean;
  /** Kept on the team ledger: this laptop holds the run while it runs (let go after its last save). */
  hold?: { release(): Promise<void> };
};
/** How many runs of a profile the list shows. */
const recentRuns = 20;
/** A digit run that could be a card number, with or without spaces and dashes (as the database refuses it). */
const cardLike = /\d(?:[ -]?\d){11,18}/g;

/**
 * The run as it is kept (the team ledger, a laptop's file): its steps without the key or anything
 * like a card number. Only the steps' words are scrubbed: the run's own id is a UUID whose digits
 * can look like a card number ("…28b1-4755-9386-236597267bac"), and a scrubbed id is no id (the
 * team ledger refused the save, and the run was never listed on the other laptops).
 */
export function keptCopyOf(run: CheckupRun, secret: string): CheckupRun {
  return { ...run, steps: JSON.parse(redact(JSON.stringify(run.steps), [secret]).replace(cardLike, '[removed]')) as CheckupRun['steps'] };
}

/** Small amounts: two units of the currency (at least 200 of its smallest unit), 40% captured, 30% refunded. */
export function checkupAmounts(currency: CurrencyCode) {
  const base = Math.max(200, 2 * 10 ** exponentOf(currency));
  return { base, capture: (base / 10) * 4, refund: (base / 10) * 3 };
}

export function createCheckupService(deps: CheckupDeps) {
  const now = deps.now ?? (() => new Date());
  const runs = new Map<string, Run>();
  const latest = new Map<string, string>();
  let running: Run | undefined;
  let starting = false;

  const kept = deps.payments.store.checkupRuns;
  const lastRun = kept ? undefined : deps.lastRunFile;
  const view = (run: Run): CheckupRun => structuredClone({ id: run.id, profileId: run.profileId, environment: run.environment, currency: run.currency, state: run.state, startedAt: run.startedAt, finishedAt: run.finishedAt, steps: run.steps });
  const summaryOf = ({ steps: runSteps, ...run }: CheckupRun): CheckupRunSummary => ({ ...run, counts: checkupCounts(runSteps) });
  /** The run as the team ledger keeps it: names, types, words and codes, without the key or anything like a card number. */
  const keptCopy = (run: Run): CheckupRun => keptCopyOf(view(run), run.secret);
  /** Saves the run on the team ledger, one save at a time, the latest state last; a failure is logged, the run goes on. */
  function persist(run: Run) {
    if (!kept && !lastRun) return;
    run.dirty = true;
    run.saving ??= (async () => {
      while (run.dirty) {
        run.dirty = false;
        const saved = kept ? kept.save(keptCopy(run), { gatewayHost: run.gatewayHost, pathOverrides: run.pathOverrides }) : lastRun!.save(keptCopy(run));
        await saved.catch((e: unknown) => deps.logger.warn(kept ? 'Check-up run not kept on the team ledger' : 'Check-up run not kept in the data folder', { code: (e as { code?: string }).code ?? 'unknown' }));
      }
      run.saving = undefined;
    })();
  }
  /**
   * A laptop's own ledger: its latest run as the previous Paydesk left it, read once at the start.
   * One still running then can no longer finish (Paydesk was closed or killed in the middle of
   * it): it is interrupted, and its file says so from now on.
   */
  const previous: Promise<CheckupRun | undefined> = (lastRun?.read() ?? Promise.resolve(undefined)).then(async (run) => {
    if (!run || !(run.state === 'running' || run.state === 'cancelling')) return run;
    const ended: CheckupRun = { ...run, state: 'interrupted', finishedAt: now().toISOString() };
    await lastRun!.save(ended).catch((e: unknown) => deps.logger.warn('Interrupted check-up not marked in the data folder', { code: (e as { code?: string }).code ?? 'unknown' }));
    return ended;
  });
  const previousOf = async (profileId: string) => ((await previous)?.profileId === profileId ? (await previous)! : undefined);
  const previousById = async (runId: string) => ((await previous)?.id === runId ? (await previous)! : undefined);
  const progress = (run: Run) => {
    persist(run);
    deps.events.emit({ type: 'checkup.progress', runId: run.id });
  };
  /** A kept run (another laptop's, or one from before a restart); reading is support's and admin's, others find none. */
  const keptRead = async <T>(read: () => Promise<T>, none: T): Promise<T> => {
    if (!kept) return none;
    try {
      return await read();
    } catch (e) {
      if ((e as { code?: string }).code === 'forbidden') return none;
      throw e;
    }
  };
  /**
   * This laptop's run kept as running, though this Paydesk runs no such run: Paydesk stopped in the
   * middle of it (closed, killed). Said so on the team ledger (only its starter may: another login
   * on this laptop sees it so all the same); its clean-up never ran. (Another laptop's run that no
   * session holds any more is read as interrupted already: pg-checkup-runs.ts.)
   */
  async function interrupted<T extends CheckupRun | CheckupRunSummary>(run: T): Promise<T> {
    const open = run.state === 'running' || run.state === 'cancelling' || run.state === 'interrupted';
    if (!kept || run.startedBy?.thisLaptop !== true || !open || runs.has(run.id)) return run;
    const finishedAt = now().toISOString();
    const found = await kept.get(run.id);
    if (found && found.savedState !== 'running' && found.savedState !== 'cancelling') return run;
    if (found) {
      await kept.save({ ...found.run, state: 'interrupted', finishedAt }, found.context).catch((e: unknown) =>
        deps.logger.warn('Interrupted check-up not marked on the team ledger', { code: (e as { code?: string }).code ?? 'unknown' }));
    }
    return { ...run, state: 'interrupted', finishedAt };
  }
  // Through the ledger in use: on the team ledger the start registers the run, and the database
  // refuses it to a role that may not capture, void and refund (checkup.sql).
  const audit = (ctx: CallContext, run: Pick<CheckupRun, 'id' | 'profileId' | 'environment'>, action: string, result: string) =>
    deps.payments.store.appendAudit({ osUser: ctx.osUser, profileId: run.profileId, environment: run.environment, action, result, checkupRun: run.id }, now().toISOString());

  function summary(run: CheckupRun): string {
    const count = (state: CheckupStep['state']) => run.steps.filter((s) => s.state === state).length;
    return `${count('passed')} passed, ${count('different')} answered differently, ${count('failed')} failed, ${count('skipped')} skipped${run.state === 'cancelled' ? ', cancelled' : ''}`;
  }

  async function execute(run: Run, kit: StepKit, ctx: CallContext) {
    for (const step of run.steps) {
      if (step.key !== 'cleanup' && run.cancelRequested) {
        step.state = 'cancelled';
        continue;
      }
      step.state = 'running';
      progress(run);
      kit.step = step;
      try {
        if (step.key === 'cleanup') await cleanUp(kit);
        else await steps[step.key](kit);
      } catch (e) {
        // A step that breaks is a finding, never the end of the check-up (nor of its clean-up).
        deps.logger.error('Check-up step failed unexpectedly', { step: step.key, error: e instanceof Error ? e.name : 'unknown' });
        step.findings.push({ code: 'call_failed', severity: 'failed', params: { call: step.key, error: 'internal', gatewayCode: '' } });
      }
      settle(step);
      progress(run);
    }
    run.state = run.cancelRequested ? 'cancelled' : 'finished';
    run.finishedAt = now().toISOString();
    await audit(ctx, run, 'checkup_finished', summary(run)).catch((e: unknown) =>
      deps.logger.warn('Check-up end not recorded in the audit log', { code: (e as { code?: string }).code ?? 'unknown' }));
    deps.logger.info('Gateway check-up finished', { environment: run.environment, cancelled: run.cancelRequested });
    progress(run);
    while (run.saving) await run.saving;
    await run.hold?.release().catch(() => undefined);
  }

  function mustGet(runId: string): Run {
    const run = runs.get(runId);
    if (!run) throw fail('not_found', 'checkup.noRun');
    return run;
  }

  return {
    async start(profileId: string, ctx: CallContext): Promise<CheckupRun> {
      const refuse = () => fail('rule_violation', 'checkup.notProduction');
      if (deps.environmentOf(profileId) === 'production') throw refuse();
      const gateway = await deps.gatewayFor(profileId);
      if (gateway.profile.environment === 'production') throw refuse();
      if (running || starting) throw fail('busy', 'checkup.running');
      // The previous Paydesk's run read (and marked) first: this run's saves then replace it.
      await previous;
      if (running || starting) throw fail('busy', 'checkup.running');
      const id = randomUUID();
      const started = now();
      const currency = gateway.currency;
      const run: Run = {
        id, profileId, environment: gateway.profile.environment, currency, state: 'running', startedAt: started.toISOString(), finishedAt: null,
        steps: checkupStepKeys.map((key) => ({ key, state: 'waiting', orderIds: [], answers: [], findings: [] })),
        cancelRequested: false, done: Promise.resolve(), gatewayHost: new URL(gateway.conn.baseUrl).host,
        pathOverrides: Object.keys(gateway.conn.pathOverrides ?? {}), secret: gateway.conn.apiKey, dirty: false,
      };
      // Starts with a letter: the date and the tag never join into a digit run a redactor would take for a card number.
      const tag = `R${randomBytes(3).toString('hex').toUpperCase()}`;
      const day = deps.payments.today(); // the business's day, as payments' own order ids have it
      const kit: StepKit = {
        payments: deps.payments,
        // Pinned: a profile switched meanwhile changes nothing for this run.
        flows: deps.payments.pinned(() => deps.gatewayFor(profileId), { checkupRun: id }),
        client: deps.client, gateway, ctx, currency, amounts: checkupAmounts(currency),
        // The business's day, as the link's and session's expiry is judged: the UTC day was yesterday in Riyadh until 03:00.
        today: deps.payments.today(),
        orderId: (what) => `CHK-${day.replace(/-/g, '')}-${tag}-${what}`,
        made: {}, created: [], step: run.steps[0]!,
      };
      // Recorded before anything moves: a refusal (the team ledger's, by role) leaves nothing behind.
      starting = true;
      try {
        await audit(ctx, run, 'checkup_started', `${run.environment}, ${currency}`);
      } finally {
        starting = false;
      }
      // Held before its first save: a run kept as running that nobody holds reads as interrupted.
      run.hold = await kept?.hold(id).catch((e: unknown) => {
        deps.logger.warn('Check-up run not held on the team ledger', { code: (e as { code?: string }).code ?? 'unknown' });
        return undefined;
      });
      runs.set(id, run);
      latest.set(profileId, id);
      running = run;
      run.done = execute(run, kit, ctx).finally(() => {
        if (running === run) running = undefined;
      });
      return view(run);
    },

    cancel(runId: string): CheckupRun {
      const run = mustGet(runId);
      if (run.state === 'running') {
        run.cancelRequested = true;
        run.state = 'cancelling';
        progress(run);
      }
      return view(run);
    },

    /** A run by id (this laptop's as it runs, else as the team ledger keeps it), or the profile's latest on the ledger in use. */
    async get(input: { runId?: string; profileId?: string }): Promise<{ run: CheckupRun | null }> {
      if (input.runId) {
        const local = runs.get(input.runId);
        if (local) return { run: view(local) };
        if (!kept) return { run: (await previousById(input.runId)) ?? null };
        const found = (await keptRead(() => kept.get(input.runId!), undefined))?.run;
        return { run: found ? await interrupted(found) : null };
      }
      if (!input.profileId) return { run: null };
      const local = runs.get(latest.get(input.profileId) ?? '');
      if (!kept) return { run: local ? view(local) : (await previousOf(input.profileId)) ?? null };
      // The team ledger out of reach: this laptop's own latest run is still shown.
      const newest = (await keptRead(() => kept!.recent(input.profileId!, 1), []).catch(() => []))[0];
      if (!newest || newest.id === local?.id || (local && local.startedAt >= newest.startedAt)) return { run: local ? view(local) : null };
      const found = (await keptRead(() => kept!.get(newest.id), undefined))?.run;
      return { run: found ? await interrupted(found) : null };
    },

    /** The profile's recent runs, newest first: on the team ledger every laptop's, else this run of Paydesk's. */
    async list(profileId: string): Promise<{ runs: CheckupRunSummary[]; kept: 'team' | 'thisRun' }> {
      const mine = [...runs.values()].filter((r) => r.profileId === profileId).map((r) => summaryOf(view(r)));
      const before = await previousOf(profileId);
      if (before && !runs.has(before.id)) mine.push(summaryOf(before));
      const team = await Promise.all((await keptRead(() => kept!.recent(profileId, recentRuns), [])).map((r) => interrupted(r)));
      // This laptop's runs as they are now (the kept copy may be a step behind), with who started them as kept.
      const all = [...team.map((r) => ({ ...(mine.find((m) => m.id === r.id) ?? r), startedBy: r.startedBy })), ...mine.filter((m) => !team.some((r) => r.id === m.id))];
      all.sort((a, b) => (a.startedAt < b.startedAt ? 1 : a.startedAt > b.startedAt ? -1 : 0));
      return { runs: all.slice(0, recentRuns), kept: kept ? 'team' : 'thisRun' };
    },

    async report(runId: string, ctx: CallContext) {
      const local = runs.get(runId);
      const found = local ? undefined : await keptRead(() => kept!.get(runId), undefined);
      const left = local || found ? undefined : await previousById(runId);
      if (!local && !found && !left) throw fail('not_found', 'checkup.noRun');
      const run = local ? view(local) : found?.run ?? left!;
      if (run.state === 'running' || run.state === 'cancelling') throw fail('busy', 'checkup.reportWhileRunning');
      const gateway = await deps.gatewayFor(run.profileId).catch(() => undefined);
      // A run made on another laptop reports that laptop's gateway host and overridden paths (kept with it).
      const context = local || left ? { gatewayHost: local?.gatewayHost ?? (gateway ? new URL(gateway.conn.baseUrl).host : ''), pathOverrides: Object.keys(gateway?.conn.pathOverrides ?? {}) } : found!.context;
      const report = buildReport(run, { app: deps.app, ...context, secrets: gateway ? [gateway.conn.apiKey] : [], at: now() });
      await audit(ctx, run, 'checkup_report_saved', summary(run));
      return report;
    },

    /** For tests: resolves when the run has finished (clean-up included). */
    finished: (runId: string) => mustGet(runId).done,
  };
}

export type CheckupService = ReturnType<typeof createCheckupService>;
