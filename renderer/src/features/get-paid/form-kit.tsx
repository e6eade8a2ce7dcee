// Pieces the getting-paid forms share: dates, the currency-aware amount input, field errors
// from main, the panel that says what to do after a failure, and the production confirmation.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSelectCopyOnEntry } from '../../ui/select-on-entry';
import { currencyCodes, exponentOf, parseAmount, type CurrencyCode } from '../../../../contract/money';
import { amountProblem, type Problems } from './validate';
import type { AppError } from '../../../../contract/result';
import type { ProductionConfirmation } from '../../../../contract/methods/profiles';
import { api } from '../../api';
import { useSession } from '../../app/session-store';
import { useLanguage, useT, wordReason, type MessageKey } from '../../i18n';
import { formatAmount, formatCurrency } from '../../i18n/format';
import { useWordedError } from '../../i18n/words';
import { Field } from '../settings/field';
import { ProductionConfirmDialog, needsProductionConfirmation } from '../settings/production-confirmation';
import './get-paid.css';
import { saveFile } from '../../ui/save-file';
import { shortcutKey } from '../../ui/shortcut-key';
import { keyboardTaken } from '../../app/screen-heading';
import { pressed } from '../../ui/shortcuts';
import { Ltr } from '../../ui/ltr';
import { QuotedWords } from '../../ui/quoted-words';
import { SettingsLink } from '../settings/settings-link';
import { phoneSuggestion } from '../../../../contract/phone';
import { ltrIsolated } from '../../../../contract/amount-words';
import { announce } from '../../ui/announce';
import { useNavigation } from '../../app/navigation-store';
import { findPayment } from '../transactions/find-payment';

/** Today as YYYY-MM-DD in the user's own time zone (the day the invoice is issued). */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return '';
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

import { fieldId, type FieldErrors } from './field-errors';
export { fieldId, type FieldErrors };

/**
 * The amount exactly as typed: nothing is dropped or changed to fit. What cannot be sent in the
 * chosen currency is said next to the field as it is typed (and again when the currency
 * changes); main checks it again whatever the screen does.
 */
export function AmountField({ form, amount, currency, onAmount, onCurrency, errors }: { form: string; amount: string; currency: CurrencyCode; onAmount(v: string): void; onCurrency(v: CurrencyCode): void; errors: FieldErrors }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const decimals = exponentOf(currency);
  const problem = amount.trim() ? amountProblem(amount, currency) : undefined;
  const live = problem && wordReason(language, problem);
  return (
    <div className="amount-row">
      <Field id={fieldId(form, 'amount')} label={t('gp.amount')} mark={<RequiredMark />} error={live ?? errors.amount} required aria-required inputMode="decimal" dir="ltr" autoComplete="off" value={amount}
        hint={decimals === 0 ? t('gp.amount.hint0', { currency: formatCurrency(currency, language) }) : t('gp.amount.hint', { currency: formatCurrency(currency, language), decimals: String(decimals) })}
        onChange={(e) => onAmount(e.target.value)} />
      <Field id={fieldId(form, 'currency')} label={t('gp.currency')} error={errors.currency}>
        <select id={fieldId(form, 'currency')} value={currency} onChange={(e) => onCurrency(e.target.value as CurrencyCode)}>
          {currencyCodes.map((c) => <option key={c} value={c}>{c}</option>)}
        </select>
      </Field>
    </div>
  );
}

/** Problems found before sending, in the user's language. */
export function useProblemText() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  return (problems: Problems): FieldErrors =>
    Object.fromEntries(Object.entries(problems).map(([path, problem]) => [path, typeof problem === 'string' ? t(problem) : wordReason(language, problem) ?? t('error.field')]));
}

/** The customer's name, e-mail and phone, as every getting-paid form asks for them, with one
 *  choice of an earlier customer filling all three; `children` are a form's own customer fields. */
