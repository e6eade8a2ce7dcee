// Hosted checkout sessions (Alt+3): the /payment-gateway/initiate form (customer with ID and tax
// number, optional address, authorisation-only and recurring options, URLs and dates) and the
// result with the same share actions as a link; the recent sessions, with the links list's row
// buttons: Copy and Resend while unpaid (share-offer.tsx), a receipt once paid (receipt-panel.tsx).
import { useEffect, useRef, useState } from 'react';
import { useMayCreatePayments } from '../settings/team-role';
import type { PaymentView } from '../../../../contract/methods/payments';
import type { CurrencyCode } from '../../../../contract/money';
import type { AppError } from '../../../../contract/result';
import { api } from '../../api';
import { useLanguage, useT } from '../../i18n';
import { formatDateSpelled } from '../../i18n/format';
import { Ltr } from '../../ui/ltr';
import { addDays, AmountField, fieldId, formKeys, useNewShortcut, SendError, TextField, today, useAmountText, useProblemText, useSendAmount, useConfirmedSend, CustomerFields, CheckField } from './form-kit';
import { AddressesNotKept, UrlFields, useUrlDefaults } from './url-defaults';
import { focusFirstError } from '../../ui/focus';
import { DateField, focusDateMistake } from '../../ui/date-field';
import { Amount, OpenInTransactions, PaymentStateLabel, ResultBox, UnknownOutcome, useLivePayment } from './outcome';
import { SharePanel } from './share-panel';
import { copyLinkAddress, LinkShareButtons, shareable } from './share-offer';
import { shareableOf } from './share-messages';
import { checkAmount, checkCustomer, checkDates, customerToSend, expiryProblem, type Problems } from './validate';
import { useFieldErrors } from './field-errors';
import { toAsciiDigits } from '../../../../contract/digits';
import { usePaymentList } from './payment-list';
import { orderHint, stillPayable, useAgainDraft, useDraftArrives } from './create-again';
import { MakeAnother } from './make-another';
import { forgetDraft, useDraftProfile, useKeptDraft, type CheckoutValues } from './kept-drafts';
import { rememberCurrency, useStartCurrency } from './last-currency';
import { ReceiptOffer } from './receipt-offer';
import { ErrorOpenedGroup } from './error-opened-group';
import { RowReceiptButton, RowReceiptPanel } from './receipt-panel';
import { screenShortcuts, shortcutKeys } from '../../ui/shortcuts';

const form = 'checkout';

export function CheckoutScreen() {
  const t = useT();
  const [result, setResult] = useState<PaymentView | null>(null);
  const [formKey, setFormKey] = useState(0);
  const mayCreate = useMayCreatePayments();
  // Made again for another profile: its own draft, never this one's (kept-drafts.ts).
  const profileId = useDraftProfile();
  // A new session (the shortcut pressed here, New after a result, Clear, a draft from elsewhere): an empty form.
  const reset = () => {
    forgetDraft('checkout');
    setResult(null);
    setFormKey((k) => k + 1);
  };
  const focusFirst = useNewShortcut(screenShortcuts.checkout, 'checkout-amount', reset);
  useLivePayment(result ?? undefined, setResult);
  const newSession = () => {
    reset();
    focusFirst();
  };
  useDraftArrives('checkout', newSession);
  return (
    <section aria-labelledby="checkout-title" className="gp-screen" data-testid="checkout-screen">
      <div className="gp-head">
        <h1 id="checkout-title">{t('gp.checkout.screen')}</h1>
        {result && <button type="button" className="gp-primary" onClick={newSession} data-testid="new-checkout">{t('gp.checkout.new')}</button>}
      </div>
      {!result && !mayCreate && <p role="note" className="gp-note" data-testid="role-no-create">{t('gp.roleNoCreate')}</p>}
      {!result && mayCreate && <CheckoutForm key={`${profileId}:${formKey}`} onCreated={setResult} onCancel={reset} />}
      {result && (
        <ResultBox payment={result} testId="checkout-result">
          <p><Ltr className="mono" testId="result-order-id">{result.orderId}</Ltr> · <Amount minor={result.amountMinor} currency={result.currency} /> · <PaymentStateLabel payment={result} /></p>
          <UnknownOutcome payment={result} onChecked={setResult} />
          <AddressesNotKept />
          <p><OpenInTransactions payment={result} /> <MakeAnother payment={result} /></p>
          <ReceiptOffer payment={result} />
          {result.url && stillPayable(result) && <SharePanel item={{ url: result.url, orderId: result.orderId, amountMinor: result.amountMinor, currency: result.currency as CurrencyCode, description: null, customer: result.customer }} />}
        </ResultBox>
      )}
      <RecentSessions />
    </section>
  );
}

