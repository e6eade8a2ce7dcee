// The team ledger chosen, but no password for its login in the keychain at start (a new keychain,
// the entry removed): every ledger call is refused in words (nothing is recorded anywhere else,
// nothing is sent to the gateway), until the person saves the password in Settings → Team ledger.
// Then the team ledger opens there and then, without a restart: the store, bulk store and screens'
// reads that composition.ts handed out at start answer from it from that moment (they are stand-ins
// that follow it). Safe because while waiting nothing was recorded (every call was refused before
// it wrote or sent anything), and once open this laptop's `sending` operations are marked as at a
// start, except one it is sending right now (status-checks.ts markInterrupted): none is sent twice.
import type { Reason } from '../../contract/reasons';
import { AppFailure } from '../../contract/result';
import type { EventHub } from '../core/event-hub';
import { englishText } from '../core/fail';
import type { BulkStore } from '../ledger/bulk-store';
import type { LedgerStore } from '../ledger/store';
import type { Logger } from '../log/logger';
import type { TeamBackend, TeamScreens } from './team-backend';
import type { TeamLedgerSettingsService } from './team-ledger-settings';

type Session = ReturnType<TeamBackend['session']>;
/** A connection test's answers that mean the saved login itself is refused: the next save may fix it, so not opened. */
const loginRefusals = new Set(['teamLedger.wrongPassword', 'teamLedger.noPermission', 'teamLedger.notLetIn']);
type Payments = Parameters<TeamBackend['begin']>[0];

/** An object whose every call fails with `why()`, but for the members `kept` answers itself. */
function refusing<T extends object>(why: () => Reason, kept: Record<string, unknown> = {}): T {
  const refuse = async () => {
    throw new AppFailure('storage', englishText(why()), { reason: why() });
  };
  return new Proxy(kept as T, { get: (_, name) => (typeof name === 'string' && name in kept ? kept[name] : refuse) });
}

/** A store whose every call fails with `why()`: nothing is recorded elsewhere instead. */
function refusingStore<T extends object>(why: () => Reason): T {
  // The store's invoices and check-up runs answer the same refusal (objects of their own).
  const parts = refusing(why);
  return refusing<T>(why, { backend: 'postgres', invoices: parts, checkupRuns: parts });
}

/**
 * `waiting` until `current()` gives the opened ledger's object, then that object; the members named
 * in `nested` (the store's invoices, taken once by the invoice service) follow it the same way.
 */
function following<T extends object>(current: () => T | undefined, waiting: T, nested: string[] = []): T {
  const member = (of: object | undefined, name: string) => (of as Record<string, object> | undefined)?.[name];
  const parts = new Map(nested.map((name) => [name, following(() => member(current(), name), member(waiting, name)!)]));
  return new Proxy(waiting, {
    get(_, name) {
      if (typeof name === 'string' && parts.has(name)) return parts.get(name);
      const target = current() ?? waiting;
      const value: unknown = Reflect.get(target, name);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export function waitingForPassword(deps: {
  settings: TeamLedgerSettingsService; events: EventHub; logger: Logger; laptop: string; login: string; why: Reason;
  /** Opens the team ledger with the password now in the keychain (team-backend.ts), or undefined when there is none yet or it is no longer chosen. */
  open: () => Promise<TeamBackend | undefined>;
}): TeamBackend {
  let waitingSession: Session = { login: deps.login, role: null, reason: deps.why };
  // Calls say why as Settings does: no password yet, or the one saved refused.
  const why = () => waitingSession.reason as Reason;
  let opened: TeamBackend | undefined;
  let payments: Payments | undefined;
  let closed = false;
  let opening: Promise<void> | undefined;
  const session = () => opened?.session() ?? waitingSession;
  deps.settings.setRunning(() => ({ inUse: true, session: session() }));

  async function openNow() {
    const team = await deps.open();
    // Opening told Settings of its own session: Settings asks this backend again, whatever came of it.
    deps.settings.setRunning(() => ({ inUse: true, session: session() }));
    if (!team) return;
    const refusedLogin = team.session().reason;
    if (closed || (refusedLogin && loginRefusals.has(refusedLogin.key))) {
      // The password saved is refused (or the login is not in the team): keep waiting for the next save, and say why.
      if (refusedLogin && !closed) waitingSession = { ...waitingSession, reason: refusedLogin };
      return void (await team.close());
    }
    // From here every call answers from the team ledger; a call refused before sent nothing.
    opened = team;
    deps.logger.info('team ledger opened once its password was saved', { role: team.session().role ?? 'none' });
    // As at a start: this laptop's interrupted operations marked (not one being sent now), then live updates.
    if (payments) await team.begin(payments);
    // Who this laptop is (the screens' role), and every open screen reads again from the team ledger.
    deps.events.emit({ type: 'team.changed' });
    deps.events.emit({ type: 'payments.changed', paymentIds: [] });
  }
  // Settings saved (a password, or "Use the team ledger" again): open now if there is a password for the chosen login.
  deps.settings.whenSaved(async () => {
    if (opened || closed) return;
    opening ??= openNow().catch((error: unknown) => {
      deps.logger.warn('team ledger not opened after its password was saved', { error: error instanceof Error ? error.name : 'unknown' });
    }).finally(() => (opening = undefined));
    await opening;
  });

  const screens: TeamScreens = {
    reads: following(() => opened?.screens?.reads, refusing(why)),
    overview: following(() => opened?.screens?.overview, refusing(why)),
    quick: following(() => opened?.screens?.quick, refusing(why)),
    // Nothing was started while waiting, so nothing is cancelled.
    exports: following(() => opened?.screens?.exports, refusing(why, { cancel: () => false })),
  };
  return {
    store: following(() => opened?.store, refusingStore<LedgerStore>(why), ['invoices', 'checkupRuns']),
    bulk: following(() => opened?.bulk, refusingStore<BulkStore>(why)),
    screens,
    laptop: deps.laptop,
    // Nothing to publish while waiting (the opened ledger publishes as it begins); the list is refused in words.
    profiles: {
      list: () => (opened ? opened.profiles.list() : refusing<{ list(): Promise<never> }>(why).list()),
      publish: async () => opened?.profiles.publish(),
      renamed: async (profile) => opened?.profiles.renamed(profile),
      renameTeamRow: (id, name) => (opened ? opened.profiles.renameTeamRow(id, name) : refusing<{ rename(): Promise<never> }>(why).rename()),
      removeTeamRow: (id) => (opened ? opened.profiles.removeTeamRow(id) : refusing<{ remove(): Promise<never> }>(why).remove()),
    },
    session,
    reconnecting: () => opened?.reconnecting() ?? false,
    async begin(service) {
      payments = service;
    },
    wake: async () => opened?.wake(),
    passwordChanged: (login, password) => opened?.passwordChanged(login, password),
    async close() {
      closed = true;
      await opening;
      await opened?.close();
    },
  };
}
