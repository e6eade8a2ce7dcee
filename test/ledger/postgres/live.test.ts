// Live updates across laptops against the real PostgreSQL: a change committed by another person
// on another connection reaches a laptop's listener; one made while the listener's connection
// was down is still reported once it is back (the read-back by change_seq), even after someone
// sent a forged notification; and close() leaves nothing running. No timed assertions: each test
// waits for the event it expects (up to a generous limit).
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { createClockWatch } from '../../../main/core/clock-watch';
import type { Reason } from '../../../contract/reasons';
import type pg from 'pg';
import { listenForTeamChanges, type LiveSource, type LiveStatus, type TeamLedgerLive, type TeamLedgerLiveOptions } from '../../../main/ledger/postgres/live';
import { startTeamServerProxy, type TeamServerProxy } from '../../support/team-server-proxy';
import { applyTeamLedgerSecurity, securitySql, teamLedgerSchemaVersion } from '../../../main/ledger/postgres/security';
import type { TeamLedgerSettings } from '../../../main/ledger/postgres/connection';
import { describeWithPostgres, teamServer, type TeamServer } from '../../support/postgres-tests';

describeWithPostgres('live updates across laptops on the team ledger', () => {
  let server: TeamServer;
  let database: string;
  let sue: pg.Client;
  const clients: pg.Client[] = [];
  const listeners: TeamLedgerLive[] = [];
  const proxies: TeamServerProxy[] = [];

  const settingsFor = (user: string, port = server.port): TeamLedgerSettings => ({ host: '127.0.0.1', port, database, user });
  /** A listener that keeps what it was told, and lets a test wait for a payment or a status. */
  const listen = (user: string, password: string, since?: number, through: { port?: number } & Partial<TeamLedgerLiveOptions> = {}) => {
    const heard: Array<{ id: string; source: LiveSource }> = [];
    const statuses: LiveStatus[] = [];
    const waiters = new Set<() => void>();
    const wake = () => waiters.forEach((w) => w());
    const { port, ...more } = through;
    const live = listenForTeamChanges(settingsFor(user, port), password, {
      onPaymentsChanged: (ids, source) => {
        heard.push(...ids.map((id) => ({ id, source })));
        wake();
      },
      onStatus: (s) => {
        statuses.push(s);
        wake();
      },
      firstDelayMs: 50,
      maxDelayMs: 400,
      since,
      ...more,
    });
    listeners.push(live);
    const until = <T>(find: () => T | undefined, what: string): Promise<T> =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = find();
          if (found === undefined) return;
          clearTimeout(limit);
          waiters.delete(check);
          resolve(found);
        };
        const limit = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`never heard ${what}; heard ${JSON.stringify(heard)} and ${JSON.stringify(statuses)}`));
        }, 25_000);
        waiters.add(check);
        check();
      });
    const statusCount = () => statuses.length;
    return {
      live,
      heard,
      /** The report of this payment (waits for it). */
      payment: (id: string) => until(() => heard.find((h) => h.id === id), `payment ${id}`),
      /** The first status of this state after the first `after` statuses. */
      status: <S extends LiveStatus['state']>(state: S, after = 0) =>
        until(() => statuses.slice(after).find((s): s is Extract<LiveStatus, { state: S }> => s.state === state), state),
      statusCount,
    };
  };

  const newPayment = async (client: pg.Client) => {
    const id = randomUUID();
    await client.query(
      `INSERT INTO paydesk.payments (id, profile_id, environment, kind, order_id, amount_minor, currency, state)
       VALUES ($1, 'practice', 'practice', 'link', $2, 12550, 'SAR', 'creating')`,
      [id, `PD-${id.slice(0, 8)}`],
    );
    return id;
  };
  const refund = (client: pg.Client, paymentId: string) =>
    client.query(`INSERT INTO paydesk.operations (id, payment_id, kind, amount_minor, reason, outcome) VALUES ($1, $2, 'refund', 500, 'customer asked', 'sending')`, [randomUUID(), paymentId]);
  /** A person of this test's own (logins are per server, and these tests stop theirs from logging in). */
  const newPerson = async (role: 'staff' | 'finance') => {
    const login = `live_${randomBytes(4).toString('hex')}`;
    const password = `first-password-${randomBytes(4).toString('hex')}`;
    await server.sql(database, `SELECT paydesk.add_person($1, $2, $3)`, [login, role, password]);
    return { login, password };
  };

  beforeAll(async () => {
    server = teamServer();
    database = await server.createTeamDatabase();
    sue = await server.connectAs(database, 'sue', 'sue-laptop');
    clients.push(sue);
  });

  afterEach(async () => {
    await Promise.all(listeners.splice(0).map((l) => l.close()));
  });

  afterAll(async () => {
    await Promise.allSettled(proxies.map((p) => p.cut()));
    await Promise.allSettled(clients.map((c) => c.end()));
  });

  it('tells a laptop that has just started of a change made before its listener was up (read back from where its reading began)', async () => {
    const fay = server.person('finance');
    // The app reads the sequence at its start, before it draws anything; its listener connects later.
    const since = Number((await server.sql(database, `SELECT CASE WHEN is_called THEN last_value ELSE 0 END::text AS at FROM paydesk.change_seq`)).rows[0].at);
    const meanwhile = await newPayment(sue);
    const laptop = listen(fay.login, fay.password, since);
    expect(await laptop.payment(meanwhile)).toEqual({ id: meanwhile, source: 'resync' });
    const later = await newPayment(sue);
    expect(await laptop.payment(later)).toEqual({ id: later, source: 'notification' });
  });

  // walk40: the team ledger stamps its rows with the server's clock; a laptop whose own clock is a
  // day off counts "Today" and its links' dates by its own, and nothing said so. The laptop's clock
  // is moved (Date.now) once its listener is up; the server's is the real one.
  it('tells a laptop whose clock is a day off the team server’s that it looks wrong, once, and when it agrees again', async () => {
    const fay = server.person('finance');
    const told: Array<{ level: string; why: Reason }> = [];
    const laptop = listen(fay.login, fay.password, undefined, { heartbeatMs: 50, clock: createClockWatch((level, why) => told.push({ level, why })) });
    await laptop.status('listening');
    const real = Date.now.bind(Date);
    const ahead = vi.spyOn(Date, 'now').mockImplementation(() => real() + 24 * 60 * 60 * 1000);
    try {
      await expect.poll(() => told.length, { timeout: 10_000 }).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 300)); // more heartbeats: not said again
    } finally {
      ahead.mockRestore();
    }
    await expect.poll(() => told.length, { timeout: 10_000 }).toBe(2);
    expect(told.map((t) => [t.level, t.why.key, t.why.values?.source, t.why.values?.host])).toEqual([
      ['warning', 'clock.looksWrong', 'teamLedger', '127.0.0.1'],
      ['info', 'clock.rightAgain', 'teamLedger', '127.0.0.1'],
    ]);
  });

  it('tells finance’s laptop at once about a payment and a refund support records on another', async () => {
    const fay = server.person('finance');
    const laptop = listen(fay.login, fay.password);
    await laptop.status('listening');

    const paymentId = await newPayment(sue);
    expect(await laptop.payment(paymentId)).toEqual({ id: paymentId, source: 'notification' });

    // A refund on a payment that already was reported is reported again (the screen re-reads it).
    const paid = await newPayment(sue);
    await sue.query(`UPDATE paydesk.payments SET state = 'paid', transaction_id = 'T-1', captured_minor = 12550 WHERE id = $1`, [paid]);
    // Notifications arrive in commit order: once a later payment is heard, everything before it was.
    await laptop.payment(await newPayment(sue));
    const before = laptop.heard.filter((h) => h.id === paid).length;
    await refund(sue, paid);
    await laptop.payment(await newPayment(sue));
    expect(laptop.heard.filter((h) => h.id === paid).length).toBe(before + 1);

    // Nothing about a change that was rolled back: it would have come before a later commit's.
    await sue.query('BEGIN');
    const rolledBack = await newPayment(sue);
    await sue.query('ROLLBACK');
    const after = await newPayment(sue);
    await laptop.payment(after);
    expect(laptop.heard.map((h) => h.id)).not.toContain(rolledBack);
  });

  it('reports a change made while its connection was down, once it is back, even after a forged notification', async () => {
    const person = await newPerson('staff');
    const laptop = listen(person.login, person.password);
    await laptop.status('listening');

    // Anyone may NOTIFY the channel; a forged change_seq far ahead must not hide real changes.
    const forger = await server.connectAs(database, 'sam');
    clients.push(forger);
    const forged = randomUUID();
    await forger.query(`SELECT pg_notify('paydesk_changes', $1)`, [`${forged}:999999999999`]);
    await laptop.payment(forged);

    // The connection is cut and cannot come back until the change below is committed.
    await server.sql(database, `ALTER ROLE ${person.login} NOLOGIN`);
    const seen = laptop.statusCount();
    const cut = await server.sql(database, `SELECT pg_terminate_backend(pid, 20000) FROM pg_stat_activity WHERE usename = $1`, [person.login]);
    expect(cut.rowCount).toBe(1);
    await laptop.status('reconnecting', seen);

    const missed = await newPayment(sue);
    const paid = await newPayment(sue);
    await refund(sue, paid);

    const reconnected = laptop.statusCount();
    await server.sql(database, `ALTER ROLE ${person.login} LOGIN`);
    expect(await laptop.payment(missed)).toEqual({ id: missed, source: 'resync' });
    expect(await laptop.payment(paid)).toEqual({ id: paid, source: 'resync' });
    expect((await laptop.status('listening', reconnected)).resynced).toBeGreaterThanOrEqual(2);

    // And it listens again.
    const next = await newPayment(sue);
    expect(await laptop.payment(next)).toEqual({ id: next, source: 'notification' });
  });

  // A laptop that slept, or changed Wi-Fi, or sits behind a NAT that forgot its connection: its
  // listener's connection is not closed, it only stops carrying anything (docs/team-ledger.md,
  // "A laptop that sleeps"). The system's keepalives would take 11 minutes to notice.
  const blackHoled = async (options: Partial<TeamLedgerLiveOptions>) => {
    const fay = server.person('finance');
    const proxy = await startTeamServerProxy(server);
    proxies.push(proxy);
    const laptop = listen(fay.login, fay.password, undefined, { port: proxy.port, ...options });
    await laptop.status('listening');
    const seen = laptop.statusCount();
    proxy.blackHole();
    // Laptop A refunds while B hears nothing.
    const paid = await newPayment(sue);
    await refund(sue, paid);
    return { proxy, laptop, paid, seen };
  };

  it('hears a refund made on another laptop while its network was a black hole, once the network is back (heartbeat)', async () => {
    const { proxy, laptop, paid, seen } = await blackHoled({ heartbeatMs: 100, heartbeatTimeoutMs: 300 });
    // The screens are told it is reconnecting while deaf, not left looking live.
    expect(await laptop.status('reconnecting', seen)).toMatchObject({ code: 'no answer' });
    proxy.restore();
    expect(await laptop.payment(paid)).toEqual({ id: paid, source: 'resync' });
    const next = await newPayment(sue);
    expect(await laptop.payment(next)).toEqual({ id: next, source: 'notification' });
  });

  it('asks the server at once when told the laptop woke (check), without waiting for the next heartbeat', async () => {
    const { proxy, laptop, paid } = await blackHoled({ heartbeatMs: 3_600_000, heartbeatTimeoutMs: 300 });
    proxy.restore();
    laptop.live.check();
    expect(await laptop.payment(paid)).toEqual({ id: paid, source: 'resync' });
  });

  // The network goes while the listener's connection is being set up (logged in, its read-back not
  // yet answered): a lock held on the payments keeps the read-back waiting until the black hole.
  const silentWhileSetUp = async (options: Partial<TeamLedgerLiveOptions>) => {
    const fay = server.person('finance');
    const proxy = await startTeamServerProxy(server);
    proxies.push(proxy);
    const holder = await server.connect({ database });
    clients.push(holder);
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE paydesk.payments IN ACCESS EXCLUSIVE MODE');
    const since = Number((await server.sql(database, `SELECT CASE WHEN is_called THEN last_value ELSE 0 END::text AS at FROM paydesk.change_seq`)).rows[0].at);
    const laptop = listen(fay.login, fay.password, since, { port: proxy.port, heartbeatMs: 3_600_000, ...options });
    const waiting = async () => (await server.sql(database, `SELECT count(*)::int AS n FROM pg_stat_activity WHERE usename = $1 AND application_name = 'Paydesk live' AND wait_event_type = 'Lock'`, [fay.login])).rows[0].n;
    await expect.poll(waiting).toBe(1);
    proxy.blackHole();
    proxy.restore();
    await holder.query('COMMIT'); // its answer now goes into the black hole
    const paid = await newPayment(sue);
    return { laptop, paid };
  };

  it('makes a connection that went silent while being set up again when told the laptop woke (check)', async () => {
    const { laptop, paid } = await silentWhileSetUp({ setupTimeoutMs: 3_600_000 });
    laptop.live.check();
    expect(await laptop.status('reconnecting')).toMatchObject({ code: 'no answer' });
    expect(await laptop.payment(paid)).toEqual({ id: paid, source: 'resync' });
  });

  it('makes a connection that went silent while being set up again by itself, after its time-out', async () => {
    const { laptop, paid } = await silentWhileSetUp({ setupTimeoutMs: 1_000 });
    expect(await laptop.status('reconnecting')).toMatchObject({ code: 'no answer' });
    expect(await laptop.payment(paid)).toEqual({ id: paid, source: 'resync' });
  });

  it('closes while its connection is black-holed (a goodbye nobody answers does not hold it)', async () => {
    const { laptop } = await blackHoled({ heartbeatMs: 3_600_000, heartbeatTimeoutMs: 300 });
    await laptop.live.close();
  });

  it('leaves no connection or timer behind when closed, listening or waiting to reconnect', async () => {
    const count = (type: string) => process.getActiveResourcesInfo().filter((r) => r === type).length;
    const before = { timers: count('Timeout'), sockets: count('TCPSocketWrap') };
    const person = await newPerson('finance');

    const listening = listen(person.login, person.password);
    await listening.status('listening');
    await listening.live.close();

    // A person who cannot log in: the listener keeps retrying, a timer waiting, until closed.
    await server.sql(database, `ALTER ROLE ${person.login} NOLOGIN`);
    const retrying = listen(person.login, person.password);
    expect(await retrying.status('reconnecting')).toMatchObject({ code: '28000' });
    await retrying.live.close();
    await new Promise((resolve) => setImmediate(resolve));

    expect(count('Timeout')).toBeLessThanOrEqual(before.timers);
    expect(count('TCPSocketWrap')).toBeLessThanOrEqual(before.sockets);
    // The server lets go of the connection once it has read the goodbye: wait for that.
    const open = async () => (await server.sql(database, `SELECT count(*)::int AS n FROM pg_stat_activity WHERE usename = $1`, [person.login])).rows[0].n as number;
    for (let n = await open(); n > 0; n = await open()) await new Promise((resolve) => setTimeout(resolve, 50));
    // Still none once the waiting is over: nothing reconnects after close().
    await server.sql(database, `ALTER ROLE ${person.login} LOGIN`);
    const checked = listen(person.login, person.password);
    await checked.status('listening');
    const sessions = await server.sql(database, `SELECT count(*)::int AS n FROM pg_stat_activity WHERE usename = $1`, [person.login]);
    expect(sessions.rows[0].n).toBe(1);
  });

  it('brings a version 1 team database up to this version, with live updates', async () => {
    const old = await server.createDatabase();
    const superuser = await server.connect({ database: old });
    clients.push(superuser);
    await superuser.query('BEGIN');
    await superuser.query(securitySql());
    await superuser.query('COMMIT');
    expect(await applyTeamLedgerSecurity(superuser)).toBe('upgraded');
    expect(await applyTeamLedgerSecurity(superuser)).toBe('present');
    const version = await superuser.query(`SELECT value FROM paydesk.ledger_meta WHERE key = 'schema_version'`);
    expect(version.rows).toEqual([{ value: String(teamLedgerSchemaVersion) }]);
    await superuser.query(`LISTEN paydesk_changes`);
    const notified = new Promise<string>((resolve) => superuser.once('notification', (m) => resolve(m.payload ?? '')));
    const id = await newPayment(superuser);
    expect(await notified).toMatch(new RegExp(`^${id}:\\d+$`));
  });
});
