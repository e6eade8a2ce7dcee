// A real PostgreSQL server for the team ledger's tests and benches: Debian's binaries (package
// `postgresql`, installed by .ci/run), a throwaway cluster in a fresh temporary folder, listening
// on a free port on 127.0.0.1 only, with SCRAM-SHA-256 for every connection and a superuser
// password. initdb takes about a second idle (several on a loaded machine), the start a tenth of
// that, so the test suite starts one per run (postgres-global-setup.ts; the tests reach it
// through postgres-tests.ts) and a bench starts its own. No vitest here, so benches can use it.
// The server refuses to run as root, so as root the binaries run as the `postgres` OS user
// (runuser) in a folder that user owns; as anyone else they run directly. `stop()` (pg_ctl stop
// -m immediate, then the folder goes) is called by whoever started it, and again at process exit
// in case that died first.
import { execFile, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const run = promisify(execFile);

/** Where the server binaries are: PAYDESK_PG_BIN when set (only there), else Debian's newest of 17, 16, 15; null when absent. */
export function postgresBinaries(): string | null {
  const given = process.env.PAYDESK_PG_BIN;
  const candidates = given ? [given] : ['17', '16', '15'].map((v) => `/usr/lib/postgresql/${v}/bin`);
  return candidates.find((dir): dir is string => !!dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) ?? null;
}

/** Why the PostgreSQL tests cannot run on this machine, or null when they can. */
export function postgresMissing(): string | null {
  if (postgresBinaries()) return null;
  return 'PostgreSQL server binaries not found (/usr/lib/postgresql/<15|16|17>/bin or PAYDESK_PG_BIN). Install them with `apt-get install postgresql` (.ci/run does).';
}

/** A running server as its clients reach it (the one a test run shares, or one started here). */
export type PostgresAt = {
  host: '127.0.0.1';
  port: number;
  superuser: 'postgres';
  password: string;
  /** A new database (a unique name unless given), a copy of `template` (template1, empty, unless given); returns its name. */
  createDatabase(name?: string, options?: { template?: string }): Promise<string>;
  /** A connected client; the superuser on the `postgres` database unless told otherwise. */
  connect(options?: { database?: string; user?: string; password?: string }): Promise<pg.Client>;
  /** Runs SQL as the superuser in a database (a connection of its own, closed after). */
  sql(database: string, text: string, values?: unknown[]): Promise<pg.QueryResult>;
};

export type PostgresServer = PostgresAt & {
  /** With `tls: true`: the certificate authority (PEM) that signed the server's certificate (for 127.0.0.1 and localhost). */
  caPem?: string;
  /** The server's own log (what `log_statement` and the like write): a leak test reads it. */
  logFile: string;
  stop(): Promise<void>;
};

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Clients of the server on 127.0.0.1:port, as the superuser unless told otherwise. */
export function postgresAt(port: number, password: string): PostgresAt {
  const connect: PostgresAt['connect'] = async (options = {}) => {
    const client = new pg.Client({ host: '127.0.0.1', port, user: options.user ?? 'postgres', password: options.password ?? password, database: options.database ?? 'postgres' });
    await client.connect();
    return client;
  };
  const sql: PostgresAt['sql'] = async (database, text, values) => {
    const client = await connect({ database });
    try {
      return await client.query(text, values);
    } finally {
      await client.end();
    }
  };
  return {
    host: '127.0.0.1',
    port,
    superuser: 'postgres',
    password,
    connect,
    sql,
    async createDatabase(name, options = {}) {
      // Unique across the test files' processes, which share one server.
      const db = name ?? `test_${process.pid}_${randomBytes(4).toString('hex')}`;
      await sql('postgres', `CREATE DATABASE ${quoteIdent(db)} TEMPLATE ${quoteIdent(options.template ?? 'template1')}`);
      return db;
    },
  };
}

function postgresOsUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) throw new Error('running as root, but there is no `postgres` OS user to run the server as');
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

