// What was typed in the three new-payment forms (link, checkout session, card payment), kept while
// the person is on another screen: "no API key" sent her to Settings, and back on the screen the
// form was made again empty, so everything was typed twice. Kept in this window's memory only,
// never in storage or sent to main; the card payment's draft has no card field at all (number,
// name on card, expiry, code: typed again, as after any sale). A form writes its draft as it is
// edited and starts from it when made; the draft goes once the payment is created, or by the
// form's Cancel / Clear, or the screen's "new" (its shortcut pressed on the screen itself).
import { useState } from 'react';
import { create } from 'zustand';
import type { CurrencyCode } from '../../../../contract/money';
import type { LineDraft } from '../invoices/invoice-lines';
import type { AgainDraft } from './create-again';
import type { LinkValues } from './link-form';

/** The payment link's: the fields, and the invoice's lines (null: a quick link) and choices. */
export type LinkDraft = { values: LinkValues; lines: LineDraft[] | null; pricesIncludeVat: boolean; buyerVat: string; language: 'both' | 'en' | 'ar' };

export type CheckoutValues = {
  orderId: string; amount: string; currency: CurrencyCode; name: string; email: string; phone: string; idType: string; idNumber: string; taxNumber: string;
  country: string; state: string; city: string; address: string; zip: string; authOnly: boolean; recurringInit: boolean; issueDate: string; expireDate: string; successUrl: string; failureUrl: string;
};
export type CheckoutDraft = { values: CheckoutValues };

/** The card payment's: amount, order and customer, its two choices; never a card's detail (there is no field for one). */
export type TerminalValues = { amount: string; currency: CurrencyCode; orderId: string; name: string; email: string; phone: string; authOnly: boolean; recurringInit: boolean };
export type TerminalDraft = { values: TerminalValues };

type Drafts = { links: LinkDraft; checkout: CheckoutDraft; terminal: TerminalDraft };
export type DraftScreen = keyof Drafts;
/** `again`: the "Create it again" draft the form was made from, so its order reference hint comes back too. */
type Kept<S extends DraftScreen> = Drafts[S] & { again?: AgainDraft };

const useKept = create<{ [S in DraftScreen]?: Kept<S> }>(() => ({}));

/** Keeps what the form holds now, for the screen's next form. */
export function keepDraft<S extends DraftScreen>(screen: S, draft: Kept<S>): void {
  useKept.setState({ [screen]: draft });
}

/** Lets the draft go: the payment was created, or the person cleared the form. */
export function forgetDraft(screen: DraftScreen): void {
  useKept.setState({ [screen]: undefined });
}

/**
 * The kept draft, read once when the form is made. None when a "Create it again" draft came for this
 * form (`fresh`): that press is newer than whatever was typed before it.
 */
export function useKeptDraft<S extends DraftScreen>(screen: S, fresh: AgainDraft | undefined): Kept<S> | undefined {
  const [kept] = useState(() => (fresh ? undefined : (useKept.getState()[screen] as Kept<S> | undefined)));
  return kept;
}
