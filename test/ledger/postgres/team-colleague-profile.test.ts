// A colleague's payment on the team ledger: profile ids are each laptop's own, so a payment ada
// made with her sandbox profile carries an id sue's laptop has no profile of. Sue's refund was
// refused ("made on another profile"), which left support unable to refund what a colleague sold.
// Now the active profile acts on it when it is this laptop's only profile of the payment's
// environment (contract/colleague-profile.ts); never across environments. Two laptops, each its
// own sandbox profile id, one team database, the practice gateway over HTTP.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AppFailure, type AppError } from '../../../contract/result';
import { wordReason } from '../../../renderer/src/i18n';
import { describeWithPostgres, teamServer } from '../../support/postgres-tests';
import { teamLaptops, type TeamLaptopOptions } from '../../support/team-laptops';
import { approveCard, startTestGateway, testCustomer } from '../../support/practice';

const sandbox = (id: string, name: string) => ({ id, name, environment: 'sandbox' as const });

describeWithPostgres('a colleague\'s payment on the team ledger, from two laptops with their own profile ids', () => {
  let practice: Awaited<ReturnType<typeof startTestGateway>>;
  let database: string;
  const laptops = teamLaptops();
  beforeAll(async () => {
    practice = await startTestGateway();
    database = await teamServer().createTeamDatabase();
  });
  afterAll(async () => {
    await laptops.close();
    await practice?.gateway.close();
  });
  const laptop = (role: 'support' | 'admin', options: TeamLaptopOptions) => laptops.open(database, practice, role, options);
  const refundsOf = (transactionId: string | null) => practice.gateway.records().filter((r) => r.transactionId === transactionId && r.operation === 'refund');
  const sale = async (who: ReturnType<typeof laptop>) => (await who.service.chargeCard({ orderId: `PD-COL-${randomUUID().slice(0, 8)}`, amount: '100.00', currency: 'SAR', card: approveCard, customer: testCustomer, authOnly: false }, who.ctx)).payment;
  const refused = (promise: Promise<unknown>) => promise.then(() => undefined, (e: unknown) => (e instanceof AppFailure ? e.toError() : e));

  it('each refunds a payment the other made, with their own sandbox profile; the status check works too; the records name the payment\'s profile', async () => {
    const sue = laptop('support', { name: 'sue-laptop', profile: sandbox('sandbox-on-sue', 'Shop') });
    const ada = laptop('admin', { name: 'ada-laptop', profile: sandbox('sandbox-on-ada', 'Shop test') });
    const adas = await sale(ada);
    expect(adas).toMatchObject({ state: 'paid', profileId: 'sandbox-on-ada', environment: 'sandbox' });
    expect(await sue.service.checkStatus(sue.ctx, adas.id)).toMatchObject({ state: 'paid' });
    expect(await sue.service.moneyOperation(sue.ctx, { paymentId: adas.id, kind: 'refund', amount: '40.00', currency: 'SAR', reason: 'Customer returned one' })).toMatchObject({ state: 'partially_refunded', refundedMinor: 4_000 });
    const sues = await sale(sue);
    expect(await ada.service.moneyOperation(ada.ctx, { paymentId: sues.id, kind: 'refund', amount: '100.00', currency: 'SAR', reason: 'Customer called' })).toMatchObject({ state: 'refunded', refundedMinor: 10_000 });
    expect(refundsOf(adas.transactionId)).toHaveLength(1);
    expect(refundsOf(sues.transactionId)).toHaveLength(1);
    const ops = await sue.service.store.operationsOf(adas.id);
    expect(ops.map((op) => [op.kind, op.outcome, op.db_user, op.os_user])).toEqual([['create', 'succeeded', 'ada', 'ada-laptop'], ['refund', 'succeeded', 'sue', 'sue-laptop']]);
    // The payment keeps the profile it was made on: nothing is rewritten to sue's.
    expect((await sue.service.store.get(adas.id))).toMatchObject({ profile_id: 'sandbox-on-ada', refunded_minor: 4_000 });
  });

  it('two refunds of a colleague\'s payment at the same moment: one reaches the gateway, the other is told who is refunding', async () => {
    let release!: () => void;
    const onTheWire = new Promise<void>((resolve) => (release = resolve));
    const held: typeof globalThis.fetch = async (url, init) => {
      if (String(url).includes('refund')) await onTheWire;
      return globalThis.fetch(url, init);
    };
    const sue = laptop('support', { name: 'sue-laptop-2', profile: sandbox('sandbox-on-sue', 'Shop'), fetch: held });
    const ada = laptop('admin', { name: 'ada-laptop-2', profile: sandbox('sandbox-on-ada', 'Shop test') });
    const adas = await sale(ada);
    const suesRefund = sue.service.moneyOperation(sue.ctx, { paymentId: adas.id, kind: 'refund', amount: '100.00', currency: 'SAR', reason: 'Customer returned it' });
    await expect.poll(async () => (await ada.service.store.openOperations(adas.id)).map((op) => [op.kind, op.db_user])).toEqual([['refund', 'sue']]);
    expect(await refused(ada.service.moneyOperation(ada.ctx, { paymentId: adas.id, kind: 'refund', amount: '100.00', currency: 'SAR', reason: 'Customer called' })))
      .toMatchObject({ code: 'busy', reason: { key: 'teamLedger.busySending', values: { person: 'sue', operation: 'refund' } } });
    release();
    expect(await suesRefund).toMatchObject({ state: 'refunded', refundedMinor: 10_000 });
    expect(refundsOf(adas.transactionId)).toHaveLength(1);
  });

  it('a payment of another environment is refused before anything is sent, and so is one this laptop cannot match to a single profile', async () => {
    const ada = laptop('admin', { name: 'ada-laptop-3', profile: sandbox('sandbox-on-ada', 'Shop test') });
    const adas = await sale(ada);
    const omar = laptop('support', { name: 'omar-laptop', profile: { id: 'live-on-omar', name: 'Live', environment: 'production' }, otherProfiles: [{ id: 'sandbox-on-omar', environment: 'sandbox' }] });
    const refund = { paymentId: adas.id, kind: 'refund' as const, amount: '10.00', currency: 'SAR', reason: 'Customer called' };
    expect(await refused(omar.service.moneyOperation(omar.ctx, refund))).toMatchObject({ code: 'rule_violation', reason: { key: 'rule.colleagueOtherEnvironment', values: { environment: 'sandbox' } } });
    expect(await refused(omar.service.checkStatus(omar.ctx, adas.id))).toMatchObject({ reason: { key: 'rule.colleagueOtherEnvironment' } });
    const lina = laptop('support', { name: 'lina-laptop', profile: sandbox('sandbox-on-lina', 'Shop'), otherProfiles: [{ id: 'sandbox-2-on-lina', environment: 'sandbox' }] });
    expect(await refused(lina.service.moneyOperation(lina.ctx, refund))).toMatchObject({ code: 'rule_violation', reason: { key: 'rule.colleagueSeveralProfiles', values: { environment: 'sandbox' } } });
    expect(refundsOf(adas.transactionId)).toHaveLength(0);
    expect(await ada.service.store.openOperations(adas.id)).toEqual([]);
  });

  it('main\'s refusal names the team\'s profile the payment was made with, once ada\'s laptop published it, and offers to add it until an admin removes it', async () => {
    // Main's words alone (a dialog's error, a bulk row, a log) said "a sandbox profile": which one, only the payment's note said.
    const ada = laptop('admin', { name: 'ada-laptop-4', profile: sandbox('sandbox-named-on-ada', 'Main store') });
    const adas = await sale(ada);
    expect(await ada.teamProfiles.publish([{ id: 'sandbox-named-on-ada', name: 'Main store', environment: 'sandbox', baseUrl: practice.conn.baseUrl }])).toBe(1);
    const refund = { paymentId: adas.id, kind: 'refund' as const, amount: '10.00', currency: 'SAR', reason: 'Customer called' };
    const omar = laptop('support', { name: 'omar-laptop-4', profile: { id: 'live-on-omar', name: 'Live', environment: 'production' }, otherProfiles: [{ id: 'sandbox-on-omar', environment: 'sandbox' }] });
    const other = await refused(omar.service.moneyOperation(omar.ctx, refund)) as AppError;
    expect(other).toMatchObject({ code: 'rule_violation', reason: { key: 'rule.colleagueOtherEnvironmentNamed', values: { environment: 'sandbox', profile: 'Main store' } } });
    expect(other.message).toBe('This payment was made on a colleague’s laptop with the team’s profile "Main store", and the profile in use here is not a sandbox one. Switch to your sandbox profile to act on it.');
    expect(wordReason('ar', other.reason!)).toContain('«\u2068Main store\u2069»'); // isolated in Arabic, as every profile's name
    expect(await refused(omar.service.checkStatus(omar.ctx, adas.id))).toMatchObject({ reason: { key: 'rule.colleagueOtherEnvironmentNamed', values: { profile: 'Main store' } } });
    const lina = laptop('support', { name: 'lina-laptop-4', profile: sandbox('sandbox-on-lina', 'Shop'), otherProfiles: [{ id: 'sandbox-2-on-lina', environment: 'sandbox' }] });
    const several = await refused(lina.service.moneyOperation(lina.ctx, refund)) as AppError;
    expect(several).toMatchObject({ code: 'rule_violation', reason: { key: 'rule.colleagueSeveralProfilesNamed', values: { environment: 'sandbox', profile: 'Main store', offered: 'yes' } } });
    expect(several.message).toContain('Add the team’s profile "Main store" in Settings → Add profile');
    expect(wordReason('ar', several.reason!)).toContain('أضف ملف تعريف الفريق «\u2068Main store\u2069»');
    // Off the team's list: still named (the row stays), no longer offered.
    await ada.teamProfiles.removeTeamRow('sandbox-named-on-ada');
    expect(await refused(lina.service.moneyOperation(lina.ctx, refund))).toMatchObject({ reason: { key: 'rule.colleagueSeveralProfilesNamed', values: { profile: 'Main store', offered: 'no' } } });
    expect(refundsOf(adas.transactionId)).toHaveLength(0);
  });
});