export function CustomerFields({ form, values, set, errors, nameHint, nameIsCopy, currency, children }: { form: string; values: { name: string; email: string; phone: string }; set(key: 'name' | 'email' | 'phone'): (value: string) => void; errors: FieldErrors; nameHint?: ReactNode; nameIsCopy?: boolean; currency: CurrencyCode; children?: ReactNode }) {
  const t = useT();
  const selectCopy = useSelectCopyOnEntry(Boolean(nameIsCopy));
  // Undefined while main is asked: the list holds its place in the Tab order meanwhile, so Tab after
  // the form's first fields lands where it always does (it came late on a busy machine, and two Tabs
  // past it reached the e-mail, not the name). No earlier customers: it goes, the keyboard on it on to the name.
  const [earlier, setEarlier] = useState<Array<{ name: string; email: string; phone: string }>>();
  useEffect(() => void api.listCustomers({ limit: 30 }).then((r) => {
    const customers = r.ok ? r.value.customers : [];
    if (customers.length === 0 && document.activeElement?.id === fieldId(form, 'earlier-customer')) document.getElementById(fieldId(form, 'customer.name'))?.focus();
    setEarlier(customers);
  }), [form]);
  const pick = (index: string) => {
    const customer = earlier?.[Number(index)];
    if (!customer) return;
    set('name')(customer.name);
    set('email')(customer.email);
    set('phone')(customer.phone);
    // The three fields fill without the keyboard moving: said, or a screen reader heard nothing (walk18).
    announce(t('gp.customer.earlier.filled', { name: `\u2068${customer.name}\u2069`, email: ltrIsolated(customer.email), phone: ltrIsolated(customer.phone) }));
  };
  // The list shows the customer the fields hold (back to "Choose…" once one is edited by hand): an
  // arrow key on the closed list then moves on from there. Reset to "Choose…" after each choice, every
  // arrow press filled in the first customer again and the keyboard could reach no other.
  const shown = (earlier ?? []).findIndex((c) => c.name === values.name && c.email === values.email && c.phone === values.phone);
  return (
    <fieldset className="gp-group">
      <legend>{t('gp.customer')}</legend>
      {(earlier === undefined || earlier.length > 0) && (
        <Field id={fieldId(form, 'earlier-customer')} label={t('gp.customer.earlier')}>
          {/* A long name is cut short in the closed list (get-paid.css), at its end in its own direction (dir auto), whole in the open one and in its title. */}
          <select id={fieldId(form, 'earlier-customer')} className="gp-earlier" value={shown < 0 ? '' : String(shown)} onChange={(e) => pick(e.target.value)} aria-busy={earlier === undefined || undefined} data-testid={`${form}-earlier-customer`}>
            <option value="">{t('gp.customer.earlier.choose')}</option>
            {earlier?.map((c, i) => <option key={`${c.email}-${c.phone}-${i}`} value={String(i)} dir="auto" title={`${c.name} — ${c.email}`}>{`${c.name} — ${c.email}`}</option>)}
          </select>
        </Field>
      )}
      {/* All three are required by the gateway for every kind (shared/gateway-interface.md, the customer object). */}
      <TextField form={form} path="customer.name" label={t('gp.customer.name')} required hint={nameHint} value={values.name} onChange={set('name')} errors={errors} autoComplete="off" {...selectCopy} />
      <TextField form={form} path="customer.email" label={t('gp.customer.email')} required value={values.email} onChange={set('email')} errors={errors} ltr type="email" autoComplete="off" />
      <TextField form={form} path="customer.phone" label={t('gp.customer.phone')} required hint={t('gp.customer.phone.hint')} value={values.phone} onChange={set('phone')} errors={errors} ltr type="tel" autoComplete="off" />
      <PhoneSuggestion form={form} phone={values.phone} currency={currency} onUse={set('phone')} />
      {children}
    </fieldset>
  );
}

/** A phone typed the local way, offered back in international form for one press (never changed
 *  by itself: the country is a guess from the currency). */
