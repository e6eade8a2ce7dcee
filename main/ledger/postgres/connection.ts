// Connecting to the team ledger: the settings a person enters (host, port, database, user; the
// password comes from the OS keychain, never from settings), the TLS rule (required unless the
// server is on this computer; an optional pinned certificate authority), and "Test connection",
// which tells each way it can fail apart with a reason the screens word in English and Arabic.
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Socket } from 'node:net';
import type { Reason } from '../../../contract/reasons';
import { AppFailure } from '../../../contract/result';
import { englishText, reason } from '../../core/fail';
import { networkValues } from '../../core/network-failure';
import { schemaSteps, teamLedgerSchemaVersion, teamRoles, type TeamRole } from './security';
import { isLoopback } from '../../../contract/loopback-host';

export type TeamLedgerSettings = {
  host: string;
  port: number;
  database: string;
  user: string;
  /** TLS on loopback (127.0.0.0/8, ::1, localhost): optional, default off. Elsewhere always on. */
  tls?: boolean;
  /** A pinned certificate authority (PEM): the server's certificate must chain to it, not to the system's CAs. */
  caPem?: string;
};

/**
 * The login's password, or where to read it at each new connection: the running team ledger's
 * pool and listener follow "Change my password" without a restart (team-backend.ts).
 */
export type TeamPassword = string | (() => string);

export type TeamLedgerProblem =
  | 'tlsRequired'
  | 'unreachable'
  | 'wrongPassword'
  | 'noPermission'
  | 'noDatabase'
  | 'notLedger'
  | 'oldSchema'
  | 'newerSchema'
  | 'tlsUnsupported'
  | 'caMismatch'
  | 'certUntrusted'
  | 'certName'
  | 'notPostgres'
  | 'connectionLost'
  | 'conflict'
  | 'serverFull'
  | 'timedOut'
  | 'failed';

export type TeamLedgerCheck =
  | { ok: true; login: string; role: TeamRole; superuser: boolean; tls: boolean; serverVersion: string; sharedServer?: Reason }
  | { ok: false; problem: TeamLedgerProblem; reason: Reason };

export { isLoopback };

/** Whether the connection will use TLS, or the reason it may not be made at all. */
function tlsFor(settings: TeamLedgerSettings): { tls: boolean } | { refused: Reason } {
  if (isLoopback(settings.host)) return { tls: settings.tls === true || settings.caPem !== undefined };
  if (settings.tls === false) return { refused: reason('teamLedger.tlsRequired', { host: settings.host }) };
  return { tls: true };
}

/**
 * pg's connection options for these settings, or the reason they may not be used. A connection
 * that is not made within `connectMs` fails as unreachable; `queryMs` bounds each query (the
 * connection test's; the ledger's own queries are not cut short).
 */
export function clientConfig(settings: TeamLedgerSettings, password: TeamPassword, timeouts: { connectMs?: number; queryMs?: number } = {}): { config: pg.ClientConfig; tls: boolean } | { refused: Reason } {
  const tls = tlsFor(settings);
  if ('refused' in tls) return tls;
  const config: pg.ClientConfig = {
    host: settings.host,
    port: settings.port,
    database: settings.database,
    user: settings.user,
    password,
    connectionTimeoutMillis: timeouts.connectMs ?? 5_000,
    ...(timeouts.queryMs ? { query_timeout: timeouts.queryMs } : {}),
    application_name: 'Paydesk',
    // Verified always: with a pinned CA only that CA is trusted, else the system's.
    ssl: tls.tls ? { rejectUnauthorized: true, ...(settings.caPem ? { ca: settings.caPem } : {}) } : false,
  };
  return { config, tls: tls.tls };
}

/**
 * The server side's keepalives for a long-lived connection: a computer that left the network
 * without closing it (its lid shut, its Wi-Fi changed) is found gone by the server in about a
 * minute, not the system's two hours, and its session ends (locks, LISTEN) with it.
 */
