// What a create answered: the payment's state, and for an unclear outcome the explanation and
// a status check (never a retry: the gateway may have acted on the first request).
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { PaymentView } from '../../../../contract/methods/payments';
import type { CurrencyCode } from '../../../../contract/money';
import type { AppError } from '../../../../contract/result';
import { api } from '../../api';
import { stateWordOf } from '../../../../contract/payment-states';
import { useLanguage, useT, type MessageKey } from '../../i18n';
import { formatAmount } from '../../i18n/format';
import { Ltr } from '../../ui/ltr';
import { SendError } from './form-kit';
import { useNavigation } from '../../app/navigation-store';
import { showPayment } from '../transactions/find-payment';
import { focusIfLost, useFocusAfterCheck } from '../../ui/focus';

/** The same word for a state as every other screen (contract/payment-states.ts). */
export function PaymentStateLabel({ payment }: { payment: Pick<PaymentView, 'state' | 'kind'> }) {
  const t = useT();
  return <span className={`gp-state gp-state-${payment.state}`} data-state={payment.state} data-testid="payment-state">{t(`state.${stateWordOf(payment)}`)}</span>;
}

/** To capture, refund or follow what was just made: Transactions with this payment's detail open, one click. */
export function OpenInTransactions({ payment }: { payment: Pick<PaymentView, 'id'> }) {
  const t = useT();
  const go = useNavigation((s) => s.go);
  return <button type="button" onClick={() => showPayment(payment.id, go)} data-testid="open-in-transactions">{t('gp.openInTransactions')}</button>;
}

export function Amount({ minor, currency }: { minor: number; currency: string }) {
  const language = useLanguage((s) => s.language);
  return <Ltr className="gp-amount">{formatAmount(minor, currency as CurrencyCode, language)}</Ltr>;
}

/** Keeps a result panel's payment fresh from main's events: a link paid meanwhile shows as paid here too. */
export function useLivePayment(payment: PaymentView | undefined, onChange: (p: PaymentView) => void) {
  const id = payment?.id;
  useEffect(() => {
    if (!id) return undefined;
    let shown = true;
    const unsubscribe = api.subscribe((event) => {
      if (event.type !== 'payments.changed' || !event.paymentIds.includes(id)) return;
      // A read answered after the panel closed ("New payment link") would put it back over the new form.
      void api.getPayment({ paymentId: id }).then((result) => shown && result.ok && onChange(result.value.payment));
    });
    return () => {
      shown = false;
      unsubscribe();
    };
  }, [id, onChange]);
}

/**
 * Wraps a result panel's callback so that an answer arriving after the panel closed (a status
 * check still on its way when the person started a new form) is dropped, not shown over the form.
 */
export function useWhileShown() {
  const shown = useRef(false);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  return useCallback(<A extends unknown[]>(callback: (...args: A) => void) => (...args: A) => {
    if (shown.current) callback(...args);
  }, []);
}

/** The unknown-outcome explanation with its status check; calls onChecked with the fresh payment. */
export function UnknownOutcome({ payment, onChecked }: { payment: PaymentView; onChecked(p: PaymentView): void }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const whileShown = useWhileShown();
  const unclear = payment.state === 'unknown' || payment.operationInFlight;
  const keepKeyboard = useKeyboardNearResult(unclear, busy);
  if (!unclear) return null;
  const check = async () => {
    setBusy(true);
    setError(null);
    const result = await api.checkPaymentStatus({ paymentId: payment.id });
    setBusy(false);
    if (result.ok) whileShown(onChecked)(result.value);
    else setError(result.error);
  };
  return (
    <div className="gp-unknown" role="status" data-testid="outcome-unknown" ref={keepKeyboard.box}>
      <h3>{t('gp.unknown.title')}</h3>
      <p>{t('gp.unknown.body')}</p>
      <button type="button" ref={keepKeyboard.button} onClick={() => void check()} disabled={busy} data-testid="check-status">{busy ? t('gp.checking') : t('gp.checkStatus')}</button>
      <SendError error={error} />
    </div>
  );
}

/**
 * "Check status" is disabled while it asks and goes away once the outcome is known (by its answer
 * or by Paydesk's own check), and each time Chromium dropped the keyboard to the page's body: it
 * goes back to the button, or, the box gone, to the result the box was in (its tabIndex -1 section).
 */
function useKeyboardNearResult(unclear: boolean, busy: boolean) {
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const result = useRef<HTMLElement | null>(null);
  // Remembered while the box is drawn (before the check below, effects run in order): once the outcome is known it is gone.
  useEffect(() => {
    result.current = box.current?.closest<HTMLElement>('[tabindex="-1"]') ?? result.current;
  });
  useFocusAfterCheck(busy, unclear, () => button.current ?? result.current);
  return { box, button };
}

/** What became of a link or session, as its result's heading says it; the state beside the order id says the rest (refunded …). */
function resultTitle(payment: Pick<PaymentView, 'kind' | 'state'>): MessageKey {
  const kind = payment.kind === 'link' ? 'link' : 'checkout';
  switch (payment.state) {
    case 'unknown': return 'gp.link.resultUnknown';
    case 'paid': case 'partially_captured': case 'partially_refunded': case 'refunded': return `gp.${kind}.paid`;
    case 'authorised': case 'declined': case 'expired': return `gp.${kind}.${payment.state}`;
    default: return `gp.${kind}.created`;
  }
}

/**
 * A payment link's or checkout session's result. Its heading follows the outcome main's events bring
 * (it said "created" once paid), and the change is said once to a screen reader by a status line,
 * which leaves the keyboard where it is. The box takes the keyboard when a new one is shown, and
 * takes it back when what had it went with the change (the share panel of a page now paid).
 */
export function ResultBox({ payment, testId, children }: { payment: PaymentView; testId: string; children: ReactNode }) {
  const t = useT();
  const box = useRef<HTMLElement>(null);
  useEffect(() => box.current?.focus(), [payment.id]);
  useEffect(() => focusIfLost(box.current), [payment.state]);
  const shownFirst = useRef({ id: payment.id, state: payment.state });
  if (shownFirst.current.id !== payment.id) shownFirst.current = { id: payment.id, state: payment.state };
  const title = t(resultTitle(payment));
  const titleId = `${testId}-title`;
  return (
    <section className="gp-result" aria-labelledby={titleId} data-testid={testId} tabIndex={-1} ref={box}>
      <h2 id={titleId}>{title}</h2>
      {/* Heard, not seen: the heading shows the same words. */}
      <p role="status" className="visually-hidden" data-testid="result-news">{shownFirst.current.state === payment.state ? '' : title}</p>
      {children}
    </section>
  );
}
