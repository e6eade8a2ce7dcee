// Sets a team database up: the tables, roles, grants, row-level security and audit triggers of
// security.sql (version 1), then live.sql (version 2: change_seq and the notifications for live
// updates), import.sql (version 3: copying a laptop's ledger in) and laptops.sql (version 4: which
// laptop sends an operation), reads.sql (version 5: the list's indexes and pg_trgm), reports.sql (version 6: the overview's indexes), history.sql (version 7: state history and status checks) search.sql (version 8: the searches' order-id and trigram indexes), checks.sql (version 9: a payment's last error, last check and check attempts, who watches it, and a copy that brings history and checks), invoices.sql (version 11: invoices, their lines and credit notes, numbered per profile) bulk.sql (version 12: bulk payment links' batches and rows) and retry.sql (version 13: an order tried again after "not created" with other details), status-answers.sql (version 14: finance records a status answer through paydesk.record_status_answer), recurring.sql (version 15: repeat charges, the card's token readable by support and admin only), checkup.sql (version 16: the gateway check-up's runs, payments marked with their run), status-settle.sql (version 17: finance's status check settles an unclear operation through paydesk.settle_from_status_answer; paydesk.audit_chain_head for every person), bulk-audit.sql (version 18: a bulk batch's import, run, cancel and end audited by the database, its moves notified to every laptop), checkup-runs.sql (version 19: a check-up run's steps and findings kept for support and admin, and a copy that brings the laptop's check-up marks and invoices), checkup-alive.sql (version 20: the laptop running a check-up holds it, so a run nobody holds is shown as interrupted), checkup-live.sql (version 21: a check-up run's saves notified to every laptop), audit-export.sql (version 22: an export's audit entry kept whole, up to 4000 characters), card-last4.sql (version 23: the list's index of a card's last four digits), bulk-links-export.sql (version 24: a bulk batch's links downloaded as CSV, audited as an export), audit-amount.sql (version 25: the audit screen's search by amount), authorised.sql (version 26: Home's authorised payments not captured), link-expiry.sql (version 27: a payment link's expiry date), copy-whole.sql (version 28: the copy of a laptop's ledger brings that expiry date, each payment's webhooks and the bulk batches), copied-audit-search.sql (version 29: the audit screen's search on the entries copied from laptops), refunds-made.sql (version 30: Home's refunds made in a period, by when each was made, and their export audited), team-profiles.sql (version 31: the team's profiles, published by each laptop, never a key), home-sums.sql (version 32: Home's figures from sums per UTC hour and day, kept by triggers), bulk-separator.sql (version 33: a bulk file's separator kept with its batch, for the reports written back), chart-sums.sql (version 34: Home's shares per kind and card brand from sums per UTC hour and day, kept by triggers), search-text.sql (version 35: the searched text kept in each payment, read by the trigram index's recheck), creation-order.sql (version 36: which of a payment's operations, or of the bulk batches, made at one instant was made first), create-audit.sql (version 37: a payment's creation audited with the payment's state, as on the laptop), team-people.sql (version 38: an admin changes a person's group, removes a person (never the last admin) and brings one back), people-and-settled-create.sql (version 39: psql's add_person applies the first-password rule, a lost creation settled by a status check is audited with the payment's state, and the server's other team databases are named), repeat-stops.sql (version 40: "Stop repeat charges", a card's mark set by support and admin, its token refused), repeat-stops-copy.sql (version 41: the copy of a laptop's ledger brings its marks), repeat-stops-sending.sql (version 42: a repeat charge's intent holds the stored card's payment and is refused once it is stopped, so a Stop and a charge on its way are ordered), amount-by-currency.sql (version 43: the list sorted by amount keeps each currency apart, so the index of amounts alone goes), bulk-addresses.sql (version 44: a bulk batch's return addresses kept with it when it first runs, never changed, and the copy of a laptop's ledger brings them), refund-not-known.sql (version 45: finance's status answer of a refund made at the gateway's dashboard keeps its refunded total not known), webhook-amount.sql (version 46: the copy of a laptop's ledger brings each webhook's amount), in one transaction, as a superuser (docs/team-ledger.md). The same files are what a
// database administrator runs with psql.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClientBase } from 'pg';

