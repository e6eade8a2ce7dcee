// The copy of a laptop's ledger into the team ledger (copy-to-team.ts) brings its "Stop repeat
// charges" marks (repeat-stops-copy.sql, version 41): a customer who cancelled on the laptop is not
// charged again once the team works on the team ledger. The mark keeps who stopped it on the
// laptop and when, is audited on its payment once, survives an interrupted copy resumed, is never
// doubled by a second copy (under any laptop name), and a mark lifted on the team ledger since
// does not come back. A mark on a payment the team ledger does not have enrolled is skipped, said.
// The practice gateway over HTTP is the witness that nothing is charged.
import { expect, it } from 'vitest';
import type { PaymentView } from '../../../contract/methods/payments';
import type { MethodOutput } from '../../../contract/methods';
import { copyLedgerToTeam } from '../../../main/ledger/postgres/copy-to-team';
import { startPostgresApp, startSqliteApp, type LedgerApp } from '../../support/ledger-apps';
import { describeWithPostgres, teamServer } from '../../support/postgres-tests';
import { customer, goodCard } from '../support';

describeWithPostgres('copying a laptop\'s stopped repeat charges into the team ledger', () => {
  it('keeps the customer who cancelled uncharged after the team moves, copied once, with who and when', async () => {
    const server = teamServer();
    const laptop = await startSqliteApp({ osUser: 'sue-os' });
    const database = await server.createTeamDatabase();
    const admin = await server.connectAs(database, server.person('admin').login);
    let team: LedgerApp | undefined;
    try {
      // Three cards stored; the customers of the first two cancelled on the laptop, the second agreed again.
      const enrolled: PaymentView[] = [];
      for (let i = 0; i < 3; i += 1) {
        const sale = (await laptop.value<{ payment: PaymentView }>('chargeCard', { amount: '99.00', currency: 'SAR', card: goodCard, customer, authOnly: false, recurringInit: true })).payment;
        expect(await laptop.value('checkPaymentStatus', { paymentId: sale.id })).toMatchObject({ recurringAvailable: true });
        enrolled.push(sale);
      }
      const [stopped, allowedAgain, stoppedToo] = enrolled as [PaymentView, PaymentView, PaymentView];
      for (const p of [stopped, allowedAgain, stoppedToo]) await laptop.value('setRepeatStop', { paymentId: p.id, stopped: true });
      await laptop.value('setRepeatStop', { paymentId: allowedAgain.id, stopped: false });
      const onLaptop = laptop.db.prepare('SELECT payment_id, stopped_at FROM repeat_stops ORDER BY payment_id').all() as Array<{ payment_id: string; stopped_at: string }>;
      expect(onLaptop).toHaveLength(2);
      // A mark the team ledger cannot take (a payment that stored no card: written by an older build, say).
      const plain = (await laptop.value<{ payment: PaymentView }>('chargeCard', { amount: '5.00', currency: 'SAR', card: goodCard, customer, authOnly: false })).payment;
      laptop.db.prepare('INSERT INTO repeat_stops (payment_id, stopped_at, stopped_by) VALUES (?, ?, ?)').run(plain.id, new Date().toISOString(), 'sue-os');

      // Interrupted right after the first mark's batch; resumed.
      const markedInTeam = async () => (await server.sql(database, 'SELECT count(*)::int AS n FROM paydesk.repeat_stops')).rows[0]!.n as number;
      const stop = new Error('interrupted');
      await expect(copyLedgerToTeam({ source: laptop.db, team: admin, laptop: 'sue-laptop', batchRows: 1, afterBatch: async () => { if (await markedInTeam() > 0) throw stop; } })).rejects.toBe(stop);
      expect(await markedInTeam()).toBe(1);
      const resumed = await copyLedgerToTeam({ source: laptop.db, team: admin, laptop: 'sue-laptop', batchRows: 1 });
      expect(resumed.repeatStops).toEqual({ source: 3, copied: 1, alreadyThere: 1, skipped: 1 });
      expect(resumed.skipped).toContainEqual({ table: 'repeatStops', id: plain.id, why: 'stopPaymentSkipped' });

      // As the laptop had them: when it was set there and by whom; stopped_by is the admin who copied.
      const marks = (await server.sql(database, `SELECT payment_id::text, to_char(stopped_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS stopped_at, os_user, imported_from, stopped_by FROM paydesk.repeat_stops ORDER BY payment_id`)).rows;
      expect(marks).toEqual(onLaptop.map((m) => ({ ...m, os_user: 'sue-os', imported_from: 'sue-laptop', stopped_by: server.person('admin').login })));
      // Audited once on each payment, as stopped by the laptop's OS user, the laptop named.
      const audited = async () => (await server.sql(database, `SELECT payment_id::text, os_user, db_user, reason, result FROM paydesk.audit_log WHERE action = 'stop_repeat_charges' ORDER BY payment_id`)).rows;
      expect(await audited()).toEqual(onLaptop.map((m) => ({ payment_id: m.payment_id, os_user: 'sue-os', db_user: server.person('admin').login, reason: 'sue-laptop', result: 'stopped' })));

      // On the team ledger: the detail shows the mark with who stopped it; "Charge again" is refused, nothing sent.
      team = await startPostgresApp(database, { practice: laptop.practice });
      const charges = () => laptop.practice.gateway.records().filter((r) => r.operation === 'recurring').length;
      const before = charges();
      for (const p of [stopped, stoppedToo]) {
        const detail = await team.value<MethodOutput<'getPayment'>>('getPayment', { paymentId: p.id });
        expect(detail.repeatStop).toEqual({ at: onLaptop.find((m) => m.payment_id === p.id)!.stopped_at, by: 'sue-os' });
        expect(await team.call('chargeRecurring', { paymentId: p.id, amount: '99.00', currency: 'SAR', description: 'January box' }))
          .toMatchObject({ ok: false, error: { code: 'rule_violation', reason: { key: 'rule.repeatStopped' } } });
      }
      expect(charges()).toBe(before);
      expect((await team.value<MethodOutput<'getPayment'>>('getPayment', { paymentId: allowedAgain.id })).repeatStop).toBeNull();

      // Lifted on the team ledger (the customer agreed again); copied again, under its name and another: nothing comes back, nothing doubled.
      await team.value('setRepeatStop', { paymentId: stopped.id, stopped: false });
      for (const name of ['sue-laptop', 'sue-laptop-again']) {
        expect((await copyLedgerToTeam({ source: laptop.db, team: admin, laptop: name })).repeatStops).toEqual({ source: 3, copied: 0, alreadyThere: 2, skipped: 1 });
      }
      expect((await team.value<MethodOutput<'getPayment'>>('getPayment', { paymentId: stopped.id })).repeatStop).toBeNull();
      expect(await markedInTeam()).toBe(1);
      expect(await audited()).toHaveLength(2);

      // Only an admin copies marks in.
      const support = await server.connectAs(database, server.person('support').login);
      await expect(support.query(`SELECT * FROM paydesk.import_repeat_stops('x', '[]')`)).rejects.toMatchObject({ code: '42501' });
      await support.end();
    } finally {
      await team?.close();
      await admin.end();
      await laptop.close();
    }
  });
});
