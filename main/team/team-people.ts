// "Add a person" (Settings → Team ledger, admins): a login of their own in one of the four groups,
// with a first password they change themselves, through the database's own paydesk.add_person
// (which refuses anyone but an admin, and audits the call). Connects with the saved settings and
// the keychain's password, on a client of its own. The new person's password goes to the database
// only, as a SCRAM verifier (own-password.ts): never into a log line (main's or the server's), a
// file or an answer (the answer is the login and the group).
import type pg from 'pg';
import type { Reason } from '../../contract/reasons';
import { AppFailure } from '../../contract/result';
import { englishText, failField, reason } from '../core/fail';
import type { Logger } from '../log/logger';
import { keepsItsBytes } from '../ledger/postgres/scram-verifier';
import { teamPasswordMinLength, teamPasswordProblem } from '../../contract/team-password-rule';
import { loadTeamLedgerModule, type TeamLedgerSettingsService } from './team-ledger-settings';

const refused = (why: Reason) => new AppFailure('invalid_input', englishText(why), { reason: why });

/**
 * The database's refusal of paydesk.add_person (team-people.sql, people-and-settled-create.sql), in
 * words, by its HINT or SQLSTATE; undefined for anything else (a connection's failure). PD019 is
 * the first-password rule, which the database applies to a password typed in psql: Paydesk checks
 * it before sending a verifier, so here it is a second guard, worded as the form's own check.
 */
export function addPersonRefusal(error: unknown, login: string): AppFailure | undefined {
  const { code, hint } = error as { code?: string; hint?: string };
  if (hint === 'on_team') return refused(reason('teamLedger.addPersonOnTeam', { login }));
  if (hint === 'not_person') return refused(reason('teamLedger.addPersonNotPerson', { login }));
  if (code === '42501') return refused(reason('teamLedger.addPersonAdminOnly', { login }));
  if (code === 'PD019' && hint === 'first_password_login') return failField('invalid_input', 'password', 'teamLedger.firstPasswordHasLogin', { login });
  if (code === 'PD019') return failField('invalid_input', 'password', 'teamLedger.firstPasswordShort', { min: teamPasswordMinLength });
  if (code === '22023') return failField('invalid_input', 'login', 'teamLedger.addPersonLogin');
  return undefined;
}

export type NewPerson = { login: string; role: 'staff' | 'support' | 'finance' | 'admin'; password: string };

export function createTeamPeople(deps: { settings: TeamLedgerSettingsService; logger: Logger }) {
  /** Runs `work` on a client of its own with the saved login; a failure becomes the connection's words. */
  async function withTeam<T>(work: (team: Awaited<ReturnType<typeof loadTeamLedgerModule>>, client: pg.Client) => Promise<T>): Promise<T> {
    const saved = await deps.settings.connectionSettings();
    if (!saved) throw refused(reason('teamLedger.copyNoSettings'));
    const team = await loadTeamLedgerModule();
    const made = team.clientConfig(saved.settings, saved.password);
    if ('refused' in made) throw refused(made.refused);
    let client: pg.Client | undefined;
    try {
      client = await team.connectTeamClient(made.config);
      return await work(team, client);
    } catch (error) {
      if (error instanceof AppFailure) throw error;
      throw refused((team.explainConnectionError(error, saved.settings) as { reason: Reason }).reason);
    } finally {
      await client?.end().catch(() => {});
    }
  }

  /** A change of who is who, refused by the database in its own words (team-people.sql's HINTs), worded here. */
  async function change(what: string, login: string, work: (team: Awaited<ReturnType<typeof loadTeamLedgerModule>>, client: pg.Client) => Promise<void>): Promise<void> {
    await withTeam(async (team, client) => {
      try {
        await work(team, client);
      } catch (error) {
        const { code, hint } = error as { code?: string; hint?: string };
        deps.logger.warn(`team ledger: ${what} was refused`, { login, code: code ?? 'none', hint: hint ?? 'none' });
        if (hint === 'self') throw refused(reason('teamLedger.peopleSelf'));
        if (hint === 'last_admin') throw refused(reason('teamLedger.peopleLastAdmin', { login }));
        if (hint === 'not_person') throw refused(reason('teamLedger.peopleNotFound', { login }));
        if (code === '42501') throw refused(reason('teamLedger.peopleAdminOnly'));
        throw error;
      }
    });
    deps.logger.info(`team ledger: ${what} was made`, { login });
  }

  return {
    /** "Change group": one group at a time; the database refuses non-admins, one's own group and the last admin. */
    async changeGroup(input: { login: string; role: NewPerson['role'] }): Promise<{ login: string; role: NewPerson['role'] }> {
      await change('a change of group', input.login, (team, client) => team.setPersonGroup(client, input.login, input.role));
      return { login: input.login, role: input.role };
    },
    /** "Remove": out of every group and no login; past entries stay in the audit log. */
    async remove(input: { login: string }): Promise<{ login: string }> {
      await change('a removal', input.login, (team, client) => team.removePerson(client, input.login));
      return { login: input.login };
    },
    /** Who is on the team ledger, by login (team-people.ts reads PostgreSQL's catalogs). */
    list: () => withTeam((team, client) => team.listPeople(client)),
    async add(person: NewPerson): Promise<{ login: string; role: NewPerson['role'] }> {
      // The rule "Change my password" applies: the first password guards the login until its person changes it.
      const problem = teamPasswordProblem(person.login, person.password);
      if (problem === 'short') throw failField('invalid_input', 'password', 'teamLedger.firstPasswordShort', { min: teamPasswordMinLength });
      if (problem === 'login') throw failField('invalid_input', 'password', 'teamLedger.firstPasswordHasLogin', { login: person.login });
      // The verifier is made from the password's bytes: one SASLprep would change would not log in from psql (scram-verifier.ts).
      if (!keepsItsBytes(person.password)) throw refused(reason('teamLedger.passwordChars'));
      const saved = await deps.settings.connectionSettings();
      if (!saved) throw refused(reason('teamLedger.copyNoSettings'));
      const team = await loadTeamLedgerModule();
      const made = team.clientConfig(saved.settings, saved.password);
      if ('refused' in made) throw refused(made.refused);
      let client: Awaited<ReturnType<typeof team.connectTeamClient>> | undefined;
      try {
        client = await team.connectTeamClient(made.config);
        await team.addPerson(client, person);
      } catch (error) {
        const code = (error as { code?: string }).code;
        deps.logger.warn('team ledger: a person was not added', { login: person.login, role: person.role, code: code ?? 'none' });
        const worded = addPersonRefusal(error, person.login);
        if (worded) throw worded;
        const check = team.explainConnectionError(error, saved.settings);
        throw refused((check as { reason: Reason }).reason);
      } finally {
        await client?.end().catch(() => {});
      }
      deps.logger.info('team ledger: a person was added', { login: person.login, role: person.role });
      return { login: person.login, role: person.role };
    },
  };
}

export type TeamPeopleService = ReturnType<typeof createTeamPeople>;
