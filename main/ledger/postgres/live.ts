// Live updates across laptops: one dedicated connection (outside the ledger's pool, which hands
// its connections around) LISTENs on `paydesk_changes` (live.sql) and turns the notifications
// into `onPaymentsChanged(paymentIds)`, batched per tick. A lost connection (server restart,
// pg_terminate_backend, network) is retried with a growing delay; once it LISTENs again, the
// payments changed meanwhile are read back by change_seq and reported through the same callback
// ("resync"). A connection the network dropped without a word (a laptop that slept, a Wi-Fi change,
// a NAT that forgot it: nothing closes, nothing arrives) is found by a heartbeat, a cheap query that
// must answer within a few seconds; one that does not is cut and reconnected as any lost one
// (docs/team-ledger.md, "A laptop that sleeps"). Nothing here keeps the process alive or lets an
// error end it; close() stops it all.
import type { ClockWatch } from '../../core/clock-watch';
import pg from 'pg';
import { clientConfig, serverKeepalivesSql, socketOf, type TeamLedgerSettings, type TeamPassword } from './connection';

export const liveChannel = 'paydesk_changes';

/** Where a report came from: a notification as it happened, or the read-back after a reconnect. */
export type LiveSource = 'notification' | 'resync';

export type LiveStatus =
  | { state: 'listening'; resynced: number }
  | { state: 'reconnecting'; attempt: number; delayMs: number; code: string };

export type TeamLedgerLiveOptions = {
  /** Payments changed by anyone (this laptop included): each id once per call. */
  onPaymentsChanged: (paymentIds: string[], source: LiveSource) => void;
  /** Bulk batches that moved on (bulk-audit.sql notifies 'bulk:<batch id>'): each id once per call. Not read back after a reconnect (the status 'listening' says to look again). */
  onBulkChanged?: (batchIds: string[]) => void;
  /** Check-up runs saved (checkup-live.sql notifies 'checkup:<run id>'): each id once per call. Not read back after a reconnect either (the status 'listening' says to look again). */
  onCheckupChanged?: (runIds: string[]) => void;
  /** The team's profiles changed (pg-profiles.ts notifies 'profiles' after a publish, rename or removal). Not read back after a reconnect either. */
  onProfilesChanged?: () => void;
  onStatus?: (status: LiveStatus) => void;
  /**
   * How far below the last change_seq seen the read-back starts. A transaction that took its
   * value earlier may commit later; this many values taken by writes still open when the
   * connection dropped are covered. Rows already reported are not reported again.
   */
  resyncMargin?: number;
  /**
   * The change_seq when this laptop began reading the ledger (read at its start): the changes
   * committed after it but before the first connection listened are read back then, so a screen
   * drawn in between is told. Without it, the first connection starts from the sequence as it is.
   */
  since?: number;
  /** The first retry's delay, doubled each time up to maxDelayMs (a fifth of it random, so laptops spread out). */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** How often the listening connection is asked to answer (it only listens, so it is always idle). */
  heartbeatMs?: number;
  /** How long an answer may take before the connection is taken for dead, cut and made again. */
  heartbeatTimeoutMs?: number;
  /** How long a new connection may take to log in, LISTEN and read back before it is taken for dead, cut and made again. */
  setupTimeoutMs?: number;
  /** Told the server's clock at each heartbeat: whether this computer's clock looks wrong (core/clock-watch.ts). */
  clock?: ClockWatch;
};

export type TeamLedgerLive = {
  /** The network may have changed (the laptop woke): ask the server now, or reconnect now if waiting to. */
  check(): void;
  /** Stops listening for good: the connection ends, no timer is left. */
  close(): Promise<void>;
};

