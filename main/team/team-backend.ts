// This laptop's ledger on the team's PostgreSQL, when Settings → Team ledger says to use it
// (`use` in team-ledger.json, read at start): the payments store on a small pool (pg loaded from
// its own bundle, team-ledger.cjs), who this laptop is logged in as and the role the database
// gives, live updates from every laptop turned into main's `payments.changed` events, and, at
// start and at every reconnect, this laptop's own `sending` operations marked unknown and checked
// first (docs/team-ledger-plan.md, steps 5 and 8). A server out of reach does not stop the start:
// Settings says so in words, a notification says it is reconnecting, and every call that needs the
// ledger fails in words before anything is sent to the gateway.
import type { ClockWatch } from '../core/clock-watch';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { Reason } from '../../contract/reasons';
import { AppFailure, type ErrorCode } from '../../contract/result';
import type { TeamLedgerView } from '../../contract/methods/team-ledger';
import type { PublishedProfile } from '../ledger/postgres/pg-profiles';
import type { EventHub } from '../core/event-hub';
import { englishText, reason } from '../core/fail';
import type { BulkStore } from '../ledger/bulk-store';
import type { LedgerStore } from '../ledger/store';
import type { Logger } from '../log/logger';
import { teamAuditPositionFile } from './team-audit-position';
import { loadTeamLedgerModule, noPasswordReason, type StoredTeamLedger, type TeamLedgerModule, type TeamLedgerSettingsService } from './team-ledger-settings';
import { waitingForPassword } from './waiting-for-password';
import type { TeamLedgerLogin } from '../vault/team-ledger-password';
import { watchedLinkNotices } from './watched-links';
import { teamProfilesLink, type TeamProfilesLink } from './team-profiles-link';

/** What the team backend needs of the payments service once it exists. */
type Payments = { markInterrupted(): Promise<number>; reconcileDue(): Promise<number> };
type Session = NonNullable<TeamLedgerView['session']>;

/** The screens' reads on the team ledger (pg-reads.ts, pg-overview.ts, pg-export.ts, pg-quick-export.ts), with SQLite's contract. */
export type TeamScreens = {
  reads: ReturnType<TeamLedgerModule['createTeamLedgerReads']>;
  overview: ReturnType<TeamLedgerModule['createTeamOverview']>;
  exports: ReturnType<TeamLedgerModule['createTeamExports']>;
  /** The quick CSV downloads (exportPayments, exportAuditLog). */
  quick: ReturnType<TeamLedgerModule['createTeamQuickExports']>;
};

export type TeamBackend = {
  store: LedgerStore;
  /** Bulk payment links' batches and rows in the team database (pg-bulk.ts): one laptop runs a batch at a time. */
  bulk: BulkStore;
  /** This laptop's id in the team ledger (operations it sends are stamped with it). */
  laptop: string;
  session(): Session;
  /** The live connection is lost and being made again (the header's chip says so on every screen): told by team.changed as it turns. */
  reconnecting(): boolean;
  /** The list, audit log, customers, overview and exports on the team ledger; undefined without a connection's settings. */
  screens?: TeamScreens;
  /** With the payments service made: settles this laptop's interrupted operations, then listens for changes. */
  begin(payments: Payments): Promise<void>;
  /** The laptop woke from sleep: its connections may lead nowhere now; found out at once, not at the next heartbeat or query's time-out. */
  wake(): Promise<void>;
  /** The team's profiles (pg-profiles.ts): the list every laptop reads, and this laptop's published to it. */
  profiles: TeamProfilesLink;
  /** "Change my password" changed `login`'s password on the server: this ledger's next connections use it, when they are that login's. */
  passwordChanged(login: TeamLedgerLogin, password: string): void;
  close(): Promise<void>;
};

/** A stable id for this laptop and data folder, kept in the data folder (`laptop-id`), made once. */
export function laptopId(dataDir: string): string {
  const file = join(dataDir, 'laptop-id');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept) return kept;
  }
  const made = `${hostname().slice(0, 40)}-${randomUUID().slice(0, 8)}`;
  writeFileSync(file, `${made}\n`, { mode: 0o600 });
  return made;
}

/**
 * Failures made in team-ledger.cjs are AppFailures of that bundle's own copy of the class, which
 * main's handlers would not recognise (answered "internal"): they are made again as main's.
 */
