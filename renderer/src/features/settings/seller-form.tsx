// Settings → the seller on the active profile's invoices: legal names in Arabic and English, the
// VAT registration number (checked here as the authority's format requires, and again by main),
// the CR number, the address and an optional logo. Kept by main with the profile.
import { useEffect, useRef, useState } from 'react';
import type { SellerDetails } from '../../../../contract/methods/profiles';
import type { AppError } from '../../../../contract/result';
import { api } from '../../api';
import { useSession } from '../../app/session-store';
import { useT, type MessageKey } from '../../i18n';
import { useWordedError } from '../../i18n/words';
import { Field } from './field';
import '../invoices/invoices.css';
import { profileName } from '../../ui/profile-name';
import { focusFirstError, focusIfLost } from '../../ui/focus';
import { QuotedWords } from '../../ui/quoted-words';
import { useNavigation } from '../../app/navigation-store';

const empty: SellerDetails = { legalNameAr: '', legalNameEn: '', vatNumber: '', crNumber: '', address: '', logo: null };
const sellerForm = '#seller-form';
const digits = (text: string) => text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) & 0xf)).replace(/[\s-]/g, '');

export function checkSeller(s: SellerDetails): Record<string, MessageKey> {
  const problems: Record<string, MessageKey> = {};
  if (!s.legalNameAr.trim()) problems.legalNameAr = 'seller.check.legalNameAr';
  if (!s.legalNameEn.trim()) problems.legalNameEn = 'seller.check.legalNameEn';
  if (!/^3\d{13}3$/.test(digits(s.vatNumber))) problems.vatNumber = 'seller.check.vatNumber';
  if (!/^\d{10}$/.test(digits(s.crNumber))) problems.crNumber = 'seller.check.crNumber';
  if (!s.address.trim()) problems.address = 'seller.check.address';
  return problems;
}

export function SellerSection() {
  const t = useT();
  const wordError = useWordedError();
  const profile = useSession((s) => s.profile);
  const [saved, setSaved] = useState<SellerDetails | null | undefined>(undefined);
  const [v, setV] = useState<SellerDetails>(empty);
  const [editing, setEditing] = useState(false);
  // Kept as keys and main's error, worded at each draw: they follow a change of language.
  const [errors, setErrors] = useState<Record<string, MessageKey>>({});
  const [error, setError] = useState<AppError | null>(null);
  const [notice, setNotice] = useState<MessageKey>();
  // Opened from the new payment link's "add the seller details in Settings": once saved, the way
  // back is one press (the link form kept what was typed); before, Alt+2 gave an empty form.
  const back = useNavigation((s) => s.params.back);
  const go = useNavigation((s) => s.go);
  const backButton = useRef<HTMLButtonElement>(null);

  // The saved details, asked again whenever the session's profile is (profiles.changed). They never
  // touch the form: a late answer (main busy, the ledger starting) emptied the fields being typed in.
  // The form starts from them when Edit is pressed, so Edit waits for the first answer (or a refusal).
  useEffect(() => {
    if (!profile) return;
    void api.getSellerDetails({ id: profile.id }).then((r) => {
      if (!r.ok) return setError(r.error);
      setSaved(r.value.seller);
    });
  }, [profile]);
  // Edit and Save (or Cancel) each take away the button just pressed: the focus goes on to the
  // first field, then back to Edit, where the keyboard user was, not to the page's start.
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (editing) focusIfLost(document.getElementById('seller-legalNameAr'));
    else if (wasEditing.current) focusIfLost(backButton.current ?? editButton.current);
    wasEditing.current = editing;
  }, [editing]);
  // Another profile made active: what was typed was for the last one.
  const [formFor, setFormFor] = useState(profile?.id);
  if (formFor !== profile?.id) {
    setFormFor(profile?.id);
    setEditing(false);
    setErrors({});
  }
  if (!profile) return null;

  const set = (key: keyof SellerDetails) => (value: string | null) => setV((old) => ({ ...old, [key]: value }));
  const chooseLogo = (file: File | undefined) => {
    if (!file) return;
    if (!/^image\/(png|jpeg)$/.test(file.type) || file.size > 200 * 1024) return setErrors((e) => ({ ...e, logo: 'seller.check.logo' }));
    const reader = new FileReader();
    reader.onload = () => set('logo')(String(reader.result));
    reader.readAsDataURL(file);
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setNotice(undefined);
    const problems = checkSeller(v);
    setErrors(problems);
    // A mistake: the focus goes to its field, not left on Save far below the message.
    if (Object.keys(problems).length) return focusFirstError(sellerForm);
    const result = await api.setSellerDetails({ id: profile.id, seller: v });
    if (!result.ok) {
      setError(result.error);
      setErrors(Object.fromEntries(Object.keys(result.error.fields ?? {}).map((k) => [k, `seller.check.${k}` as MessageKey])));
      return focusFirstError(sellerForm);
    }
    setError(null);
    setSaved(result.value.seller);
    setEditing(false);
    setNotice('seller.saved');
  };
  const field = (key: Exclude<keyof SellerDetails, 'logo'>, hint?: string, dir?: 'ltr' | 'rtl') => (
    <Field id={`seller-${key}`} label={t(`seller.${key}` as MessageKey)} hint={hint} error={errors[key] && t(errors[key])} value={v[key]} dir={dir} onChange={(e) => set(key)(e.target.value)} autoComplete="off" />
  );

  return (
    <section aria-labelledby="seller-title" className="inv-seller" data-testid="seller-section">
      <h2 id="seller-title">{t('seller.title')}</h2>
      <p>{t('seller.intro', { profile: profileName(profile, t) })}</p>
      <p role="status" className="gp-status" data-testid="seller-notice">{notice && t(notice)}</p>
      {notice === 'seller.saved' && back === 'links' && <p><button type="button" ref={backButton} onClick={() => go('links')} data-testid="seller-back-to-link">{t('seller.backToLink')}</button></p>}
      {error && <div role="alert" className="form-error"><p><QuotedWords text={wordError(error).message} /></p></div>}
      {!editing ? (
        <>
          {saved ? (
            <dl className="facts" data-testid="seller-summary"><dt>{t('seller.legalNameAr')}</dt><dd lang="ar">{saved.legalNameAr}</dd><dt>{t('seller.vatNumber')}</dt><dd dir="ltr">{saved.vatNumber}</dd></dl>
          ) : saved === null && <p>{t('seller.none')}</p>}
          <button type="button" ref={editButton} onClick={() => { setV(saved ?? empty); setEditing(true); }} disabled={saved === undefined && !error} data-testid="seller-edit">{t('seller.edit')}</button>
        </>
      ) : (
        <form id="seller-form" onSubmit={(e) => void submit(e)} noValidate data-testid="seller-form">
          {field('legalNameAr', undefined, 'rtl')}
          {field('legalNameEn', undefined, 'ltr')}
          {field('vatNumber', t('seller.vatNumber.hint'), 'ltr')}
          {field('crNumber', t('seller.crNumber.hint'), 'ltr')}
          {field('address')}
          <Field id="seller-logo" label={t('seller.logo')} error={errors.logo && t(errors.logo)} accept="image/png,image/jpeg" onFile={chooseLogo} />
          {v.logo && <button type="button" onClick={() => set('logo')(null)}>{t('seller.logo.remove')}</button>}
          <div className="form-actions">
            <button type="submit" data-testid="seller-save">{t('seller.save')}</button>
            <button type="button" onClick={() => { setEditing(false); setV(saved ?? empty); setErrors({}); }}>{t('gp.cancel')}</button>
          </div>
        </form>
      )}
    </section>
  );
}
