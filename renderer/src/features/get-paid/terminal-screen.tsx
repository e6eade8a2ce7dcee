// Card payment (Alt+4): an S2S card sale for a customer who is present or on the phone.
// The card number is Luhn-checked and its brand shown while typing; the hash is computed in
// main; after submit the card fields are emptied and only the masked number stays on screen,
// unless the sale was refused before anything was sent: then what was typed is put back for a retry.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useMayCreatePayments } from '../settings/team-role';
import type { ChallengeView } from '../../../../contract/methods/challenge';
import type { PaymentView } from '../../../../contract/methods/payments';
import type { CurrencyCode } from '../../../../contract/money';
import { savedCardState } from '../../../../contract/payment-states';
import type { AppError } from '../../../../contract/result';
import { api } from '../../api';
import { useT, type MessageKey } from '../../i18n';
import { Field } from '../settings/field';
import { Ltr } from '../../ui/ltr';
import { brandOf, cvvLengthOf, cvvTooLong, digitsOf, editedCvv, groupDigits, luhnOk, maskCard, numberFromPaste } from './card';
import { ChallengeStep } from './challenge-view';
import { useExpiryKeys } from './expiry-keys';
import { AmountField, fieldId, formKeys, useNewShortcut, SendError, TextField, useAmountText, useProblemText, useSendAmount, useConfirmedSend, CustomerFields, RequiredMark, CheckField } from './form-kit';
import { focusFirstError } from '../../ui/focus';
import { useForgetTyped } from '../../ui/forget-typed';
import { Amount, OpenInTransactions, PaymentStateLabel, UnknownOutcome, useLivePayment, useWhileShown } from './outcome';
import { checkAmount, checkCustomer, customerToSend, type Problems } from './validate';
import { useFieldErrors } from './field-errors';
import { toAsciiDigits } from '../../../../contract/digits';
import { nothingSent, outcomeNotKnown } from './not-sent';
import { makeAnother, orderHint, useAgainDraft, useDraftArrives } from './create-again';
import { PayByLinkButton } from './make-another';
import { cardDetailsWrong } from './decline-kind';
import { rememberCurrency, useStartCurrency } from './last-currency';
import { ReceiptOffer } from './receipt-offer';
import { forgetDraft, useDraftProfile, useKeptDraft, type TerminalValues } from './kept-drafts';
import { screenShortcuts, shortcutKeys } from '../../ui/shortcuts';
import { useSession } from '../../app/session-store';
import { PracticeTestCards, type TestCard } from './practice-test-cards';

const form = 'terminal';
const emptyCard = { number: '', holder: '', expiryMonth: '', expiryYear: '', cvv: '' };

type Sale = { payment: PaymentView; masked: string; challenge: ChallengeView | null; challengeDone: boolean; declineReason?: string };

export function TerminalScreen() {
  const t = useT();
  const [sale, setSale] = useState<Sale | null>(null);
  const [formKey, setFormKey] = useState(0);
  const mayCreate = useMayCreatePayments();
  // Made again for another profile: its own draft, never this one's, and no card typed for the other (kept-drafts.ts).
  const profileId = useDraftProfile();
  const onChallengeDone = useCallback((r: { challenge: ChallengeView; payment: PaymentView }) => setSale((s) => s && { ...s, payment: r.payment, challenge: r.challenge, challengeDone: true }), []);
  // A new sale (the shortcut pressed here, New after a result, a draft from elsewhere): an empty form.
  const reset = () => {
    forgetDraft('terminal');
    setSale(null);
    setFormKey((k) => k + 1);
  };
  const focusFirst = useNewShortcut(screenShortcuts.terminal, 'terminal-amount', reset);
  // "Try another card" on a declined sale: a new form with everything but the card (it takes the keyboard there).
  useDraftArrives('terminal', reset);
  return (
    <section aria-labelledby="terminal-title" className="gp-screen" data-testid="terminal-screen">
      <div className="gp-head">
        <h1 id="terminal-title">{t('gp.terminal.screen')}</h1>
        {sale && <button type="button" className="gp-primary" onClick={() => { reset(); focusFirst(); }} data-testid="new-sale">{t('gp.terminal.new')}</button>}
      </div>
      <p className="gp-note" data-testid="card-note">{t('gp.terminal.note')}</p>
      {!sale && !mayCreate && <p role="note" className="gp-note" data-testid="role-no-create">{t('gp.roleNoCreate')}</p>}
      {!sale && mayCreate && <TerminalForm key={`${profileId}:${formKey}`} onSent={setSale} />}
      {sale && sale.challenge && !sale.challengeDone && <ChallengeStep challenge={sale.challenge} payment={sale.payment} onDone={onChallengeDone} />}
      {sale && (!sale.challenge || sale.challengeDone) && <SaleResult sale={sale} onChange={(payment) => setSale({ ...sale, payment })} />}
    </section>
  );
}

