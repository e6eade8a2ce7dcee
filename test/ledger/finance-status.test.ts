// Finance checks status (issue 15: finance "see and export everything; move no money"; checking
// status is their job). On a laptop's SQLite ledger the one person checks; on the team ledger the
// finance person does, through the database's narrow paths (status-answers.sql, and
// status-settle.sql for an unclear operation the answer settles), and still cannot move money or
// rewrite a payment from a hand-written client: the database refuses a plain UPDATE, any status
// answer a gateway could not give and any settlement the answer does not prove.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { customer, goodCard } from './support';
import { describeLedgerApp, type LedgerApp } from '../support/ledger-apps';
import { teamServer } from '../support/postgres-tests';
import type { PaymentView } from '../../contract/methods/payments';
import { formatMinor } from '../../contract/money';

type Detail = { payment: PaymentView; checks: Array<{ outcome: string; state: string | null }>; history: Array<{ state: string }>; operations: Array<{ id: string; kind: string; outcome: string }> };

describeLedgerApp('finance checks a payment\'s status', (app, backend) => {
  /** Who checks: on the team ledger the finance person on a laptop of their own, on a laptop's file its one person. */
  const finance = async (): Promise<LedgerApp> => (backend === 'postgres' ? app().open({ role: 'finance', sameGateway: true }) : app());
  const payLink = async (link: PaymentView) => {
    const url = new URL(link.url!);
    await fetch(`${url.origin}/link`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ linkId: url.searchParams.get('linkId')!, cardNumber: '5123450000000008', cardHolder: 'X', expiry: '01/39', cvv: '100' }) });
  };

  it('sees the gateway\'s answer recorded: the paid link, its transaction, its history and the check', async () => {
    const link = await app().value<PaymentView>('createPaymentLink', { amount: '21.50', currency: 'SAR', description: 'Checked by finance', customer });
    await payLink(link);
    const fay = await finance();
    const checked = await fay.value<PaymentView>('checkPaymentStatus', { paymentId: link.id });
    expect(checked).toMatchObject({ state: 'paid', capturedMinor: 2_150, refundedMinor: 0, transactionId: expect.any(String), lastError: null, needsAttention: false });
    const seen = await app().value<Detail>('getPayment', { paymentId: link.id });
    expect(seen.payment).toMatchObject({ state: 'paid', capturedMinor: 2_150, transactionId: checked.transactionId, lastCheckedAt: checked.lastCheckedAt });
    expect(seen.history.map((h) => h.state)).toEqual(['creating', 'pending', 'paid']);
    expect(seen.checks.at(-1)).toMatchObject({ outcome: 'ok', state: 'paid' });
    // Nothing was sent but the status question.
    expect(app().practice.gateway.records().filter((r) => ['capture', 'void', 'refund'].includes(r.operation) && r.transactionId === checked.transactionId)).toEqual([]);
    if (backend === 'postgres') {
      // Stamped by the database with finance's login: the history row, the check row and the audit entries.
      const login = teamServer().person('finance').login;
      const sql = (text: string) => teamServer().sql(app().database!, text, [link.id]);
      expect((await sql(`SELECT db_user FROM paydesk.payment_history WHERE payment_id = $1 AND state = 'paid'`)).rows).toEqual([{ db_user: login }]);
      expect((await sql(`SELECT db_user FROM paydesk.status_checks WHERE payment_id = $1`)).rows).toEqual([{ db_user: login }]);
      expect((await sql(`SELECT action, db_user, result FROM paydesk.audit_log WHERE payment_id = $1 AND db_user <> (SELECT created_by FROM paydesk.payments WHERE id = $1) ORDER BY seq`)).rows)
        .toEqual([{ action: 'status_answer', db_user: login, result: 'paid' }, { action: 'status_check', db_user: login, result: 'paid' }]);
    }
  });

  // walk35: REFUND says a refund was made, not how much; on the team ledger finance records it through
  // paydesk.record_status_answer, which refused a refunded payment without all it captured refunded (step 45).
  it('records a refund made at the gateway\'s dashboard, said REFUND, with its amount not known', async () => {
    const sale = (await app().value<{ payment: PaymentView }>('chargeCard', { amount: '45.00', currency: 'SAR', card: goodCard, customer, authOnly: false })).payment;
    const { baseUrl, apiKey } = app().practice.conn;
    await fetch(`${baseUrl}/payment-gateway/s2s/refund`, { method: 'POST', headers: { 'X-API-KEY': apiKey, 'content-type': 'application/json' }, body: JSON.stringify({ transactionId: sale.transactionId, amount: 45, reason: 'dashboard' }) });
    const fay = await finance();
    expect(await fay.value<PaymentView>('checkPaymentStatus', { paymentId: sale.id })).toMatchObject({ state: 'refunded', statusWord: 'REFUND', capturedMinor: 4_500, refundedMinor: 0 });
    expect((await app().value<Detail>('getPayment', { paymentId: sale.id })).payment).toMatchObject({ state: 'refunded', refundedMinor: 0 });
  });

  it('a check that finds nothing new changes nothing but when it was checked', async () => {
    const link = await app().value<PaymentView>('createPaymentLink', { amount: '3', currency: 'SAR', description: 'Not paid yet', customer });
    const fay = await finance();
    expect(await fay.value<PaymentView>('checkPaymentStatus', { paymentId: link.id })).toMatchObject({ state: 'pending', capturedMinor: 0, lastCheckedAt: expect.any(String) });
    const seen = await app().value<Detail>('getPayment', { paymentId: link.id });
    expect(seen.payment).toMatchObject({ state: 'pending', capturedMinor: 0, refundedMinor: 0 });
    expect(new Set(seen.history.map((h) => h.state))).toEqual(new Set(['creating', 'pending']));
  });

  it('settles an unclear sale from the gateway\'s answer: the sale went through, nothing sent again', async () => {
    app().practice.gateway.faults.set('sale', { failure: 'reset_after_processing', times: 1 });
    const p = (await app().value<{ payment: PaymentView }>('chargeCard', { amount: '7.00', currency: 'SAR', card: goodCard, customer, authOnly: false })).payment;
    expect(p).toMatchObject({ state: 'unknown', operationInFlight: true });
    const fay = await finance();
    expect(await fay.value<PaymentView>('checkPaymentStatus', { paymentId: p.id })).toMatchObject({ state: 'paid', capturedMinor: 700, operationInFlight: false });
    const after = await app().value<Detail>('getPayment', { paymentId: p.id });
    expect(after.operations).toMatchObject([{ kind: 'create', outcome: 'succeeded' }]);
    expect(app().practice.gateway.records().filter((r) => r.operation === 'sale' && r.orderId === p.orderId)).toHaveLength(1);
    if (backend === 'postgres') {
      // The database settled it and wrote who did: finance's login on the operation's entry and the answer's.
      const audit = await teamServer().sql(app().database!, `SELECT action, result FROM paydesk.audit_log WHERE payment_id = $1 AND db_user = $2 ORDER BY seq`, [p.id, teamServer().person('finance').login]);
      expect(audit.rows).toEqual([{ action: 'status_answer', result: 'paid' }, { action: 'create_sale', result: 'paid' }, { action: 'status_check', result: 'paid' }]);
    }
  });

  it('an unclear sale the gateway never received: settled as not created (so it may be tried again) by support, not by finance', async () => {
    app().practice.gateway.faults.set('sale', { failure: 'http_500', times: 1 });
    const p = (await app().value<{ payment: PaymentView }>('chargeCard', { amount: '5.00', currency: 'SAR', card: goodCard, customer, authOnly: false })).payment;
    expect(p).toMatchObject({ state: 'unknown', operationInFlight: true });
    if (backend === 'postgres') {
      // Recorded as not done, the sale could be sent again: made-up evidence would then be a second charge.
      const refused = await (await finance()).call('checkPaymentStatus', { paymentId: p.id });
      expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden', reason: { key: 'teamLedger.settleNotDone', values: { person: teamServer().person('finance').login, operation: 'create' } } } });
      expect(refused.ok || refused.error.message).toMatch(/did not go through.*support or admin role/);
      expect((await app().value<Detail>('getPayment', { paymentId: p.id })).operations).toMatchObject([{ kind: 'create', outcome: 'unknown' }]);
    }
    // The laptop's one person, or support on the team ledger.
    expect(await app().value<PaymentView>('checkPaymentStatus', { paymentId: p.id })).toMatchObject({ state: 'not_created', capturedMinor: 0, operationInFlight: false });
    expect((await app().value<Detail>('getPayment', { paymentId: p.id })).operations).toMatchObject([{ kind: 'create', outcome: 'failed' }]);
    expect(app().practice.gateway.records().filter((r) => r.operation === 'sale' && r.orderId === p.orderId)).toEqual([]);
  });

  it('leaves an unclear capture the answer does not decide for a person, as the laptop does; the database settles one only on proof', async () => {
    const held = (await app().value<{ payment: PaymentView }>('chargeCard', { amount: '6.00', currency: 'SAR', card: goodCard, customer, authOnly: true })).payment;
    app().practice.gateway.faults.set('capture', { failure: 'reset_after_processing', times: 1 });
    await app().call('capturePayment', { paymentId: held.id, amount: '6.00', currency: 'SAR' });
    const capture = (await app().value<Detail>('getPayment', { paymentId: held.id })).operations.at(-1)!;
    expect(capture).toMatchObject({ kind: 'capture', outcome: 'unknown' });
    // The practice gateway's answer for a captured authorisation does not prove the capture (no totals, settlement.ts).
    const fay = await finance();
    expect(await fay.value<PaymentView>('checkPaymentStatus', { paymentId: held.id })).toMatchObject({ state: 'authorised', capturedMinor: 0, operationInFlight: true, needsAttention: true });
    expect((await app().value<Detail>('getPayment', { paymentId: held.id })).operations.at(-1)).toMatchObject({ kind: 'capture', outcome: 'unknown' });
    if (backend === 'postgres') {
      // An answer saying paid (all that was authorised) proves it: the database settles it and moves the totals.
      const server = teamServer();
      const client = await server.connectAs(app().database!, server.person('finance').login);
      const settle = (outcome: string, evidence: object) =>
        client.query('SELECT paydesk.settle_from_status_answer($1, $2, $3, now())', [capture.id, outcome, JSON.stringify(evidence)]).then(() => 'accepted', (e: { code?: string }) => e.code);
      try {
        expect(await settle('succeeded', { state: 'authorised' })).toBe('23514');
        expect(await settle('succeeded', { state: 'paid' })).toBe('accepted');
      } finally {
        await client.end();
      }
      expect((await app().value<Detail>('getPayment', { paymentId: held.id })).payment).toMatchObject({ state: 'paid', capturedMinor: 600, operationInFlight: false });
    }
    expect(app().practice.gateway.records().filter((r) => r.operation === 'capture' && r.transactionId === held.transactionId)).toHaveLength(1);
  });

  it('settles an unclear refund in full and an unclear void from the answer, each sent once', async () => {
    const sale = (await app().value<{ payment: PaymentView }>('chargeCard', { amount: '9.00', currency: 'SAR', card: goodCard, customer, authOnly: false })).payment;
    app().practice.gateway.faults.set('refund', { failure: 'reset_after_processing', times: 1 });
    await app().call('refundPayment', { paymentId: sale.id, amount: '9.00', currency: 'SAR', reason: 'Returned' });
    const held = (await app().value<{ payment: PaymentView }>('chargeCard', { amount: '4.00', currency: 'SAR', card: goodCard, customer, authOnly: true })).payment;
    app().practice.gateway.faults.set('void', { failure: 'reset_after_processing', times: 1 });
    await app().call('voidPayment', { paymentId: held.id });
    expect((await app().value<Detail>('getPayment', { paymentId: sale.id })).operations.at(-1)).toMatchObject({ kind: 'refund', outcome: 'unknown' });
    expect((await app().value<Detail>('getPayment', { paymentId: held.id })).operations.at(-1)).toMatchObject({ kind: 'void', outcome: 'unknown' });
    const fay = await finance();
    expect(await fay.value<PaymentView>('checkPaymentStatus', { paymentId: sale.id })).toMatchObject({ state: 'refunded', capturedMinor: 900, refundedMinor: 900, operationInFlight: false });
    expect(await fay.value<PaymentView>('checkPaymentStatus', { paymentId: held.id })).toMatchObject({ state: 'voided', capturedMinor: 0, operationInFlight: false });
    expect((await app().value<Detail>('getPayment', { paymentId: sale.id })).operations.map((o) => [o.kind, o.outcome])).toEqual([['create', 'succeeded'], ['refund', 'succeeded']]);
    expect((await app().value<Detail>('getPayment', { paymentId: held.id })).operations.map((o) => [o.kind, o.outcome])).toEqual([['create', 'succeeded'], ['void', 'succeeded']]);
    const moves = app().practice.gateway.records().filter((r) => ['refund', 'void'].includes(r.operation) && [sale.transactionId, held.transactionId].includes(r.transactionId ?? null));
    expect(moves.map((r) => r.operation).sort()).toEqual(['refund', 'void']);
  });

  if (backend === 'postgres') {
    it('leaves an unclear refund of an invoiced payment to support, said in words (settling it issues a credit note)', async () => {
      const { payment } = await app().value<{ payment: PaymentView }>('createInvoice', { currency: 'SAR', lines: [{ description: 'Delivery', quantity: '1', unitPrice: '11.50', vat: 'standard' }], pricesIncludeVat: false, customer, language: 'both' });
      await payLink(payment);
      await expect.poll(async () => (await app().service.refresh(payment.id, 'status')).state, { timeout: 10_000 }).toBe('paid');
      app().practice.gateway.faults.set('refund', { failure: 'reset_after_processing', times: 1 });
      await app().call('refundPayment', { paymentId: payment.id, amount: formatMinor(payment.amountMinor, 'SAR'), currency: 'SAR', reason: 'Returned' });
      const fay = await finance();
      const refused = await fay.call('checkPaymentStatus', { paymentId: payment.id });
      expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden', reason: { key: 'teamLedger.settleCreditNote', values: { person: teamServer().person('finance').login, operation: 'refund' } } } });
      expect(refused.ok || refused.error.message).toMatch(/credit note.*support or admin role/);
      expect((await app().value<Detail>('getPayment', { paymentId: payment.id })).operations.at(-1)).toMatchObject({ kind: 'refund', outcome: 'unknown' });
      // Support's check settles it, with its credit note.
      expect(await app().value('checkPaymentStatus', { paymentId: payment.id })).toMatchObject({ state: 'refunded', operationInFlight: false });
      expect((await app().value<{ invoice: { creditNotes: unknown[] } }>('getInvoice', { paymentId: payment.id })).invoice.creditNotes).toHaveLength(1);
    });

    it('a hand-written finance client settles an unclear operation only as an answer proves it, once, audited with its login', async () => {
      const database = app().database!;
      const server = teamServer();
      const sale = (await app().value<{ payment: PaymentView }>('chargeCard', { amount: '30.00', currency: 'SAR', card: goodCard, customer, authOnly: false })).payment;
      app().practice.gateway.faults.set('refund', { failure: 'reset_after_processing', times: 1 });
      await app().call('refundPayment', { paymentId: sale.id, amount: '10.00', currency: 'SAR', reason: 'Part returned' });
      const refund = (await app().value<Detail>('getPayment', { paymentId: sale.id })).operations.at(-1)!;
      expect(refund).toMatchObject({ kind: 'refund', outcome: 'unknown' });
      const fay = await server.connectAs(database, server.person('finance').login);
      const sam = await server.connectAs(database, server.person('staff').login);
      const settle = (client: typeof fay, outcome: string, evidence: object, operation = refund.id) =>
        client.query('SELECT paydesk.settle_from_status_answer($1, $2, $3, now())', [operation, outcome, JSON.stringify(evidence)]).then(() => 'accepted', (e: { code?: string }) => e.code);
      try {
        // Finance's path only (support and staff write operations as their grants allow).
        expect(await settle(sam, 'succeeded', { refundedMinor: 1_000, state: 'partially_refunded' })).toBe('42501');
        // Only what the answer proves: a partial refund with no totals cannot be decided either way.
        expect(await settle(fay, 'succeeded', { state: 'partially_refunded' })).toBe('23514');
        expect(await settle(fay, 'failed', { state: 'paid' })).toBe('23514');
        expect(await settle(fay, 'succeeded', { refundedMinor: 500, state: 'partially_refunded' })).toBe('23514');
        // Nothing but the evidence's keys, integer totals, known states.
        expect(await settle(fay, 'succeeded', { refundedMinor: 1_000, state: 'partially_refunded', amountMinor: 1 })).toBe('22023');
        expect(await settle(fay, 'succeeded', { refundedMinor: 1_000.5, state: 'partially_refunded' })).toBe('22P02');
        expect(await settle(fay, 'succeeded', { state: 'nonsense' })).toBe('22023');
        expect(await settle(fay, 'settled', { refundedMinor: 1_000 })).toBe('22023');
        // Another payment's decided operation is not unclear: nothing to settle.
        const created = (await app().value<Detail>('getPayment', { paymentId: sale.id })).operations[0]!;
        expect(await settle(fay, 'failed', { notFound: true }, created.id)).toBe('55000');
        // Proven not done, it could be refunded again: support's to record, never finance's.
        expect(await settle(fay, 'failed', { refundedMinor: 0, state: 'paid' })).toBe('PD018');
        expect(await settle(fay, 'failed', { failedOperation: 'refund', state: 'paid' })).toBe('PD018');
        // The proven one: the refund's total grew by its amount.
        expect(await settle(fay, 'succeeded', { refundedMinor: 1_000, state: 'partially_refunded' })).toBe('accepted');
        expect(await settle(fay, 'succeeded', { refundedMinor: 1_000, state: 'partially_refunded' })).toBe('55000');
        const after = await app().value<Detail>('getPayment', { paymentId: sale.id });
        expect(after.payment).toMatchObject({ state: 'partially_refunded', capturedMinor: 3_000, refundedMinor: 1_000, operationInFlight: false });
        expect(after.operations.at(-1)).toMatchObject({ kind: 'refund', outcome: 'succeeded' });
        expect(after.history.at(-1)).toMatchObject({ state: 'partially_refunded' });
        const audit = await server.sql(database, `SELECT action, result FROM paydesk.audit_log WHERE payment_id = $1 AND db_user = $2 ORDER BY seq`, [sale.id, server.person('finance').login]);
        expect(audit.rows).toEqual([{ action: 'refund', result: 'succeeded' }, { action: 'status_answer', result: 'partially_refunded' }]);
        // Still no direct write on operations.
        expect(await fay.query(`UPDATE paydesk.operations SET outcome = 'failed' WHERE id = $1`, [refund.id]).then(() => 'accepted', (e: { code?: string }) => e.code)).toBe('42501');
        // The refund named no more than its amount: the gateway saw one refund, and the ledger never counts beyond what was captured.
        expect(app().practice.gateway.records().filter((r) => r.operation === 'refund' && r.transactionId === sale.transactionId)).toHaveLength(1);
      } finally {
        await fay.end();
        await sam.end();
      }
    });

    it('what finance still may not do is refused in words saying so, not as "may not use the team ledger"', async () => {
      const fay = await finance();
      const refused = await fay.call('createPaymentLink', { amount: '5', currency: 'SAR', description: 'By finance', customer });
      expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden', reason: { key: 'teamLedger.refused', values: { person: teamServer().person('finance').login } } } });
      expect(refused.ok || refused.error.message).not.toMatch(/may not use the team ledger/);
      // Nor does finance's laptop lease due payments for the reconciliation (an UPDATE): it leaves them to the others, without an error.
      expect(await fay.store.dueForCheck(new Date(Date.now() + 365 * 86_400_000).toISOString(), 5)).toEqual([]);
    });

    it('a hand-written finance client cannot UPDATE payments, record money moves, nor make the status path say what no gateway answer could', async () => {
      const database = app().database!;
      const server = teamServer();
      const link = await app().value<PaymentView>('createPaymentLink', { amount: '40', currency: 'SAR', description: 'Hand-written client', customer });
      const fay = await server.connectAs(database, server.person('finance').login);
      const refusal = async (text: string, values: unknown[] = []) => (await fay.query(text, values).then(() => 'accepted', (e: { code?: string }) => e.code));
      const answer = (changes: object, source = 'status') => refusal('SELECT paydesk.record_status_answer($1, $2, $3, now())', [link.id, JSON.stringify(changes), source]);
      try {
        // No write on payments or operations: no refund, no amount or order rewritten.
        expect(await refusal(`UPDATE paydesk.payments SET state = 'refunded', refunded_minor = 4000 WHERE id = $1`, [link.id])).toBe('42501');
        expect(await refusal(`UPDATE paydesk.payments SET amount_minor = 1 WHERE id = $1`, [link.id])).toBe('42501');
        expect(await refusal(`INSERT INTO paydesk.operations (id, payment_id, kind, amount_minor, reason, outcome) VALUES ($1, $2, 'refund', 100, 'x', 'sending')`, [randomUUID(), link.id])).toBe('42501');
        expect(await refusal(`UPDATE paydesk.operations SET outcome = 'succeeded' WHERE payment_id = $1`, [link.id])).toBe('42501');
        expect(await refusal(`SELECT paydesk.import_batch('x', 'payments', 0, '[]', '[]', '[]', '[]', '[]')`)).toBe('42501');
        // The status path takes only a status answer's columns…
        expect(await answer({ amount_minor: 1 })).toBe('22023');
        expect(await answer({ order_id: 'X' })).toBe('22023');
        expect(await answer({ card_bin: '411111' })).toBe('22023');
        expect(await answer({ state: 'paid' }, 'settle')).toBe('22023');
        // …only as an answer moves them: no totals above the amount, no refund that captured nothing, nothing backwards.
        expect(await answer({ state: 'paid', captured_minor: 4_001 })).toBe('23514');
        expect(await answer({ state: 'paid', captured_minor: 0 })).toBe('23514');
        expect(await answer({ state: 'refunded', captured_minor: 4_000, refunded_minor: 100 })).toBe('23514');
        expect(await answer({ state: 'creating' })).toBe('23514');
        expect(await answer({ state: 'not_created' })).toBe('23514');
        expect(await answer({ state: 'nonsense' })).toBe('23514');
        // …and never points a payment at another payment's transaction (support's refund would name it).
        const other = (await app().value<{ payment: PaymentView }>('chargeCard', { amount: '1.00', currency: 'SAR', card: goodCard, customer, authOnly: false })).payment;
        expect(await answer({ transaction_id: other.transactionId })).toBe('23514');
        expect(await answer({ state: 'paid', captured_minor: 4_000 })).toBe('accepted');
        expect(await answer({ transaction_id: 'tx-first-known' })).toBe('accepted');
        expect(await answer({ transaction_id: 'tx-another' })).toBe('23514');
        expect(await answer({ state: 'pending' })).toBe('23514');
        expect(await answer({ captured_minor: 3_000 })).toBe('23514');
        expect(await answer({ state: 'partially_refunded', refunded_minor: 5_000 })).toBe('23514');
        // What it did accept is in the audit log with finance's login.
        const audit = await server.sql(database, `SELECT action, db_user, result FROM paydesk.audit_log WHERE payment_id = $1 AND action = 'status_answer'`, [link.id]);
        expect(audit.rows).toEqual([{ action: 'status_answer', db_user: server.person('finance').login, result: 'paid' }]);
      } finally {
        await fay.end();
      }
    });
  }
});