export const serverKeepalivesSql = `SELECT set_config('tcp_keepalives_idle', '30', false), set_config('tcp_keepalives_interval', '10', false), set_config('tcp_keepalives_count', '3', false)`;

/**
 * How long one query of the ledger's pool may go unanswered. A connection the network dropped
 * without closing (a laptop that slept, a NAT that forgot it) answers never: the system would
 * retransmit for about 15 minutes, a refund's button spinning all along. Past this the query fails
 * as "could not be reached" (before sending: "nothing was sent") and its connection is cut, so the
 * next one is made anew. Well above any one query of the ledger's (lists and checks read in windows).
 */
export const ledgerQueryMs = 15_000;

/**
 * The ledger's pool of connections: each query bounded by ledgerQueryMs, a connection whose query
 * was not answered destroyed (pg leaves it waiting for that answer, which would hold every later
 * query behind it), and no 'error' event left unheard.
 */
export function ledgerPool(config: pg.ClientConfig, max: number, queryMs = ledgerQueryMs): pg.Pool {
  const pool = new pg.Pool({ ...config, max, query_timeout: queryMs, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
  // An idle connection the server drops emits 'error' on the pool; unheard, it would end main.
  // The pool discards that connection, and the next query reconnects or fails with its reason.
  pool.on('error', () => {});
  const idle = new Set<pg.PoolClient>();
  idlers.set(pool, idle);
  pool.on('release', (_error: unknown, client: pg.PoolClient) => idle.add(client));
  pool.on('acquire', (client) => idle.delete(client));
  pool.on('remove', (client) => idle.delete(client as pg.PoolClient));
  pool.on('connect', (client) => {
    // A connection dropped while a query is on it (checked out, so the pool is not listening)
    // emits 'error' on the client itself: the query already fails with it, and the pool discards
    // the client when it comes back; unheard, the event would end main.
    client.on('error', () => {});
    client.once('end', () => idle.delete(client));
    cutWhenUnanswered(client);
  });
  return pool;
}

/** pg's socket under a client (not part of its typed interface): cut to end a connection the network dropped. */
export function socketOf(client: pg.ClientBase): Socket | undefined {
  return (client as unknown as { connection?: { stream?: Socket } }).connection?.stream;
}

/** Each ledger pool's connections waiting in it, none checked out. */
const idlers = new WeakMap<pg.Pool, Set<pg.PoolClient>>();

/**
 * The laptop woke (or its network changed): the connections waiting in the pool may lead nowhere
 * now, and the first query on one would wait ledgerQueryMs to find out. They are cut (the pool
 * drops them on the 'error' that follows); the next query connects anew, or fails at once in words.
 */
export function dropIdleConnections(pool: pg.Pool): Promise<void> {
  const cut = [...(idlers.get(pool) ?? [])].map((client) => new Promise<void>((resolve) => {
    const stream = socketOf(client);
    // Already closed: the pool let go of it then.
    if (!stream || stream.destroyed) return resolve();
    // The pool lets go of it on its 'error' (heard before this): a query after that never gets it.
    client.once('error', () => resolve());
    client.once('end', () => resolve());
    stream.destroy();
  }));
  return Promise.all(cut).then(() => undefined);
}

/** pg's words when a query's query_timeout passed. */
const unanswered = (error: unknown) => (error as { message?: unknown } | null)?.message === 'Query read timeout';

/** Destroys the client's socket once a query of it went unanswered: the pool then discards it. */
function cutWhenUnanswered(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const cut = () => socketOf(client)?.destroy();
  client.query = ((...args: unknown[]) => {
    const last = args.length - 1;
    const callback = args[last];
    // pool.query hands a callback; everything else awaits the promise.
    if (typeof callback === 'function') {
      args[last] = (error: unknown, result: unknown) => {
        if (unanswered(error)) cut();
        (callback as (e: unknown, r: unknown) => void)(error, result);
      };
      return query(...args);
    }
    const answer = query(...args);
    if (answer instanceof Promise) answer.catch((error: unknown) => void (unanswered(error) && cut()));
    return answer;
  }) as typeof client.query;
}

/** The typed query builder on a pool of connections, for the ledger's PostgreSQL backend (the port). */
export function openTeamLedger<Db>(settings: TeamLedgerSettings, password: string, options: { maxConnections?: number } = {}): Kysely<Db> {
  const made = clientConfig(settings, password);
  if ('refused' in made) throw new Error(`team ledger settings refused: ${made.refused.key}`);
  const pool = ledgerPool(made.config, options.maxConnections ?? 4);
  return new Kysely<Db>({ dialect: new PostgresDialect({ pool }) });
}

/** "Test connection": connects, checks the schema and finds the person's role. Never throws. */
export async function testTeamLedgerConnection(settings: TeamLedgerSettings, password: string, options: { timeoutMs?: number } = {}): Promise<TeamLedgerCheck> {
  const made = clientConfig(settings, password, { connectMs: options.timeoutMs ?? 5_000, queryMs: options.timeoutMs ?? 5_000 });
  if ('refused' in made) return { ok: false, problem: 'tlsRequired', reason: made.refused };
  const client = new pg.Client(made.config);
  // A connection lost while testing would otherwise surface as an unhandled 'error' event.
  client.on('error', () => {});
  let connected = false;
  try {
    await client.connect();
    connected = true;
    const schema = await client.query(`SELECT 1 FROM pg_namespace WHERE nspname = 'paydesk'`);
    if (schema.rowCount === 0) return failure('notLedger', settings);
    const meta = await client.query<{ value: string }>(`SELECT value FROM paydesk.ledger_meta WHERE key = 'schema_version'`);
    const found = Number(meta.rows[0]?.value ?? 0);
    if (found < teamLedgerSchemaVersion) return olderSchema(settings, found, await whoIs(client).then(({ role }) => role, () => undefined));
    if (found > teamLedgerSchemaVersion) return failure('newerSchema', settings, { found, expected: teamLedgerSchemaVersion });
    const { row, role } = await whoIs(client);
    if (!row || !role) return failure('noPermission', settings);
    // A warning beside the answer, never a reason to fail it.
    const shared = await sharedServer(client).catch(() => undefined);
    return { ok: true, login: row.login, role, superuser: row.superuser, tls: made.tls, serverVersion: row.version, ...(shared ? { sharedServer: shared } : {}) };
  } catch (error) {
    if (!connected && notPostgresAnswer(error)) return failure('notPostgres', settings, { server: `${settings.host}:${settings.port}` });
    return explainConnectionError(error, settings);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The server's other Paydesk team databases (schema step 39), said beside "Connected as …": roles
 * are the server's, so their people, groups and passwords are this one's too (docs/team-ledger.md,
 * "One team database per server"). A few names, then how many in all.
 */
async function sharedServer(client: pg.Client): Promise<Reason | undefined> {
  const found = await client.query<{ others: string[] }>('SELECT paydesk.other_team_databases() AS others');
  const others = found.rows[0]?.others ?? [];
  if (others.length === 0) return undefined;
  const named = others.slice(0, 3).join(', ') + (others.length > 3 ? ', …' : '');
  return reason('teamLedger.sharedServer', { count: others.length, databases: named, path: 'docs/team-ledger.md' });
}

/** The login, whether it is a superuser, the server's version, and the highest group it is in (admin includes support and finance, support includes staff). */
async function whoIs(client: pg.Client) {
  const who = await client.query<{ login: string; superuser: boolean; version: string; roles: string[] }>(
    `SELECT session_user AS login, r.rolsuper AS superuser, current_setting('server_version') AS version,
       ARRAY(SELECT g FROM unnest($1::text[]) g WHERE pg_has_role('paydesk_' || g, 'MEMBER')) AS roles
     FROM pg_roles r WHERE r.rolname = session_user`,
    [[...teamRoles]],
  );
  const row = who.rows[0];
  return { row, role: [...teamRoles].reverse().find((r) => row?.roles.includes(r)) };
}

/**
 * A database set up by an older Paydesk. Its admin is told the command that brings it up to date
 * (only the files after its version, as docs/team-ledger.md's "Upgrading" says): told to "ask your
 * Paydesk admin", the admin who set it up had no one to ask (walk of the team ledger).
 */
function olderSchema(settings: TeamLedgerSettings, found: number, role: TeamRole | undefined): TeamLedgerCheck {
  const values = { found, expected: teamLedgerSchemaVersion };
  if (role !== 'admin') return failure('oldSchema', settings, values);
  const files = schemaSteps.filter(([version]) => version > found).map(([, file]) => `-f main/ledger/postgres/${file}`);
  const command = [`psql "host=${settings.host} port=${settings.port} user=postgres dbname=${settings.database}" -v ON_ERROR_STOP=1 -1`, ...files].join(' ');
  return { ok: false, problem: 'oldSchema', reason: reason('teamLedger.oldSchemaAdmin', { host: settings.host, port: settings.port, database: settings.database, user: settings.user, ...values, command }) };
}

/** The same words for a copy refused by an older team schema (copy-to-team.ts's OlderTeamSchemaError), worded for the login's role. */
export async function olderSchemaOf(client: pg.Client, settings: TeamLedgerSettings, found: number): Promise<TeamLedgerCheck> {
  return olderSchema(settings, found, await whoIs(client).then(({ role }) => role, () => undefined));
}

function failure(problem: TeamLedgerProblem, settings: TeamLedgerSettings, extra: Record<string, string | number> = {}): TeamLedgerCheck {
  const values: Record<string, string | number> = { host: settings.host, port: settings.port, database: settings.database, user: settings.user, ...extra };
  return { ok: false, problem, reason: reason(`teamLedger.${problem}`, values) };
}

/**
 * pg's words (it gives no code) when what took the connection did not answer as PostgreSQL: it
 * closed it (a web server on that port, a firewall), or answered TLS's request with neither yes
 * nor no. Worded as "(unknown)" before (docs/profiles-and-keys.md, "Walked as a new user").
 */
const notPostgresAnswer = (error: unknown) => {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === undefined && typeof message === 'string' && /^(Connection terminated unexpectedly|There was an error establishing an SSL connection)$/.test(message);
};

const unreachableCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'ECONNRESET', 'EPIPE']);
const untrustedCodes = new Set(['SELF_SIGNED_CERT_IN_CHAIN', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'UNABLE_TO_GET_ISSUER_CERT', 'CERT_SIGNATURE_FAILURE', 'CERT_UNTRUSTED']);

/** Refused by the server's pg_hba.conf: the line docs/team-ledger.md's setup adds, and the reload it takes. */
function notLetIn(settings: TeamLedgerSettings): TeamLedgerCheck {
  return { ok: false, problem: 'noPermission', reason: reason('teamLedger.notLetIn', { host: settings.host, database: settings.database, user: settings.user, file: 'pg_hba.conf', command: 'SELECT pg_reload_conf()', path: 'docs/team-ledger.md' }) };
}

/** The server not reached, worded by its cause (main/core/network-failure.ts): the name alone for DNS, else with the port. */
function unreachable(code: string, settings: TeamLedgerSettings): TeamLedgerCheck {
  return failure('unreachable', settings, networkValues(code, { name: settings.host, address: `${settings.host}:${settings.port}` }));
}

// SQLSTATEs of a connection cut under a query: the server shutting down or restarting, or this
// session ended on it (pg_terminate_backend: 57P01), and connection exceptions (08…, not 08P01, a
// protocol violation).
const lostCodes = new Set(['08000', '08003', '08006', '57P01', '57P02', '57P03']);
// A limit the server set: a statement or lock time-out, an idle transaction ended.
const timeLimitCodes = new Set(['57014', '55P03', '25P03']);

/**
 * The storage failures a working connection meets, each worded apart (docs/team-ledger.md,
 * "Storage failures in words"): they read "The team ledger could not be used (unknown)" before.
 * pg's own "Connection terminated…" and "…not queryable" carry no code: named by what happened.
 */
function storageProblem(code: string, message: string): { problem: TeamLedgerProblem; code: string } | undefined {
  if (lostCodes.has(code)) return { problem: 'connectionLost', code };
  if (!code && /^Connection terminated|not queryable/i.test(message)) return { problem: 'connectionLost', code: 'connection terminated' };
  // Serialization failure, deadlock: the server undid this transaction whole; trying again is safe.
  if (code === '40001' || code === '40P01') return { problem: 'conflict', code };
  if (code === '53300') return { problem: 'serverFull', code };
  if (timeLimitCodes.has(code)) return { problem: 'timedOut', code };
  return undefined;
}

/** Which problem a failed connection or query was, from PostgreSQL's SQLSTATE or Node's error code. */
export function explainConnectionError(error: unknown, settings: TeamLedgerSettings): TeamLedgerCheck {
  const e = (error ?? {}) as { code?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';
  if (code === '28P01') return failure('wrongPassword', settings);
  // 28000 from pg_hba.conf: the server's own rules keep this connection out, whoever the login is;
  // worded apart, as "ask your admin to add you" sent the admin who forgot its line (or the reload)
  // to themself (walk of the setup, 2026-11-29). The message names the host, the user and the database only.
  if (code === '28000' && /pg_hba\.conf/.test(message)) return notLetIn(settings);
  // 28000: the role may not log in (removed); 42501: no grant on the schema or table.
  if (code === '28000' || code === '42501') return failure('noPermission', settings);
  if (code === '3D000') return failure('noDatabase', settings);
  if (code === '42P01' || code === '3F000') return failure('notLedger', settings);
  if (unreachableCodes.has(code)) return unreachable(code, settings);
  if (/timeout/i.test(message) && !code) return unreachable('timeout', settings);
  // On this computer the fix is at hand (TLS may be turned off there): said, not only the server's settings.
  if (/does not support SSL/i.test(message)) return failure('tlsUnsupported', settings, { onThisComputer: isLoopback(settings.host) ? 'yes' : 'no' });
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') return failure('certName', settings);
  // A certificate out of its dates is most often this computer's clock (walk40): said with the date advice, not "pin it".
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID') return unreachable(code, settings);
  if (untrustedCodes.has(code) || code.startsWith('CERT_')) return failure(settings.caPem ? 'caMismatch' : 'certUntrusted', settings, { code });
  const storage = storageProblem(code, message);
  if (storage) return failure(storage.problem, settings, { code: storage.code });
  // Anything else: its code only (a message could quote the connection string).
  return failure('failed', settings, { code: code || 'unknown' });
}

/**
 * A failure the server or the network caused (an SQLSTATE, a socket's code, pg's connection
 * words) in "Test connection"'s words, as a `storage` failure; undefined for anything else (main's
 * own failures included), which the caller throws as it is.
 */
export function serverFailureInWords(error: unknown, settings: TeamLedgerSettings): AppFailure | undefined {
  const { code, message, name } = (error ?? {}) as { code?: unknown; message?: unknown; name?: unknown };
  if (error instanceof AppFailure || name === 'AppFailure') return undefined;
  if (typeof code !== 'string' && !(typeof message === 'string' && /connection|timeout/i.test(message))) return undefined;
  const check = explainConnectionError(error, settings);
  return check.ok ? undefined : new AppFailure('storage', englishText(check.reason), { reason: check.reason });
}
