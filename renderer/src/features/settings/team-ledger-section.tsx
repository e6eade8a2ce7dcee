// Settings → Team ledger: where the team's PostgreSQL ledger is and who this person logs in as;
// the password goes to main once (save or test) into the keychain and is never shown or sent back
// ("Saved in the keychain"). TLS is forced on off this computer; a pinned certificate authority
// is a PEM file the person chooses (not a secret: kept with the settings). "Test connection" words
// each problem main found. "Use the team ledger on this laptop" (main tests the connection first)
// takes effect at the next start, and the screen says so; it also says which ledger is in use now.
import { Fragment, useEffect, useRef, useState, type FormEvent } from 'react';
import type { TeamLedgerView } from '../../../../contract/methods/team-ledger';
import { api } from '../../api';
import type { AppError } from '../../../../contract/result';
import { useLanguage, useT, wordReason, type MessageKey } from '../../i18n';
import { useWords, type Words } from '../../i18n/words';
import { isLoopback } from '../../../../contract/loopback-host';
import { useFocusAfterCheck } from '../../ui/focus';
import { useForgetTyped } from '../../ui/forget-typed';
import { Field } from './field';
import { TeamLedgerCopySection } from './team-ledger-copy';
import { TeamPeopleSection } from './team-people';
import { TeamPasswordSection } from './team-password';
import { TeamProfilesSection } from './team-profiles-section';

// FileReader rather than Blob.text(): the same in Electron, the browser preview and the DOM tests.
const readText = (file: File) => new Promise<string>((resolve, reject) => {
  const reader = new FileReader();
  reader.onload = () => resolve(String(reader.result));
  reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
  reader.readAsText(file);
});

// Kept as words (keys, main's reason or error) and worded at each draw: a result shown before a
// change of language reads in the new one.
type Outcome = { kind: 'ok' | 'error'; lines: Words[] };

/** Main's reasons that start by saying the team ledger is out of reach (contract/reasons.ts). */
const reasonsNamingTheLedger = new Set(['teamLedger.unreachable', 'teamLedger.reconnecting']);

