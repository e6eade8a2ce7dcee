// Which of this laptop's profiles acts on a payment (docs/team-ledger.md, "A colleague's payment").
// A profile added on a laptop has an id of its own, so on the team ledger a payment made on a
// colleague's laptop may carry an id no profile here has (unless this laptop added that profile
// from the team's list and took its id: then it is 'own'). For such a payment the active profile
// acts when it is this laptop's only profile of the payment's environment. Never across
// environments, and never on this laptop's own ledger, where another id is another profile.
import type { Environment } from './methods/app';

export type ActingRule =
  | 'own' // made with the active profile
  | 'colleague' // a colleague's payment, acted on with the active profile
  | 'otherProfile' // another of this laptop's profiles (or, on this laptop's ledger, any other id)
  | 'otherEnvironment' // a colleague's payment of an environment the active profile is not
  | 'severalProfiles'; // a colleague's payment, and this laptop has several profiles of its environment

type Profile = { id: string; environment: Environment };

export function actingRule(payment: Profile, active: Profile, here: readonly Profile[], teamLedger: boolean): ActingRule {
  if (payment.id === active.id) return 'own';
  if (!teamLedger || here.some((p) => p.id === payment.id)) return 'otherProfile';
  if (payment.environment === 'practice') return 'otherProfile'; // its id is the same on every laptop
  if (payment.environment !== active.environment) return 'otherEnvironment';
  return here.filter((p) => p.environment === payment.environment).length === 1 ? 'colleague' : 'severalProfiles';
}
