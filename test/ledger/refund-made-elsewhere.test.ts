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
      expect(Object.keys(rows[0]!).at(-8)).toBe('refunded_known'); // after every older column, before the open operation's three, profile_name and the minor units
      const row = (orderId: string) => rows.find((r) => r.order_id === orderId)!;
      expect(row('ELSEWHERE-1')).toMatchObject({ state: 'partially_refunded', captured: '60.00', refunded: '', refunded_known: 'no', captured_minor: '6000', refunded_minor: '' });
      expect(row('ELSEWHERE-2')).toMatchObject({ state: 'paid', captured: '60.00', refunded: '0.00', refunded_known: 'yes' });

      // Home: Refunded stays what is known (nothing), and the refund of an amount not known is counted apart.
      const now = new Date();
      const today = { from: new Date(now.getTime() - 3_600_000).toISOString(), to: new Date(now.getTime() + 3_600_000).toISOString() };
      const overview = await app().value<{ periods: Array<{ totals: Array<Record<string, unknown>> }> }>('getOverview', { periods: [today], now: now.toISOString() });
      expect(overview.periods[0]!.totals).toEqual([{ currency: 'SAR', grossMinor: 12_000, refundedMinor: 0, netMinor: 12_000, paidCount: 2, refundCount: 0, refundsNotKnown: 1, capturesNotKnown: 0 }]);
      // The settlement summary: the same count, in a last column of its own.
      const day = { date: now.toISOString().slice(0, 10), ...today };
      const settlement = await app().value<{ csv: string }>('exportSettlement', { days: [day] });
      expect(records(settlement.csv)).toEqual([expect.objectContaining({ currency: 'SAR', captured: '120.00', refunded: '0.00', refunded_payments: '0', refunds_not_known: '1' })]);
    });
  });

  // walk35: an authorisation captured at the gateway's dashboard ("Approved", type Capture, no amount)
  // read Captured 0.00 and the whole hold left: a capture of all of it was offered and sent.
  it('an authorisation captured at the gateway: captured not known, no capture or refund sent, the CSV and the totals say so', async () => {
    const hold = (await app().value<{ payment: PaymentView }>('chargeCard', { orderId: 'ELSEWHERE-HOLD', amount: '90.00', currency: 'SAR', card: goodCard, customer, authOnly: true })).payment;
    const { baseUrl, apiKey } = app().practice.conn;
    const captured = await fetch(`${baseUrl}/payment-gateway/s2s/capture`, { method: 'POST', headers: { 'X-API-KEY': apiKey, 'content-type': 'application/json' }, body: JSON.stringify({ transactionId: hold.transactionId, amount: 30 }) });
    expect(captured.status).toBe(200);
    expect(await app().value<PaymentView>('checkPaymentStatus', { paymentId: hold.id })).toMatchObject({ state: 'partially_captured', capturedMinor: 0 });
    expect(await app().call('capturePayment', { paymentId: hold.id, amount: '60.00', currency: 'SAR' })).toMatchObject({ ok: false, error: { code: 'rule_violation', reason: { key: 'rule.captureLeftNotKnown', values: { orderId: 'ELSEWHERE-HOLD' } } } });
    expect(await app().call('refundPayment', { paymentId: hold.id, amount: '10.00', currency: 'SAR', reason: 'Returned one' })).toMatchObject({ ok: false, error: { code: 'rule_violation', reason: { key: 'rule.refundLeftNotKnown' } } });
    expect(app().practice.gateway.records().filter((r) => (r.operation === 'capture' || r.operation === 'refund') && r.transactionId === hold.transactionId)).toHaveLength(1); // the dashboard's own
    const { csv } = await app().value<{ csv: string }>('exportPayments', { filter: { query: 'ELSEWHERE-HOLD' } });
    expect(records(csv)[0]).toMatchObject({ state: 'partially_captured', captured: '', refunded: '0.00' });
    const totals = await app().value<{ currencies: Array<Record<string, unknown>> }>('listTotals', { filter: { query: 'ELSEWHERE-HOLD' } });
    expect(totals.currencies).toEqual([expect.objectContaining({ currency: 'SAR', payments: 1, capturedPayments: 0, capturedMinor: 0, capturesNotKnown: 1 })]);
  });

  // walk39: Home left such a hold out of every figure (no longer held, nothing captured, unsaid) while
  // the list's totals and the CSV said "captured, not known". Home and the settlement CSV count it apart.
  it('Home and the settlement summary count an authorisation captured at the gateway apart, as the list does', async () => {
    const hold = (await app().value<{ payment: PaymentView }>('chargeCard', { orderId: 'ELSEWHERE-AED', amount: '75.00', currency: 'AED', card: goodCard, customer, authOnly: true })).payment;
    const now = new Date();
    const today = { from: new Date(now.getTime() - 3_600_000).toISOString(), to: new Date(now.getTime() + 3_600_000).toISOString() };
    type Overview = { periods: Array<{ totals: Array<Record<string, unknown>> }>; authorised: Array<Record<string, unknown>> };
    const home = () => app().value<Overview>('getOverview', { periods: [today], now: now.toISOString() });
    expect((await home()).authorised).toContainEqual(expect.objectContaining({ currency: 'AED', count: 1, amountMinor: 7_500 }));
    const { baseUrl, apiKey } = app().practice.conn;
    const captured = await fetch(`${baseUrl}/payment-gateway/s2s/capture`, { method: 'POST', headers: { 'X-API-KEY': apiKey, 'content-type': 'application/json' }, body: JSON.stringify({ transactionId: hold.transactionId, amount: 25 }) });
    expect(captured.status).toBe(200);
    await app().value<PaymentView>('checkPaymentStatus', { paymentId: hold.id });
    const after = await home();
    expect(after.authorised.filter((a) => a.currency === 'AED')).toEqual([]); // held no more
    // Nothing else in AED took money: a row of zeros that says the one captured outside Paydesk.
    expect(after.periods[0]!.totals.filter((t) => t.currency === 'AED')).toEqual([{ currency: 'AED', grossMinor: 0, refundedMinor: 0, netMinor: 0, paidCount: 0, refundCount: 0, refundsNotKnown: 0, capturesNotKnown: 1 }]);
    const totals = await app().value<{ currencies: Array<Record<string, unknown>> }>('listTotals', { filter: { currency: 'AED' } });
    expect(totals.currencies).toEqual([expect.objectContaining({ currency: 'AED', capturedMinor: 0, capturesNotKnown: 1 })]);
    const settlement = await app().value<{ csv: string }>('exportSettlement', { days: [{ date: now.toISOString().slice(0, 10), ...today }] });
    expect(records(settlement.csv).filter((r) => r.currency === 'AED')).toEqual([expect.objectContaining({ captured: '0.00', captured_payments: '0', captures_not_known: '1' })]);
  });

  // walk35: the word REFUND (the practice gateway's for a whole refund) says a refund was made, not how
  // much (the gateway's SDKs: a transaction "for which refund was made"): all of it was counted as refunded.
  it('a refund said REFUND is refunded with its amount not known, never all that was captured', async () => {
    const whole = await sale('ELSEWHERE-3');
    await refundElsewhere(whole.transactionId!, 60);
    const checked = await app().value<PaymentView>('checkPaymentStatus', { paymentId: whole.id });
    expect(checked).toMatchObject({ state: 'refunded', statusWord: 'REFUND', capturedMinor: 6_000, refundedMinor: 0 });
    expect(refundedAmountUnknown(checked)).toBe(true);
    const { csv } = await app().value<{ csv: string }>('exportPayments', { filter: { query: 'ELSEWHERE-3' } });
    expect(records(csv)[0]).toMatchObject({ state: 'refunded', gateway_status: 'REFUND', captured: '60.00', refunded: '', refunded_known: 'no', captured_minor: '6000', refunded_minor: '' });
  });

  it('sends no refund of it while what is left is not known, and says where to look (nothing reaches the gateway)', async () => {
    const part = await sale('ELSEWHERE-4');
    await refundElsewhere(part.transactionId!, 40);
    await app().value<PaymentView>('checkPaymentStatus', { paymentId: part.id });
    const refused = await app().call('refundPayment', { paymentId: part.id, amount: '30.00', currency: 'SAR', reason: 'Returned one' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'rule_violation', reason: { key: 'rule.refundLeftNotKnown', values: { orderId: 'ELSEWHERE-4' } } } });
    expect(app().practice.gateway.records().filter((r) => r.operation === 'refund' && r.transactionId === part.transactionId)).toHaveLength(1); // the dashboard's own
  });
});
