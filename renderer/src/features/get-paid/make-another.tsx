// "New link like this" / "New session like this" / "Try another card": on a link, checkout session
// or card sale that can no longer be paid (declined, a link or session expired or paid), its form filled with
// the same amount, customer and description under a new order id (create-again.ts); a declined sale
// also "Send a payment link instead", and a declined repeat charge that alone (its card is the saved
// one: "Charge again" is its other way). Nothing is sent until the person presses Create or Charge.
import type { PaymentView } from '../../../../contract/methods/payments';
import { useT } from '../../i18n';
import { useMayCreatePayments } from '../settings/team-role';
import { canMakeAnother, canPayByLink, makeAnother, payByLink } from './create-again';
import { cardDetailsWrong } from './decline-kind';

/** The button, or nothing when the payment can still be paid or this person may not create payments. */
/** `declineReason`: the gateway's words for a declined sale; a wrong security code or expiry offers the same card again. */
export function MakeAnother({ payment, named = false, declineReason }: { payment: PaymentView; named?: boolean; declineReason?: string | null }) {
  const t = useT();
  const mayCreate = useMayCreatePayments();
  const another = canMakeAnother(payment);
  if (!mayCreate || (!another && !canPayByLink(payment))) return null;
  const [word, wordFor] = words[payment.kind === 'link' ? 'link' : payment.kind !== 'sale' ? 'checkout' : cardDetailsWrong(declineReason) ? 'saleAgain' : 'sale'];
  return (
    <>
      {another && <button type="button" onClick={() => void makeAnother(payment)} aria-label={named ? t(wordFor, { orderId: payment.orderId }) : undefined} data-testid="make-another">{t(word)}</button>}
      {/* "Ask the customer for another card or another way to pay": the other way, one press. */}
      {canPayByLink(payment) && <>{another && ' '}<PayByLinkButton payment={payment} /></>}
    </>
  );
}

/** "Send a payment link instead": the payment's amount, description and customer in the link form, a new order id; nothing sent. */
export function PayByLinkButton({ payment, testId = 'pay-by-link' }: { payment: PaymentView; testId?: string }) {
  const t = useT();
  return <button type="button" onClick={() => payByLink(payment)} data-testid={testId}>{t('gp.another.byLink')}</button>;
}

const words = {
  link: ['gp.another.link', 'gp.another.linkFor'],
  checkout: ['gp.another.session', 'gp.another.sessionFor'],
  sale: ['gp.another.card', 'gp.another.cardFor'],
  // The same form (all but the card kept, the keyboard on its number): only the words differ.
  saleAgain: ['gp.another.cardAgain', 'gp.another.cardAgainFor'],
} as const;
