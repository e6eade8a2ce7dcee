// Where the customer goes after paying a link or a checkout session (successUrl and failureUrl,
// gateway-interface.md 4.1 and 4.4). A sandbox or production profile without defaults asks for
// them here, open from the start and marked required, and keeps what is typed as the profile's
// defaults (ticked unless unticked): its first link was refused for want of them and sent the
// person to Settings (walk22, walk23). The practice profile needs none: its own result page.
import { useState } from 'react';
import type { ProfileView } from '../../../../contract/methods/profiles';
import { api } from '../../api';
import { useSession } from '../../app/session-store';
import { useT } from '../../i18n';
import { CheckField, TextField, fieldId, type FieldErrors } from './form-kit';
import { ErrorOpenedGroup } from './error-opened-group';
import type { Problems } from './validate';

type UrlKey = 'successUrl' | 'failureUrl';
type Urls = Record<UrlKey, string>;
const urlKeys: readonly UrlKey[] = ['successUrl', 'failureUrl'];
// The shape asked for, where nothing else would fill the field (a default would, so none there).
const examples: Urls = { successUrl: 'https://shop.example/paid', failureUrl: 'https://shop.example/not-paid' };

/** Which of the two addresses the active profile has no default for (none on the practice profile). */
function missingOf(profile: ProfileView | undefined): UrlKey[] {
  if (!profile || profile.environment === 'practice') return [];
  return urlKeys.filter((key) => !profile[key]);
}

/** The form's part: which addresses are needed, whether to keep them, the check and the keeping. */
export function useUrlDefaults() {
  const profile = useSession((s) => s.profile);
  const missing = missingOf(profile);
  const [keep, setKeep] = useState(true);
  return {
    profile, missing, keep, setKeep,
    /** Empty where the profile has no default: said at the field before anything is sent. */
    check(values: Urls, problems: Problems) {
      for (const key of missing) if (!values[key].trim() && !problems[key]) problems[key] = 'gp.check.urlNeeded';
    },
    /** Once the link or session is made: what was typed for a missing default becomes the profile's. */
    async keepTyped(values: Urls) {
      if (!profile || !keep || missing.length === 0) return;
      const typed = Object.fromEntries(missing.filter((key) => values[key].trim()).map((key) => [key, values[key].trim()]));
      if (Object.keys(typed).length === 0) return;
      // A refusal leaves the profile as it was: the next link asks again. The link itself is made.
      const result = await api.updateProfile({ id: profile.id, ...typed });
      if (result.ok) await useSession.getState().load();
    },
  };
}

export type UrlDefaults = ReturnType<typeof useUrlDefaults>;

export function UrlFields({ form, values, set, errors, defaults }: { form: string; values: Urls; set(key: UrlKey): (v: string) => void; errors: FieldErrors; defaults: UrlDefaults }) {
  const t = useT();
  const { profile, missing } = defaults;
  const needed = (key: UrlKey) => missing.includes(key);
  const hint = (key: UrlKey) => {
    const fallback = profile?.[key];
    return fallback ? t('gp.url.default', { url: fallback }) : profile?.environment === 'practice' ? t('gp.url.practice') : t('gp.url.none');
  };
  return (
    <ErrorOpenedGroup summary={t('gp.urls')} hasError={Boolean(errors.successUrl || errors.failureUrl)} startOpen={missing.length > 0}>
      {urlKeys.map((key) => (
        <TextField key={key} form={form} path={key} label={t(key === 'successUrl' ? 'gp.successUrl' : 'gp.failureUrl')} required={needed(key)} hint={hint(key)} value={values[key]} onChange={set(key)} errors={errors} ltr type="url" autoComplete="off" placeholder={needed(key) ? examples[key] : undefined} />
      ))}
      {missing.length > 0 && profile && (
        <CheckField id={fieldId(form, 'keepUrls')} label={t('gp.url.keep', { profile: profile.name })} hint={t('gp.url.keep.hint')} checked={defaults.keep} onChange={defaults.setKeep} />
      )}
    </ErrorOpenedGroup>
  );
}
