// The gateway check-up on both ledgers (docs/check-up.md "On the team ledger"): started through its
// handlers against the practice gateway over loopback HTTP, on a laptop's SQLite file and on the
// team's PostgreSQL. It runs its steps and reports the same on both; its payments are marked with
// the run and its audit entries named `checkup_…` the same way; the list, the overview and the
// export show them as the laptop's ledger does. On the team ledger the database says who may run
// one (support and up: its steps capture, void and refund) and refuses finance in words, staff
// too, and a forged check-up payment or a production run from a hand-written client.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { checkupRefundReason } from '../../contract/app-written-reasons';
import type { CheckupRun } from '../../contract/methods/checkup';
import type { PaymentView } from '../../contract/methods/payments';
import { describeLedgerApp, type Backend, type LedgerApp } from '../support/ledger-apps';
import { teamServer } from '../support/postgres-tests';

type Seen = { steps: Record<string, string>; findings: Record<string, string[]>; rows: string[]; audit: string[]; totals: unknown; report: unknown };
/** What each backend showed, to compare once both have run (SQLite's block runs first). */
const seen = new Map<Backend, Seen>();

const tagOf = (orderId: string) => orderId.replace(/^CHK-\d{8}-R[0-9A-F]{6}-/, '');
const today = () => {
  const from = new Date();
  from.setUTCHours(0, 0, 0, 0);
  return { from: from.toISOString(), to: new Date(from.getTime() + 86_400_000).toISOString() };
};

async function runCheckup(app: LedgerApp): Promise<CheckupRun> {
  const started = await app.value<CheckupRun>('startCheckup', { profileId: 'practice' });
  await app.checkup.finished(started.id);
  return (await app.value<{ run: CheckupRun }>('getCheckup', { runId: started.id })).run;
}

