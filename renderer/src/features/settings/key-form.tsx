// Set or replace a profile's key. The key goes to main once and is cleared from the form at
// once; main keeps it in the OS keychain and answers with its last four characters only.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ProfileView } from '../../../../contract/methods/profiles';
import type { AppError } from '../../../../contract/result';
import { api } from '../../api';
import { useT } from '../../i18n';
import { useWordedError } from '../../i18n/words';
import { Field } from './field';
import { said, type Notice } from '../../ui/notice';
import { placeholders, withData } from '../../ui/isolated';
import { useProfiles } from './settings-store';
import { useForgetTyped } from '../../ui/forget-typed';
import { useCheckups } from '../checkup/checkup-store';

type Props = { profile: ProfileView; onDone(notice: Notice): void; onCancel(): void };

export function KeyForm({ profile, onDone, onCancel }: Props) {
  const t = useT();
  const wordError = useWordedError();
  const [key, setKey] = useState('');
  const forget = useForgetTyped();
  // Checked unless unticked (walk23): a wrong key saved unchecked was taken silently and the first sale
  // with it failed. Main sends it only to this profile's own gateway, and still saves it when that
  // cannot be reached, saying the key was not checked.
  const [test, setTest] = useState(true);
  const [error, setError] = useState<AppError>();
  const [busy, setBusy] = useState(false);
  const [answers, setAnswers] = useState(0); // answered submits: tests wait on data-answers
  const id = `key-form-${profile.id}`;
  // Opened to paste a key (the card's Set key, or another screen's "Open … API key"): the keyboard goes there.
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.scrollIntoView?.({ block: 'nearest' });
    input.current?.focus({ preventScroll: true });
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const sent = key;
    setKey(''); // the key is not kept in the page, whatever main answers
    forget();
    const result = await api.setProfileKey({ id: profile.id, key: sent, testConnection: test });
    if (result.ok) await useProfiles.getState().load(); // a closed form means the list is current
    setBusy(false);
    setAnswers((n) => n + 1);
    if (!result.ok) return setError(result.error);
    const check = result.value.check;
    // A new sandbox key: offer the gateway check-up once, right here (docs/check-up.md), unless
    // its check just found the gateway unreachable: the check-up's first step would fail too.
    if (profile.environment === 'sandbox' && (!check || check.outcome === 'accepted')) useCheckups.getState().offer(profile.id);
    // A key checked says the gateway took it (a bare "Key saved" left a person who ticked the check
    // not knowing whether it passed); one saved unchecked says why, main's reason saying once that
    // the key was not checked (the line said it twice).
    if (!check) return onDone(said('settings.key.saved'));
    onDone(check.outcome === 'accepted' ? said('settings.key.savedChecked') : said('settings.key.savedUnchecked', { message: check.reason ? { reason: check.reason, otherwise: check.message } : check.message }));
  }

  // Worded at each draw: the message follows a change of language.
  const shown = error && wordError(error);
  return (
    <form className="key-form" onSubmit={(e) => void submit(e)} data-answers={answers} noValidate>
      <Field
        id={`${id}-key`}
        // The profile's name is the person's own text: isolated (<bdi>), so "Sandbox 2" or a name
        // ending in a bracket keeps its order inside the Arabic label.
        label={withData(t('settings.key.input', placeholders(['profile'])), { profile: profile.name })}
        hint={t('settings.key.hint')}
        error={shown ? shown.fields?.key ?? shown.message : undefined}
        type="password"
        value={key}
        onChange={(e) => setKey(e.target.value)}
        autoComplete="off"
        spellCheck={false}
        dir="ltr"
        data-testid="key-input"
        ref={input}
      />
      <div className="field field-check">
        <input id={`${id}-test`} type="checkbox" checked={test} onChange={(e) => setTest(e.target.checked)} />
        <label htmlFor={`${id}-test`}>{t('settings.key.test')}</label>
      </div>
      <div className="form-actions">
        <button type="submit" disabled={busy}>{busy ? t('settings.working') : t('settings.key.save')}</button>
        <button type="button" onClick={onCancel}>{t('settings.cancel')}</button>
      </div>
    </form>
  );
}
