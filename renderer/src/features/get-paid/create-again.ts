// "Create it again" on a payment the gateway did not create: the form of its kind opens filled
// with what was sent. The same order id, as the ledger tries an order again after "not created"
// (its row and history kept, an invoice's number too: docs/ledger.md, docs/invoices.md); the
// amount exact, from minor units. A card's details are never kept: the terminal's are typed again.
import { useEffect, useRef } from 'react';
import { create } from 'zustand';
import type { PaymentView } from '../../../../contract/methods/payments';
import { formatMinor, isCurrencyCode } from '../../../../contract/money';
import { useNavigation } from '../../app/navigation-store';

export type AgainDraft = {
  /** The payment tried again: a link's invoice lines are read from it. */
  paymentId: string;
  orderId: string;
  amount: string;
  currency: string;
  description: string | null;
  name: string;
  email: string;
  phone: string;
  authOnly: boolean;
  recurringInit: boolean;
};

const formOf: Partial<Record<PaymentView['kind'], 'links' | 'checkout' | 'terminal'>> = { link: 'links', checkout: 'checkout', sale: 'terminal' };

const useAgain = create<{ draft?: AgainDraft & { screen: string } }>(() => ({}));

/** Whether a form can make this payment again (a repeat charge or a payment made elsewhere has none). */
export const canCreateAgain = (payment: Pick<PaymentView, 'kind' | 'state'>) => payment.state === 'not_created' && formOf[payment.kind] !== undefined;

/**
 * Whether a link or checkout session can no longer be paid and a new one like it is what a person
 * wants: declined (the page says so to the customer for good) or expired. Sending it again sends a
 * dead page.
 */
export const canMakeAnother = (payment: Pick<PaymentView, 'kind' | 'state'>) =>
  payment.kind === 'sale' ? payment.state === 'declined' : (payment.state === 'declined' || payment.state === 'expired') && (payment.kind === 'link' || payment.kind === 'checkout');

/** A declined card sale can also be paid another way: a payment link for the same amount and customer. */
export const canPayByLink = (payment: Pick<PaymentView, 'kind' | 'state'>) => payment.kind === 'sale' && payment.state === 'declined';

/**
 * Opens the payment's form, filled with what was sent: under the same order id for one the gateway
 * did not create (`createAgain`), under a new one Paydesk makes for one it did (`makeAnother`: the
 * gateway keeps the dead one's order id).
 */
export function createAgain(payment: PaymentView, { newOrderId = false, form = formOf[payment.kind] } = {}): void {
  const screen = form;
  if (!screen || !isCurrencyCode(payment.currency)) return;
  const { customer } = payment;
  useAgain.setState({
    draft: {
      screen, paymentId: payment.id, orderId: newOrderId ? '' : payment.orderId, amount: formatMinor(payment.amountMinor, payment.currency), currency: payment.currency,
      description: payment.description, name: customer.name ?? '', email: customer.email ?? '', phone: customer.phone ?? '',
      authOnly: payment.authOnly, recurringInit: payment.recurringRequested,
    },
  });
  useNavigation.getState().go(screen);
}

export const makeAnother = (payment: PaymentView) => createAgain(payment, { newOrderId: true });
export const payByLink = (payment: PaymentView) => createAgain(payment, { newOrderId: true, form: 'links' });

/**
 * Calls `onDraft` when a draft for this screen arrives while the screen is already open (the links
 * list's own button, or the detail beside it): the screen makes a new form, which takes it.
 */
export function useDraftArrives(screen: 'links' | 'checkout' | 'terminal', onDraft: () => void): void {
  const waiting = useAgain((s) => s.draft?.screen === screen);
  // A draft there when the screen opens is taken by the form it opens with: a new form then would
  // find it taken and start empty.
  const opened = useRef(false);
  useEffect(() => {
    if (waiting && opened.current) onDraft();
    opened.current = true;
  }, [waiting]); // not onDraft: a fresh closure each draw; the arrival is what counts
}

/** The draft for this screen's form, taken once (a new form after it starts empty). */
export function takeAgain(screen: 'links' | 'checkout' | 'terminal'): AgainDraft | undefined {
  const draft = useAgain.getState().draft;
  if (draft?.screen !== screen) return undefined;
  useAgain.setState({ draft: undefined });
  return draft;
}
