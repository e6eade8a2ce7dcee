// The team ledger's password lives only in the OS keychain, like API keys (key-vault.ts): service
// "Paydesk", account "team-ledger:<user>@<host>:<port>/<database>", so a change of server, database
// or user never reuses another connection's password. Never in settings, logs or the ledger.
import type { KeyVault } from './key-vault';

export type TeamLedgerLogin = { host: string; port: number; database: string; user: string };

export const teamLedgerAccount = (login: TeamLedgerLogin): string => `team-ledger:${login.user}@${login.host.trim().toLowerCase()}:${login.port}/${login.database}`;

export function teamLedgerPasswords(vault: KeyVault) {
  return {
    read: (login: TeamLedgerLogin) => vault.read(teamLedgerAccount(login)),
    store: (login: TeamLedgerLogin, password: string) => vault.store(teamLedgerAccount(login), password),
    /** True when a password was there. */
    remove: (login: TeamLedgerLogin) => vault.remove(teamLedgerAccount(login)),
  };
}
