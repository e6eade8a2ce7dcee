// Settings → Team ledger (docs/team-ledger.md): where the team's PostgreSQL ledger is, who this
// person logs in as, and "Test connection". The password goes from the renderer to main once
// (save or test) and is never answered back: main keeps it in the OS keychain only. "Use the team
// ledger on this laptop" (after a successful test) is kept with the settings and takes effect at
// the next start; the view says which ledger this Paydesk uses now, and as whom (never the password).
import { z } from 'zod';
import { method, shared } from '../method-spec';
import { reasonSchema } from '../result';

const pem = shared(() => z.string().max(65_536).regex(/-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----/));

export const teamLedgerFormSchema = shared(() => z.object({
  host: z.string().trim().min(1).max(255),
  port: z.number().int().min(1).max(65_535),
  database: z.string().trim().min(1).max(63),
  user: z.string().trim().min(1).max(63),
  /** Ignored off this computer: TLS is then always on. */
  tls: z.boolean(),
  /** A pinned certificate authority (PEM, not a secret), null for the system's, omitted: the one saved (if any). */
  caPem: pem().nullable().optional(),
  /** Sent once to be kept in the keychain (or to test); omitted: the one already kept for this login. */
  password: z.string().min(1).max(1_000).optional(),
}).strict());

export const teamRoleSchema = shared(() => z.enum(['staff', 'support', 'finance', 'admin']));

export const teamLedgerViewSchema = shared(() => z.object({
  settings: z.object({
    host: z.string(), port: z.number().int(), database: z.string(), user: z.string(), tls: z.boolean(),
    /** Whether a certificate authority is pinned, and its subject for the screen. */
    caPinned: z.boolean(), caSubject: z.string().nullable(),
  }).nullable(),
  /** A password for these settings is in the keychain (never the password itself). */
  passwordSaved: z.boolean(),
  /** This Paydesk, since it started, records and reads payments in the team ledger (else this laptop's own). */
  inUse: z.boolean(),
  /** Kept in the settings: the team ledger is used from the next start (differs from inUse until then). */
  chosen: z.boolean(),
  /**
   * In use: who this laptop is logged in as and the role the database gives (from the check at
   * start or at the last reconnect), or why it could not be checked (the server out of reach...).
   */
  session: z.object({ login: z.string(), role: teamRoleSchema().nullable(), reason: reasonSchema().nullable() }).nullable(),
  /**
   * The role the last successful connection test (or choice of the team ledger) found for the saved
   * login, kept with the settings; null when not tested since that login was saved. Settings offers
   * an admin "Add a person" from it on a later visit, before the laptop uses the team ledger.
   */
  savedRole: teamRoleSchema().nullable(),
}));
export type TeamLedgerView = z.infer<ReturnType<typeof teamLedgerViewSchema>>;

export const teamLedgerCheckSchema = shared(() => z.union([
  // sharedServer: the server holds other Paydesk team databases, whose people are this one's (docs/team-ledger.md).
  z.object({ ok: z.literal(true), login: z.string(), role: teamRoleSchema(), superuser: z.boolean(), tls: z.boolean(), sharedServer: reasonSchema().optional() }),
  z.object({ ok: z.literal(false), problem: z.string(), reason: reasonSchema() }),
]));

const settingsMethods = {
  getTeamLedger: method({
    summary: 'The team ledger settings (host, port, database, user, TLS, pinned CA) and whether a password is in the keychain; never the password.',
    input: () => z.object({}).strict(),
    output: () => teamLedgerViewSchema(),
  }),
  saveTeamLedger: method({
    summary: 'Saves the team ledger settings; a password given goes to the OS keychain only. Does not switch the app\'s ledger (useTeamLedger does).',
    input: () => teamLedgerFormSchema(),
    output: () => teamLedgerViewSchema(),
  }),
  useTeamLedger: method({
    summary: 'Uses the saved team ledger on this laptop from the next start (refused, in words, unless its connection test succeeds now), or this laptop\'s own ledger again.',
    input: () => z.object({ use: z.boolean() }).strict(),
    output: () => teamLedgerViewSchema(),
  }),
  testTeamLedger: method({
    summary: 'Test connection with these settings (the password given, else the one in the keychain): who the person is in the team, or which problem, in words.',
    input: () => teamLedgerFormSchema(),
    output: () => teamLedgerCheckSchema(),
  }),
};

const copyCountsSchema = shared(() => z.object({ source: z.number().int(), copied: z.number().int(), alreadyThere: z.number().int(), skipped: z.number().int() }));

