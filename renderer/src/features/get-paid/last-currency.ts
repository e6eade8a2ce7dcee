// The currency a new payment link, checkout session or card payment starts in: the one last used
// for a payment made in this window, on this profile, while its default currency stays as it was;
// otherwise the profile's default. "New checkout session" after a USD one started in SAR again, a
// currency changed by hand before each payment. Kept in this window's memory only, never in storage.
import { create } from 'zustand';
import { isCurrencyCode, type CurrencyCode } from '../../../../contract/money';
import { useSession } from '../../app/session-store';

type ProfileCurrency = { id: string; defaultCurrency: string };
/** Keyed by profile and its default: a profile's new default in Settings is what its next form starts in. */
const keyOf = (profile: ProfileCurrency) => `${profile.id} ${profile.defaultCurrency}`;
const useLast = create<Record<string, CurrencyCode>>(() => ({}));

/** The currency a new form starts in, read when the form is made. */
export function useStartCurrency(): CurrencyCode {
  const profile = useSession((s) => s.profile);
  if (!profile) return 'SAR';
  return useLast.getState()[keyOf(profile)] ?? (isCurrencyCode(profile.defaultCurrency) ? profile.defaultCurrency : 'SAR');
}

/** A payment was made in this currency on the active profile: the next form starts in it. */
export function rememberCurrency(currency: CurrencyCode): void {
  const profile = useSession.getState().profile;
  if (profile) useLast.setState({ [keyOf(profile)]: currency });
}