/** Starts listening (in the background: failures to connect are retried, told through onStatus). */
export function listenForTeamChanges(settings: TeamLedgerSettings, password: TeamPassword, options: TeamLedgerLiveOptions): TeamLedgerLive {
  const made = clientConfig(settings, password, { connectMs: 10_000 });
  if ('refused' in made) throw new Error(`team ledger settings refused: ${made.refused.key}`);
  const config: pg.ClientConfig = { ...made.config, application_name: 'Paydesk live', keepAlive: true, keepAliveInitialDelayMillis: 10_000 };
  const margin = options.resyncMargin ?? 10_000;
  const firstDelayMs = options.firstDelayMs ?? 250;
  const maxDelayMs = options.maxDelayMs ?? 10_000;
  const heartbeatMs = options.heartbeatMs ?? 10_000;
  const heartbeatTimeoutMs = options.heartbeatTimeoutMs ?? 5_000;
  const setupTimeoutMs = options.setupTimeoutMs ?? 20_000;

  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  /** The connection that listens (set once its LISTEN and read-back are done), its next heartbeat, and whether one is asking. */
  let listening: pg.Client | null = null;
  let beat: NodeJS.Timeout | null = null;
  let asking = false;
  let flushing: NodeJS.Immediate | null = null;
  let attempt = 0;
  let connectedBefore = false;
  /** The highest change_seq heard or read; a notification's claim is checked against the sequence at the next read-back. */
  let lastSeen = 0;
  /** The highest change_seq the database itself showed (the sequence, or rows read). */
  let confirmed = 0;
  /** change_seq values already reported (within the margin), so a read-back repeats none of them. */
  const reported = new Set<number>();
  const pending = new Set<string>();
  const pendingBatches = new Set<string>();
  const pendingRuns = new Set<string>();
  let profilesChanged = false;
  /** Connections given up on that are still closing: close() waits for them too. */
  const ending = new Set<Promise<void>>();
  const end = (c: pg.Client) => {
    // A goodbye into a network that drops everything is never answered: the socket is cut after a while.
    const cut = setTimeout(() => socketOf(c)?.destroy(), heartbeatTimeoutMs);
    cut.unref();
    const done: Promise<void> = c.end().catch(() => {}).then(() => {
      clearTimeout(cut);
      ending.delete(done);
    });
    ending.add(done);
    return done;
  };

  const report = (ids: string[], source: LiveSource) => {
    if (closed || ids.length === 0) return;
    try {
      options.onPaymentsChanged(ids, source);
    } catch {
      // The listener's own failure must not stop the listening.
    }
  };
  const status = (s: LiveStatus) => {
    try {
      options.onStatus?.(s);
    } catch {
      // as above
    }
  };
  const forget = () => {
    if (reported.size <= margin * 2) return;
    for (const seq of reported) if (seq < lastSeen - margin) reported.delete(seq);
  };

  const flush = () => {
    flushing = null;
    const ids = [...pending];
    pending.clear();
    forget();
    report(ids, 'notification');
    tell(pendingBatches, options.onBulkChanged);
    tell(pendingRuns, options.onCheckupChanged);
    if (profilesChanged && !closed) {
      profilesChanged = false;
      try {
        options.onProfilesChanged?.();
      } catch {
        // as report's
      }
    }
  };
  /** Hands the ids gathered since the last flush to their callback, once each. */
  const tell = (ids: Set<string>, to: ((ids: string[]) => void) | undefined) => {
    const all = [...ids];
    ids.clear();
    if (closed || all.length === 0) return;
    try {
      to?.(all);
    } catch {
      // as report's
    }
  };
  const soon = () => {
    // Notifications that arrive together (one commit, or one read from the socket) go out as one call.
    if (!flushing) {
      flushing = setImmediate(flush);
      flushing.unref();
    }
  };

  const heard = (message: pg.Notification) => {
    if (message.channel !== liveChannel) return;
    if (message.payload === 'profiles') {
      profilesChanged = true;
      soon();
      return;
    }
    // A bulk batch moved on, or a check-up run was saved: only "read it again" (anyone may NOTIFY; nothing is trusted from it).
    const about = /^(bulk|checkup):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(message.payload ?? '');
    if (about) {
      (about[1] === 'bulk' ? pendingBatches : pendingRuns).add(about[2]!);
      soon();
      return;
    }
    const match = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):(\d{1,18})$/.exec(message.payload ?? '');
    if (!match) return;
    const seq = Number(match[2]);
    if (reported.has(seq)) return;
    reported.add(seq);
    lastSeen = Math.max(lastSeen, seq);
    pending.add(match[1]!);
    soon();
  };

  /** The sequence's position now: every change at or below it is committed or still open (and then notifies us, since we listen). */
  const sequenceNow = async (c: pg.Client) => {
    const r = await c.query<{ at: string }>(`SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS at FROM paydesk.change_seq`);
    return Number(r.rows[0]!.at);
  };

  /** Reads back what changed while the connection was down; returns how many payments it reported. */
  const resync = async (c: pg.Client) => {
    const now = await sequenceNow(c);
    // A claimed change_seq above the sequence was not the database's (anyone may NOTIFY): start from what it showed.
    if (lastSeen > now) lastSeen = confirmed;
    const from = Math.max(0, lastSeen - margin);
    const rows = await c.query<{ payment_id: string; change_seq: string }>(
      `SELECT id AS payment_id, change_seq FROM paydesk.payments WHERE change_seq > $1
       UNION ALL SELECT payment_id, change_seq FROM paydesk.operations WHERE change_seq > $1`,
      [from],
    );
    const ids = new Set<string>();
    for (const row of rows.rows) {
      const seq = Number(row.change_seq);
      if (reported.has(seq)) continue;
      reported.add(seq);
      ids.add(row.payment_id);
    }
    confirmed = Math.max(confirmed, now);
    lastSeen = Math.max(lastSeen, now);
    forget();
    report([...ids], 'resync');
    return ids.size;
  };

  const stopBeating = () => {
    if (beat) clearTimeout(beat);
    beat = null;
    listening = null;
  };
  const beatLater = (c: pg.Client) => {
    if (beat) clearTimeout(beat);
    beat = setTimeout(() => void heartbeat(c), heartbeatMs);
    beat.unref();
  };
  /** Asks the listening connection for an answer; none in time: it is cut (its socket destroyed) and made again. */
  const heartbeat = async (c: pg.Client) => {
    beat = null;
    if (closed || listening !== c || asking) return;
    asking = true;
    let timer: NodeJS.Timeout | undefined;
    const silence = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error('the team server did not answer'), { code: 'no answer' })), heartbeatTimeoutMs);
      timer.unref();
    });
    try {
      const sentMs = Date.now();
      // The server's clock, read at the statement (not the transaction's start): the team ledger's times are its.
      const answer = await Promise.race([c.query<{ ms: number }>('SELECT (extract(epoch FROM clock_timestamp()) * 1000)::float8 AS ms'), silence]);
      options.clock?.heard({ source: 'teamLedger', host: settings.host, serverMs: Number(answer.rows[0]?.ms), sentMs, receivedMs: Date.now() });
    } catch (error) {
      if (client === c) {
        socketOf(c)?.destroy();
        lost(c, error);
      }
      return;
    } finally {
      clearTimeout(timer);
      asking = false;
    }
    if (listening === c && !closed) beatLater(c);
  };

  const lost = (c: pg.Client, error?: unknown) => {
    if (client !== c) return;
    client = null;
    stopBeating();
    c.removeAllListeners('notification');
    void end(c);
    if (closed) return;
    const delayMs = Math.round(Math.min(maxDelayMs, firstDelayMs * 2 ** attempt) * (0.8 + Math.random() * 0.2));
    attempt++;
    const code = (error as { code?: unknown } | undefined)?.code;
    status({ state: 'reconnecting', attempt, delayMs, code: typeof code === 'string' ? code : 'connection lost' });
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, delayMs);
    retry.unref();
  };

  const connect = async () => {
    if (closed) return;
    const c = new pg.Client(config);
    client = c;
    // Heard always, so no 'error' event is ever unhandled; each means the connection is gone.
    c.on('error', (error) => lost(c, error));
    c.on('end', () => lost(c));
    c.on('notification', heard);
    // A connection that goes silent while it is set up (the laptop slept, the network changed)
    // would wait for ever: only the login has a time-out of its own (connectMs), and the
    // heartbeat begins once it listens. CI's team-backend wake test waited 30 s for nothing.
    const setup = setTimeout(() => giveUp(c), setupTimeoutMs);
    setup.unref();
    try {
      await c.connect();
      // The socket must not keep the process alive (main decides when it ends).
      socketOf(c)?.unref?.();
      // The server finds this laptop gone in about a minute too (its session and backend freed).
      await c.query(serverKeepalivesSql);
      await c.query(`LISTEN ${liveChannel}`);
      if (client !== c) return;
      let resynced = 0;
      if (!connectedBefore && options.since !== undefined) confirmed = lastSeen = options.since;
      if (connectedBefore || options.since !== undefined) resynced = await resync(c);
      else confirmed = lastSeen = await sequenceNow(c);
      if (client !== c) return;
      connectedBefore = true;
      attempt = 0;
      listening = c;
      beatLater(c);
      status({ state: 'listening', resynced });
    } catch (error) {
      lost(c, error);
    } finally {
      clearTimeout(setup);
    }
  };
  /** Cuts a connection that did not answer in time and makes it again. */
  const giveUp = (c: pg.Client) => {
    if (client !== c) return;
    socketOf(c)?.destroy();
    lost(c, Object.assign(new Error('the team server did not answer'), { code: 'no answer' }));
  };

  void connect();

  return {
    check() {
      if (closed) return;
      if (listening) {
        if (beat) clearTimeout(beat);
        void heartbeat(listening);
        return;
      }
      // Being set up: begun before the wake, perhaps on the network the laptop left, where its
      // answers may never come. Made again at once rather than waiting out setupTimeoutMs.
      if (!retry) {
        if (client) giveUp(client);
        return;
      }
      clearTimeout(retry);
      retry = null;
      void connect();
    },
    async close() {
      closed = true;
      stopBeating();
      if (retry) clearTimeout(retry);
      retry = null;
      if (flushing) clearImmediate(flushing);
      flushing = null;
      pending.clear();
      pendingBatches.clear();
      pendingRuns.clear();
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners('notification');
        void end(c);
      }
      await Promise.all([...ending]);
    },
  };
}