function PhoneSuggestion({ form, phone, currency, onUse }: { form: string; phone: string; currency: CurrencyCode; onUse(value: string): void }) {
  const t = useT();
  const suggestion = phoneSuggestion(phone, currency);
  if (!suggestion) return null;
  return (
    <p className="field-suggestion" data-testid={`${form}-phone-suggestion`}>
      {t('gp.customer.phone.suggest')} <Ltr className="mono">{suggestion}</Ltr>{' '}
      <button type="button" className="link-button" aria-label={t('gp.customer.phone.useLabel', { phone: suggestion })} onClick={() => onUse(suggestion)}>{t('gp.customer.phone.use')}</button>
    </p>
  );
}

/** A text field bound to one path of the form's values, with main's error for that path.
 *  `required`: marked so beside its label and for screen readers; the form's check says what is missing. */
export function TextField({ form, path, label, value, onChange, errors, hint, ltr, required, ...rest }: { form: string; path: string; label: string; value: string; onChange(v: string): void; errors: FieldErrors; hint?: ReactNode; ltr?: boolean } & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'>) {
  return <Field id={fieldId(form, path)} label={label} mark={required ? <RequiredMark /> : undefined} aria-required={required || undefined} error={errors[path]} hint={hint} value={value} dir={ltr ? 'ltr' : undefined} onChange={(e) => onChange(e.target.value)} {...rest} />;
}

/** A box with its label and, under them, a hint that says what ticking it does (read with the box: aria-describedby). */
export function CheckField({ id, label, hint, checked, onChange }: { id: string; label: string; hint: string; checked: boolean; onChange(v: boolean): void }) {
  return (
    // The hint inside the field, so the field's gap comes after it, not between box and hint.
    <div className="field">
      <div className="field-check">
        <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-describedby={`${id}-hint`} />
        <label htmlFor={id}>{label}</label>
      </div>
      <p id={`${id}-hint`} className="field-hint">{hint}</p>
    </div>
  );
}

/** A required field's mark beside its label: "(required)", as the app's dialogs say it. Screen
 *  readers hear the field's aria-required instead, so it is hidden from them. */
export function RequiredMark() {
  const t = useT();
  return <span className="field-required" aria-hidden="true">{t('gp.required')}</span>;
}

// main's worded reasons of these codes already say what to do ("Nothing was sent. Check the
// connection…", "Check its status…"); the advice under them said it again in other words.
const adviceAddsToReason = new Set<AppError['code']>(['invalid_input', 'conflict']);

/** What to do next, by error code, when main's own message (shown too) does not say it. */
export function SendError({ error }: { error: AppError | null }) {
  const t = useT();
  const go = useNavigation((s) => s.go);
  // Main's error as it came, worded at each draw: it follows a change of language.
  const wordError = useWordedError();
  // The profile the error came under: after a switch to another profile the error is about the
  // other gateway ("sandbox.example was not found" under Practice), so it is no longer shown.
  const profileId = useSession((s) => s.profile?.id);
  const cameUnder = useRef<{ error: AppError | null; profileId?: string }>({ error: null });
  if (cameUnder.current.error !== error) cameUnder.current = { error, profileId };
  if (!error || cameUnder.current.profileId !== profileId) return null;
  const advice: Partial<Record<AppError['code'], MessageKey>> = {
    network: 'gp.error.network', timeout: 'gp.error.network', gateway_error: 'gp.error.gateway', malformed_response: 'gp.error.gateway',
    key_missing: 'gp.error.key', key_rejected: 'gp.error.key', invalid_input: 'gp.error.fields', conflict: 'gp.error.conflict', outcome_unknown: 'gp.error.unknown',
  };
  // An order reference already in the ledger: main's reason says to use another or open the
  // existing payment; the advice said it again ("find it in Transactions"), and one press opens it.
  const existing = error.reason?.key === 'rule.orderExists' ? String(error.reason.values?.orderId ?? '') : '';
  const key = existing || (error.reason && !adviceAddsToReason.has(error.code)) ? undefined : advice[error.code];
  return (
    <div role="alert" className="form-error gp-error" data-testid="send-error">
      <p><QuotedWords text={wordError(error).message} /></p>
      {key && <p>{t(key)}</p>}
      {existing && <p><button type="button" className="link" onClick={() => void findPayment(existing).then(() => go('transactions'))} data-testid="send-error-open-existing">{t('gp.error.openExisting')}</button></p>}
      {(error.code === 'key_missing' || error.code === 'key_rejected') && <p><SettingsLink to={{ open: 'key' }} testId="send-error-open-key">{t('settings.open.key')}</SettingsLink></p>}
    </div>
  );
}

