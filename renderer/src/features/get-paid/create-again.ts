// "Create it again" on a payment the gateway did not create: the form of its kind opens filled
// with what was sent. The same order id, as the ledger tries an order again after "not created"
// (its row and history kept, an invoice's number too: docs/ledger.md, docs/invoices.md); the
// amount exact, from minor units. A card's details are never kept: the terminal's are typed again.
import { useEffect, useState } from 'react';
import { create } from 'zustand';
import type { PaymentView } from '../../../../contract/methods/payments';
import { formatMinor, isCurrencyCode } from '../../../../contract/money';
import { useNavigation } from '../../app/navigation-store';
import { api } from '../../api';
import type { MessageKey } from '../../i18n';

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
  /**
   * The reference of the payment made again (makeAnother), with why it cannot be used again: the
   * field's hint says so. `orderId` is then the next free one after it, or empty for `paid`.
   */
  after?: string;
  why?: AnotherWhy;
};

/** Why a new one is made: its order still owed (declined, expired, or still open and replaced), or another order (`paid`). */
export type AnotherWhy = 'declined' | 'expired' | 'open' | 'paid';

const formOf: Partial<Record<PaymentView['kind'], FormScreen>> = { link: 'links', checkout: 'checkout', sale: 'terminal' };

type FormScreen = 'links' | 'checkout' | 'terminal';
/** `serial` counts the drafts made, so a screen tells one that arrives from one there when it opened. */
const useAgain = create<{ draft?: AgainDraft & { screen: FormScreen; serial: number }; serial: number }>(() => ({ serial: 0 }));

/** Whether a form can make this payment again (a repeat charge or a payment made elsewhere has none). */
export const canCreateAgain = (payment: Pick<PaymentView, 'kind' | 'state'>) => payment.state === 'not_created' && formOf[payment.kind] !== undefined;

/**
 * Whether a new one like it is what a person wants: a card sale declined; a link or checkout session
 * whose page can no longer take money: declined or expired (the page says so to the customer for
 * good: sending its address again sends a dead page), or paid, held, refunded (the same link again,
 * often for another customer: it was typed again field by field). Not while it can still be paid.
 */
export const canMakeAnother = (payment: Pick<PaymentView, 'kind' | 'state' | 'checkupRun'>) =>
  !payment.checkupRun && (payment.kind === 'sale' ? payment.state === 'declined' : (payment.kind === 'link' || payment.kind === 'checkout') && !stillOpen.includes(payment.state));
const stillOpen: ReadonlyArray<PaymentView['state']> = ['pending', 'unknown', 'creating', 'not_created'];

/**
 * Whether a link or session's page can still take the customer's money, so sending its address
 * makes sense: unpaid, or not known yet. Paid, declined, expired: Copy and Resend sent a page that
 * says so (a paid one offers a receipt instead, a dead one a new one like it).
 */
// A check-up's test link or session is never: no customer is to pay it (docs/check-up.md).
export const stillPayable = (payment: Pick<PaymentView, 'state' | 'url' | 'checkupRun'>) => payment.url !== null && !payment.checkupRun && (payment.state === 'pending' || payment.state === 'unknown');

/**
 * A declined card sale or repeat charge can also be paid another way: a payment link for the same
 * amount, description and customer (a repeat charge has no form of its own to try again in).
 */
export const canPayByLink = (payment: Pick<PaymentView, 'kind' | 'state'>) => (payment.kind === 'sale' || payment.kind === 'recurring') && payment.state === 'declined';

/**
 * Opens the payment's form, filled with what was sent: under the same order id for one the gateway
 * did not create (`createAgain`), under a new one Paydesk makes for one it did (`makeAnother`: the
 * gateway keeps the dead one's order id).
 */
export function createAgain(payment: PaymentView, { newOrderId = false, screen = formOf[payment.kind], nextOrderId = undefined as string | undefined, why = undefined as AnotherWhy | undefined } = {}): void {
  if (!screen || !isCurrencyCode(payment.currency)) return;
  const { customer } = payment;
  const serial = useAgain.getState().serial + 1;
  useAgain.setState({
    serial,
    draft: {
      screen, serial, paymentId: payment.id, orderId: nextOrderId ?? (newOrderId ? '' : payment.orderId), ...(why && (nextOrderId || why === 'paid') ? { after: payment.orderId, why } : {}), amount: formatMinor(payment.amountMinor, payment.currency), currency: payment.currency,
      description: payment.description, name: customer.name ?? '', email: customer.email ?? '', phone: customer.phone ?? '',
      authOnly: payment.authOnly, recurringInit: payment.recurringRequested,
    },
  });
  useNavigation.getState().go(screen);
}