function asMainFailure(error: unknown): never {
  const e = error as { name?: unknown; code?: ErrorCode; message?: string; extra?: ConstructorParameters<typeof AppFailure>[2] } | null;
  if (!(error instanceof AppFailure) && e?.name === 'AppFailure' && e.code && e.message !== undefined) throw new AppFailure(e.code, e.message, e.extra);
  throw error;
}
function mainFailures<T extends object>(service: T, inWords: (error: unknown) => never = asMainFailure): T {
  const call = (fn: (...a: unknown[]) => unknown) => (...args: unknown[]) => {
    try {
      const result = fn(...args);
      return result instanceof Promise ? result.catch(inWords) : result;
    } catch (error) {
      return inWords(error);
    }
  };
  return Object.fromEntries(Object.entries(service).map(([name, value]) => [name, typeof value === 'function' ? call(value as (...a: unknown[]) => unknown) : value])) as T;
}

/**
 * Exports run in a worker thread on a connection of its own (dist/main/team-export-worker.cjs,
 * beside main's bundle), so a large file never holds main's event loop; unbundled (tests), on main.
 */
function exportWorker(team: TeamLedgerModule, settings: Parameters<TeamLedgerModule['clientConfig']>[0], password: () => string) {
  const client = team.clientConfig(settings, password());
  if (typeof __dirname !== 'string' || !('config' in client)) return undefined;
  // Read at each export (a thread is given text, not a function): the password as it is then.
  return { file: join(__dirname, 'team-export-worker.cjs'), get config() { return { ...client.config, password: password() }; } };
}

type Deps = {
  dataDir: string; settings: TeamLedgerSettingsService; events: EventHub; logger: Logger; exportDir: string;
  /** How often this laptop looks again for its own operations left `sending` (default: reconciliation's 15 s). */
  recheckMs?: number;
  /** This laptop's profiles, published to the team's list at each connection (never a key: pg-profiles.ts takes four fields). */
  profilesHere?: () => readonly PublishedProfile[];
  /** Told the team server's clock at each heartbeat of the live connection: whether this computer's clock looks wrong. */
  clock?: ClockWatch;
};
type Saved = NonNullable<Awaited<ReturnType<TeamLedgerSettingsService['connectionSettings']>>>;

/** The team backend when it is chosen, else undefined (this laptop's SQLite ledger is used). */
export async function openTeamBackend(deps: Deps): Promise<TeamBackend | undefined> {
  const stored = deps.settings.read();
  if (!stored?.use) return undefined;
  const laptop = laptopId(deps.dataDir);
  const saved = await deps.settings.connectionSettings();
  if (saved) return openWithPassword(deps, stored, laptop, saved);
  deps.logger.warn('team ledger chosen but no password in the keychain for its login');
  // Refused in words until the password is saved in Settings, then opened there and then.
  return waitingForPassword({
    settings: deps.settings, events: deps.events, logger: deps.logger, laptop, login: stored.user,
    why: noPasswordReason(stored, stored.testedRole),
    async open() {
      const now = deps.settings.read();
      const password = await deps.settings.connectionSettings();
      return now?.use && password ? openWithPassword(deps, now, laptop, password) : undefined;
    },
  });
}

