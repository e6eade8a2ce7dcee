// Charging a saved card again (issue 15): a card enrolled at the terminal, its token brought by a
// status answer, charged again, on a laptop's SQLite ledger and on the team ledger, where another
// support person's laptop charges it and staff and finance are refused by the database itself.
// The practice gateway over HTTP is the witness that exactly one repeat charge went out. The token
// (with the API key it charges the customer's card) is never in a handler's answer or a log line.
import { expect, it } from 'vitest';
import { customer, goodCard } from './support';
import { describeLedgerApp, startSqliteApp, type LedgerApp } from '../support/ledger-apps';
import { copyLedgerToTeam } from '../../main/ledger/postgres/copy-to-team';
import { teamServer } from '../support/postgres-tests';
import type { MethodName } from '../../contract/methods';
import type { PaymentView } from '../../contract/methods/payments';

describeLedgerApp('charging a saved card again', (app, backend) => {
  /** Every answer a handler gave in this file, as the renderer got it. */
  const answers: string[] = [];
  async function call(on: LedgerApp, name: MethodName, input: unknown) {
    const answer = await on.call(name, input);
    answers.push(JSON.stringify(answer));
    return answer;
  }
  async function value<T = PaymentView>(on: LedgerApp, name: MethodName, input: unknown): Promise<T> {
    const answer = await call(on, name, input);
    if (!answer.ok) throw new Error(`${name}: ${answer.error.code} ${answer.error.message}`);
    return answer.value as T;
  }
  const repeats = () => app().practice.gateway.records().filter((r) => r.operation === 'recurring');
  /** The saved token, read behind Paydesk's back (SQLite: the file's row; PostgreSQL: the server's superuser). */
  async function savedToken(paymentId: string): Promise<string | null> {
    if (backend === 'sqlite') return (await app().store.get(paymentId))!.recurring_token;
    const rows = (await teamServer().sql(app().database!, 'SELECT token FROM paydesk.recurring_tokens WHERE payment_id = $1', [paymentId])).rows;
    return (rows[0]?.token as string | undefined) ?? null;
  }

  let first: PaymentView;
  let token: string;

  it('a card enrolled at the terminal is available to charge again once an answer brings its token', async () => {
    first = (await value<{ payment: PaymentView }>(app(), 'chargeCard', { amount: '10.00', currency: 'SAR', card: goodCard, customer, authOnly: false, recurringInit: true })).payment;
    // The practice gateway names the token in the sale's own answer; a status answer names it again.
    expect(first).toMatchObject({ state: 'paid', recurringRequested: true });
    expect(await value(app(), 'checkPaymentStatus', { paymentId: first.id })).toMatchObject({ recurringAvailable: true, recurringRequested: true });
    token = (await savedToken(first.id))!;
    expect(token).toMatch(/^rtk_/);
  });

  it('another support person charges it again: one charge at the gateway, its parent the first payment', async () => {
    // On the team ledger another laptop (a second support login would be the same role); on SQLite the same laptop.
    const other = backend === 'postgres' ? await app().open({ sameGateway: true }) : app();
    const before = repeats().length;
    const again = await value(other, 'chargeRecurring', { paymentId: first.id, amount: '12.00', currency: 'SAR', description: 'Monthly' });
    expect(again).toMatchObject({ kind: 'recurring', state: 'paid', capturedMinor: 1_200, parentPaymentId: first.id, recurringAvailable: false });
    expect(repeats().slice(before)).toMatchObject([{ operation: 'recurring', amountMinor: 1_200 }]);
    // Seen from the first laptop too, with the repeat under its parent.
    const detail = await value<{ payment: PaymentView; repeats?: PaymentView[] }>(app(), 'getPayment', { paymentId: first.id });
    expect(JSON.stringify(detail)).toContain(again.id);
    expect(await app().store.repeatsOf(first.id)).toMatchObject([{ id: again.id, parent_payment_id: first.id, kind: 'recurring' }]);
    expect(await value(app(), 'getPayment', { paymentId: again.id })).toMatchObject({ payment: { parentPaymentId: first.id } });
  });

  it('charged again from last month\'s repeat charge: the first payment\'s card, one charge, listed under the first payment', async () => {
    const lastMonth = await value(app(), 'chargeRecurring', { paymentId: first.id, amount: '10.00', currency: 'SAR', description: 'November' });
    // Its detail offers the first payment's amount and token state (the repeat charge has no token of its own),
    // and names the card charged: the first payment's order id and card, as its own detail shows them.
    expect(first.cardMasked).toMatch(/^\d{6}\*{6}\d{4}$/);
    expect(await value(app(), 'getPayment', { paymentId: lastMonth.id })).toMatchObject({
      payment: { recurringAvailable: false }, related: { parent: { id: first.id, orderId: first.orderId, amountMinor: 1_000, recurringAvailable: true, cardMasked: first.cardMasked } },
    });
    const before = repeats().length;
    // The practice gateway charges only the enrolling transaction with its token: this one went through, so that was sent.
    const again = await value(app(), 'chargeRecurring', { paymentId: lastMonth.id, amount: '10.00', currency: 'SAR', description: 'December' });
    expect(again).toMatchObject({ kind: 'recurring', state: 'paid', capturedMinor: 1_000, parentPaymentId: first.id });
    expect(repeats().slice(before)).toMatchObject([{ operation: 'recurring', amountMinor: 1_000, orderId: again.orderId }]);
    expect((await app().store.repeatsOf(first.id)).map((r) => r.id).slice(-2)).toEqual([lastMonth.id, again.id]);
  });

  if (backend === 'postgres') {
    it('staff and finance are refused by the database, and nothing reaches the gateway', async () => {
      for (const role of ['staff', 'finance'] as const) {
        const other = await app().open({ sameGateway: true, role });
        const before = repeats().length;
        const view = await value<{ payment: PaymentView }>(other, 'getPayment', { paymentId: first.id });
        expect(view.payment).toMatchObject({ recurringAvailable: true });
        const refused = await call(other, 'chargeRecurring', { paymentId: first.id, amount: '5.00', currency: 'SAR', description: 'Monthly' });
        expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden', reason: { key: 'teamLedger.recurringNotAllowed' } } });
        expect(repeats().length).toBe(before);
      }
    });

    it('a staff laptop enrols a card: its answer saves the token it may not read, and support charges it again', async () => {
      const staff = await app().open({ sameGateway: true, role: 'staff' });
      const enrolled = (await value<{ payment: PaymentView }>(staff, 'chargeCard', { amount: '30.00', currency: 'SAR', card: goodCard, customer, authOnly: false, recurringInit: true })).payment;
      expect(enrolled).toMatchObject({ state: 'paid', recurringRequested: true, recurringAvailable: true });
      expect(await value(staff, 'checkPaymentStatus', { paymentId: enrolled.id })).toMatchObject({ recurringAvailable: true });
      const saved = await savedToken(enrolled.id);
      expect(saved).toMatch(/^rtk_/);
      const before = repeats().length;
      expect(await call(staff, 'chargeRecurring', { paymentId: enrolled.id, amount: '30.00', currency: 'SAR', description: 'Monthly' })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      const again = await value(app(), 'chargeRecurring', { paymentId: enrolled.id, amount: '30.00', currency: 'SAR', description: 'Monthly' });
      expect(again).toMatchObject({ kind: 'recurring', state: 'paid', parentPaymentId: enrolled.id });
      expect(repeats().slice(before)).toMatchObject([{ operation: 'recurring', amountMinor: 3_000 }]);
      for (const answer of answers) expect(answer).not.toContain(saved);
    });

    it('a laptop moving to the team brings its enrolled card, token and repeats: support charges it again there', async () => {
      const laptop = await startSqliteApp({ practice: app().practice });
      const server = teamServer();
      const admin = await server.connectAs(app().database!, server.person('admin').login);
      try {
        const enrolled = (await value<{ payment: PaymentView }>(laptop, 'chargeCard', { amount: '20.00', currency: 'SAR', card: goodCard, customer, authOnly: false, recurringInit: true })).payment;
        const repeat = await value(laptop, 'chargeRecurring', { paymentId: enrolled.id, amount: '20.00', currency: 'SAR', description: 'Monthly' });
        const laptopToken = (await laptop.store.get(enrolled.id))!.recurring_token!;
        const report = await copyLedgerToTeam({ source: laptop.db!, team: admin, laptop: 'moving-laptop' });
        expect(report.payments).toMatchObject({ copied: 2, skipped: 0 });
        expect(await savedToken(enrolled.id)).toBe(laptopToken);
        expect(await value(app(), 'getPayment', { paymentId: enrolled.id })).toMatchObject({ payment: { recurringRequested: true, recurringAvailable: true } });
        expect(await app().store.repeatsOf(enrolled.id)).toMatchObject([{ id: repeat.id, parent_payment_id: enrolled.id }]);
        const before = repeats().length;
        const again = await value(app(), 'chargeRecurring', { paymentId: enrolled.id, amount: '21.00', currency: 'SAR', description: 'Monthly' });
        expect(again).toMatchObject({ state: 'paid', parentPaymentId: enrolled.id });
        expect(repeats().slice(before)).toMatchObject([{ amountMinor: 2_100 }]);
        expect((await app().store.repeatsOf(enrolled.id)).map((r) => r.id)).toEqual([repeat.id, again.id]);
      } finally {
        await admin.end();
        await laptop.close();
      }
    });

    it('a hand-written client logged in as staff or finance cannot read the token; support and admin can', async () => {
      const server = teamServer();
      for (const role of ['staff', 'finance', 'support', 'admin'] as const) {
        const client = await server.connectAs(app().database!, server.person(role).login);
        try {
          const read = (text: string) => client.query(text, [first.id]).then((r) => JSON.stringify(r.rows), (e: { code?: string }) => `refused ${e.code}`);
          expect(await read('SELECT token FROM paydesk.recurring_tokens WHERE payment_id = $1')).toBe('refused 42501');
          expect(await read('SELECT to_jsonb(p) AS row FROM paydesk.payments p WHERE id = $1')).not.toContain(token);
          const viaFunction = await read('SELECT paydesk.recurring_token_of($1) AS token');
          if (role === 'staff' || role === 'finance') expect(viaFunction).toBe('refused 42501');
          else expect(viaFunction).toContain(token);
          // Saving is write only, and a saved token is never replaced (finance records no answers at all).
          const saved = await client.query('SELECT paydesk.save_recurring_token($1, $2)', [first.id, 'rtk_forged']).then(() => 'saved', (e: { code?: string }) => `refused ${e.code}`);
          expect(saved).toBe(role === 'finance' ? 'refused 42501' : 'saved');
        } finally {
          await client.end();
        }
      }
      expect(await savedToken(first.id)).toBe(token);
    });
  }

  it('the token is never in a handler\'s answer or a log line', async () => {
    await value(app(), 'searchPayments', { filter: {} });
    await value(app(), 'listAuditLog', { offset: 0, limit: 50 });
    expect(answers.length).toBeGreaterThan(4);
    for (const answer of answers) expect(answer).not.toContain(token);
    for (const line of app().practice.logger.lines) expect(line).not.toContain(token);
  });
});

