// Storage failures on the team ledger, each in its own words (docs/team-ledger.md, "Storage
// failures in words"): they read "The team ledger could not be used (unknown)" before. The real
// server fails each money move: a trigger the test adds (as the superuser) ends the laptop's own
// session (pg_terminate_backend: 57P01) or raises a serialization failure or deadlock's SQLSTATE
// as the server does, when the intent is recorded or when the answer is; the database's
// connection limit refuses a new session (53300). Before the intent: "Nothing was sent", why, the
// code, and a conflict tried once more by main (the gateway sees one request). After the request
// left: the outcome is unknown, never "nothing was sent".
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { AppFailure, type AppError } from '../../../contract/result';
import type { Reason } from '../../../contract/reasons';
import { reasonText } from '../../../main/core/fail';
import { describeWithPostgres, teamServer } from '../../support/postgres-tests';
import { teamLaptops } from '../../support/team-laptops';
import { approveCard, startTestGateway, testCustomer } from '../../support/practice';

/** Fails the next `times` intents (an operation inserted) or answers (a `sending` operation completed) of this database. */
const injectFailures = `
  CREATE TABLE public.injected (phase text NOT NULL, sqlstate text NOT NULL, times int NOT NULL);
  CREATE SEQUENCE public.injected_calls;
  CREATE FUNCTION public.inject_failure() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
  DECLARE plan record;
  BEGIN
    SELECT * INTO plan FROM public.injected WHERE phase = TG_ARGV[0];
    -- Counted by a sequence: the failure rolls back everything else.
    IF plan IS NULL OR nextval('public.injected_calls') > plan.times THEN RETURN NEW; END IF;
    IF plan.sqlstate = 'deadlock' THEN
      -- Locks 1 then 2; the test holds 2 and then asks for 1: the server finds the deadlock.
      PERFORM pg_advisory_xact_lock(1);
      PERFORM pg_advisory_xact_lock(2);
      RETURN NEW;
    END IF;
    IF plan.sqlstate = 'terminate' THEN
      PERFORM pg_terminate_backend(pg_backend_pid());
      PERFORM pg_sleep(30); -- the signal ends the session at this interrupt point, at once
    END IF;
    RAISE EXCEPTION 'failure injected by the test' USING ERRCODE = plan.sqlstate;
  END $$;
  CREATE TRIGGER inject_intent BEFORE INSERT ON paydesk.operations FOR EACH ROW EXECUTE FUNCTION public.inject_failure('intent');
  CREATE TRIGGER inject_answer BEFORE UPDATE ON paydesk.operations FOR EACH ROW
    WHEN (OLD.outcome = 'sending' AND NEW.outcome <> 'sending') EXECUTE FUNCTION public.inject_failure('answer');`;

