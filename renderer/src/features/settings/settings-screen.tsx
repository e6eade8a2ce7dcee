// Settings: the profiles (list, add, edit, remove, switch), their keys (set, replace, remove)
// and a connection test. Keys go one way, into main's keychain; this screen never sees one.
// Below them: backups and restore, updates, and "Save diagnostics" (docs/maintenance.md), and
// the team ledger's connection (team-ledger-section.tsx). A list of its sections at the top takes
// a person to one in a click: the screen is over 3,000 px long.
import { useEffect, useRef, useState } from 'react';
import { useLanguage, useT, wordReason } from '../../i18n';
import { useWordedError } from '../../i18n/words';
import { ProfileCard } from './profile-card';
import { ProfileForm } from './profile-form';
import { useProfiles, watchProfileList } from './settings-store';
import { NoticeLine, type Notice } from '../../ui/notice';
import { BackupsSection } from './backups-section';
import { SupportSection, UpdatesSection } from './updates-section';
import { useMaintenance } from './maintenance-store';
import { SellerSection } from './seller-form';
import { TeamLedgerSection } from './team-ledger-section';
import { useNavigation } from '../../app/navigation-store';
import { QuotedWords } from '../../ui/quoted-words';
import { profileName } from '../../ui/profile-name';
import { foldArabicLetters } from '../../../../contract/arabic-letters';
import type { ProfileView } from '../../../../contract/methods/profiles';

/** The screen's sections, by their headings' ids, in the order they come. */
const sections = [
  ['profiles-title', 'settings.profiles'],
  ['backups-title', 'maint.backups'],
  ['updates-title', 'maint.updates'],
  ['support-title', 'maint.support'],
  ['seller-title', 'seller.title'],
  ['team-title', 'team.title'],
] as const;

/** Scrolls a section's heading to the top (below the sticky header) and puts the keyboard there, not in the URL. */
export function showSection(id: string) {
  const heading = document.getElementById(id);
  if (!heading) return;
  heading.tabIndex = -1;
  heading.scrollIntoView?.({ block: 'start' });
  heading.focus({ preventScroll: true });
}