/**
 * A new one like it. The same order (a card sale declined and tried again, a link or session declined
 * or expired, or an open link replaced for another amount, since the gateway cannot cancel it) is
 * offered the old reference numbered on (OMAR-102 → OMAR-102-2, free in the ledger: main's
 * nextOrderId), as the gateway takes a reference once; without an answer, empty (Paydesk makes one).
 * A paid, held or refunded one made again is another order, often for another customer: its field
 * starts empty, its hint saying so (docs/screens-getting-paid.md, "The order reference of a new one like it").
 */
export async function makeAnother(payment: PaymentView): Promise<void> {
  const why = whyAnother(payment);
  if (why === 'paid') return createAgain(payment, { newOrderId: true, why });
  const next = await api.nextOrderId({ paymentId: payment.id });
  createAgain(payment, { newOrderId: true, nextOrderId: next.ok ? next.value.orderId ?? undefined : undefined, why });
}
const whyAnother = ({ state }: Pick<PaymentView, 'state'>): AnotherWhy =>
  state === 'declined' ? 'declined' : state === 'expired' ? 'expired' : state === 'pending' || state === 'unknown' ? 'open' : 'paid';

/** The order reference field's hint: why it holds what it holds (againHint), else the usual one. */
export function orderHint(t: (key: MessageKey, values?: Record<string, string>) => string, again: AgainDraft | undefined, typed: string): string {
  const hint = againHint(again, typed);
  return hint ? t(hint.key, hint.values) : t('gp.orderId.hint');
}

/** The order reference field's hint for a draft made by makeAnother, while the field holds what it was given; undefined otherwise. */
export function againHint(again: AgainDraft | undefined, typed: string): { key: 'gp.orderId.hintRetry' | 'gp.orderId.hintExpired' | 'gp.orderId.hintOpen' | 'gp.orderId.hintNewOrder'; values: Record<string, string> } | undefined {
  if (!again?.after || !again.why || typed !== again.orderId) return undefined;
  if (again.why === 'paid') return { key: 'gp.orderId.hintNewOrder', values: { previous: again.after } };
  if (again.why === 'declined') return { key: 'gp.orderId.hintRetry', values: { declined: again.after, orderId: again.orderId } };
  return { key: again.why === 'expired' ? 'gp.orderId.hintExpired' : 'gp.orderId.hintOpen', values: { previous: again.after, orderId: again.orderId } };
}
export const payByLink = (payment: PaymentView) => createAgain(payment, { newOrderId: true, screen: 'links' });

/**
 * Calls `onDraft` when a draft for this screen arrives while the screen is already open (the links
 * list's own button, or the detail beside it): the screen makes a new form, which takes it. A draft
 * there when the screen opened is its first form's already (a new form would find it taken).
 */
export function useDraftArrives(screen: FormScreen, onDraft: () => void): void {
  const arrived = useAgain((s) => (s.draft?.screen === screen ? s.draft.serial : undefined));
  const [atOpen] = useState(arrived);
  useEffect(() => {
    if (arrived !== undefined && arrived !== atOpen) onDraft();
  }, [arrived]); // not onDraft: a fresh closure each draw; the arrival is what counts
}

/**
 * The draft for this screen's form, read when the form is made and then cleared (a new form after
 * it starts empty). Read without clearing while drawing: React may draw twice (StrictMode) and
 * keep either draw.
 */
export function useAgainDraft(screen: FormScreen): AgainDraft | undefined {
  const [draft] = useState(() => {
    const waiting = useAgain.getState().draft;
    return waiting?.screen === screen ? waiting : undefined;
  });
  useEffect(() => {
    if (draft && useAgain.getState().draft === draft) useAgain.setState({ draft: undefined });
  }, [draft]);
  return draft;
}