/**
 * The schema's files, in order, each with the version it takes a database to (it sets
 * paydesk.ledger_meta 'schema_version'). Version 10 was set aside for the audit chain's check and
 * not needed; no database has it.
 */
export const schemaSteps = [[1, 'security.sql'], [2, 'live.sql'], [3, 'import.sql'], [4, 'laptops.sql'], [5, 'reads.sql'], [6, 'reports.sql'], [7, 'history.sql'], [8, 'search.sql'], [9, 'checks.sql'],
  [11, 'invoices.sql'],
  [12, 'bulk.sql'],
  [13, 'retry.sql'],
  [14, 'status-answers.sql'],
  [15, 'recurring.sql'],
  [16, 'checkup.sql'],
  [17, 'status-settle.sql'],
  [18, 'bulk-audit.sql'],
  [19, 'checkup-runs.sql'],
  [20, 'checkup-alive.sql'],
  [21, 'checkup-live.sql'],
  [22, 'audit-export.sql'],
  [23, 'card-last4.sql'],
  [24, 'bulk-links-export.sql'],
  [25, 'audit-amount.sql'],
  [26, 'authorised.sql'],
  [27, 'link-expiry.sql'],
  [28, 'copy-whole.sql'],
  [29, 'copied-audit-search.sql'],
  [30, 'refunds-made.sql'],
  [31, 'team-profiles.sql'],
  [32, 'home-sums.sql'],
  [33, 'bulk-separator.sql'],
  [34, 'chart-sums.sql'],
  [35, 'search-text.sql'],
  [36, 'creation-order.sql'],
  [37, 'create-audit.sql'],
  [38, 'team-people.sql'],
  [39, 'people-and-settled-create.sql'],
  [40, 'repeat-stops.sql'],
  [41, 'repeat-stops-copy.sql'],
  [42, 'repeat-stops-sending.sql'],
  [43, 'amount-by-currency.sql'],
  [44, 'bulk-addresses.sql'],
  [45, 'refund-not-known.sql'],
  [46, 'webhook-amount.sql'],
] as const;
export const schemaFiles = schemaSteps.map(([, file]) => file);

/** The team ledger schema this Paydesk reads and writes (paydesk.ledger_meta 'schema_version'). */
export const teamLedgerSchemaVersion: number = schemaSteps[schemaSteps.length - 1]![0];

/** The group roles, lowest first; each person's login role is a member of one. */
export const teamRoles = ['staff', 'support', 'finance', 'admin'] as const;
export type TeamRole = (typeof teamRoles)[number];

/** A schema file's text: next to this module (scripts/build.mjs copies them into dist/main), else in the source tree from the repository's root (a bench bundled by scripts/run-ts.mjs). */
function schemaFile(name: string): string {
  const beside = new URL(`./${name}`, import.meta.url);
  return readFileSync(existsSync(beside) ? beside : join(process.cwd(), 'main/ledger/postgres', name), 'utf8');
}

/** security.sql's text. */
export function securitySql(): string {
  return schemaFile('security.sql');
}

/**
 * Creates the team ledger in the connected database (every schema file), brings an older one up
 * to this version (the files after its own), or finds it there already, in one transaction, as a
 * superuser. A newer version is refused: this Paydesk does not know it.
 */
export async function applyTeamLedgerSecurity(client: ClientBase): Promise<'created' | 'upgraded' | 'present'> {
  const schema = await client.query(`SELECT to_regclass('paydesk.ledger_meta') IS NOT NULL AS meta FROM pg_namespace WHERE nspname = 'paydesk'`);
  let from = 0;
  if (schema.rows.length > 0) {
    const found = schema.rows[0].meta ? await client.query<{ value: string }>(`SELECT value FROM paydesk.ledger_meta WHERE key = 'schema_version'`) : undefined;
    from = Number(found?.rows[0]?.value ?? NaN);
    if (from === teamLedgerSchemaVersion) return 'present';
    if (!schemaSteps.some(([version]) => version === from)) {
      throw new Error(`this database already has a paydesk schema at version ${found?.rows[0]?.value ?? 'none'}; expected 1 to ${teamLedgerSchemaVersion}`);
    }
  }
  await client.query('BEGIN');
  try {
    for (const [version, file] of schemaSteps) if (version > from) await client.query(schemaFile(file));
    await client.query('COMMIT');
    return from === 0 ? 'created' : 'upgraded';
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}
