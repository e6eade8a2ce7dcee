// A payment's state as a word and a colour, the same everywhere it is shown.
import type { PaymentView } from '../../../../contract/methods/payments';
import type { CurrencyCode } from '../../../../contract/money';
import { stateWordOf } from '../../../../contract/payment-states';
import { useLanguage, useT } from '../../i18n';
import { formatAmount } from '../../i18n/format';
import { leftOpenHint, useLeftOpen } from './left-open';

/**
 * A payment the gateway check-up made with test money, marked where a customer's name would be
 * ("Gateway check-up", «فحص البوابة»): the lists showed its stored English "Paydesk check-up" on
 * Arabic screens, and an unpaid check-up link with Copy and Resend, like any customer's (walk of
 * 2026-12-01). Nothing for a customer's payment.
 */
export function CheckupMark({ payment }: { payment: Pick<PaymentView, 'checkupRun'> }) {
  const t = useT();
  if (!payment.checkupRun) return null;
  return <span className="checkup-mark" title={t('tx.checkupMark.hint')} data-testid="checkup-mark">{t('tx.checkupMark')}</span>;
}

/** A repeat charge's line in the detail has no operations read: its badge alone. */
type Shown = Pick<PaymentView, 'state' | 'kind' | 'needsAttention' | 'operationInFlight'> & Partial<Pick<PaymentView, 'openOperation' | 'amountMinor' | 'currency'>>;

/**
 * The badge holds the state's word alone, on one line; the operation open on the payment follows
 * it outside the badge ("refund unclear": its answer lost; "refund being sent"): inside,
 * "Awaiting verification · checking" was cut in the list's one-line rows and took three lines in
 * its two-line rows (CSS: under the badge there). A support agent reading "Paid · checking" could
 * not tell a refund was in doubt without opening the payment. The unclear one's amount is in its
 * hover text: with it the words did not fit the list's narrow state column ("refund of SAR 50.00
 * unclear" is 156 px at 0.75rem, the column 130).
 */
/**
 * A send left open past two minutes says so ("refund left open", since when in its hover text), as
 * the detail does: "refund being sent" stayed on it for hours. It turns while on screen (useLeftOpen).
 * `withOpenOperation` false: the state alone, where the row already names the open operation (Needs attention's Why).
 */
export function StateBadge({ payment, withOpenOperation = true }: { payment: Shown; withOpenOperation?: boolean }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const open = payment.openOperation;
  const amountMinor = open?.amountMinor ?? payment.amountMinor;
  const unclear = open?.outcome === 'unknown' && amountMinor !== undefined && payment.currency ? t(`attention.reason.unclear.${open.kind}`, { amount: formatAmount(amountMinor, payment.currency as CurrencyCode, language) }) : undefined;
  const sentAt = open?.outcome === 'sending' ? open.sentAt : undefined;
  const leftOpen = useLeftOpen(withOpenOperation && payment.operationInFlight ? sentAt : undefined);
  const hint = leftOpen && open && sentAt && amountMinor !== undefined && payment.currency ? leftOpenHint(t, language, { ...open, sentAt }, { amountMinor, currency: payment.currency }) : unclear;
  return (
    <>
      <span className={`state-badge state-${payment.state}`} data-state={payment.state}>{t(`state.${stateWordOf(payment)}`)}</span>
      {withOpenOperation && payment.operationInFlight && <> <span className="in-flight" data-open={open ? `${leftOpen ? 'left-open' : open.outcome}-${open.kind}` : undefined} title={hint}>
        {open ? t(leftOpen ? `tx.open.leftOpen.${open.kind}` : `tx.open.${open.outcome}.${open.kind}`) : t('tx.inFlight')}
      </span></>}
    </>
  );
}