function SaleResult({ sale, onChange }: { sale: Sale; onChange(p: PaymentView): void }) {
  const t = useT();
  const mayCreate = useMayCreatePayments();
  const box = useRef<HTMLElement>(null);
  useEffect(() => box.current?.focus(), []);
  useLivePayment(sale.payment, onChange);
  const p = sale.payment;
  const savedCard = savedCardState(p);
  // A wrong security code or expiry: the same card, typed again, is the next step (not another card).
  const detailsWrong = cardDetailsWrong(sale.declineReason);
  const title: MessageKey = p.state === 'paid' ? 'gp.terminal.approved' : p.state === 'authorised' ? 'gp.terminal.authorised' : p.state === 'declined' ? 'gp.terminal.declined' : p.state === 'unknown' ? 'gp.link.resultUnknown' : 'gp.terminal.pending';
  return (
    <section className={`gp-result gp-result-${p.state}`} aria-labelledby="sale-result-title" data-testid="sale-result" tabIndex={-1} ref={box}>
      <h2 id="sale-result-title">{t(title)}</h2>
      {/* Said in words, first: a person on the phone tells the customer whether they were charged. */}
      {(p.state === 'paid' || p.state === 'declined') && <p className="gp-money-said" data-testid="sale-money">{t(p.state === 'paid' ? 'gp.terminal.moneyTaken' : 'gp.terminal.noMoneyTaken')}</p>}
      <dl className="facts">
        <dt>{t('gp.state')}</dt><dd><PaymentStateLabel payment={p} /></dd>
        <dt>{t('gp.amount')}</dt><dd><Amount minor={p.amountMinor} currency={p.currency} /></dd>
        <dt>{t('gp.card')}</dt><dd><Ltr className="mono" testId="masked-card">{p.cardMasked ?? sale.masked}</Ltr></dd>
        <dt>{t('gp.orderId')}</dt><dd><Ltr className="mono" testId="result-order-id">{p.orderId}</Ltr></dd>
        {p.transactionId && (<><dt>{t('gp.transactionId')}</dt><dd><Ltr className="mono whole-id" testId="result-transaction-id">{p.transactionId}</Ltr></dd></>)}
        {p.state === 'declined' && sale.declineReason && (<><dt>{t('gp.declineReason')}</dt><dd><bdi className="user-text" dir="ltr" lang="en" data-testid="decline-reason">{sale.declineReason}</bdi></dd></>)}
      </dl>
      {sale.challenge?.state === 'closed' && <p>{t('gp.challenge.closed')}</p>}
      {p.state === 'declined' && <p data-testid="declined-next">{t(detailsWrong ? 'gp.terminal.declinedCheckCard' : 'gp.terminal.declinedNext')}</p>}
      {p.state === 'authorised' && <p data-testid="authorised-next">{t('gp.terminal.authorisedNext')}</p>}
      {/* "Save the card" ticked: said saved only once the gateway's answer brought its token (useLivePayment brings it). */}
      {savedCard && <p data-testid="card-saved" data-saved={savedCard}>{t(savedCard === 'saved' ? 'gp.terminal.cardSaved' : 'gp.terminal.cardSaving')}</p>}
      {/* The detail's shared "Send a payment link instead" (make-another.tsx): the first screen's code stays one file since
          vite.config.ts keeps what it loads together (importing it here split it in three before that). */}
      {p.state === 'declined' && mayCreate && (
        <p>
          <button type="button" onClick={() => void makeAnother(p)} data-testid="make-another">{t(detailsWrong ? 'gp.another.cardAgain' : 'gp.another.card')}</button>{' '}
          <PayByLinkButton payment={p} />
        </p>
      )}
      <UnknownOutcome payment={p} onChecked={onChange} />
      {p.state === 'pending' && <CheckNow payment={p} onChange={onChange} />}
      <p><OpenInTransactions payment={p} /></p>
      <ReceiptOffer payment={p} />
    </section>
  );
}

