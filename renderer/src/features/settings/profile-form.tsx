// Add or edit a profile. Main checks every field and answers with a message per field; this
// form only shows them. A profile's environment is chosen once, when it is added.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { gatewayOperationNames, type ProfileView } from '../../../../contract/methods/profiles';
import { currencyCodes } from '../../../../contract/money';
import type { AppError } from '../../../../contract/result';
import { api } from '../../api';
import { useT } from '../../i18n';
import { useWordedError } from '../../i18n/words';
import { Field } from './field';
import { said, type Notice } from '../../ui/notice';
import { placeholders, withData } from '../../ui/isolated';
import { useProfiles } from './settings-store';
import { QuotedWords } from '../../ui/quoted-words';
import { practiceProfileId } from '../../ui/profile-name';
import { useTeamProfileList } from './team-profiles-store';
import { withEnvironment } from './profile-switcher';

/** `added`: the profile just created (not on an edit), so the screen can open its key form next. */
/** `teamProfileId`: a new profile's form opened with that team's profile chosen (a payment detail's "Add … in Settings"). */
type Props = { profile?: ProfileView; teamProfileId?: string; onDone(notice: Notice, added?: ProfileView): void; onCancel(): void };
type Operation = (typeof gatewayOperationNames)[number];

export function ProfileForm({ profile, teamProfileId: asked, onDone, onCancel }: Props) {
  const t = useT();
  const practice = profile?.environment === 'practice';
  const [name, setName] = useState(profile?.name ?? '');
  const [environment, setEnvironment] = useState<'sandbox' | 'production'>('sandbox');
  const [baseUrl, setBaseUrl] = useState(profile?.baseUrl ?? '');
  const [defaultCurrency, setCurrency] = useState(profile?.defaultCurrency ?? 'SAR');
  const [successUrl, setSuccessUrl] = useState(profile?.successUrl ?? '');
  const [failureUrl, setFailureUrl] = useState(profile?.failureUrl ?? '');
  const [overrides, setOverrides] = useState<Partial<Record<Operation, string>>>(profile?.pathOverrides ?? {});
  const [error, setError] = useState<AppError>();
  const [busy, setBusy] = useState(false);
  const [answers, setAnswers] = useState(0); // answered submits: tests wait on data-answers
  // On the team ledger, a new profile may be one the team's laptops published: it then takes the
  // team's id (docs/profiles-and-keys.md). Offered: that environment's, not removed, not here yet.
  const teamProfiles = useTeamProfileList();
  const here = useProfiles((s) => s.profiles);
  const offers = profile ? [] : teamProfiles.filter((p) => p.environment === environment && !p.removed && !here.some((h) => h.id === p.id));
  const [teamProfileId, setTeamProfileId] = useState<string>();
  const chosen = offers.find((p) => p.id === teamProfileId);
  // Asked for from another screen: its environment first, then chosen once the team's list has it
  // (it may still be on its way); kept only until then.
  const [wanted, setWanted] = useState(profile ? undefined : asked);
  const wantedTeam = teamProfiles.find((p) => p.id === wanted && !p.removed);
  useEffect(() => {
    if (!wantedTeam) return;
    if (environment !== wantedTeam.environment) return setEnvironment(wantedTeam.environment);
    setWanted(undefined);
    choose(wantedTeam.id, wantedTeam);
  });
  function choose(id: string | undefined, found = offers.find((p) => p.id === id)) {
    setTeamProfileId(id);
    const team = found;
    // Its name and address filled in as the team has them; both may still be changed here.
    if (team) {
      setName(team.name);
      setBaseUrl(team.baseUrl);
    }
  }
  // Main's answer is kept as it came and worded at each draw: it follows a change of language.
  const wordError = useWordedError();
  const shown = error && wordError(error);
  // Opened to type a name: the keyboard goes there once, when it opens (it stayed on "Add profile"
  // or "Edit": one more click).
  const nameInput = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // A new profile's form opens under the list, at the window's foot: its heading is brought to the
    // top so its fields show (Name alone showed, cut by the window's edge, the base URL below it).
    if (profile) nameInput.current?.scrollIntoView?.({ block: 'nearest' });
    else form.current?.scrollIntoView?.({ block: 'start' });
    nameInput.current?.focus({ preventScroll: true });
    if (profile) nameInput.current?.select(); // a rename is then typing the new name
  }, []);
  const fieldError = (key: string) => shown?.fields?.[key];
  const shownElsewhere = error?.fields && Object.keys(error.fields).some((k) => (k === 'teamProfileId' && offers.length > 0) || k === 'name' || k === 'baseUrl' || k === 'successUrl' || k === 'failureUrl' || k.startsWith('pathOverrides.'));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const common = { name, defaultCurrency, successUrl: successUrl.trim() || null, failureUrl: failureUrl.trim() || null };
    const result = profile
      ? await api.updateProfile(practice ? { id: profile.id, ...common } : { id: profile.id, ...common, baseUrl, pathOverrides: overrides })
      : await api.createProfile({ ...common, environment, baseUrl, pathOverrides: overrides, ...(chosen ? { teamProfileId: chosen.id } : {}) });
    if (result.ok) await useProfiles.getState().load(); // a closed form means the list is current
    setBusy(false);
    setAnswers((n) => n + 1);
    if (!result.ok) return setError(result.error);
    // Which profile was saved is said (a bare "Saved." under a list of cards named none); practice
    // is named in the language of each draw, as its card is.
    const saved = result.value;
    if (profile) onDone(said('settings.saved', { profile: saved.id === practiceProfileId ? { key: 'profile.practiceName' } : saved.name }));
    else onDone(said('settings.added', { profile: result.value.name }), result.value);
  }

  const id = (field: string) => `profile-form-${field}`;
  return (
    <form ref={form} className="profile-form" onSubmit={(e) => void submit(e)} data-answers={answers} aria-labelledby={id('title')} noValidate>
      <h3 id={id('title')}>{profile ? withData(t('settings.form.edit', placeholders(['profile'])), { profile: profile.name }) : t('settings.form.add')}</h3>
      {error && !shownElsewhere && (
        <p role="alert" className="form-error" data-testid="profile-form-error">
          <QuotedWords text={shown?.message ?? ''} />
        </p>
      )}
      <Field id={id('name')} label={t('settings.field.name')} value={name} onChange={(e) => setName(e.target.value)} error={fieldError('name')} autoComplete="off" ref={nameInput} />
      {!profile && (
        <Field id={id('environment')} label={t('settings.field.environment')}>
          <select id={id('environment')} value={environment} onChange={(e) => setEnvironment(e.target.value as 'sandbox' | 'production')}>
            <option value="sandbox">{t('settings.env.sandbox')}</option>
            <option value="production">{t('settings.env.production')}</option>
          </select>
        </Field>
      )}
      {offers.length > 0 && (
        <fieldset className="team-profile-choice" data-testid="team-profile-choice">
          <legend>{t('settings.teamProfiles.legend', { environment })}</legend>
          <label>
            <input type="radio" name={id('team')} checked={!chosen} onChange={() => choose(undefined)} />
            {' '}{t('settings.teamProfiles.new')}
          </label>
          {offers.map((p) => (
            <label key={p.id}>
              <input type="radio" name={id('team')} checked={chosen?.id === p.id} onChange={() => choose(p.id)} data-testid={`team-profile-${p.id}`} />
              {' '}{t('settings.teamProfiles.use', { profile: withEnvironment(p.name, t(`env.${p.environment}`)) })}
            </label>
          ))}
          <p className="field-hint">{t('settings.teamProfiles.hint')}</p>
          {fieldError('teamProfileId') && <p role="alert" className="form-error" data-testid="team-profile-error"><QuotedWords text={fieldError('teamProfileId')!} /></p>}
        </fieldset>
      )}
      {practice ? (
        <p className="field-hint">{t('settings.practice.fixed')}</p>
      ) : (
        <Field id={id('baseUrl')} label={t('settings.field.baseUrl')} value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} error={fieldError('baseUrl')} hint={t('settings.field.baseUrl.hint')} dir="ltr" inputMode="url" placeholder="https://gateway.example/api/v1" autoComplete="off" spellCheck={false} />
      )}
      <Field id={id('defaultCurrency')} label={t('settings.field.defaultCurrency')} error={fieldError('defaultCurrency')}>
        <select id={id('defaultCurrency')} value={defaultCurrency} onChange={(e) => setCurrency(e.target.value)}>
          {currencyCodes.map((code) => (
            <option key={code} value={code}>{code}</option>
          ))}
        </select>
      </Field>
      {/* Asked for on a new sandbox or production profile, with what they are for: "(optional)" alone,
          and a new sandbox's first link was refused for want of them (the eleventh walk, walk22, walk23). */}
      <fieldset className="profile-urls" aria-describedby={practice ? undefined : id('urls-hint')}>
        <legend>{t('settings.field.urls')}</legend>
        {!practice && <p className="field-hint" id={id('urls-hint')}>{t('settings.field.urls.hint')}</p>}
        <Field id={id('successUrl')} label={t('settings.field.successUrl')} value={successUrl} onChange={(e) => setSuccessUrl(e.target.value)} error={fieldError('successUrl')} hint={practice ? undefined : t('settings.field.successUrl.hint')} dir="ltr" inputMode="url" placeholder={practice ? undefined : 'https://shop.example/paid'} autoComplete="off" spellCheck={false} />
        <Field id={id('failureUrl')} label={t('settings.field.failureUrl')} value={failureUrl} onChange={(e) => setFailureUrl(e.target.value)} error={fieldError('failureUrl')} hint={practice ? undefined : t('settings.field.failureUrl.hint')} dir="ltr" inputMode="url" placeholder={practice ? undefined : 'https://shop.example/not-paid'} autoComplete="off" spellCheck={false} />
      </fieldset>
      {!practice && (
        <details className="advanced" open={Object.keys(error?.fields ?? {}).some((k) => k.startsWith('pathOverrides')) || undefined}>
          <summary>{t('settings.field.advanced')}</summary>
          <p className="field-hint">{t('settings.field.advanced.hint')}</p>
          {gatewayOperationNames.map((operation) => (
            <Field
              key={operation}
              id={id(`path-${operation}`)}
              label={operation}
              value={overrides[operation] ?? ''}
              onChange={(e) => setOverrides({ ...overrides, [operation]: e.target.value })}
              error={fieldError(`pathOverrides.${operation}`)}
              dir="ltr"
              autoComplete="off"
              spellCheck={false}
            />
          ))}
        </details>
      )}
      <div className="form-actions">
        <button type="submit" disabled={busy}>{busy ? t('settings.working') : t('settings.save')}</button>
        <button type="button" onClick={onCancel}>{t('settings.cancel')}</button>
      </div>
    </form>
  );
}
