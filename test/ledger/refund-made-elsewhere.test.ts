// A refund made at the gateway's dashboard, behind Paydesk's back: a status check learns that a
// refund was made ("Approved", type Refund) but no answer carries its amount (decisions §3). The
// payment reads as refunded with its amount not known, never "0.00 refunded", and the payments
// export says so (an empty `refunded` cell, `refunded_known` "no") where it wrote 0.00; Home counts
// it apart (`refundsNotKnown`) where it counted it as nothing refunded, unsaid. The real
// practice gateway (documented fields only) over HTTP, on a laptop's SQLite ledger and on the team ledger.
import { describe, expect, it } from 'vitest';
import { customer, goodCard } from './support';
import { describeLedgerApp } from '../support/ledger-apps';
import type { PaymentView } from '../../contract/methods/payments';
import { refundedAmountUnknown } from '../../contract/payment-states';

/** RFC 4180 as the export writes these rows (no quoted cells), as records by header name. */
function records(csv: string): Array<Record<string, string>> {
  const [header, ...lines] = csv.replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((l) => l.split(','));
  return lines.map((cells) => Object.fromEntries(header!.map((h, i) => [h, cells[i] ?? ''])));
}

describeLedgerApp('a refund made outside Paydesk', (app) => {
  async function refundElsewhere(transactionId: string, amount: number) {
    const { baseUrl, apiKey } = app().practice.conn;
    const response = await fetch(`${baseUrl}/payment-gateway/s2s/refund`, { method: 'POST', headers: { 'X-API-KEY': apiKey, 'content-type': 'application/json' }, body: JSON.stringify({ transactionId, amount, reason: 'dashboard' }) });
    expect(response.status).toBe(200);
  }
  const sale = async (orderId: string) => (await app().value<{ payment: PaymentView }>('chargeCard', { orderId, amount: '60.00', currency: 'SAR', card: goodCard, customer, authOnly: false })).payment;

  describe('found by a status check', () => {
    it('has its refunded amount not known, and the export leaves the cell empty and says so', async () => {
      const elsewhere = await sale('ELSEWHERE-1');
      const untouched = await sale('ELSEWHERE-2');
      await refundElsewhere(elsewhere.transactionId!, 40);
      const checked = await app().value<PaymentView>('checkPaymentStatus', { paymentId: elsewhere.id });
      expect(checked).toMatchObject({ state: 'partially_refunded', refundedMinor: 0 });
      expect(refundedAmountUnknown(checked)).toBe(true);
      expect(refundedAmountUnknown(untouched)).toBe(false);

      const { csv } = await app().value<{ csv: string }>('exportPayments', { filter: { query: 'ELSEWHERE-' } });
      const rows = records(csv);
      expect(Object.keys(rows[0]!).at(-5)).toBe('refunded_known'); // after every older column, before the open operation's three and profile_name
      const row = (orderId: string) => rows.find((r) => r.order_id === orderId)!;
      expect(row('ELSEWHERE-1')).toMatchObject({ state: 'partially_refunded', captured: '60.00', refunded: '', refunded_known: 'no' });
      expect(row('ELSEWHERE-2')).toMatchObject({ state: 'paid', captured: '60.00', refunded: '0.00', refunded_known: 'yes' });

      // Home: Refunded stays what is known (nothing), and the refund of an amount not known is counted apart.
      const now = new Date();
      const today = { from: new Date(now.getTime() - 3_600_000).toISOString(), to: new Date(now.getTime() + 3_600_000).toISOString() };
      const overview = await app().value<{ periods: Array<{ totals: Array<Record<string, unknown>> }> }>('getOverview', { periods: [today], now: now.toISOString() });
      expect(overview.periods[0]!.totals).toEqual([{ currency: 'SAR', grossMinor: 12_000, refundedMinor: 0, netMinor: 12_000, paidCount: 2, refundCount: 0, refundsNotKnown: 1 }]);
      // The settlement summary: the same count, in a last column of its own.
      const day = { date: now.toISOString().slice(0, 10), ...today };
      const settlement = await app().value<{ csv: string }>('exportSettlement', { days: [day] });
      expect(records(settlement.csv)).toEqual([expect.objectContaining({ currency: 'SAR', captured: '120.00', refunded: '0.00', refunded_payments: '0', refunds_not_known: '1' })]);
    });
  });
});