function SectionLinks() {
  const t = useT();
  return (
    <nav aria-label={t('settings.contents')} className="settings-contents" data-testid="settings-contents">
      <ul>
        {sections.map(([id, key]) => (
          <li key={id}>
            <button type="button" className="link-button" onClick={() => showSection(id)}>{t(key)}</button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * From this many profiles the list has "Find a profile": a franchise's twenty branches made it 7,145
 * px of cards at 1366 × 768 (the last one ten Page Downs or 133 Tabs away) in an app with no find in
 * page (walk37).
 */
const findFrom = 6;

/** Typed words in a profile's name or its environment's word, case and Arabic spellings aside («فرع جده» finds «فرع جدة»). */
function matches(profile: ProfileView, typed: string, t: ReturnType<typeof useT>): boolean {
  const fold = (text: string) => foldArabicLetters(text.toLocaleLowerCase());
  const words = fold(`${profileName(profile, t)} ${t(`env.${profile.environment}`)}`);
  return fold(typed).split(/\s+/).filter(Boolean).every((word) => words.includes(word));
}

export function SettingsScreen() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const wordError = useWordedError();
  const { profiles, activeId, keychain, error, load, ensure, loadKeychain } = useProfiles();
  // One form open at a time: 'new', or a profile id with what is open on it.
  const [open, setOpen] = useState<{ id: string; what: 'edit' | 'key' } | 'new' | null>(null);
  // The profiles' one status line: the latest thing said, under the list or on the card it is about
  // ('list' or a profile's id). "Profile “X” added." stayed under the list while the new card's key
  // was saved and checked; each action now replaces what the last one said, as a card's own did.
  const [said, setSaid] = useState<{ at: string; notice: Notice }>();
  const [find, setFind] = useState('');
  // A card with a form open stays, whatever is typed here: what was typed in the form is not lost.
  const listed = profiles.length < findFrom || !find.trim() ? profiles : profiles.filter((p) => matches(p, find, t) || (open !== null && open !== 'new' && open.id === p.id));
  const setNotice = (notice: Notice | undefined) => setSaid(notice && { at: 'list', notice });
  const loadMaintenance = useMaintenance((s) => s.load);
  // A removed profile's card goes with the keyboard on its "Yes, remove it": the keyboard goes to
  // "Add profile", right under the line that says what was removed (it fell to the page).
  const addButton = useRef<HTMLButtonElement>(null);
  const removing = useRef(false);
  const onRemoved = (removed: Notice) => {
    setNotice(removed);
    removing.current = true;
    addButton.current?.focus(); // absent only while the new profile's form is open, which keeps it
  };
  // The card goes when the list is read again, after the keyboard moved: the line and "Add profile"
  // moved up with it, out of the window when the card was the one "Find a profile" showed (walk37).
  useEffect(() => {
    if (!removing.current) return;
    removing.current = false;
    addButton.current?.scrollIntoView?.({ block: 'center' }); // with the line above it, clear of the sticky header
  }, [profiles]);

  // Opened from another screen's "Open Settings" (settings-link.tsx): at the section it named, with
  // the active profile's key form open once the profiles are in, or with a new profile's form open.
  const asked = useNavigation((s) => s.params);
  const [shown, setShown] = useState<Record<string, string>>();
  // The team's profile a payment's detail asked to add: chosen in that one form only, not in the next.
  const [askedTeam, setAskedTeam] = useState<string>();
  useEffect(() => {
    if (shown === asked || (asked.open === 'key' && !profiles.some((p) => p.id === activeId))) return;
    setShown(asked);
    if (asked.open === 'key' && activeId) setOpen({ id: activeId, what: 'key' });
    else if (asked.open === 'new') {
      setAskedTeam(asked.teamProfile);
      setOpen('new');
    }
    else if (asked.section) requestAnimationFrame(() => showSection(asked.section!));
  }, [asked, shown, profiles, activeId]);

  // The header's list, kept true by main's profiles.changed (watchProfileList): not asked again here.
  useEffect(() => {
    void ensure();
    void loadKeychain();
    void loadMaintenance();
    return watchProfileList();
  }, [ensure, loadKeychain, loadMaintenance]);

  return (
    <section aria-labelledby="settings-title" className="settings">
      <h1 id="settings-title">{t('settings.title')}</h1>
      <SectionLinks />
      <h2 id="profiles-title">{t('settings.profiles')}</h2>
      <p>{t('settings.profiles.intro')}</p>
      {keychain && !keychain.available && (
        <div role="alert" className="keychain-warning" data-testid="keychain-warning">
          <p><strong>{t('settings.keychain.unavailable')}</strong></p>
          <p><QuotedWords text={(keychain.reason && wordReason(language, keychain.reason)) ?? keychain.message ?? ''} /></p>
        </div>
      )}
      {error && (
        <div role="alert" className="error-panel" data-testid="settings-error">
          <p><QuotedWords text={wordError(error).message} /></p>
          <button type="button" onClick={() => void load()}>{t('error.retry')}</button>
        </div>
      )}
      {profiles.length >= findFrom && (
        <div className="field profile-find">
          <label htmlFor="profile-find">{t('settings.find')}</label>
          <input id="profile-find" type="search" value={find} onChange={(e) => setFind(e.target.value)} aria-describedby="profile-find-count" autoComplete="off" data-testid="profile-find" />
          <p className="field-hint" id="profile-find-count" role="status" data-testid="profile-find-count">
            {find.trim() ? t('settings.find.count', { shown: listed.length, count: profiles.length }) : t('settings.find.hint', { count: profiles.length })}
          </p>
        </div>
      )}
      <ul className="profile-list" aria-label={t('settings.profiles')} data-testid="profile-list">
        {listed.map((profile) => (
          <ProfileCard
            key={profile.id}
            profile={profile}
            active={profile.id === activeId}
            open={open !== null && open !== 'new' && open.id === profile.id ? open.what : null}
            setOpen={(what) => setOpen(what ? { id: profile.id, what } : null)}
            onRemoved={onRemoved}
            notice={said?.at === profile.id ? said.notice : undefined}
            say={(notice) => setSaid(notice && { at: profile.id, notice })}
          />
        ))}
      </ul>
      <NoticeLine notice={said?.at === 'list' ? said.notice : undefined} testId="settings-notice" />
      {open === 'new' ? (
        <ProfileForm
          teamProfileId={askedTeam}
          onDone={(message, added) => {
            // A new sandbox or production profile needs its key next: its key form opens with the
            // keyboard in it (it took a search for the card and its "Set key"), unless the keychain
            // is known to be out of reach (the warning above says so).
            setOpen(added && keychain?.available !== false ? { id: added.id, what: 'key' } : null);
            setNotice(message);
            setAskedTeam(undefined);
          }}
          onCancel={() => { setOpen(null); setAskedTeam(undefined); }}
        />
      ) : (
        !error && (
          <button type="button" ref={addButton} onClick={() => { setNotice(undefined); setAskedTeam(undefined); setOpen('new'); }} data-testid="add-profile">
            {t('settings.add')}
          </button>
        )
      )}
      <BackupsSection />
      <UpdatesSection />
      <SupportSection />
      <SellerSection />
      <TeamLedgerSection />
    </section>
  );
}