async function openWithPassword(deps: Deps, stored: StoredTeamLedger, laptop: string, saved: Saved): Promise<TeamBackend> {
  let session: Session = { login: stored.user, role: null, reason: null };
  deps.settings.setRunning(() => ({ inUse: true, session }));
  const team = await loadTeamLedgerModule();
  // Read at each new connection: "Change my password" changes it while the app runs (passwordChanged).
  let password = saved.password;
  const passwordNow = () => password;
  const opened = team.openPostgresLedgerStore(saved.settings, passwordNow, { laptop });
  const store = { ...mainFailures(opened.store), invoices: mainFailures(opened.store.invoices) };
  // A screen's read that failed for the server (out of reach, the login refused) says so in "Test
  // connection"'s words, as the store does, not "something went wrong inside Paydesk".
  const serverInWords = (error: unknown): never => asMainFailure(team.serverFailureInWords(error, saved.settings) ?? error);
  const bulk = mainFailures(team.createTeamBulkStore({ pool: opened.pool, laptop, settings: saved.settings }));
  const reads = mainFailures(team.createTeamLedgerReads({
    pool: opened.pool, laptop, settings: saved.settings,
    // How far this laptop verified the team's audit chain, kept across restarts (per server and database).
    auditPosition: teamAuditPositionFile(deps.dataDir, `${saved.settings.host}:${saved.settings.port}/${saved.settings.database}`),
    onCounted: (counted) => deps.events.emit({ type: 'payments.counted', ...counted }),
    onAuditVerify: (event) => deps.events.emit(event),
  }), serverInWords);
  // The CSVs name each payment's and audit entry's profile as this laptop names it (profile_name,
  // walk37), and a colleague's profile not here as the team's list does (walk39: it had none). The
  // list is read at the start and again when a colleague publishes, renames or removes one.
  const teamList = team.createTeamProfiles({ pool: opened.pool, login: saved.settings.user });
  let teamNames: Record<string, string> = {};
  const readTeamNames = () => teamList.list().then((list) => void (teamNames = Object.fromEntries(list.map((p) => [p.id, p.name]))), () => undefined);
  const profileNames = () => ({ ...teamNames, ...Object.fromEntries((deps.profilesHere?.() ?? []).map((p) => [p.id, p.name])) });
  const screens: TeamScreens = {
    reads,
    overview: mainFailures(team.createTeamOverview({ pool: opened.pool, profileNames }), serverInWords),
    exports: mainFailures(team.createTeamExports({ pool: opened.pool, exportDir: deps.exportDir, emit: (event) => deps.events.emit(event), worker: exportWorker(team, saved.settings, passwordNow), profileNames }), serverInWords),
    quick: mainFailures(team.createTeamQuickExports({ pool: opened.pool, settings: saved.settings, chain: () => reads.auditChain(), profileNames }), serverInWords),
  };

  const profiles = teamProfilesLink({
    profiles: mainFailures(team.createTeamProfiles({ pool: opened.pool, login: saved.settings.user }), serverInWords),
    profilesHere: () => deps.profilesHere?.() ?? [],
    publishes: () => session.reason === null && session.role !== null && session.role !== 'finance',
    logger: deps.logger,
  });

  // Who this laptop is in the team and its role (the screens hide what it may not do), or why not.
  const checkSession = async () => {
    // A server that does not answer costs the start at most this long (one refusing answers at once).
    const check = await team.testTeamLedgerConnection(saved.settings, password, { timeoutMs: 3_000 });
    session = check.ok ? { login: check.login, role: check.role, reason: null } : { login: stored.user, role: null, reason: check.reason };
    if (!check.ok) deps.logger.warn('team ledger not reachable at start', { problem: check.problem });
  };
  await checkSession();
  if (session.reason === null) await readTeamNames();
  // The screens learn the role from getAppInfo: told to ask again when a later check changed it.
  // `told`: the screens are told anyway (the header's chip stops saying "reconnecting").
  const checkSessionAgain = async (told = false) => {
    const before = session;
    await checkSession().catch(() => undefined);
    // Settings' line follows the reason too (reconnecting, then connected again).
    if (told || session.role !== before.role || session.reason !== before.reason) deps.events.emit({ type: 'team.changed' });
  };
  // Where this laptop begins reading: changes after it that come before its listener is up are read
  // back when it is (live.ts `since`), so a screen drawn meanwhile is told of them.
  const since = session.reason === null
    ? await opened.pool.query(`SELECT CASE WHEN is_called THEN last_value ELSE 0 END::text AS at FROM paydesk.change_seq`).then((r) => Number(r.rows[0]!.at), () => undefined)
    : undefined;
  // A watched link another laptop's check found paid is told here too (watched-links.ts).
  const notices = watchedLinkNotices(opened.pool, deps.events);
  const startNotices = () => notices.start().catch(() => undefined);
  if (session.reason === null) await startNotices();

  let live: { check(): void; close(): Promise<void> } | undefined;
  let recheck: ReturnType<typeof setInterval> | undefined;
  let payments: Payments | undefined;
  let away = false;
  let listened = false;
  const notify = (level: 'info' | 'warning', why: Reason) => deps.events.emit({ type: 'notification', level, message: englishText(why), reason: why });
  // This laptop's own operations left `sending` (a crash, a lost connection) are marked unknown
  // and their status checked first; another laptop's stay as they are.
  // At start the checks begin with the other services after the first screen (composition.ts);
  // after a reconnect they are checked at once.
  const settle = async (checkNow: boolean) => {
    if (!payments) return;
    const marked = await payments.markInterrupted();
    if (marked > 0) deps.logger.info('team ledger: interrupted operations of this laptop marked unknown', { marked });
    if (marked > 0 && checkNow) await payments.reconcileDue();
  };
  const settleLogged = (checkNow: boolean) => settle(checkNow).catch((error: unknown) => deps.logger.warn('team ledger: interrupted operations not settled yet', { code: (error as { code?: string }).code ?? 'unknown' }));

  return {
    store,
    bulk,
    screens,
    laptop,
    profiles,
    session: () => session,
    reconnecting: () => away,
    async begin(service) {
      payments = service;
      // Out of reach now: the listener marks them once it connects (no second wait at start).
      if (session.reason === null) await settleLogged(false);
      // This laptop's profiles to the team's list, beside the start (a slow server does not hold it).
      void profiles.publish();
      live = team.listenForTeamChanges(saved.settings, passwordNow, {
        since,
        clock: deps.clock,
        onPaymentsChanged(ids) {
          for (let i = 0; i < ids.length; i += 1_000) deps.events.emit({ type: 'payments.changed', paymentIds: ids.slice(i, i + 1_000) });
          void notices.changed(ids).catch((error: unknown) => deps.logger.warn('team ledger: watched links not looked at', { code: (error as { code?: string }).code ?? 'unknown' }));
        },
        onBulkChanged(batchIds) {
          for (const batchId of batchIds) deps.events.emit({ type: 'bulk.changed', batchId });
        },
        onCheckupChanged(runIds) {
          for (const runId of runIds) deps.events.emit({ type: 'checkups.changed', runId });
        },
        // A colleague published, renamed or an admin removed one: Add profile's offers and the details' names follow.
        onProfilesChanged() {
          void readTeamNames();
          deps.events.emit({ type: 'teamProfiles.changed' });
        },
        onStatus(status) {
          if (status.state === 'reconnecting') {
            if (!away) {
              const why = reason('teamLedger.reconnecting', { host: saved.settings.host });
              notify('warning', why);
              // Settings says it too while it lasts (the notification may have been dismissed); the role stays as checked.
              if (session.reason === null) session = { ...session, reason: why };
              away = true;
              // The header's chip says it on every screen, also when the server was out of reach from the start.
              deps.events.emit({ type: 'team.changed' });
            }
            return;
          }
          if (away) notify('info', reason('teamLedger.reconnected', { host: saved.settings.host }));
          // Bulk batches and check-up runs are not read back by change_seq: a screen showing one reads
          // it again, after a reconnect and when first listening (moved before the listener was up).
          if (away || !listened) {
            void readTeamNames();
            deps.events.emit({ type: 'bulk.changed' });
            deps.events.emit({ type: 'checkups.changed' });
            deps.events.emit({ type: 'teamProfiles.changed' });
          }
          listened = true;
          // Back (or reachable for the first time): who we are again, then this laptop's interrupted operations.
          const reconnected = away;
          const wasAway = away || session.reason !== null;
          away = false;
          if (!wasAway) return;
          // Every open screen reads again (a list or Home that said "cannot reach" comes back by itself).
          deps.events.emit({ type: 'payments.changed', paymentIds: [] });
          void checkSessionAgain(reconnected).then(startNotices).then(() => settleLogged(true)).then(() => profiles.publish());
        },
      });
      // Marking at start and at a reconnect misses an operation whose answer could not be recorded
      // afterwards (the connection lost while recording it, after the reconnect's marking had passed
      // it by as still in flight): it would stay `sending` until the next start, the payment busy
      // for everyone. So this laptop looks again on reconciliation's beat (while connected).
      recheck = setInterval(() => {
        if (!away && session.reason === null) void settleLogged(true);
      }, deps.recheckMs ?? 15_000);
      recheck.unref();
    },
    async wake() {
      live?.check();
      await opened.woke();
    },
    passwordChanged(login, next) {
      const own = saved.settings;
      if (login.user === own.user && login.host === own.host && login.port === own.port && login.database === own.database) password = next;
    },
    async close() {
      clearInterval(recheck);
      await live?.close();
      await screens.exports.idle().catch(() => undefined);
      await screens.reads.stopAuditCheck().catch(() => undefined);
      await screens.reads.settled().catch(() => undefined);
      await opened.close().catch(() => undefined);
    },
  };
}