describeLedgerApp('the gateway check-up on the ledger in use', (app, backend) => {
  let run: CheckupRun;

  it('runs every step through the practice gateway, marks its payments and its audit entries, and reports', async () => {
    run = await runCheckup(app());
    expect(run.state).toBe('finished');
    const steps = Object.fromEntries(run.steps.map((s) => [s.key, s.state]));
    expect(steps).toMatchObject({
      sale: 'passed', authorisation: 'passed', partial_capture: 'passed', void: 'passed', partial_refund: 'passed', recurring: 'passed',
      status_by_order: 'passed', status_by_transaction: 'passed', checkout: 'passed', payment_link: 'passed', cleanup: 'passed',
    });
    // Every payment it made carries the run, on either ledger.
    const orderIds = [...new Set(run.steps.flatMap((s) => s.orderIds))];
    expect(orderIds.length).toBe(7);
    for (const orderId of orderIds) expect((await app().store.byOrderId('practice', orderId))?.checkup_run).toBe(run.id);
    // The audit log names them as a check-up's: the database's triggers on the team ledger, the payments flows on a laptop.
    const audit = await app().value<{ rows: Array<{ action: string; orderId: string | null; profileId: string | null; environment: string | null; reason: string | null }>; chainIntact: boolean }>('listAuditLog', { limit: 500 });
    const actions = audit.rows.map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['checkup_started', 'checkup_finished', 'checkup_create_sale', 'checkup_capture', 'checkup_void', 'checkup_refund']));
    expect(audit.rows.filter((r) => r.orderId?.startsWith('CHK-')).every((r) => r.action.startsWith('checkup_'))).toBe(true);
    expect(audit.rows.find((r) => r.action === 'checkup_started')).toMatchObject({ profileId: 'practice', environment: 'practice' });
    // Its refunds' reason is the app's own text on both ledgers, which the screens word in the reader's language (stored-reason.ts).
    const refundReasons = audit.rows.filter((r) => r.action === 'checkup_refund').map((r) => r.reason);
    expect(refundReasons.length).toBeGreaterThan(0);
    expect(new Set(refundReasons)).toEqual(new Set([checkupRefundReason]));

    const report = JSON.parse((await app().value<{ json: string }>('saveCheckupReport', { runId: run.id })).json) as { run: { summary: unknown }; steps: Array<{ key: string; state: string; findings: Array<{ code: string }> }> };
    expect((await app().value<{ rows: Array<{ action: string }> }>('listAuditLog', { limit: 1 })).rows[0]!.action).toBe('checkup_report_saved');
    expect((await app().value<{ chainIntact: boolean }>('listAuditLog', { limit: 1 })).chainIntact).toBe(true);

    // The list, the overview and the export show a check-up's payments as any other practice payment.
    const listed = await app().value<{ rows: PaymentView[] }>('searchPayments', { filter: { query: 'CHK-' }, limit: 100 });
    const rows = listed.rows.map((r) => `${tagOf(r.orderId)} ${r.kind} ${r.state} ${r.amountMinor} ${r.capturedMinor} ${r.refundedMinor}`).sort();
    expect(rows.length).toBe(orderIds.length);
    expect(rows).toEqual(expect.arrayContaining(['SALE sale refunded 200 200 200', 'AUTH2 sale voided 200 0 0', 'CHECKOUT checkout pending 200 0 0', 'LINK link pending 200 0 0']));
    // Each names its run wherever a screen reads it, so the lists mark it as the check-up's test money
    // and offer no Copy or Resend for its link (walk of 2026-12-01): the list, the links list, the detail.
    expect(listed.rows.map((r) => r.checkupRun)).toEqual(listed.rows.map(() => run.id));
    const links = (await app().value<{ rows: PaymentView[] }>('listPaymentLinks', { limit: 500 })).rows;
    expect(links.filter((r) => r.orderId.startsWith('CHK-')).map((r) => r.checkupRun)).toEqual([run.id]);
    const sale = listed.rows.find((r) => tagOf(r.orderId) === 'SALE')!;
    expect((await app().value<{ payment: PaymentView }>('getPayment', { paymentId: sale.id })).payment.checkupRun).toBe(run.id);
    // A customer's payment names none.
    const customers = await app().value<PaymentView>('createPaymentLink', { amount: '40.00', currency: 'SAR', description: 'A customer\'s', customer: { name: 'Reem', email: 'reem@example.com', phone: '+966551230001' } });
    expect(customers.checkupRun).toBeNull();
    expect((await app().value<{ rows: PaymentView[] }>('listPaymentLinks', { limit: 5 })).rows.find((r) => r.id === customers.id)?.checkupRun).toBeNull();
    const overview = await app().value<{ periods: Array<{ totals: unknown }> }>('getOverview', { profileId: 'practice', periods: [today()], now: new Date().toISOString() });
    seen.set(backend, {
      steps, rows, totals: overview.periods[0]!.totals,
      findings: Object.fromEntries(run.steps.map((s) => [s.key, s.findings.map((f) => `${f.severity} ${f.code}`)])),
      // Which actions name each payment (the database writes an entry per intent and per outcome, a laptop one per move: counts differ by design).
      audit: [...new Set(audit.rows.filter((r) => r.orderId?.startsWith('CHK-')).map((r) => `${tagOf(r.orderId!)} ${r.action}`))].sort(),
      report: { summary: report.run.summary, steps: report.steps.map((s) => [s.key, s.state, s.findings.map((f) => f.code)]) },
    });
  });

  it('refuses a production profile before anything is recorded or sent', async () => {
    const before = app().practice.gateway.records().length;
    const production = await app().open({ environment: 'production', sameGateway: true });
    const answer = await production.call('startCheckup', { profileId: 'practice' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'rule_violation', reason: { key: 'checkup.notProduction' } } });
    expect(app().practice.gateway.records().length).toBe(before);
  });

  if (backend === 'postgres') {
    it('reports and marks exactly as the laptop\'s ledger does', () => {
      const sqlite = seen.get('sqlite');
      if (!sqlite) return; // LEDGER_BACKENDS=postgres: nothing to compare with.
      const team = seen.get('postgres')!;
      // Every step, finding, row, audit name and total the same (the recurring step too: recurring.sql).
      expect(team.steps.recurring).toBe('passed');
      expect(team).toEqual(sqlite);
    });

    it('is refused to finance and staff by the database, in words, with nothing sent', async () => {
      const before = app().practice.gateway.records().length;
      for (const role of ['finance', 'staff'] as const) {
        const other = await app().open({ role, osUser: role, sameGateway: true });
        const answer = await other.call('startCheckup', { profileId: 'practice' });
        expect(answer).toMatchObject({ ok: false, error: { code: 'forbidden', reason: { key: 'teamLedger.notAllowed', values: { operation: 'check-up' } } } });
        expect(answer.ok ? '' : answer.error.message).toMatch(/does not let .* do a check-up/);
      }
      expect(app().practice.gateway.records().length).toBe(before);
    });

    it('refuses a hand-written client a production run, a payment marked with another\'s run, or a changed mark', async () => {
      const server = teamServer();
      const database = app().database!;
      const as = (role: 'support' | 'staff') => server.connectAs(database, server.person(role).login, role);
      const support = await as('support');
      const staff = await as('staff');
      try {
        await expect(support.query(`SELECT paydesk.record_checkup('checkup_started', $1, 'live', 'production', 'x')`, [randomUUID()])).rejects.toMatchObject({ code: '23514' });
        await expect(staff.query(`SELECT paydesk.record_checkup('checkup_started', $1, 'practice', 'practice', 'x')`, [randomUUID()])).rejects.toMatchObject({ code: '42501' });
        await expect(staff.query(`INSERT INTO paydesk.checkup_runs (id, profile_id, environment, started_by) VALUES ($1, 'practice', 'practice', 'x')`, [randomUUID()])).rejects.toMatchObject({ code: '42501' });
        // Staff may create a sale, but not one marked as support's run.
        await expect(staff.query(`INSERT INTO paydesk.payments (id, profile_id, environment, kind, order_id, amount_minor, currency, state, checkup_run)
          VALUES ($1, 'practice', 'practice', 'sale', $2, 200, 'SAR', 'creating', $3)`, [randomUUID(), `FORGED-${randomUUID().slice(0, 6)}`, run.id])).rejects.toMatchObject({ code: '42501' });
        const marked = (await server.sql(database, `SELECT id FROM paydesk.payments WHERE checkup_run = $1 LIMIT 1`, [run.id])).rows[0]!.id as string;
        await expect(support.query(`UPDATE paydesk.payments SET checkup_run = NULL WHERE id = $1`, [marked])).rejects.toMatchObject({ code: '42501' });
      } finally {
        await support.end();
        await staff.end();
      }
    });
  }
});
