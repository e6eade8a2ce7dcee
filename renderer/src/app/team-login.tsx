// Which ledger and whose login this laptop works as, in the header of every screen (walk of the
// team ledger: outside Settings nothing said it, and on a laptop two people share only the
// timeline's "by omar" told whose login acted). On this laptop's own ledger nothing is shown: it is
// what every laptop without a team uses, and Settings says it. The login only, never the server's
// credentials (getAppInfo carries no password).
import { useT, type MessageKey } from '../i18n';
import { useSession } from './session-store';

export function TeamLogin() {
  const t = useT();
  const team = useSession((s) => s.info?.team);
  if (!team) return null;
  const role = team.role && t(`team.role.${team.role}` as MessageKey);
  const who = role ? t('team.header.title', { login: team.login, role }) : t('team.header.title.noRole', { login: team.login });
  // While the connection is being made again the chip says so on every screen (walk34: only a notice
  // band said it, and a dismissed one said nothing), its name too.
  const title = team.reconnecting ? `${who} ${t('team.header.reconnecting.said')}` : who;
  return (
    <span className={`team-login${team.reconnecting ? ' team-login-away' : ''}`} title={title} aria-label={title} role="note" data-testid="team-login">
      {/* Under 680 px the login alone: the window is narrow, and the tooltip still says the ledger. */}
      <span className="team-login-ledger">{t('team.header.ledger')}</span>
      {/* The login stays left to right in an Arabic line; the role is worded in the page's language. */}
      <span className="team-login-who"><bdi dir="ltr">{team.login}</bdi>{role && ` (${role})`}</span>
      {team.reconnecting && <span className="team-login-state" data-testid="team-login-reconnecting">{t('team.header.reconnecting')}</span>}
    </span>
  );
}
