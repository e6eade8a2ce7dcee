// "Change my password" (Settings → Team ledger, any role): the saved login changes its own
// password on the team's server, then the keychain keeps the new one. The current password is the
// keychain's (typed only when the keychain has none). The statement carries a SCRAM verifier, never
// the password (own-password.ts). The keychain is written only after the server accepted; when it
// fails then, the new password stays in this process's memory for "Save the new password in the
// keychain" (never on disk, never answered back), and the words say what else to do.
import type { Reason } from '../../contract/reasons';
import { AppFailure } from '../../contract/result';
import { teamPasswordMinLength, teamPasswordProblem } from '../../contract/team-password-rule';
import { englishText, failField, reason } from '../core/fail';
import type { Logger } from '../log/logger';
import { keepsItsBytes } from '../ledger/postgres/scram-verifier';
import type { KeyVault } from '../vault/key-vault';
import { teamLedgerAccount, teamLedgerPasswords, type TeamLedgerLogin } from '../vault/team-ledger-password';
import { loadTeamLedgerModule, type TeamLedgerSettingsService } from './team-ledger-settings';

const refused = (why: Reason, code: 'invalid_input' | 'storage' = 'invalid_input') => new AppFailure(code, englishText(why), { reason: why });

export function createTeamPassword(deps: {
  settings: TeamLedgerSettingsService; vault: KeyVault; logger: Logger;
  /** Told once the server has the new password (the running team ledger's next connections use it). */
  changed?: (login: TeamLedgerLogin, password: string) => void;
  /** A note for the window: the new password waiting for the keychain (stays until dismissed or saved), then saved. */
  notify?: (level: 'info' | 'warning', why: Reason) => void;
}) {
  const passwords = teamLedgerPasswords(deps.vault);
  // The new password the server has and the keychain did not take: one login's, until saved or Paydesk closes.
  let unsaved: { login: TeamLedgerLogin; password: string } | undefined;

  async function keep(login: TeamLedgerLogin, password: string) {
    try {
      await passwords.store(login, password);
    } catch (error) {
      unsaved = { login, password };
      deps.logger.warn('team ledger: new password not saved in the keychain', { user: login.user, host: login.host, code: (error as { code?: string }).code ?? 'unknown' });
      // Outside Settings too: leaving it must not leave the person unaware (Settings offers "Save again" while main holds it).
      deps.notify?.('warning', reason('teamLedger.passwordWaitingNote', { user: login.user, host: login.host }));
      throw refused(reason('teamLedger.passwordNotSaved', { user: login.user, host: login.host }), 'storage');
    }
    if (unsaved) deps.notify?.('info', reason('teamLedger.passwordSavedNote', { user: login.user, host: login.host }));
    unsaved = undefined;
    // A laptop waiting for this login's password opens the team ledger now (waiting-for-password.ts).
    await deps.settings.passwordStored();
  }

  return {
    async change(input: { current?: string; next: string }): Promise<{ login: string }> {
      const saved = deps.settings.read();
      if (!saved) throw refused(reason('teamLedger.passwordNoSettings'));
      const login: TeamLedgerLogin = { host: saved.host, port: saved.port, database: saved.database, user: saved.user };
      const problem = teamPasswordProblem(login.user, input.next);
      if (problem === 'short') throw failField('invalid_input', 'next', 'teamLedger.passwordShort', { min: teamPasswordMinLength });
      if (problem === 'login') throw failField('invalid_input', 'next', 'teamLedger.passwordHasLogin', { login: login.user });
      if (!keepsItsBytes(input.next)) throw failField('invalid_input', 'next', 'teamLedger.passwordChars');
      // The server's password now: one it took that the keychain did not is newer than the keychain's.
      const current = (unsaved && teamLedgerAccount(unsaved.login) === teamLedgerAccount(login) ? unsaved.password : null) ?? (await passwords.read(login)) ?? input.current;
      if (!current) throw failField('invalid_input', 'current', 'teamLedger.passwordCurrentNeeded', { user: login.user, host: login.host });
      if (current === input.next) throw failField('invalid_input', 'next', 'teamLedger.passwordSame');

      const team = await loadTeamLedgerModule();
      const settings = { ...login, tls: saved.tls, ...(saved.caPem ? { caPem: saved.caPem } : {}) };
      const made = team.clientConfig(settings, current);
      if ('refused' in made) throw refused(made.refused);
      let client: Awaited<ReturnType<typeof team.connectTeamClient>> | undefined;
      try {
        client = await team.connectTeamClient(made.config);
        await team.changeOwnPassword(client, input.next);
      } catch (error) {
        const code = (error as { code?: string }).code;
        deps.logger.warn('team ledger: password not changed', { user: login.user, host: login.host, code: code ?? 'none' });
        const check = team.explainConnectionError(error, settings);
        throw refused((check as { reason: Reason }).reason);
      } finally {
        await client?.end().catch(() => {});
      }
      deps.logger.info('team ledger: password changed on the server', { user: login.user, host: login.host });
      deps.changed?.(login, input.next);
      await keep(login, input.next);
      return { login: login.user };
    },

    /**
     * The new password still waiting for the keychain: whose, on which server (never the password),
     * so Settings offers "Save again" whenever it opens; none once the keychain holds it (saved in
     * the Password field meanwhile) or after a restart (it was never on disk).
     */
    async unsaved(): Promise<{ login: string; host: string } | null> {
      if (!unsaved) return null;
      const { login, password } = unsaved;
      if ((await passwords.read(login).catch(() => null)) === password) {
        unsaved = undefined;
        return null;
      }
      return { login: login.user, host: login.host };
    },

    /** The keychain again, with the new password the server has (after its save failed). */
    async saveAgain(): Promise<{ login: string }> {
      if (!unsaved) throw refused(reason('teamLedger.passwordNothingUnsaved'));
      const { login, password } = unsaved;
      await keep(login, password);
      return { login: login.user };
    },
  };
}

export type TeamPasswordService = ReturnType<typeof createTeamPassword>;