function CheckoutForm({ onCreated, onCancel }: { onCreated(p: PaymentView): void; onCancel(): void }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const amountText = useAmountText();
  const problemText = useProblemText();
  const sendAmount = useSendAmount();
  const { send, dialog } = useConfirmedSend();
  // "Create it again" on a session the gateway did not create: filled with what was sent (create-again.ts).
  const fresh = useAgainDraft('checkout');
  // Or what was typed before the person went to another screen (kept-drafts.ts).
  const { kept, keep, forget } = useKeptDraft('checkout', fresh);
  const again = fresh ?? kept?.again;
  const startCurrency = useStartCurrency();
  const [v, setV] = useState<CheckoutValues>(() => kept?.values ?? {
    orderId: again?.orderId ?? '', amount: again?.amount ?? '', currency: (again?.currency ?? startCurrency) as CurrencyCode,
    name: again?.name ?? '', email: again?.email ?? '', phone: again?.phone ?? '', idType: '', idNumber: '', taxNumber: '', country: '', state: '', city: '', address: '', zip: '',
    authOnly: again?.authOnly ?? false, recurringInit: again?.recurringInit ?? false, issueDate: today(), expireDate: '', successUrl: '', failureUrl: '',
  });
  // Kept for this screen's next form once the person has changed something (an untouched form is made anew).
  const startValues = useRef(v);
  useEffect(() => {
    if (v !== startValues.current || kept) keep({ values: v, again });
  }, [v]);
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof v) => (value: string | boolean) => setV((old) => ({ ...old, [key]: value }));
  const defaultExpiry = v.issueDate ? addDays(v.issueDate, 7) : '';
  const on = today();
  const expiry = v.expireDate || defaultExpiry;
  const hasAddress = Boolean(v.country || v.state || v.city || v.address || v.zip);
  const urls = useUrlDefaults();
  /** What is wrong with the form as it is now: at Save, and as a field told of a problem is edited. */
  const check = (): Problems => {
    const problems: Problems = {};
    checkAmount(v.amount, v.currency, problems);
    checkCustomer({ name: v.name, email: v.email, phone: v.phone }, problems);
    if (v.country && !/^[A-Za-z]{2}$/.test(v.country.trim())) problems['address.country'] = 'gp.check.country';
    checkDates(v.issueDate, expiry, problems, on);
    urls.check(v, problems);
    return problems;
  };
  const fields = useFieldErrors(form, problemText(check()));
  const { errors } = fields;

  const submit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (focusDateMistake(e.currentTarget)) return; // its own error is shown under it
    const problems = check();
    setError(null);
    if (fields.tell(problems)) return focusFirstError();
    send(t('gp.checkout.confirmAction', { amount: amountText(v.amount, v.currency) }), async (confirm) => {
      setBusy(true);
      const opt = (s: string) => s.trim() || undefined;
      const result = await api.createCheckoutSession({
        orderId: opt(v.orderId), amount: v.amount, currency: v.currency,
        customer: { ...customerToSend({ name: v.name, email: v.email, phone: v.phone }), idType: opt(v.idType), idNumber: opt(toAsciiDigits(v.idNumber)), taxNumber: opt(toAsciiDigits(v.taxNumber)) },
        address: hasAddress ? { country: opt(v.country), state: opt(v.state), city: opt(v.city), address: opt(v.address), zip: opt(v.zip) } : undefined,
        authOnly: v.authOnly, recurringInit: v.recurringInit, issueDate: v.issueDate || undefined, expireDate: v.expireDate || defaultExpiry || undefined,
        successUrl: opt(v.successUrl), failureUrl: opt(v.failureUrl), confirm,
      });
      setBusy(false);
      if (result.ok) {
        await urls.keepTyped(v);
        forget();
        rememberCurrency(v.currency);
        return onCreated(result.value);
      }
      fields.tellMain(result.error);
      setError(result.error);
      focusFirstError();
    });
  };

  const text = (path: string, key: keyof typeof v, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField form={form} path={path} label={label} value={v[key] as string} onChange={set(key)} errors={errors} autoComplete="off" {...extra} />
  );
  return (
    <form className="gp-form" onSubmit={submit} onChange={fields.edited} onKeyDown={formKeys(onCancel)} noValidate aria-labelledby="checkout-form-title" data-testid="checkout-form">
      <h2 id="checkout-form-title">{t('gp.checkout.new')}</h2>
      <fieldset disabled={busy}>
        <AmountField form={form} amount={v.amount} currency={v.currency} onAmount={set('amount')} onCurrency={set('currency')} errors={errors} />
        <CustomerFields form={form} values={v} set={set} errors={errors} currency={v.currency}>
          {text('customer.idType', 'idType', t('gp.customer.idType'), { hint: t('gp.customer.idType.hint') })}
          {text('customer.idNumber', 'idNumber', t('gp.customer.idNumber'), { ltr: true })}
          {text('customer.taxNumber', 'taxNumber', t('gp.customer.taxNumber'), { ltr: true })}
        </CustomerFields>
        {/* After the customer, as on the terminal: the amount is what a person types first (docs/keyboard.md). */}
        {text('orderId', 'orderId', t('gp.orderId'), { hint: orderHint(t, again, v.orderId), ltr: true })}
        <ErrorOpenedGroup summary={t('gp.address')} hasError={Object.keys(errors).some((k) => k.startsWith('address.'))}>
          {text('address.country', 'country', t('gp.address.country'), { hint: t('gp.address.country.hint'), ltr: true, maxLength: 2 })}
          {text('address.state', 'state', t('gp.address.state'))}
          {text('address.city', 'city', t('gp.address.city'))}
          {text('address.address', 'address', t('gp.address.line'))}
          {text('address.zip', 'zip', t('gp.address.zip'), { ltr: true })}
        </ErrorOpenedGroup>
        <CheckField id="checkout-authOnly" label={t('gp.authOnly')} hint={t('gp.authOnly.hint')} checked={v.authOnly} onChange={set('authOnly')} />
        <CheckField id="checkout-recurringInit" label={t('gp.recurringInit')} hint={t('gp.recurringInit.hint')} checked={v.recurringInit} onChange={set('recurringInit')} />
        <div className="gp-row">
          <DateField id={fieldId(form, 'issueDate')} label={t('gp.issueDate')} value={v.issueDate} onChange={set('issueDate')} error={errors.issueDate} hint={v.issueDate ? formatDateSpelled(v.issueDate, language) : undefined} />
          <DateField id={fieldId(form, 'expireDate')} label={t('gp.expireDate')} value={v.expireDate} onChange={set('expireDate')} error={errors.expireDate ?? problemText(expiryProblem(v.issueDate, expiry, on)).expireDate} min={v.issueDate > on ? v.issueDate : on}
            hint={v.expireDate ? formatDateSpelled(v.expireDate, language) : defaultExpiry ? t('gp.expireDate.default', { date: formatDateSpelled(defaultExpiry, language) }) : undefined} />
        </div>
        <UrlFields form={form} values={v} set={(k) => set(k) as (s: string) => void} errors={errors} defaults={urls} />
        <SendError error={error} />
        <div className="form-actions">
          <button type="submit" className="gp-primary" data-testid="checkout-submit" aria-keyshortcuts={shortcutKeys('submit')}>{busy ? t('gp.sending') : (sendAmount(v.amount, v.currency) ? t('gp.checkout.createFor', { amount: sendAmount(v.amount, v.currency)! }) : t('gp.checkout.create'))}</button>
          <button type="button" onClick={onCancel} aria-keyshortcuts={shortcutKeys('cancel')}>{t('gp.clear')}</button>
        </div>
      </fieldset>
      {dialog}
    </form>
  );
}

