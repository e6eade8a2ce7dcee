// What was typed in the three new-payment forms (link, checkout session, card payment), kept while
// the person is on another screen: "no API key" sent her to Settings, and back on the screen the
// form was made again empty, so everything was typed twice. Kept in this window's memory only,
// never in storage or sent to main; the card payment's draft has no card field at all (number,
// name on card, expiry, code: typed again, as after any sale). A form writes its draft as it is
// edited and starts from it when made; the draft goes once the payment is created, or by the
// form's Cancel / Clear, or the screen's "new" (its shortcut pressed on the screen itself).
// Kept per profile, as a mail program keeps drafts per account: amounts typed for the practice
// profile never become the production profile's form (a real link for a practice amount). A switch
// of profile makes each screen's form again (its key holds useDraftProfile), from the new profile's own
// draft or empty; back on the first profile, its draft is there as it was (docs/screens-getting-paid.md).
import { useState } from 'react';
import { create } from 'zustand';
import { useSession } from '../../app/session-store';
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

type ProfileDrafts = { [S in DraftScreen]?: Kept<S> };
/** Each profile's drafts, by profile id. */
const useKept = create<Record<string, ProfileDrafts>>(() => ({}));
/** The active profile's id ('' before the session is known: a form is not shown then). */
const activeProfileId = () => useSession.getState().profile?.id ?? '';

/** A form's key part that makes it again when the active profile changes (and takes that profile's draft). */
export function useDraftProfile(): string {
  return useSession((s) => s.profile?.id ?? '');
}

/** Lets the active profile's draft of this screen go: the person asked for a new, empty form. */
export function forgetDraft(screen: DraftScreen): void {
  dropDraft(activeProfileId(), screen);
}

function dropDraft(profileId: string, screen: DraftScreen): void {
  useKept.setState((all) => ({ [profileId]: { ...all[profileId], [screen]: undefined } }));
}

/**
 * The form's draft: the active profile's, read once when the form is made (none when a "Create it
 * again" draft came for this form, `fresh`: that press is newer than whatever was typed before it);
 * `keep` and `forget` write that profile's, whichever is active when they run.
 */
export function useKeptDraft<S extends DraftScreen>(screen: S, fresh: AgainDraft | undefined): { kept: Kept<S> | undefined; keep: (draft: Kept<S>) => void; forget: () => void } {
  const [profileId] = useState(activeProfileId);
  const [kept] = useState(() => (fresh ? undefined : (useKept.getState()[profileId]?.[screen] as Kept<S> | undefined)));
  return {
    kept,
    keep: (draft) => useKept.setState((all) => ({ [profileId]: { ...all[profileId], [screen]: draft } })),
    forget: () => dropDraft(profileId, screen),
  };
}
