// Which profile acts on a payment (contract/colleague-profile.ts): main refuses by it and the
// detail shows its actions by it, so both say the same.
import { expect, it } from 'vitest';
import { actingRule } from '../../contract/colleague-profile';

const shop = { id: 'shop-here', environment: 'sandbox' as const };
const live = { id: 'live-here', environment: 'production' as const };
const practice = { id: 'practice', environment: 'practice' as const };
const here = [practice, shop, live];

it('on this laptop\'s own ledger another id is another profile, as before', () => {
  expect(actingRule({ id: 'shop-on-ada', environment: 'sandbox' }, shop, here, false)).toBe('otherProfile');
  expect(actingRule(shop, shop, here, false)).toBe('own');
});

it('on the team ledger a colleague\'s payment is acted on with the active profile of its environment, when it is the only one', () => {
  expect(actingRule({ id: 'shop-on-ada', environment: 'sandbox' }, shop, here, true)).toBe('colleague');
  expect(actingRule({ id: 'live-on-ada', environment: 'production' }, live, here, true)).toBe('colleague');
});

it('never across environments, never instead of another of this laptop\'s profiles, never when several could be it', () => {
  expect(actingRule({ id: 'live-on-ada', environment: 'production' }, shop, here, true)).toBe('otherEnvironment');
  expect(actingRule({ id: 'shop-on-ada', environment: 'sandbox' }, live, here, true)).toBe('otherEnvironment');
  expect(actingRule(live, shop, here, true)).toBe('otherProfile');
  expect(actingRule({ id: 'shop-on-ada', environment: 'sandbox' }, shop, [...here, { id: 'shop-2', environment: 'sandbox' }], true)).toBe('severalProfiles');
});