describeWithPostgres('a storage failure on the team ledger, in words', () => {
  let practice: Awaited<ReturnType<typeof startTestGateway>>;
  const laptops = teamLaptops();

  beforeAll(async () => {
    practice = await startTestGateway();
  });
  afterAll(async () => {
    await laptops.close();
    await practice?.gateway.close();
  });

  /** A team database failing as planned, and a support laptop on it whose failures are worded as the app words them. */
  const failingTeam = async (plan?: { phase: 'intent' | 'answer'; sqlstate: string; times: number }) => {
    const server = teamServer();
    const database = await server.createTeamDatabase();
    await server.sql(database, injectFailures);
    const sue = laptops.open(database, practice, 'support', { name: `sue-${randomUUID().slice(0, 6)}`, port: server.port });
    const fail = async (next: NonNullable<typeof plan>) => {
      await server.sql(database, `DELETE FROM public.injected; SELECT setval('public.injected_calls', 1, false)`);
      await server.sql(database, 'INSERT INTO public.injected VALUES ($1, $2, $3)', [next.phase, next.sqlstate, next.times]);
    };
    if (plan) await fail(plan);
    return { server, database, sue, fail };
  };
  const sale = (laptop: ReturnType<typeof laptops.open>, orderId = `PD-WORDS-${randomUUID().slice(0, 8)}`) =>
    laptop.service.chargeCard({ orderId, amount: '40.00', currency: 'SAR', card: approveCard, customer: testCustomer, authOnly: false }, laptop.ctx);
  const refusal = async (move: Promise<unknown>): Promise<AppError> => {
    const failed = await move.then(() => undefined, (e: unknown) => e);
    expect(failed).toBeInstanceOf(AppFailure);
    return (failed as AppFailure).toError();
  };
  const sales = (orderId: string) => practice.gateway.records().filter((r) => r.operation === 'sale' && r.orderId === orderId);
  const arabic = (error: AppError) => reasonText('ar', error.reason as Reason);

  it('this laptop’s session ended on the server while recording a sale: nothing was sent, and the code is said', async () => {
    const { sue } = await failingTeam({ phase: 'intent', sqlstate: 'terminate', times: 1 });
    const orderId = `PD-KILLED-${randomUUID().slice(0, 8)}`;
    const error = await refusal(sale(sue, orderId));
    expect(error.reason).toMatchObject({ key: 'teamLedger.notSent', values: { host: '127.0.0.1', code: '57P01' } });
    expect(error.message).toBe('Nothing was sent to the gateway: the team ledger at 127.0.0.1 could not be reached. Try again when it is back. Details: 57P01.');
    expect(sales(orderId)).toHaveLength(0);
  });

  it('a deadlock twice before sending: nothing was sent, said as two changes crossing, with the code; the gateway gets nothing', async () => {
    const { sue } = await failingTeam({ phase: 'intent', sqlstate: '40P01', times: 2 });
    const orderId = `PD-DEADLOCK-${randomUUID().slice(0, 8)}`;
    const error = await refusal(sale(sue, orderId));
    expect(error.reason).toMatchObject({ key: 'teamLedger.notSentServer', values: { cause: 'conflict', code: '40P01' } });
    expect(error.message).toBe('Nothing was sent to the gateway: another change in the team ledger, made at the same moment (most likely from another laptop), crossed this one twice, so the server undid it. Look at the payment again, then try again. Details: 40P01.');
    expect(arabic(error)).toMatch(/^لم يُرسل شيء إلى بوابة الدفع: تعارض معه تغييرٌ آخر.* التفاصيل: \u206640P01\u2069\.$/);
    expect(sales(orderId)).toHaveLength(0);
    expect(await sue.service.store.byOrderId('practice', orderId)).toBeUndefined();
  });

  it('a serialization failure once before sending is tried again by main: the sale is made, and the gateway sees exactly one request', async () => {
    const { sue } = await failingTeam({ phase: 'intent', sqlstate: '40001', times: 1 });
    const orderId = `PD-SERIAL-${randomUUID().slice(0, 8)}`;
    const { payment } = await sale(sue, orderId);
    expect(payment.state).toBe('paid');
    expect(sales(orderId)).toHaveLength(1);
  });

  it('a refund caught in a real deadlock before sending is tried again by main: one refund reaches the gateway', async () => {
    const { server, database, sue, fail } = await failingTeam();
    const { payment } = await sale(sue);
    await fail({ phase: 'intent', sqlstate: 'deadlock', times: 1 });
    // Another session holds lock 2 while the refund's intent takes 1 and waits for 2; then it asks for 1.
    const other = await server.connect({ database });
    try {
      await other.query('SELECT pg_advisory_lock(2)');
      const refunding = sue.service.moneyOperation(sue.ctx, { paymentId: payment.id, kind: 'refund', amount: '10.00', currency: 'SAR', reason: 'Customer returned it' });
      await vi.waitFor(async () => expect((await other.query(`SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND objid = 2 AND NOT granted`)).rowCount).toBe(1), { timeout: 10_000 });
      // The refund's transaction waited first, so the server's deadlock check ends it (40P01) and this one gets lock 1.
      // A backend checks once, deadlock_timeout after it starts waiting: on a loaded machine the
      // refund's check can come before this session waits, and then this one is ended instead (seen
      // on CI). The refund then goes on with lock 2 once it is let go: still exactly one refund.
      await other.query('SELECT pg_advisory_lock(1)').catch((error: { code?: string }) => {
        if (error.code !== '40P01') throw error;
      });
      await other.query('SELECT pg_advisory_unlock_all()');
      const refunded = await refunding;
      expect(refunded.refundedMinor).toBe(1000);
    } finally {
      await other.end();
    }
    expect(practice.gateway.records().filter((r) => r.operation === 'refund' && r.transactionId === payment.transactionId)).toHaveLength(1);
  });

  it('a server with no room for another connection: nothing was sent, with what to ask whoever runs it', async () => {
    const { server, database, sue } = await failingTeam();
    // Sue's laptop has no connection open yet: its first one is refused by the database's limit.
    await server.sql(database, `ALTER DATABASE "${database}" CONNECTION LIMIT 0`);
    const orderId = `PD-FULL-${randomUUID().slice(0, 8)}`;
    const error = await refusal(sale(sue, orderId));
    expect(error.reason).toMatchObject({ key: 'teamLedger.notSentServer', values: { cause: 'serverFull', code: '53300' } });
    expect(error.message).toBe('Nothing was sent to the gateway: the team ledger’s server at 127.0.0.1 has no room for another connection right now (too many are open). Try again in a moment; if it keeps happening, ask whoever runs the server to raise its connection limit (max_connections). Details: 53300.');
    expect(arabic(error)).toContain('max_connections');
    expect(sales(orderId)).toHaveLength(0);
  });

  it('a lock time limit set on the server stops recording a sale: nothing was sent, said as the server’s time limit', async () => {
    const { server, database, sue, fail } = await failingTeam();
    // Sue's laptop connects after this: its sessions wait at most 200 ms for a lock (real 55P03).
    await server.sql(database, `ALTER DATABASE "${database}" SET lock_timeout = '200ms'`);
    await fail({ phase: 'intent', sqlstate: 'deadlock', times: 1 });
    const other = await server.connect({ database });
    try {
      await other.query('SELECT pg_advisory_lock(2)');
      const orderId = `PD-TIMED-${randomUUID().slice(0, 8)}`;
      const error = await refusal(sale(sue, orderId));
      expect(error.reason).toMatchObject({ key: 'teamLedger.notSentServer', values: { cause: 'timedOut', code: '55P03' } });
      expect(error.message).toBe('Nothing was sent to the gateway: the team ledger’s server at 127.0.0.1 stopped recording it before it finished (a time limit set on the server). Try again; if it keeps happening, ask whoever runs the server. Details: 55P03.');
      expect(sales(orderId)).toHaveLength(0);
    } finally {
      await other.end();
    }
  });

  it('the session ended while the refund’s answer was recorded: the outcome is unknown, “do not send it again”, never “nothing was sent”', async () => {
    const { sue, fail } = await failingTeam();
    const { payment } = await sale(sue);
    await fail({ phase: 'answer', sqlstate: 'terminate', times: 1 });
    const error = await refusal(sue.service.moneyOperation(sue.ctx, { paymentId: payment.id, kind: 'refund', amount: '10.00', currency: 'SAR', reason: 'Customer returned it' }));
    expect(error.reason).toMatchObject({ key: 'teamLedger.answerNotRecorded', values: { host: '127.0.0.1', code: '57P01' } });
    expect(error.message).toBe('This was sent to the gateway, but its answer could not be recorded in the team ledger at 127.0.0.1. Whether it went through is not known yet, so do not send it again: Paydesk checks its status with the gateway on its own once the team ledger answers; until then Transactions shows it as Sending or Outcome unknown. Details: 57P01.');
    expect(arabic(error)).toContain('فلا ترسله مرة أخرى');
    expect(practice.gateway.records().filter((r) => r.operation === 'refund' && r.transactionId === payment.transactionId)).toHaveLength(1);
    expect((await sue.service.store.openOperations(payment.id)).map((op) => [op.kind, op.outcome])).toEqual([['refund', 'sending']]);
  });

  it('a deadlock while the sale’s answer is recorded is not tried again by sending: one request, the outcome unknown', async () => {
    const { sue, fail } = await failingTeam();
    await fail({ phase: 'answer', sqlstate: '40P01', times: 1 });
    const orderId = `PD-LATE-${randomUUID().slice(0, 8)}`;
    const error = await refusal(sale(sue, orderId));
    expect(error.reason).toMatchObject({ key: 'teamLedger.answerNotRecorded', values: { code: '40P01' } });
    expect(error.message).not.toMatch(/Nothing was sent/);
    expect(sales(orderId)).toHaveLength(1);
  });
});
