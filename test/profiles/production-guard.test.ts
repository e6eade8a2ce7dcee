// Money never moves through a production profile without a confirmation that names
// production and the profile; sandbox and practice need none.
import { describe, expect, it } from 'vitest';
import { productionConfirmationSchema } from '../../contract/methods/profiles';
import { requireProductionConfirmation } from '../../main/profiles/production-guard';

const live = { id: 'p-live', name: 'Live shop', environment: 'production' as const };

describe('requireProductionConfirmation', () => {
  it('refuses a production call without a confirmation, naming the profile', () => {
    expect(() => requireProductionConfirmation(live, undefined)).toThrow(expect.objectContaining({ code: 'confirmation_required', message: expect.stringContaining('"Live shop"') }));
  });

  it('refuses a confirmation given for another profile', () => {
    expect(() => requireProductionConfirmation(live, { environment: 'production', profileId: 'p-other' })).toThrow(expect.objectContaining({ code: 'confirmation_required', message: expect.stringContaining('another profile') }));
  });

  it('lets a confirmed production call through', () => {
    expect(() => requireProductionConfirmation(live, { environment: 'production', profileId: 'p-live' })).not.toThrow();
  });

  it('asks nothing of sandbox and practice', () => {
    expect(() => requireProductionConfirmation({ ...live, environment: 'sandbox' }, undefined)).not.toThrow();
    expect(() => requireProductionConfirmation({ ...live, environment: 'practice' }, undefined)).not.toThrow();
  });

  it('accepts only a confirmation that names production', () => {
    expect(productionConfirmationSchema().safeParse({ environment: 'sandbox', profileId: 'p-live' }).success).toBe(false);
    expect(productionConfirmationSchema().safeParse({ environment: 'production' }).success).toBe(false);
    expect(productionConfirmationSchema().safeParse(true).success).toBe(false);
  });
});
