// Capture, void, refund and recurring charge, each through one confirmation that names the
// amount, currency, customer and environment. The send button works once: a second press, a
// double click or Enter held down cannot send a second request. An unclear outcome offers a
// status check, never a retry. A field told of a problem (by Send or by main) is checked again as
// it is edited: its message goes once the value is right (get-paid/field-errors.ts).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { parseAmount, formatMinor, type CurrencyCode } from '../../../../contract/money';
import type { PaymentView } from '../../../../contract/methods/payments';
import type { AppError } from '../../../../contract/result';
import { api } from '../../api';
import { useSession } from '../../app/session-store';
import { useLanguage, useT, wordReason } from '../../i18n';
import { EnvironmentBadge } from '../../app/environment-badge';
import { ProfileCell } from './profile-cell';
import { money, useWordedError, type Words } from '../../i18n/words';
import { formatAmount } from '../../i18n/format';
import { Ltr } from '../../ui/ltr';
import { useDialogFocus } from '../../ui/dialog-focus';
import { placeholders, withData } from '../../ui/isolated';
import { Field } from '../settings/field';
import { stateWordOf } from '../../../../contract/payment-states';
import { allowedActions, leftToAPerson, type ChargedCard } from './detail-store';
import { typedTextProblem } from './action-checks';
import { useFieldErrors } from '../get-paid/field-errors';
import { focusFirstError, useFocusAfterCheck } from '../../ui/focus';
import { productionConfirmation } from '../settings/production-confirmation';
import { QuotedWords } from '../../ui/quoted-words';
import { refundWentThrough } from '../../app/refund-went-through';
import { createAgain } from '../get-paid/create-again';
import { useMayCreatePayments } from '../settings/team-role';
import { typedDir } from '../../ui/typed-dir';
import { ltrIsolated } from '../../../../contract/amount-words';
import { useSelectCopyOnEntry } from '../../ui/select-on-entry';

export type ActionKind = 'capture' | 'void' | 'refund' | 'recurring';

type Props = {
  /** `remainingMinor`: what is left to capture or refund; for a repeat charge, the amount it starts at (the payment's). */
  kind: ActionKind; payment: PaymentView; remainingMinor: number; onClose(): void;
  /** `declinedCharge`: a repeat charge the gateway declined (the new payment), for the detail to offer a payment link of it. */
  onDone(words: Words, outcome?: 'ok' | 'error', declinedCharge?: PaymentView): void;
  /** The payment's operation being sent, and who is sending it (another person on the team ledger; null on a laptop's own ledger). */
  /** The detail's own sentence about the send under way (who, what, or left open), when there is one. */
  busyWords?: string;
  /** The card a repeat charge charges: on a repeat charge's detail, its first payment's (chargedCardOf). */
  chargedCard?: ChargedCard | null;
};