function RecentSessions() {
  const t = useT();
  const { rows } = usePaymentList('checkout', '');
  // One panel open at a time, under its row: the share panel of an unpaid session, or a paid one's receipt.
  const [open, setOpen] = useState<{ id: string; panel: 'share' | 'receipt' } | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  if (!rows.length) return null;
  const toggle = (id: string, panel: 'share' | 'receipt') => setOpen(open?.id === id && open.panel === panel ? null : { id, panel });
  const copy = async (row: PaymentView) => {
    if (!row.url) return;
    if (await copyLinkAddress(row.url)) setCopied(row.id);
    else setOpen({ id: row.id, panel: 'share' }); // the share panel shows the address selected for copying
  };
  return (
    <section aria-labelledby="sessions-title" className="gp-list">
      <h2 id="sessions-title">{t('gp.checkout.recent')}</h2>
      <ul className="gp-simple-list" data-testid="sessions-list">
        {rows.slice(0, 10).map((row) => (
          <SessionRow key={row.id} row={row} open={open?.id === row.id ? open.panel : null} copied={copied === row.id}
            onShare={() => toggle(row.id, 'share')} onCopy={() => void copy(row)} onReceipt={() => toggle(row.id, 'receipt')} />
        ))}
      </ul>
    </section>
  );
}

/**
 * A recent session: one not paid yet offers Copy and Resend as a link's row does (the customer lost
 * the page: before, it was sent again only from the result, gone once left), a paid one its receipt.
 */
function SessionRow({ row, open, copied, onShare, onCopy, onReceipt }: { row: PaymentView; open: 'share' | 'receipt' | null; copied: boolean; onShare(): void; onCopy(): void; onReceipt(): void }) {
  const panelId = `session-share-${row.id}`;
  return (
    <li data-testid="session-row" data-order-id={row.orderId}>
      <Ltr className="mono">{row.orderId}</Ltr> · <bdi className="customer-name">{row.customer.name}</bdi> · <Amount minor={row.amountMinor} currency={row.currency} /> · <PaymentStateLabel payment={row} /> <MakeAnother payment={row} named />
      {shareable(row) && <> <span className="gp-row-actions gp-inline-actions"><LinkShareButtons payment={row} copied={copied} sharing={open === 'share'} onCopy={onCopy} onShare={onShare} panelId={panelId} inRow /></span></>}
      {' '}<RowReceiptButton payment={row} open={open === 'receipt'} onToggle={onReceipt} />
      {open === 'share' && shareable(row) && <div id={panelId}><SharePanel item={shareableOf(row)} testId="row-share" /></div>}
      {open === 'receipt' && <RowReceiptPanel payment={row} />}
    </li>
  );
}
