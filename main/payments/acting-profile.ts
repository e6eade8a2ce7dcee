// The active profile acts on a payment made with it and, on the team ledger, on a colleague's
// payment by the rule in contract/colleague-profile.ts; anything else is refused with what to do.
import { actingRule, type ActingRule } from '../../contract/colleague-profile';
import { fail } from '../core/fail';
import type { PaymentRow } from '../ledger/payment-rows';
import type { ActiveGateway, PaymentsDeps } from './payments-core';

type Deps = Pick<PaymentsDeps, 'teamLedger' | 'profilesHere' | 'teamProfile'>;
type Payment = Pick<PaymentRow, 'profile_id' | 'environment'>;

export async function actingRuleOf(deps: Deps, payment: Payment, active: ActiveGateway['profile']): Promise<ActingRule> {
  if (payment.profile_id === active.id) return 'own';
  const here = deps.teamLedger ? (await deps.profilesHere?.()) ?? [] : [];
  return actingRule({ id: payment.profile_id, environment: payment.environment }, active, here, deps.teamLedger === true);
}

export async function requireActingProfile(deps: Deps, payment: Payment, active: ActiveGateway['profile']): Promise<void> {
  const rule = await actingRuleOf(deps, payment, active);
  if (rule === 'own' || rule === 'colleague') return;
  if (rule === 'otherProfile') throw fail('rule_violation', 'rule.otherProfile');
  throw await colleagueRefusal(deps, rule, payment);
}

/**
 * A colleague's payment this laptop cannot act on, naming the team's profile it was made with when
 * the team's list has it (as the payment's note does), so the refusal says it wherever it is shown;
 * with several profiles here, offering to add that one unless it was removed from the list. A list
 * that cannot be read leaves the refusal unnamed: it is still a refusal.
 */
async function colleagueRefusal(deps: Deps, rule: 'otherEnvironment' | 'severalProfiles', payment: Payment) {
  const { environment } = payment;
  const team = await deps.teamProfile?.(payment.profile_id).catch(() => undefined);
  if (!team) return fail('rule_violation', rule === 'otherEnvironment' ? 'rule.colleagueOtherEnvironment' : 'rule.colleagueSeveralProfiles', { environment });
  if (rule === 'otherEnvironment') return fail('rule_violation', 'rule.colleagueOtherEnvironmentNamed', { environment, profile: team.name });
  return fail('rule_violation', 'rule.colleagueSeveralProfilesNamed', { environment, profile: team.name, offered: team.removed ? 'no' : 'yes' });
}