export function ActionDialog({ kind, payment, remainingMinor, onDone, onClose, busyWords, chargedCard }: Props) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const profile = useSession((s) => s.profile);
  const mayCreate = useMayCreatePayments();
  const currency = payment.currency as CurrencyCode;
  const [prefilled] = useState(kind === 'void' ? '' : formatMinor(remainingMinor, currency));
  const [amount, setAmount] = useState(prefilled);
  // The amount left, untouched, is replaced whole by what is typed, however the field is entered
  // (a click too): a part refund costs its typing only, the whole one no press (Stripe's dialog alike).
  const selectPrefill = useSelectCopyOnEntry(prefilled !== '' && amount === prefilled, { focusedOnOpen: kind !== 'recurring' });
  const [reason, setReason] = useState('');
  const [description, setDescription] = useState('');
  const [liveConfirmed, setLiveConfirmed] = useState(false);
  // Send pressed (Enter) with production's box not ticked: said under the box, which takes the keyboard.
  const [liveAsked, setLiveAsked] = useState(false);
  const liveBox = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<AppError>();
  const wordError = useWordedError();
  // Refused as busy (another person's operation on the team ledger): once that operation is over the
  // refusal is stale ("wait for it to finish, then look at the payment again" stayed up over the new
  // amount left, and cost closing, reopening and typing it all again). Over means: seen open and now
  // closed, or the payment's money moved since Send (a fast gateway's answer may come before the open
  // operation is ever drawn here).
  const [busySince, setBusySince] = useState<{ money: string; sawOpen: boolean }>();
  const moneyNow = `${payment.state}/${payment.capturedMinor}/${payment.refundedMinor}`;
  useEffect(() => {
    if (busySince && !busySince.sawOpen && payment.operationInFlight) setBusySince({ ...busySince, sawOpen: true });
  }, [busySince, payment.operationInFlight]);
  const otherDone = error?.code === 'busy' && busySince !== undefined && !payment.operationInFlight && (busySince.sawOpen || busySince.money !== moneyNow);
  const [unknownOutcome, setUnknownOutcome] = useState(false);
  // An unknown outcome Paydesk's own check settled while the dialog said it (walk24: a lost void, Voided
  // behind a dialog saying "may or may not … check the status first"). Settled means: main's events
  // showed the operation open and now closed, or the money moved since Send (the open state may never
  // be drawn here); a stale draw from before Send never counts.
  const [unknownSince, setUnknownSince] = useState<{ money: string; sawOpen: boolean }>();
  useEffect(() => {
    if (unknownSince && !unknownSince.sawOpen && payment.operationInFlight) setUnknownSince({ ...unknownSince, sawOpen: true });
  }, [unknownSince, payment.operationInFlight]);
  const settledMeanwhile = unknownOutcome && unknownSince !== undefined && !payment.operationInFlight && (unknownSince.sawOpen || unknownSince.money !== moneyNow);

  // A repeat charge whose answer was lost is a new payment: its status is the one to check, not this
  // payment's (checked, "Settled: Paid." read as the new charge's while it was still unknown).
  const [newCharge, setNewCharge] = useState<PaymentView>();
  const [sending, setSending] = useState(false);
  // A refund of an invoiced payment issues its credit note (main/invoices/invoice-service.ts): said
  // before the refund is sent, so support knows the customer's invoice is corrected too. Only a
  // link has an invoice (a sale's detail asks for none either).
  const [invoiceNumber, setInvoiceNumber] = useState<string>();
  useEffect(() => {
    if (kind !== 'refund' || payment.kind !== 'link') return;
    let open = true;
    void api.getInvoice({ paymentId: payment.id }).then((result) => {
      if (open && result.ok && result.value.invoice?.state === 'issued') setInvoiceNumber(result.value.invoice.number);
    });
    return () => void (open = false);
  }, [kind, payment.id, payment.kind]);
  const slow = useSlowAnswer(sending && !unknownOutcome);
  const sendingRef = useRef(false);
  const first = useRef<HTMLInputElement>(null);
  const checkButton = useRef<HTMLButtonElement>(null);
  const sendButton = useRef<HTMLButtonElement>(null);
  const confirmLine = useRef<HTMLParagraphElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const live = profile?.environment === 'production';
  // The card a repeat charge charges: the first payment's on a repeat charge's detail, else this payment's own.
  const card = chargedCard ?? payment;

  // Escape closes it as its Close or Dismiss would: not while a request is on its way, but once the
  // outcome is unknown (its ref stays set, so nothing is sent twice) it closes, as "Close" does.
  useDialogFocus(first, () => (unknownOutcome || !sendingRef.current) && onClose(), box);
  // The form the keyboard was in goes away when the outcome turns unknown, and "Check status now" is
  // disabled while it asks: the keyboard goes (back) to it, not to the page's body behind the dialog.
  // Send is disabled while it sends too: refused (the gateway said no), the keyboard is back on it,
  // to try again with one press, not on the page's body (walk of 2026-11-29).
  useFocusAfterCheck(sending, unknownOutcome, () => (unknownOutcome ? checkButton.current : sendButton.current));

  const parsed = kind === 'void' ? undefined : parseAmount(amount, currency);
  const localError = parsed && !parsed.ok ? wordReason(language, parsed.why) : parsed?.ok && parsed.minor <= 0 ? wordReason(language, { key: 'amount.zero' }) : parsed?.ok && parsed.minor > remainingMinor && kind !== 'recurring' ? t('action.tooMuch', { amount: formatAmount(remainingMinor, currency, language) }) : undefined;
  // Kept as minor units: the line said once it is done words it in the language of each draw.
  const sentMinor = kind === 'void' ? payment.amountMinor - payment.capturedMinor : parsed?.ok ? parsed.minor : undefined;
  // An amount it will not send (none, more than is left) is named nowhere: Send says "Refund" alone, the line "—".
  const sendable = sentMinor !== undefined && !localError;
  const shownAmount = sendable ? formatAmount(sentMinor, currency, language) : '—';
  // The typed texts' own checks, worded now; shown once Send or main told of them (the amount's at once, as before).
  const textProblems = {
    reason: kind === 'refund' ? typedTextProblem(reason, { required: { key: 'rule.refundReason' }, chars: true }) : kind === 'void' ? typedTextProblem(reason, {}) : undefined,
    description: kind === 'recurring' ? typedTextProblem(description, { required: { key: 'input.required' }, chars: true }) : undefined,
  };
  const current: Record<string, string> = {};
  if (localError) current.amount = localError;
  for (const [field, why] of Object.entries(textProblems)) if (why) current[field] = wordReason(language, why) ?? '';
  const fields = useFieldErrors('action', current);
  // The payment as it is now (main's events keep it fresh): voided or refunded elsewhere while
  // this dialog was open, the action is no longer offered.
  const stillAllowed = unknownOutcome || sending || allowedActions(payment, true, chargedCard)[kind];

  /** Why the action went away while the dialog was open: another operation under way (by whom, when known), or the payment's new state. */
  function noLongerWhy() {
    if (payment.operationInFlight && busyWords) return busyWords;
    if (payment.operationInFlight) return t('detail.inFlight');
    return t('action.noLonger', { state: t(`state.${stateWordOf(payment)}`) });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sendingRef.current || !stillAllowed) return;
    // Production, the box not ticked: Enter used to do nothing at all (the button was disabled).
    if (live && !liveConfirmed) {
      setLiveAsked(true);
      return liveBox.current?.focus();
    }
    // An amount it cannot send (more than is left, none): Enter in another field takes the keyboard to it.
    if (localError) return focusFirstError('.action-form');
    const problems = Object.fromEntries(Object.entries(textProblems).filter(([, why]) => why));
    if (Object.keys(problems).length) {
      setError(undefined);
      fields.tell(problems);
      return focusFirstError('.action-form');
    }
    sendingRef.current = true;
    setSending(true);
    setError(undefined);
    setBusySince(undefined);
    const moneyAtSend = moneyNow;
    const openAtSend = payment.operationInFlight;
    const confirm = live && profile ? productionConfirmation(profile) : undefined;
    const result =
      kind === 'capture' ? await api.capturePayment({ paymentId: payment.id, amount, currency, confirm })
      : kind === 'void' ? await api.voidPayment({ paymentId: payment.id, reason: reason || undefined, confirm })
      : kind === 'refund' ? await api.refundPayment({ paymentId: payment.id, amount, currency, reason, confirm })
      : await api.chargeRecurring({ paymentId: payment.id, amount, currency, description, confirm });
    setSending(false);
    if (!result.ok) {
      sendingRef.current = false;
      fields.tellMain(result.error);
      if (result.error.code === 'busy') setBusySince({ money: moneyAtSend, sawOpen: openAtSend });
      return setError(result.error);
    }
    // Main answers with the payment; an operation still open means the gateway's answer was lost.
    if (kind !== 'recurring' && result.value.operationInFlight) {
      setUnknownSince({ money: moneyAtSend, sawOpen: openAtSend });
      return setUnknownOutcome(true);
    }
    if (kind === 'recurring' && result.value.state === 'unknown') {
      setNewCharge(result.value);
      return setUnknownOutcome(true);
    }
    const amountDone = sentMinor === undefined ? shownAmount : money(sentMinor, currency);
    // A repeat charge is a new payment: named by its order id, which a caller asking about it gives;
    // isolated left to right: bare in an Arabic line it broke at its hyphen and read "-PD" (walk6);
    // the gateway may decline it (the answer is a declined payment, not a refusal): "Charged" would be untrue.
    if (kind === 'refund') refundWentThrough(payment.id);
    if (kind !== 'recurring') return onDone({ key: `action.done.${kind}`, values: { amount: amountDone } });
    const declined = result.value.state === 'declined';
    onDone({ key: declined ? 'action.done.recurringDeclined' : 'action.done.recurring', values: { amount: amountDone, orderId: ltrIsolated(result.value.orderId) } }, declined ? 'error' : 'ok', declined ? result.value : undefined);
  }

  /** A refused repeat charge: the same charge as a payment link under a new order id, for the customer to pay with another card. */
  function payByLinkInstead() {
    const charge = { ...payment, amountMinor: sentMinor ?? payment.amountMinor, description: description.trim() || payment.description };
    onClose();
    createAgain(charge, { newOrderId: true, screen: 'links' });
  }

  async function checkStatus() {
    setSending(true);
    const result = await api.checkPaymentStatus({ paymentId: (newCharge ?? payment).id });
    setSending(false);
    if (!result.ok) return setError(result.error);
    // An answer that cannot decide it leaves it to a person: "Paydesk keeps checking" would send them waiting.
    onDone(leftToAPerson(result.value) ? { key: 'action.settleByHand' } : result.value.operationInFlight ? { key: 'action.stillUnknown' } : { key: 'action.settled', values: { state: { key: `state.${stateWordOf(result.value)}` } } });
  }

  return (
    <div className="dialog-backdrop">
      {/* Described by its facts: the keyboard opens in the amount, and a screen reader heard "Refund,
          Amount" without whose payment or what is left (walk18); the description is read on the way in. */}
      <div ref={box} className={`dialog${live ? ' dialog-live' : ''}`} role="dialog" aria-modal="true" aria-labelledby="action-title" aria-describedby={unknownOutcome ? undefined : 'action-facts'} data-testid="action-dialog">
        <h2 id="action-title">{t(`action.${kind}`)}</h2>
        {unknownOutcome ? (
          <div role="alert" className="unknown-outcome dialog-form" data-testid="outcome-unknown">
            {/* Its words scroll in a short window, its buttons stay in view (app.css, .dialog). */}
            <div className="dialog-body">
              {settledMeanwhile ? (
                <p data-testid="outcome-settled">{t('action.unknown.settled', { state: t(`state.${stateWordOf(payment)}`) })}</p>
              ) : (<>
                <p><strong>{t('action.unknown.title')}</strong></p>
                <p>{t('action.unknown.body')}</p>
              </>)}
              {newCharge && <p data-testid="unknown-new-charge">{withData(t('action.unknown.newCharge', placeholders(['orderId'])), { orderId: newCharge.orderId })}</p>}
              {error && <p className="form-error" role="alert"><QuotedWords text={wordError(error).message} /></p>}
            </div>
            <div className="form-actions">
              {/* Still offered once settled: asking again harms nothing, and a press on its way (the keyboard is on it) lands. */}
              <button type="button" ref={checkButton} onClick={() => void checkStatus()} disabled={sending} data-testid="check-status">{sending ? t('gp.checking') : t('detail.checkStatus')}</button>
              <button type="button" onClick={onClose}>{t('action.close')}</button>
            </div>
          </div>
        ) : (
          <form className="action-form dialog-form" onSubmit={(e) => void submit(e)} onChange={fields.edited} noValidate>
            {/* What it says scrolls in a short window (production's box, an error, the credit note and the
                waiting line made it taller than 700 px); its title and buttons stay in view (app.css, .dialog). */}
            <div className="dialog-body">
              <dl className="facts" id="action-facts">
                <dt>{t('detail.customer')}</dt><dd><bdi className="customer-name">{payment.customer.name ?? '—'}</bdi></dd>
                {/* A repeat charge charges the first payment's card: its order id here read as the card's (walkthrough). */}
                {kind === 'recurring' ? (<>
                  <dt>{t('action.recurring.card')}</dt><dd data-testid="charged-card">{card.cardMasked ? t('action.recurring.cardEnding', { last4: card.cardMasked.slice(-4) }) : t('action.recurring.cardNotShown')}</dd>
                  <dt>{t('action.recurring.firstOrder')}</dt><dd><Ltr className="mono" testId="charged-order">{card.orderId}</Ltr></dd>
                </>) : (<><dt>{t('detail.order')}</dt><dd><Ltr className="mono">{payment.orderId}</Ltr></dd></>)}
                {/* Whose key acts: the profile in use (the payment's own, or on the team ledger this laptop's for a
                    colleague's), named with its badge. With twenty branches "Environment: Sandbox" did not say which. */}
                <dt>{t('detail.profile')}</dt><dd data-testid="action-profile">{profile ? <ProfileCell profileId={profile.id} environment={profile.environment} /> : <EnvironmentBadge environment={payment.environment} hint={false} testId="" />}</dd>
                {kind !== 'recurring' && kind !== 'void' && (<><dt>{t(kind === 'capture' ? 'detail.captureLeft' : 'detail.refundLeft')}</dt><dd data-testid="action-left"><Ltr>{formatAmount(remainingMinor, currency, language)}</Ltr></dd></>)}
              </dl>
              {kind !== 'void' && (
                <Field id="action-amount" label={t('action.amount', { currency })} value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" dir="ltr" ref={kind === 'recurring' ? undefined : first} error={localError ?? fields.errors.amount} autoComplete="off" {...selectPrefill} />
              )}
              {(kind === 'refund' || kind === 'void') && (
                <Field id="action-reason" label={t(kind === 'refund' ? 'action.reason' : 'action.reasonOptional')} value={reason} dir={typedDir(reason)} onChange={(e) => setReason(e.target.value)} error={fields.errors.reason} required={kind === 'refund'}
                  // A void's body is the transaction id alone (gateway-decisions.md §2): its reason stays with Paydesk.
                  hint={kind === 'void' ? t('action.reasonKept') : undefined} />
              )}
              {kind === 'recurring' && (
                // The keyboard opens here: the amount is already the payment's, the description the one field to fill.
                <Field id="action-description" label={t('action.description')} value={description} dir={typedDir(description)} onChange={(e) => setDescription(e.target.value)} error={fields.errors.description} ref={first} />
              )}
              <p className="confirm-line" ref={confirmLine} data-testid="confirm-line">
                {withData(t(`action.confirm.${kind}`, { amount: shownAmount, environment: t(`action.env.${payment.environment}`), ...placeholders(['customer']) }), { customer: payment.customer.name ?? payment.orderId })}
              </p>
              {kind === 'recurring' && <p className="field-hint" data-testid="recurring-new-order">{t('action.recurring.newOrder')}</p>}
              {/* Capturing less leaves the rest held, and a void is refused once anything is captured: a
                  shop that captured less for a smaller basket took the rest to be released (walk16). */}
              {kind === 'capture' && sendable && sentMinor < remainingMinor && <p className="field-hint" data-testid="capture-rest">{t('action.capture.rest', { amount: formatAmount(remainingMinor - sentMinor, currency, language) })}</p>}
              {invoiceNumber && <p className="confirm-line" data-testid="credit-note-line">{t('action.creditNote', { number: invoiceNumber })}</p>}
              {live && (
                <>
                  <label className="field-check live-check">
                    <input type="checkbox" ref={liveBox} checked={liveConfirmed} onChange={(e) => setLiveConfirmed(e.target.checked)} aria-describedby={liveAsked && !liveConfirmed ? 'action-live-error' : undefined} data-testid="action-live-confirm" />
                    {t('action.liveConfirm', { profile: profile?.name ?? '' })}
                  </label>
                  {liveAsked && !liveConfirmed && <p className="field-error" id="action-live-error" data-testid="action-live-error">{t('action.liveConfirmNeeded')}</p>}
                </>
              )}
              {error && !error.fields && !otherDone && <p className="form-error" role="alert"><QuotedWords text={wordError(error).message} /></p>}
              {/* The refusal says to ask for another way to pay: a payment link of this charge is that way, one press. */}
              {kind === 'recurring' && error?.reason?.key === 'gateway.recurringRefused' && mayCreate && <p><button type="button" onClick={payByLinkInstead} data-testid="pay-by-link">{t('gp.another.byLink')}</button></p>}
              {otherDone && stillAllowed && <p className="attention-note" role="status" data-testid="action-other-done">{t('action.otherDone', { person: String(error.reason?.values?.person ?? ''), kind: t(`noun.${String(error.reason?.values?.operation ?? kind)}` as 'noun.refund') })}</p>}
              {/* Main's own refusal of this send already says who is doing what: not said twice. */}
              {!stillAllowed && !(payment.operationInFlight && error && !error.fields) && <p className="form-error" role="alert" data-testid="action-no-longer">{noLongerWhy()}</p>}
              {slow && <p className="confirm-line" role="status" data-testid="action-waiting">{t('action.waiting')}</p>}
            </div>
            <div className="form-actions">
              {/* An amount it cannot send, or production's box not ticked, only marks it unavailable
                  (aria-disabled): disabled, Enter in the reason did nothing at all, where it now takes the
                  keyboard to the amount or the box, saying why (submit). */}
              {/* Send reached by Tab brings into view the line saying what it does, whose and where: in a short
                  window (200% zoom, walk20) the body's scroll left it below the reason. */}
              <button type="submit" ref={sendButton} onFocus={() => confirmLine.current?.scrollIntoView?.({ block: 'nearest' })} className="primary" disabled={sending || !stillAllowed} aria-disabled={Boolean(localError) || (live && !liveConfirmed) || undefined} data-testid="action-send">
                {sending ? t('action.sending') : kind !== 'void' && !sendable ? t(`action.sendNoAmount.${kind}`) : t(`action.send.${kind}`, { amount: shownAmount })}
              </button>
              <button type="button" onClick={onClose} disabled={sending}>{t('action.dismiss')}</button>
            </div>
          </form>
        )}
      </div>
    </div>
  );
}

/** After this long "Sending…" alone read as a frozen window that cannot be closed (a gateway may take 30 s). */
export const slowAnswerMs = 4_000;

/** True once `waiting` has lasted `slowAnswerMs`. */
function useSlowAnswer(waiting: boolean) {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    setSlow(false);
    if (!waiting) return;
    const timer = setTimeout(() => setSlow(true), slowAnswerMs);
    return () => clearTimeout(timer);
  }, [waiting]);
  return slow && waiting;
}
