// "New link like this" / "New session like this" / "Try another card": on a link, checkout session
// or card sale that can no longer be paid (declined, a link or session expired or paid), its form filled with
// the same amount, customer and description under a new order id (create-again.ts); a declined sale
// also "Send a payment link instead". Nothing is sent until the person presses Create or Charge.
import type { PaymentView } from '../../../../contract/methods/payments';
import { useT } from '../../i18n';
import { useMayCreatePayments } from '../settings/team-role';
import { canMakeAnother, canPayByLink, makeAnother, payByLink } from './create-again';

/** The button, or nothing when the payment can still be paid or this person may not create payments. */
export function MakeAnother({ payment, named = false }: { payment: PaymentView; named?: boolean }) {
  const t = useT();
  const mayCreate = useMayCreatePayments();
  if (!mayCreate || !canMakeAnother(payment)) return null;
  const [word, wordFor] = words[payment.kind === 'link' ? 'link' : payment.kind === 'sale' ? 'sale' : 'checkout'];
  return (
    <>
      <button type="button" onClick={() => makeAnother(payment)} aria-label={named ? t(wordFor, { orderId: payment.orderId }) : undefined} data-testid="make-another">{t(word)}</button>
      {/* "Ask the customer for another card or another way to pay": the other way, one press. */}
      {canPayByLink(payment) && <> <button type="button" onClick={() => payByLink(payment)} data-testid="pay-by-link">{t('gp.another.byLink')}</button></>}
    </>
  );
}

const words = {
  link: ['gp.another.link', 'gp.another.linkFor'],
  checkout: ['gp.another.session', 'gp.another.sessionFor'],
  sale: ['gp.another.card', 'gp.another.cardFor'],
} as const;
