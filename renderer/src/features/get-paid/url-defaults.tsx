// Where the customer goes after paying a link or a checkout session (successUrl and failureUrl,
// gateway-interface.md 4.1 and 4.4). A sandbox or production profile without defaults asks for
// them here, open from the start and marked required, and keeps what is typed as the profile's
// defaults (ticked unless unticked): its first link was refused for want of them and sent the
// person to Settings (walk22, walk23). The practice profile needs none: its own result page.
import { useState } from 'react';
import { create } from 'zustand';
import type { ProfileView } from '../../../../contract/methods/profiles';
import type { AppError } from '../../../../contract/result';
import { api } from '../../api';
import { useSession } from '../../app/session-store';
import { useT } from '../../i18n';
import { useWordedError } from '../../i18n/words';
import { QuotedWords } from '../../ui/quoted-words';
import { CheckField, TextField, fieldId, type FieldErrors } from './form-kit';
import { ErrorOpenedGroup } from './error-opened-group';
import { checkUrl, type Problems } from './validate';

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
/**
 * Keeping the addresses is a second call, after the link, session or batch is made: a refusal (a
 * team role that may not change profiles, a profiles file that cannot be written) was silent, and
 * the next link asked again unexplained. Said where the result shows, until the next keeping.
 */
export const useAddressesNotKept = create<{ refusal: { profileId: string; profile: string; error: AppError } | null }>(() => ({ refusal: null }));

export function useUrlDefaults() {
  const profile = useSession((s) => s.profile);
  const missing = missingOf(profile);
  const [keep, setKeep] = useState(true);
  return {
    profile, missing, keep, setKeep,
    /** Each typed address by main's rule (https only for production); empty where the profile has no default: said at the field before anything is sent. */
    check(values: Urls, problems: Problems) {
      for (const key of urlKeys) checkUrl(values[key], key, problems, profile?.environment);
      for (const key of missing) if (!values[key].trim() && !problems[key]) problems[key] = 'gp.check.urlNeeded';
    },
    /** Once the link or session is made: what was typed for a missing default becomes the profile's. */
    async keepTyped(values: Urls) {
      useAddressesNotKept.setState({ refusal: null });
      if (!profile || !keep || missing.length === 0) return;
      const typed = Object.fromEntries(missing.filter((key) => values[key].trim()).map((key) => [key, values[key].trim()]));
      if (Object.keys(typed).length === 0) return;
      // A refusal leaves the profile as it was: the next link asks again, and the person is told why. The link itself is made.
      const result = await api.updateProfile({ id: profile.id, ...typed });
      if (result.ok) await useSession.getState().load();
      else useAddressesNotKept.setState({ refusal: { profileId: profile.id, profile: profile.name, error: result.error } });
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

/** Under a result: the addresses were used but not kept as the profile's defaults, and why (main's reason, in the language of each draw). */
export function AddressesNotKept() {
  const t = useT();
  const wordError = useWordedError();
  const refusal = useAddressesNotKept((s) => s.refusal);
  const profileId = useSession((s) => s.profile?.id);
  if (!refusal || refusal.profileId !== profileId) return null;
  return (
    <p role="alert" className="form-error gp-error" data-testid="addresses-not-kept">
      <QuotedWords text={t('gp.url.notKept', { profile: refusal.profile, reason: wordError(refusal.error).message })} />
    </p>
  );
}
