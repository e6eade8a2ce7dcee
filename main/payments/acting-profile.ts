// The active profile acts on a payment made with it and, on the team ledger, on a colleague's
// payment by the rule in contract/colleague-profile.ts; anything else is refused with what to do.
import { actingRule, type ActingRule } from '../../contract/colleague-profile';
import { fail } from '../core/fail';
import type { PaymentRow } from '../ledger/payment-rows';
import type { ActiveGateway, PaymentsDeps } from './payments-core';

type Deps = Pick<PaymentsDeps, 'teamLedger' | 'profilesHere'>;
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
  throw fail('rule_violation', rule === 'otherEnvironment' ? 'rule.colleagueOtherEnvironment' : 'rule.colleagueSeveralProfiles', { environment: payment.environment });
}