function serverLog(dir: string): string {
  try {
    return readFileSync(join(dir, 'server.log'), 'utf8').split('\n').slice(-20).join('\n');
  } catch {
    return '(no server log)';
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A certificate authority and, when `server` is given, a certificate for 127.0.0.1 and localhost it signed (openssl, EC keys). */
export async function makeCertificates(dir: string, server = true): Promise<{ caPem: string; cert?: string; key?: string }> {
  const file = (name: string) => join(dir, name);
  const openssl = (args: string[]) => run('openssl', args, { timeout: 30_000 });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  await openssl(['req', '-x509', ...ec, '-keyout', file('ca.key'), '-out', file('ca.crt'), '-subj', '/CN=Paydesk test CA', '-days', '2']);
  if (!server) return { caPem: readFileSync(file('ca.crt'), 'utf8') };
  await openssl(['req', ...ec, '-keyout', file('server.key'), '-out', file('server.csr'), '-subj', '/CN=127.0.0.1']);
  writeFileSync(file('server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  await openssl(['x509', '-req', '-in', file('server.csr'), '-CA', file('ca.crt'), '-CAkey', file('ca.key'), '-CAcreateserial', '-out', file('server.crt'), '-days', '2', '-extfile', file('server.ext')]);
  return { caPem: readFileSync(file('ca.crt'), 'utf8'), cert: file('server.crt'), key: file('server.key') };
}

/**
 * `settings`: more server settings (name=value), after the defaults (a bench's bigger shared_buffers).
 * `keepIn`: a folder kept between runs (a bench's seeded million): the cluster is made there once,
 * then started again from it; `stop()` stops it (fast) and leaves the folder.
 */
export async function startPostgres(options: { tls?: boolean; settings?: string[]; keepIn?: string } = {}): Promise<PostgresServer> {
  const bin = postgresBinaries();
  if (!bin) throw new Error(postgresMissing()!);
  const owner = postgresOsUser();
  // As root, the binaries run as `postgres`; the folder and everything in it must be that user's.
  const command = (tool: string, args: string[]) => (owner ? { file: 'runuser', args: ['-u', 'postgres', '--', join(bin, tool), ...args] } : { file: join(bin, tool), args });
  const exec = (tool: string, args: string[]) => {
    const c = command(tool, args);
    return run(c.file, c.args, { timeout: 60_000 });
  };

  const kept = options.keepIn;
  if (kept) mkdirSync(kept, { recursive: true, mode: 0o700 });
  const dir = kept ?? mkdtempSync(join(tmpdir(), 'paydesk-pg-'));
  const data = join(dir, 'data');
  const passwordFile = join(dir, 'superuser-password');
  const made = kept !== undefined && existsSync(join(data, 'PG_VERSION'));
  const password = made ? readFileSync(passwordFile, 'utf8') : randomBytes(18).toString('base64url');
  if (!made) writeFileSync(passwordFile, password, { mode: 0o600 });
  if (owner) {
    chownSync(dir, owner.uid, owner.gid);
    chownSync(passwordFile, owner.uid, owner.gid);
  }

  let stopped = false;
  const stopNow = () => {
    if (stopped) return;
    stopped = true;
    const c = command('pg_ctl', ['stop', '-D', data, '-m', kept ? 'fast' : 'immediate', '-s']);
    if (existsSync(join(data, 'postmaster.pid'))) spawnSync(c.file, c.args, { stdio: 'ignore', timeout: 60_000 });
    if (!kept) rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stopNow);

  try {
    // -N: no fsync of the throwaway files; the C.UTF-8 locale needs no locale package.
    // The test certificates are made while initdb runs (both take a while on a loaded machine).
    const [, tls] = await Promise.all([
      made ? undefined : exec('initdb', ['-D', data, '-U', 'postgres', `--pwfile=${passwordFile}`, '--auth=scram-sha-256', '-E', 'UTF8', '--locale=C.UTF-8', '-N']),
      options.tls ? makeCertificates(dir) : undefined,
    ]);
    // A kept cluster keeps its password beside it (owner-only), to be started again.
    if (!kept) rmSync(passwordFile);
    if (tls) chmodSync(tls.key!, 0o600); // the server refuses a key others can read
    if (tls && owner) for (const f of [tls.cert!, tls.key!]) chownSync(f, owner.uid, owner.gid);
    const tlsSettings = tls ? ['ssl=on', `ssl_cert_file=${tls.cert}`, `ssl_key_file=${tls.key}`] : [];
    let port = 0;
    // max_connections: the suite's files run in parallel, each with several apps (laptops) and their
    // pools on one server; 100 ran out ("remaining connection slots are reserved") once the team
    // ledger's bulk, invoice, check-up and recurring files joined, and 300 in two fresh-clone CI runs
    // of 2026-12-01 ("too many clients already"): the postgres project alone peaked at 264 (fay's
    // pools of the schema steps' databases, 2 each), and CI runs the e2e team files beside it.
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      const settings = [`port=${port}`, 'listen_addresses=127.0.0.1', `unix_socket_directories=${dir}`, 'fsync=off', 'synchronous_commit=off', 'full_page_writes=off', 'max_connections=500', 'shared_buffers=16MB', ...tlsSettings, ...(options.settings ?? [])];
      try {
        await exec('pg_ctl', ['start', '-D', data, '-w', '-t', '30', '-s', '-l', join(dir, 'server.log'), '-o', settings.map((s) => `-c ${s}`).join(' ')]);
        break;
      } catch (error) {
        // Another program may have taken the port between asking and listening: try another.
        if (attempt >= 3) throw new Error(`PostgreSQL did not start: ${String(error)}\n${serverLog(dir)}`);
      }
    }

    return {
      ...postgresAt(port, password),
      ...(tls ? { caPem: tls.caPem } : {}),
      logFile: join(dir, 'server.log'),
      async stop() {
        process.removeListener('exit', stopNow);
        stopNow();
      },
    };
  } catch (error) {
    stopNow();
    process.removeListener('exit', stopNow);
    throw error;
  }
}