/** Moving to the team ledger: the copy of this laptop's ledger, as far as it got. */
export const teamLedgerCopySchema = shared(() => z.object({
  state: z.enum(['idle', 'running', 'done', 'failed']),
  progress: z.object({ part: z.enum(['payments', 'audit']), done: z.number().int(), total: z.number().int() }).nullable(),
  report: z.object({
    payments: copyCountsSchema(),
    operations: copyCountsSchema(),
    audit: copyCountsSchema(),
    /** The laptop's invoices and credit notes, with their own numbers (marked as that laptop's series). */
    invoices: copyCountsSchema(),
    creditNotes: copyCountsSchema(),
    /** The laptop's bulk payment links' batches (with their rows). */
    bulkBatches: copyCountsSchema(),
    /** The laptop's "Stop repeat charges" marks: a customer who cancelled is not charged again after the team moves. */
    repeatStops: copyCountsSchema(),
    skipped: z.array(z.object({ table: z.enum(['payments', 'operations', 'audit', 'invoices', 'creditNotes', 'repeatStops']), id: z.string(), why: z.enum(['orderIdTaken', 'notAcceptedByTeamLedger', 'paymentSkipped', 'documentPaymentSkipped', 'stopPaymentSkipped']) })),
  }).nullable(),
  reason: reasonSchema().nullable(),
}));
export type TeamLedgerCopy = z.infer<ReturnType<typeof teamLedgerCopySchema>>;

export const teamLedgerCopyMethods = {
  copyToTeamLedger: method({
    summary: 'Starts copying this laptop\'s payments, operations, invoices, credit notes and audit entries into the saved team ledger (an admin\'s login; resumable, never doubled); follow it with getTeamLedgerCopy.',
    input: () => z.object({}).strict(),
    output: () => teamLedgerCopySchema(),
  }),
  getTeamLedgerCopy: method({
    summary: 'How far the copy into the team ledger got, and its report when done (rows copied, already there, skipped and why).',
    input: () => z.object({}).strict(),
    output: () => teamLedgerCopySchema(),
  }),
};

export const teamPeopleMethods = {
  addTeamPerson: method({
    summary: 'An admin adds a person to the team ledger: their own login in one group, with a first password they change themselves (sent to the database only, never answered back).',
    input: () => z.object({
      login: z.string().trim().min(1).max(63).regex(/^[a-z][a-z0-9_.@-]*$/),
      role: teamRoleSchema(),
      // The length and the login are checked by main (contract/team-password-rule.ts), in words.
      password: z.string().min(1).max(1_000),
    }).strict(),
    output: () => z.object({ login: z.string(), role: teamRoleSchema() }),
  }),
  listTeamPeople: method({
    summary: 'Who is on the team ledger: each login in one of the four groups, with its highest group (admin, finance or support, staff), by login; read with the saved login.',
    input: () => z.object({}).strict(),
    output: () => z.array(z.object({ login: z.string(), role: teamRoleSchema() })),
  }),
  changeTeamPersonGroup: method({
    summary: 'An admin moves a person to another group (staff, support, finance or admin; one group at a time) through the database\'s paydesk.set_person_group, which refuses anyone but an admin, their own group and the team\'s last admin, and audits the change.',
    input: () => z.object({ login: z.string().trim().min(1).max(63), role: teamRoleSchema() }).strict(),
    output: () => z.object({ login: z.string(), role: teamRoleSchema() }),
  }),
  removeTeamPerson: method({
    summary: 'An admin removes a person from the team ledger (paydesk.remove_person): out of every group, no longer able to log in; their past entries stay in the audit log. Never the admin themself, never the last admin.',
    input: () => z.object({ login: z.string().trim().min(1).max(63) }).strict(),
    output: () => z.object({ login: z.string() }),
  }),
};

/** "Change my password": the saved login's own, on the server, then in the keychain (docs/team-ledger.md). */
export const teamPasswordMethods = {
  changeTeamPassword: method({
    summary: 'Changes the saved login\'s own password on the team\'s server (a SCRAM verifier is sent, never the password), then keeps the new one in the keychain; the current one is the keychain\'s (given only when it has none). Never answered back.',
    input: () => z.object({
      current: z.string().min(1).max(1_000).optional(),
      next: z.string().min(1).max(1_000),
    }).strict(),
    output: () => z.object({ login: z.string() }),
  }),
  getUnsavedTeamPassword: method({
    summary: 'Whether a new password the server accepted is still waiting in main\'s memory for the keychain (its login and server, never the password); null when none (saved, or Paydesk was closed since).',
    input: () => z.object({}).strict(),
    output: () => z.object({ login: z.string(), host: z.string() }).nullable(),
  }),
  saveTeamPasswordAgain: method({
    summary: 'Tries the keychain again with the new password the server accepted and the keychain did not take (kept in main\'s memory only, until Paydesk closes).',
    input: () => z.object({}).strict(),
    output: () => z.object({ login: z.string() }),
  }),
};

export const teamLedgerMethods = { ...settingsMethods, ...teamLedgerCopyMethods, ...teamPeopleMethods, ...teamPasswordMethods };