/** Asks for the production confirmation (naming environment and amount) before `send` runs. */
export function useConfirmedSend() {
  const profile = useSession((s) => s.profile);
  const [pending, setPending] = useState<{ action: string; run(confirm?: ProductionConfirmation): void } | null>(null);
  const send = (action: string, run: (confirm?: ProductionConfirmation) => void) => {
    if (profile && needsProductionConfirmation(profile)) setPending({ action, run });
    else run(undefined);
  };
  const dialog = pending && profile ? (
    <ProductionConfirmDialog profile={profile} action={pending.action} onCancel={() => setPending(null)} onConfirm={(confirm) => {
      setPending(null);
      pending.run(confirm);
    }} />
  ) : null;
  return { send, dialog };
}

/** The amount as it will be sent, for a button's label; undefined while it cannot be sent. */
export function useSendAmount() {
  const language = useLanguage((s) => s.language);
  return (amount: string, currency: CurrencyCode) => {
    const parsed = parseAmount(amount, currency);
    return parsed.ok && parsed.minor > 0 ? formatAmount(parsed.minor, currency, language) : undefined;
  };
}

/** "Create a payment link for SAR 10.50": the amount as the user will be charged, through Intl. */
export function useAmountText() {
  const language = useLanguage((s) => s.language);
  return (amount: string, currency: CurrencyCode) => {
    const parsed = parseAmount(amount, currency);
    return parsed.ok ? formatAmount(parsed.minor, currency, language) : `${amount} ${currency}`;
  };
}

/** Ctrl/Cmd+Enter submits and Escape cancels, wherever the focus is inside the form. */
export function formKeys(onCancel: () => void) {
  return (e: React.KeyboardEvent<HTMLFormElement>) => {
    if (pressed(e.nativeEvent, 'cancel')) {
      e.preventDefault();
      onCancel();
    } else if (pressed(e.nativeEvent, 'submit')) {
      e.preventDefault();
      e.currentTarget.requestSubmit();
    }
  };
}

/** Saves text as a file through a download (the same path as the transactions export). */
export function saveText(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  saveFile(fileName, [text], type);
}

/**
 * The screen's Alt shortcut means "new": it resets the screen (onNew) and puts the focus in the
 * first field, also when the screen is already open. Right after the draw that made the fresh
 * form, in the task of the key press: the heading no longer holds the keyboard for two frames, in
 * which a quick typist's (or a slow machine's) first keys were lost (docs/keyboard.md). As the
 * screen opens, a field of its own that already took the keyboard (the card's number of "Try
 * another card") keeps it.
 */
export function useNewShortcut(key: string, focusId: string, onNew: () => void) {
  // Bumped to ask for the focus: the effect runs once the reset it comes with is drawn.
  const [focusAsked, setFocusAsked] = useState(0);
  useEffect(() => {
    if (focusAsked === 0 && keyboardTaken()) return;
    document.getElementById(focusId)?.focus();
  }, [focusAsked, focusId]);
  const latest = useRef(onNew);
  latest.current = onNew;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey || e.ctrlKey || e.metaKey || shortcutKey(e) !== key) return;
      latest.current();
      setFocusAsked((n) => n + 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [key]);
  return () => setFocusAsked((n) => n + 1);
}
