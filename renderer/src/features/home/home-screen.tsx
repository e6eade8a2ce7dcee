// Home: the day's tasks first (a new payment link, a card payment, finding a payment to check
// or refund), each one step away and with its shortcut; then the money overview
// (features/overview); then what this installation is. On the team ledger the tasks are the
// role's own (team-role.ts): finance was offered three ways to create a payment, each ending at
// "your role … does not create them", and staff and finance "Refund", which they cannot do.
// The intro says what the role does there too; on this laptop's own ledger, or with the role not
// known yet, one intro for all. On the practice profile Home says on the page, not only in the
// badge's tooltip, that no real money moves, and offers the step to one's own sandbox account.
// Card payments authorised and not captured are a task for those who capture (authorised-held.tsx);
// payments needing a person are everyone's while there are any (attention-task.tsx).
import { useRef, useState, type FormEvent } from 'react';
import { useNavigation } from '../../app/navigation-store';
import { useSession } from '../../app/session-store';
import { useT } from '../../i18n';
import { Ltr } from '../../ui/ltr';
import { findPayment } from '../transactions/find-payment';
import { profileName } from '../../ui/profile-name';
import { OverviewSection } from '../overview/overview-section';
import { useSlashFocus } from '../../ui/slash-focus';
import { screenKeys, shortcutKeys } from '../../ui/shortcuts';
import { useMayCreatePayments, useTeamRole } from '../settings/team-role';
import { SettingsLink } from '../settings/settings-link';
import { HeldTasks } from '../overview/authorised-held';
import { AttentionTask } from '../overview/attention-task';
import { typedDir } from '../../ui/typed-dir';

export function HomeScreen() {
  const t = useT();
  const go = useNavigation((s) => s.go);
  const { info, profile } = useSession();
  const [query, setQuery] = useState('');
  const search = useRef<HTMLInputElement>(null);
  useSlashFocus(search);
  const mayCreate = useMayCreatePayments();
  // A role not known yet may turn out to refund: "Refund" stays in its words.
  const mayRefund = useTeamRole((s) => s.mayMoveMoney || s.roleUnknown);
  const role = useTeamRole((s) => s.role);
  const mayCapture = useTeamRole((s) => s.mayMoveMoney);
  if (!info || !profile) return null;

  const find = async (event: FormEvent) => {
    event.preventDefault();
    await findPayment(query);
    go('transactions');
  };

  return (
    <section aria-labelledby="home-title">
      <h1 id="home-title">{t('home.title')}</h1>
      <p data-testid="home-intro">{t(role ? `home.intro.${role}` : 'home.intro')}</p>
      <h2>{t('home.tasks')}</h2>
      <ul className="home-tasks" data-testid="home-tasks">
        {mayCreate && (
          <>
            <li><button type="button" onClick={() => go('links')} aria-keyshortcuts={screenKeys('links')} data-testid="task-new-link">{t('home.task.link')}</button> <kbd>{screenKeys('links')}</kbd></li>
            <li><button type="button" onClick={() => go('terminal')} aria-keyshortcuts={screenKeys('terminal')} data-testid="task-card">{t('home.task.card')}</button> <kbd>{screenKeys('terminal')}</kbd></li>
            <li><button type="button" onClick={() => go('checkout')} aria-keyshortcuts={screenKeys('checkout')}>{t('home.task.checkout')}</button> <kbd>{screenKeys('checkout')}</kbd></li>
          </>
        )}
        <li><button type="button" onClick={() => search.current?.focus()} data-testid="task-refund">{t(mayRefund ? 'home.task.refund' : 'home.task.check')}</button></li>
        {/* Authorised payments waiting for a capture or void: a task for those who may do it (the others see a figure). */}
        {mayCapture && <HeldTasks />}
        {/* Last, so the keyboard's way to the tasks above is not one Tab longer. */}
        <AttentionTask />
      </ul>
      <form className="home-find" role="search" onSubmit={(e) => void find(e)}>
        <label htmlFor="home-find">{t('home.find')}</label>
        <input id="home-find" ref={search} type="search" dir={typedDir(query)} aria-keyshortcuts={shortcutKeys('search')} value={query} onChange={(e) => setQuery(e.target.value)} placeholder={t('tx.search.placeholder')} data-testid="home-find" />
        <button type="submit">{t('home.find.go')}</button>
        <p className="field-hint">{t('home.find.hint')}</p>
      </form>
      {/* After the tasks and Find, so the keyboard's way to them is not one Tab longer. */}
      {profile.environment === 'practice' && (
        <p data-testid="home-practice">
          {t('home.practice')} <SettingsLink to={{ open: 'new' }} testId="home-own-account">{t('home.practice.ownAccount')}</SettingsLink>
        </p>
      )}
      <OverviewSection profileId={profile.id} />
      <h2>{t('home.about')}</h2>
      <dl className="facts">
        <dt>{t('home.version')}</dt>
        <dd>
          <Ltr testId="app-version">{info.version}</Ltr>
        </dd>
        <dt>{t('home.runtime')}</dt>
        <dd data-testid="app-runtime">{t(`home.runtime.${info.runtime}`)}</dd>
        <dt>{t('home.profile')}</dt>
        <dd data-testid="home-profile">{profileName(profile, t)}</dd>
        <dt>{t('home.gateway')}</dt>
        <dd>
          <Ltr className="mono">{profile.baseUrl}</Ltr>
        </dd>
        <dt>{t('home.key')}</dt>
        <dd>
          {profile.key.configured
            ? t('home.key.configured', { lastFour: `\u2066${profile.key.lastFour ?? ''}\u2069` }) // isolated LTR run
            : t('home.key.missing')}
        </dd>
      </dl>
    </section>
  );
}