function CheckNow({ payment, onChange }: { payment: PaymentView; onChange(p: PaymentView): void }) {
  const t = useT();
  const [error, setError] = useState<AppError | null>(null);
  const whileShown = useWhileShown();
  return (
    <>
      <button type="button" data-testid="check-status" onClick={() => void api.checkPaymentStatus({ paymentId: payment.id }).then((r) => (r.ok ? whileShown(onChange)(r.value) : setError(r.error)))}>{t('gp.checkStatus')}</button>
      <SendError error={error} />
    </>
  );
}

function TerminalForm({ onSent }: { onSent(sale: Sale): void }) {
  const t = useT();
  const amountText = useAmountText();
  const problemText = useProblemText();
  const sendAmount = useSendAmount();
  const { send, dialog } = useConfirmedSend();
  // "Create it again" on a sale the gateway did not create: filled with what was sent but the card (create-again.ts).
  const fresh = useAgainDraft('terminal');
  // Or what was typed before the person went to another screen, all but the card (kept-drafts.ts).
  const { kept, keep, forget: forgetKept } = useKeptDraft('terminal', fresh);
  const again = fresh ?? kept?.again;
  const startCurrency = useStartCurrency();
  // Filled but for the card: the keyboard goes to the card's number as the form is drawn (the
  // screen's first-field focus, useNewShortcut's, then leaves it there).
  useEffect(() => {
    if (again) document.getElementById(fieldId(form, 'card.number'))?.focus();
  }, [again]);
  const [v, setV] = useState<TerminalValues>(() => kept?.values ?? {
    amount: again?.amount ?? '', currency: (again?.currency ?? startCurrency) as CurrencyCode, orderId: again?.orderId ?? '',
    name: again?.name ?? '', email: again?.email ?? '', phone: again?.phone ?? '', authOnly: again?.authOnly ?? false, recurringInit: again?.recurringInit ?? false,
  });
  // Kept for this screen's next form once the person has changed something; the card never is (it is not in `v`).
  const startValues = useRef(v);
  useEffect(() => {
    if (v !== startValues.current || kept) keep({ values: v, again });
  }, [v]);
  const [card, setCard] = useState(emptyCard);
  // React lets go of the number and the code too once the fields empty (card-leak.test.ts).
  const forget = useForgetTyped();
  const [error, setError] = useState<AppError | null>(null);
  // The card was sent and refused: its fields are empty, and this says why.
  const [cardCleared, setCardCleared] = useState(false);
  const [busy, setBusy] = useState(false);
  // What the last paste into the card number did, said under it until the number is edited again.
  const [pasteSaid, setPasteSaid] = useState<'taken' | 'refused' | null>(null);
  const set = (key: keyof typeof v) => (value: string | boolean) => setV((old) => ({ ...old, [key]: value }));
  const setCardField = (key: keyof typeof emptyCard) => (value: string) => setCard((old) => ({ ...old, [key]: value }));
  // The customer is most often the card's holder: Customer name follows Name on card, in its field
  // and saying so, while it is empty or still the copy; typed over or an earlier customer chosen, it
  // is the person's own. What is sent is always what the field shows (docs/decisions.md).
  const copiedName = useRef('');
  // Said only while it is the name on card (a cleared card leaves the name, no longer "taken from" it).
  const nameFromCard = v.name !== '' && v.name === copiedName.current && v.name === card.holder;
  const setHolder = (holder: string) => {
    setCardField('holder')(holder);
    if (v.name !== '' && v.name !== copiedName.current) return;
    copiedName.current = holder;
    set('name')(holder);
  };
  const digits = digitsOf(card.number);
  const brand = brandOf(digits);
  const cvvLength = cvvLengthOf(digits);
  const year = new Date().getFullYear();
  const years = Array.from({ length: 21 }, (_, i) => String(year + i));
  const expiryKeys = useExpiryKeys({ setMonth: setCardField('expiryMonth'), setYear: setCardField('expiryYear'), years, focusYear: () => document.getElementById(fieldId(form, 'card.expiryYear'))?.focus() });

  /** What is wrong with the form as it is now: at Save, and as a field told of a problem is edited. */
  const check = (): Problems => {
    const problems: Problems = {};
    checkAmount(v.amount, v.currency, problems);
    // Says which of the three it is: nothing typed, too few digits, or a digit wrong (the check digit).
    if (!digits) problems['card.number'] = 'gp.check.cardMissing';
    else if (digits.length < 12) problems['card.number'] = 'gp.check.cardShort';
    else if (!luhnOk(digits)) problems['card.number'] = 'gp.check.card';
    if (!card.holder.trim()) problems['card.holder'] = 'gp.check.holder';
    if (!card.expiryMonth) problems['card.expiryMonth'] = 'gp.check.month';
    if (!card.expiryYear) problems['card.expiryYear'] = 'gp.check.year';
    else if (card.expiryMonth && new Date(Number(card.expiryYear), Number(card.expiryMonth), 1) <= new Date()) problems['card.expiryYear'] = 'gp.check.expired';
    // The scheme's length when the brand is sure (Amex 4, the others 3); else 3 or 4, for the gateway to judge.
    if (cvvLength && brand && card.cvv.length !== cvvLength) problems['card.cvv'] = `gp.check.cvv.${brand}`;
    else if (!/^\d{3,4}$/.test(card.cvv)) problems['card.cvv'] = 'gp.check.cvv';
    checkCustomer({ name: v.name, email: v.email, phone: v.phone }, problems);
    return problems;
  };
  const problemWords = problemText(check());
  const fields = useFieldErrors(form, problemWords);
  // A code longer than the brand's, typed before the number told the brand: said at once, not at
  // Charge, and never cut (the person sees what they typed and takes a digit away).
  const errors = cvvTooLong(card.cvv, digits) ? { ...fields.errors, 'card.cvv': problemWords['card.cvv']! } : fields.errors;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const problems = check();
    setError(null);
    if (fields.tell(problems)) return focusFirstError();
    send(t(v.authOnly ? 'gp.terminal.confirmAuthorise' : 'gp.terminal.confirmAction', { amount: amountText(v.amount, v.currency) }), async (confirm) => {
      const typed = card;
      const sentCard = { ...card, number: digits };
      const masked = maskCard(digits);
      setCard(emptyCard); // the card leaves the page's state as it is sent
      forget();
      setCardCleared(false);
      setPasteSaid(null);
      setBusy(true);
      const result = await api.terminalSale({
        orderId: v.orderId.trim() || undefined, amount: v.amount, currency: v.currency, card: sentCard,
        customer: customerToSend({ name: v.name, email: v.email, phone: v.phone }), authOnly: v.authOnly, recurringInit: v.recurringInit, confirm,
      });
      setBusy(false);
      if (result.ok) forgetKept();
      if (result.ok) rememberCurrency(v.currency);
      if (result.ok) return onSent({ payment: result.value.payment, challenge: result.value.challenge, masked, challengeDone: false, declineReason: result.value.declineReason });
      // Nothing reached the gateway: the card comes back, so "Charge" again is one press.
      if (nothingSent(result.error)) setCard(typed);
      // The note says "this attempt charged nothing": not when the outcome is unknown.
      else setCardCleared(!outcomeNotKnown(result.error));
      fields.tellMain(result.error);
      setError(result.error);
      focusFirstError();
    });
  };

  const practice = useSession((s) => s.profile?.environment === 'practice');
  // A test card filled in as if typed; the name on the card is the person's to type, next.
  const fillTestCard = (test: TestCard) => {
    setCard((old) => ({ ...old, ...test }));
    setPasteSaid(null);
    if (!card.holder) document.getElementById(fieldId(form, 'card.holder'))?.focus();
  };
  const clearCard = () => {
    setCard(emptyCard);
    forget();
    setPasteSaid(null);
    fields.clear();
  };
  const numberId = fieldId(form, 'card.number');
  const onNumberPaste = (e: React.ClipboardEvent<HTMLInputElement>) => {
    const pasted = toAsciiDigits(e.clipboardData.getData('text/plain'));
    const { value, selectionStart, selectionEnd } = e.currentTarget;
    const plan = numberFromPaste(pasted, value.slice(0, selectionStart ?? value.length) + pasted + value.slice(selectionEnd ?? value.length));
    setPasteSaid(plan.kind === 'taken' || plan.kind === 'refused' ? plan.kind : null);
    if (plan.kind === 'insert') return; // the browser puts it in; onChange groups it
    e.preventDefault();
    if (plan.kind !== 'refused') setCardField('number')(plan.digits);
  };
  // Says what the click does: an authorisation only holds the money (captured later), a sale takes it.
  const shownAmount = sendAmount(v.amount, v.currency);
  const submitLabel = v.authOnly
    ? (shownAmount ? t('gp.terminal.authoriseFor', { amount: shownAmount }) : t('gp.terminal.authorise'))
    : (shownAmount ? t('gp.terminal.chargeFor', { amount: shownAmount }) : t('gp.terminal.charge'));
  return (
    <form className="gp-form" onSubmit={submit} onChange={fields.edited} onKeyDown={formKeys(clearCard)} noValidate aria-labelledby="terminal-form-title" data-testid="terminal-form" autoComplete="off">
      <h2 id="terminal-form-title">{t('gp.terminal.new')}</h2>
      <fieldset disabled={busy}>
        <AmountField form={form} amount={v.amount} currency={v.currency} onAmount={set('amount')} onCurrency={set('currency')} errors={errors} />
        <fieldset className="gp-group">
          <legend>{t('gp.card')}</legend>
          {practice && <PracticeTestCards onFill={fillTestCard} />}
          <Field id={numberId} label={t('gp.card.number')} mark={<RequiredMark />} aria-required error={errors['card.number']} hint={<><span data-testid="card-brand">{brand ? t(`gp.brand.${brand}`) : t('gp.brand.unknown')}{digits.length >= 12 && !luhnOk(digits) ? ` · ${t('gp.check.card')}` : ''}</span>
              <span role="status" className={pasteSaid === 'refused' ? 'gp-paste-said field-error' : 'gp-paste-said'} data-testid="card-paste">{pasteSaid && t(pasteSaid === 'taken' ? 'gp.card.pasteTaken' : 'gp.card.pasteRefused')}</span></>}
            value={groupDigits(digits)} dir="ltr" inputMode="numeric" autoComplete="off" spellCheck={false}
            onPaste={onNumberPaste}
            onChange={(e) => {
              setPasteSaid(null);
              const typed = toAsciiDigits(e.target.value); // an Arabic keyboard's digits are the same digits
              if (/^[\d\s-]*$/.test(typed)) setCardField('number')(digitsOf(typed).slice(0, 19));
            }} />
          <TextField form={form} path="card.holder" label={t('gp.card.holder')} required value={card.holder} onChange={setHolder} errors={errors} autoComplete="off" ltr />
          <div className="gp-row">
            <Field id={fieldId(form, 'card.expiryMonth')} label={t('gp.card.month')} mark={<RequiredMark />} error={errors['card.expiryMonth']}>
              <select id={fieldId(form, 'card.expiryMonth')} aria-required value={card.expiryMonth} onChange={(e) => setCardField('expiryMonth')(e.target.value)} onKeyDown={expiryKeys.onMonthKey} dir="ltr">
                <option value="">{t('gp.card.choose')}</option>
                {Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0')).map((m) => <option key={m} value={m}>{m}</option>)}
              </select>
            </Field>
            <Field id={fieldId(form, 'card.expiryYear')} label={t('gp.card.year')} mark={<RequiredMark />} error={errors['card.expiryYear']}>
              <select id={fieldId(form, 'card.expiryYear')} aria-required value={card.expiryYear} onChange={(e) => setCardField('expiryYear')(e.target.value)} onKeyDown={expiryKeys.onYearKey} dir="ltr">
                <option value="">{t('gp.card.choose')}</option>
                {years.map((y) => <option key={y} value={y}>{y}</option>)}
              </select>
            </Field>
            {/* The hint says the length the number tells (read out with the field, aria-describedby). */}
            <Field id={fieldId(form, 'card.cvv')} label={t('gp.card.cvv')} mark={<RequiredMark />} aria-required error={errors['card.cvv']}
              hint={t(cvvLength === 4 ? 'gp.card.cvv.hint4' : cvvLength === 3 ? 'gp.card.cvv.hint3' : 'gp.card.cvv.hintEither')}
              value={card.cvv} type="password" inputMode="numeric" autoComplete="off" dir="ltr"
              onChange={(e) => {
                const how = /^insertFrom(Paste|Drop)$/.test((e.nativeEvent as InputEvent).inputType ?? '') ? 'pasted' : 'typed';
                const code = editedCvv(e.target.value, card.cvv, digits, how);
                if (code !== null) setCardField('cvv')(code);
              }} />
          </div>
        </fieldset>
        <CustomerFields form={form} values={v} set={set} errors={errors} currency={v.currency} nameHint={nameFromCard ? t('gp.customer.name.fromCard') : undefined} nameIsCopy={nameFromCard} />
        {/* The declined sale's reference numbered on, while the field still holds it: the hint says why (create-again.ts). */}
        <TextField form={form} path="orderId" label={t('gp.orderId')} hint={orderHint(t, again, v.orderId)} value={v.orderId} onChange={set('orderId')} errors={errors} ltr autoComplete="off" />
        <div className="field field-check">
          <input id="terminal-authOnly" type="checkbox" checked={v.authOnly} onChange={(e) => set('authOnly')(e.target.checked)} />
          <label htmlFor="terminal-authOnly">{t('gp.authOnly')}</label>
        </div>
        <CheckField id="terminal-recurringInit" label={t('gp.recurringInit')} hint={t('gp.recurringInit.hint')} checked={v.recurringInit} onChange={set('recurringInit')} />
        <SendError error={error} />
        {/* Said until a new card number is typed: then it is about a card no longer on the screen. */}
        {cardCleared && !card.number && <p className="gp-note" data-testid="card-cleared">{t('gp.terminal.cardCleared')}</p>}
        <div className="form-actions">
          <button type="submit" className="gp-primary" data-testid="terminal-submit" aria-keyshortcuts={shortcutKeys('submit')}>{busy ? t('gp.sending') : submitLabel}</button>
          <button type="button" aria-keyshortcuts={shortcutKeys('cancel')} onClick={clearCard}>{t('gp.terminal.clearCard')}</button>
        </div>
      </fieldset>
      {dialog}
    </form>
  );
}