export function TeamLedgerSection() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const words = useWords();
  const [view, setView] = useState<TeamLedgerView>();
  const [host, setHost] = useState('');
  const [port, setPort] = useState('5432');
  const [database, setDatabase] = useState('paydesk');
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  const forget = useForgetTyped();
  // Off until ticked for a server on this computer, as main's default there (connection.ts): it was
  // shown ticked while main's default was off. Elsewhere it is on whatever this says.
  const [tls, setTls] = useState(false);
  // undefined: keep what is saved; null: none; a string: the PEM of the file just chosen.
  const [caPem, setCaPem] = useState<string | null>();
  const [caName, setCaName] = useState<string>();
  const [caProblem, setCaProblem] = useState(false);
  const [busy, setBusy] = useState<'save' | 'test' | 'use'>();
  const [outcome, setOutcome] = useState<Outcome>();
  // The answer comes below the buttons, under the fold once the form is filled: brought into view
  // when it comes (a person pressed Test connection and saw nothing change).
  const outcomeLine = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) outcomeLine.current?.scrollIntoView?.({ block: 'nearest' });
  }, [outcome]);
  // Each button is disabled while main answers, and Chromium then drops the keyboard to the page's
  // start (walk of the setup, 2026-11-29): it comes back to the button pressed (for "Use…", the one
  // drawn in its place), so a second Test or Tab to the next field goes on from there.
  const saveButton = useRef<HTMLButtonElement>(null);
  const testButton = useRef<HTMLButtonElement>(null);
  const useButtons = useRef<HTMLDivElement>(null);
  const pressed = useRef<'save' | 'test' | 'use'>(undefined);
  if (busy) pressed.current = busy;
  useFocusAfterCheck(busy !== undefined, false, () =>
    pressed.current === 'save' ? saveButton.current : pressed.current === 'test' ? testButton.current : useButtons.current?.querySelector('button'));

  const show = (next: TeamLedgerView) => {
    setView(next);
    if (!next.settings) return;
    setHost(next.settings.host);
    setPort(String(next.settings.port));
    setDatabase(next.settings.database);
    setUser(next.settings.user);
    setTls(next.settings.tls);
  };
  useEffect(() => {
    void api.getTeamLedger({}).then((r) => r.ok && show(r.value));
    // Main checked the role again (the connection came back): the line saying who this laptop is follows; the form stays as typed.
    return api.subscribe((event) => {
      if (event.type === 'team.changed') void api.getTeamLedger({}).then((r) => r.ok && setView(r.value));
    });
  }, []);

  const local = isLoopback(host);
  const keptCa = caPem === undefined ? view?.settings?.caPinned ?? false : caPem !== null;
  // What the box shows is what main uses: TLS off this computer, and with a pinned authority on it.
  const tlsForced = !local || keptCa;
  const tlsUsed = tlsForced || tls;
  // The saved authority stays in main: sent only when chosen or removed here.
  const form = () => ({
    host: host.trim(), port: Number(port), database: database.trim(), user: user.trim(), tls: tlsUsed,
    ...(caPem !== undefined ? { caPem } : {}),
    ...(password ? { password } : {}),
  });

  async function chooseCa(file: File | undefined) {
    setCaProblem(false);
    if (!file) return;
    const text = await readText(file).catch(() => '');
    if (!/-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----/.test(text)) {
      setCaProblem(true);
      return;
    }
    setCaPem(text);
    setCaName(file.name);
  }

  const failure = (error: AppError): Outcome => ({ kind: 'error', lines: [{ key: 'team.error', values: { message: { error } } }] });
  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy('save');
    setOutcome(undefined);
    try {
      const result = await api.saveTeamLedger(form());
      if (!result.ok) return setOutcome(failure(result.error));
      show(result.value);
      // The password went to the keychain; the field empties and says so.
      setPassword('');
      forget();
      setCaPem(undefined);
      setCaName(undefined);
      setOutcome({ kind: 'ok', lines: [{ key: 'team.saved' }] });
    } finally {
      setBusy(undefined);
    }
  }
  async function test() {
    setBusy('test');
    setOutcome(undefined);
    try {
      const result = await api.testTeamLedger(form());
      if (!result.ok) return setOutcome(failure(result.error));
      const check = result.value;
      if (!check.ok) return setOutcome({ kind: 'error', lines: [{ reason: check.reason, otherwise: check.problem }] });
      // Main kept the role when the login tested is the saved one: "Add a person" and the copy follow it.
      // Another login's test (not saved) is this answer only: those run as the saved login.
      void api.getTeamLedger({}).then((r) => r.ok && setView(r.value));
      const lines: Words[] = [{ key: 'team.connected', values: { login: check.login, role: { key: `team.role.${check.role}` as MessageKey } } }];
      if (check.tls) lines.push({ key: 'team.connected.tls' });
      if (check.superuser) lines.push({ key: 'team.connected.superuser' });
      if (check.sharedServer) lines.push({ reason: check.sharedServer, otherwise: 'sharedServer' });
      setOutcome({ kind: 'ok', lines });
    } finally {
      setBusy(undefined);
    }
  }

  async function use(on: boolean) {
    setBusy('use');
    setOutcome(undefined);
    try {
      const result = await api.useTeamLedger({ use: on });
      if (!result.ok) return setOutcome(failure(result.error));
      setView(result.value);
      setOutcome({ kind: 'ok', lines: [{ key: on ? 'team.use.next' : 'team.useLocal.next' }] });
    } finally {
      setBusy(undefined);
    }
  }

  if (!view) return null;
  const session = view.session;
  // The server's name and the logins stay left to right inside an Arabic sentence: translate isolates
  // values by their names (host, login, nextLogin; contract/amount-words.ts).
  const at = view.settings?.host ?? '';
  const login = session?.login ?? '';
  // Says what this laptop uses now, and what it will use from its next start when that differs.
  const inUseLine = !view.inUse || !session ? t(view.chosen ? 'team.chosen.notYet' : 'team.notInUse')
    : !view.chosen ? t('team.unchosen.notYet', { host: at })
    // Saved with another login and chosen again: the running session is still the first login's.
    : view.settings && view.settings.user !== session.login ? t('team.inUse.nextLogin', { host: at, login, nextLogin: view.settings.user })
    : session.role && !session.reason ? t('team.inUse', { host: at, login, role: t(`team.role.${session.role}` as MessageKey) })
    // The missing password saved since the start, but main could not open the team ledger with it then (it opens it there and then otherwise).
    : session.reason?.key === 'teamLedger.noPassword' && view.passwordSaved ? t('team.inUse.passwordSaved', { host: at, login })
    // A reason that names the team ledger itself (out of reach, reconnecting) follows the line as it is, not after "cannot reach it now".
    : session.reason && reasonsNamingTheLedger.has(session.reason.key) ? t('team.inUse.reasonFollows', { host: at, login, reason: wordReason(language, session.reason) ?? '' })
    : t('team.inUse.noRole', { host: at, login, reason: (session.reason && wordReason(language, session.reason)) ?? '' });
  // The keychain's password is one login's (user, server, port, database): a form naming another is
  // tested without it (main answers noPassword), so the note says whose it is rather than "Saved"
  // (walk of the setup: an admin who fixed the port after saving read "Saved in the keychain", then
  // "There is no password for amal").
  const saved = view.settings;
  const formNamesSaved = !!saved && host.trim() === saved.host && Number(port) === saved.port && database.trim() === saved.database && user.trim() === saved.user;
  const complete = host.trim() !== '' && database.trim() !== '' && user.trim() !== '' && Number(port) > 0;
  // The saved login's role, as far as known (the last test main kept of it, or the running app's when it is that login):
  // the copy and "Add a person" run as the saved login. Not known: the button stays, and a refusal is said in words.
  const savedLoginRole = view.savedRole ?? (session && session.login === view.settings?.user ? session.role : null);
  return (
    <section aria-labelledby="team-title" className="maintenance" data-testid="team-ledger">
      <h2 id="team-title">{t('team.title')}</h2>
      <p>{t('team.intro')}</p>
      <p role="note" className="notice team-in-use-line" data-testid="team-not-in-use"><strong>{inUseLine}</strong></p>
      <form onSubmit={(e) => void save(e)}>
        <Field id="team-host" label={t('team.host')} hint={t('team.host.hint')} value={host} onChange={(e) => setHost(e.target.value)} autoComplete="off" dir="ltr" />
        <Field id="team-port" label={t('team.port')} type="number" min={1} max={65535} value={port} onChange={(e) => setPort(e.target.value)} dir="ltr" />
        <Field id="team-database" label={t('team.database')} value={database} onChange={(e) => setDatabase(e.target.value)} autoComplete="off" dir="ltr" />
        <Field id="team-user" label={t('team.user')} value={user} onChange={(e) => setUser(e.target.value)} autoComplete="off" dir="ltr" />
        <Field id="team-password" label={t('team.password')} type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" dir="ltr"
          hint={!view.passwordSaved ? t('team.password.hint')
            : formNamesSaved ? <span data-testid="team-password-saved">{t('team.password.saved')}</span>
            : <span data-testid="team-password-other">{t('team.password.otherLogin', { login: view.settings!.user, host: `${view.settings!.host}:${view.settings!.port}/${view.settings!.database}` })}</span>} />
        <div className="field">
          <label>
            <input type="checkbox" checked={tlsUsed} disabled={tlsForced} onChange={(e) => setTls(e.target.checked)} aria-describedby="team-tls-hint" /> {t('team.tls')}
          </label>
          <p id="team-tls-hint" className="field-hint" data-testid="team-tls-hint">{t(!local ? 'team.tls.required' : keptCa ? 'team.tls.pinned' : 'team.tls.local')}</p>
        </div>
        <Field id="team-ca" label={t('team.ca')} accept=".pem,.crt,.cer" onFile={(file) => void chooseCa(file)}
          hint={caProblem ? undefined : caName ? t('team.ca.chosen', { name: caName }) : view.settings?.caSubject && caPem === undefined ? t('team.ca.pinned', { subject: view.settings.caSubject }) : t('team.ca.hint')}
          error={caProblem ? t('team.ca.unreadable') : undefined} />
        {keptCa && (
          <button type="button" onClick={() => { setCaPem(null); setCaName(undefined); }}>{t('team.ca.remove')}</button>
        )}
        {/* Disabled buttons say why: what is still to fill in. */}
        <div className="form-actions">
          <button type="submit" ref={saveButton} disabled={busy !== undefined || !complete} aria-describedby={complete ? undefined : 'team-incomplete'}>{t('team.save')}</button>
          <button type="button" ref={testButton} disabled={busy !== undefined || !complete} aria-describedby={complete ? undefined : 'team-incomplete'} onClick={() => void test()}>
            {busy === 'test' ? t('team.testing') : t('team.test')}
          </button>
        </div>
        {!complete && <p id="team-incomplete" className="field-hint" data-testid="team-incomplete">{t('team.incomplete')}</p>}
      </form>
      {view.settings && view.passwordSaved && (
        <div className="actions" data-testid="team-use" ref={useButtons}>
          {view.chosen
            ? <button type="button" disabled={busy !== undefined} onClick={() => void use(false)}>{t('team.useLocal')}</button>
            : <button type="button" disabled={busy !== undefined} onClick={() => void use(true)}>{busy === 'use' ? t('team.using') : t('team.use')}</button>}
          {/* What a pending choice means is the line at the top; the hint is for the choice still to make. */}
          {!view.chosen && !view.inUse && <p className="field-hint">{t('team.use.hint')}</p>}
        </div>
      )}
      <div role="status" className={`notice notice-${outcome?.kind ?? 'none'}`} data-testid="team-outcome" ref={outcomeLine}>
        {outcome?.lines.map((line, i) => <OutcomeLine key={i} text={words(line)} line={line} />)}
      </div>
      {/* Every role changes its own password (the saved login's): the first one came from an admin. */}
      {view.settings && <TeamPasswordSection login={view.settings.user} passwordSaved={view.passwordSaved} onKept={() => void api.getTeamLedger({}).then((r) => r.ok && setView(r.value))} />}
      {/* Only an admin's login copies (the database refuses the others): a known other role reads why, not a button. */}
      {view.settings && view.passwordSaved && <TeamLedgerCopySection adminOnly={savedLoginRole !== null && savedLoginRole !== 'admin'} />}
      {/* Offered by the saved login's role: main adds the person as that login (team-people.ts), whatever was tested here. */}
      {view.settings && view.passwordSaved && savedLoginRole === 'admin' && <TeamPeopleSection self={view.settings.user} />}
      {/* The running app's team ledger (its login's role): every role reads the list, an admin changes it. */}
      {view.inUse && session?.role && !session.reason && <TeamProfilesSection admin={session.role === 'admin'} />}
    </section>
  );
}

/**
 * One line of the answer. A command main words inside it (the upgrade's psql line, to an admin) is
 * drawn as a block of its own, left to right: wrapped inside an Arabic sentence at 800 px its
 * parts read across three lines of the paragraph (walk of the setup, 2026-11-29), and it is text
 * to copy whole. The words around it are the reason's, unchanged.
 */
function OutcomeLine({ text, line }: { text: string; line: Words }) {
  const command = 'reason' in line ? line.reason.values?.command : undefined;
  const at = typeof command === 'string' ? text.indexOf(command) : -1;
  if (typeof command !== 'string' || at < 0) return <p>{text}</p>;
  // Without the marks that isolated it in the sentence (the block is isolated by its own direction).
  const before = text.slice(0, at).replace(/\u2066$/, '');
  const after = text.slice(at + command.length).replace(/^\u2069/, '');
  // Each word kept whole on its line: Chromium broke "-f" after its hyphen.
  const parts = command.split(' ').map((part, i) => <Fragment key={i}>{i > 0 && ' '}<span className="command-word">{part}</span></Fragment>);
  return <p>{before}<code className="command-block" dir="ltr" data-testid="team-outcome-command">{parts}</code>{after}</p>;
}
