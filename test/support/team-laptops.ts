// Laptops on one team database for the team ledger's ledger-level tests: each a payments service
// with its own pool of connections logged in as one of the template's people, a laptop name of
// its own (the operations it records carry it), and the practice gateway over HTTP. Calls can be
// held on the wire (`fetch`) or inside a transaction (`onRefundConfirmed`) to make two laptops
// meet at a chosen point, without timers.
import pg from 'pg';
import type { CallContext } from '../../main/core/call-context';
import { createEventHub } from '../../main/core/event-hub';
import { createGatewayClient } from '../../main/gateway/client';
import { clientConfig, ledgerPool } from '../../main/ledger/postgres/connection';
import { createTeamProfiles, type TeamProfiles } from '../../main/ledger/postgres/pg-profiles';
import { createPostgresLedgerStore } from '../../main/ledger/postgres/pg-store';
import { createPaymentsService, type PaymentsDeps, type PaymentsService } from '../../main/payments/payments-service';
import { requireProductionConfirmation } from '../../main/profiles/production-guard';
import type { startTestGateway } from './practice';
import { teamServer } from './postgres-tests';

type Practice = Awaited<ReturnType<typeof startTestGateway>>;

/** `teamProfiles`: the team's list as this laptop's login reads and changes it (publish, rename, remove). */
export type TeamLaptop = { service: PaymentsService; login: string; ctx: CallContext; teamProfiles: TeamProfiles };

export type TeamLaptopOptions = {
  /** The laptop's name (also its person's OS user); `<login>-laptop` unless given. */
  name?: string;
  /** Stands in for the network between the laptop and the gateway. */
  fetch?: typeof globalThis.fetch;
  onRefundConfirmed?: PaymentsDeps['onRefundConfirmed'];
  /** How long the laptop waits for a gateway answer (longer where a test holds one). */
  timeoutMs?: number;
  /** How long one of its queries may go unanswered before it fails (connection.ts's ledgerQueryMs unless given). */
  queryMs?: number;
  /** The team server's port as this laptop reaches it (a proxy the test can cut); its failures are then worded as the app words them. */
  port?: number;
  /** The laptop's active profile (practice, whose id every laptop shares, unless given) and its other profiles; the rule for a colleague's payment applies (acting-profile.ts). */
  profile?: { id: string; name: string; environment: 'practice' | 'sandbox' | 'production' };
  otherProfiles?: Array<{ id: string; environment: 'practice' | 'sandbox' | 'production' }>;
};

/** Opens laptops on `database`; `close()` ends their connections (call it in afterAll). */
export function teamLaptops() {
  const pools: pg.Pool[] = [];
  return {
    open(database: string, practice: Practice, role: 'staff' | 'support' | 'finance' | 'admin', options: TeamLaptopOptions = {}): TeamLaptop {
      const server = teamServer();
      const person = server.person(role);
      const name = options.name ?? `${person.login}-laptop`;
      const port = options.port ?? server.port;
      // The app's pool (connection.ts): a connection the server or the network drops must not end the
      // test run, and one that stops answering is cut after its time (the app's unless the test sets it).
      const made = clientConfig({ host: server.host, port, database, user: person.login }, person.password);
      if ('refused' in made) throw new Error(made.refused.key);
      const pool = ledgerPool(made.config, 4, options.queryMs);
      pools.push(pool);
      const profile = options.profile ?? { id: 'practice', name: 'Practice', environment: 'practice' as const };
      const here = [profile, ...(options.otherProfiles ?? [])];
      // Each of its own profiles reaches the practice gateway; a colleague's id is none of them.
      const own = (id: string) => here.some((p) => p.id === id);
      const teamProfiles = createTeamProfiles({ pool });
      const service = createPaymentsService({
        store: createPostgresLedgerStore(pool, { laptop: name, settings: options.port === undefined ? undefined : { host: server.host, port, database, user: person.login } }),
        client: createGatewayClient({ logger: practice.logger, sleep: async () => {}, timeoutMs: options.timeoutMs ?? 5_000, fetch: options.fetch }),
        logger: practice.logger, events: createEventHub(),
        active: async () => ({ profile, conn: practice.conn, defaults: { successUrl: 'https://shop.example/ok', failureUrl: 'https://shop.example/no' } }),
        connectionFor: async (id) => (options.profile === undefined || own(id) ? practice.conn : undefined), requireConfirmation: requireProductionConfirmation, onRefundConfirmed: options.onRefundConfirmed,
        teamLedger: options.profile !== undefined, profilesHere: async () => here,
        teamProfile: async (id) => (await teamProfiles.list()).find((p) => p.id === id), // as composition.ts
      });
      return { service, login: person.login, ctx: { transport: 'direct', osUser: name }, teamProfiles };
    },
    close: () => Promise.all(pools.map((p) => p.end())),
  };
}
