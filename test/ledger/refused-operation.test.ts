// A capture, void or refund that passes Paydesk's own checks and that the gateway still refuses:
// the payment changed at the gateway behind Paydesk's back (refunded from its dashboard, by
// another tool). The person is told to check its status, in English and Arabic; before, the
// dialog said "Correct it and try again" under an amount Paydesk itself offered as what was left.
// The real practice gateway over HTTP, on a laptop's SQLite ledger and on the team ledger.
import { describe, expect, it } from 'vitest';
import { customer, goodCard } from './support';
import { describeLedgerApp } from '../support/ledger-apps';
import type { PaymentView } from '../../contract/methods/payments';
import { localizeError } from '../../renderer/src/i18n';

describeLedgerApp('a money operation the gateway refuses', (app) => {
  /** A refund made at the gateway directly, as from its dashboard: Paydesk does not know of it. */
  async function refundElsewhere(transactionId: string, amount: number) {
    const { baseUrl, apiKey } = app().practice.conn;
    const response = await fetch(`${baseUrl}/payment-gateway/s2s/refund`, { method: 'POST', headers: { 'X-API-KEY': apiKey, 'content-type': 'application/json' }, body: JSON.stringify({ transactionId, amount, reason: 'dashboard' }) });
    expect(response.status).toBe(200);
  }

  describe('after a refund made elsewhere', () => {
    it('says the payment may have changed at the gateway and to check its status, in both languages', async () => {
      const { payment } = await app().value<{ payment: PaymentView }>('chargeCard', { amount: '60.00', currency: 'SAR', card: goodCard, customer, authOnly: false });
      await refundElsewhere(payment.transactionId!, 40);
      const answer = await app().call('refundPayment', { paymentId: payment.id, amount: '60.00', currency: 'SAR', reason: 'Customer asked' });
      expect(answer.ok).toBe(false);
      if (answer.ok) return;
      expect(answer.error).toMatchObject({ code: 'request_rejected', reason: { key: 'gateway.operationRefused', values: { operation: 'refund' } } });
      const error = answer.error as Parameters<typeof localizeError>[1];
      expect(localizeError('en', error).message).toMatch(/^The gateway refused the refund: the payment may have changed at the gateway .*Check its status now, and see on the gateway’s dashboard what is left before trying again\. The gateway said: “.+”\.$/);
      expect(localizeError('ar', error).message).toMatch(/^رفضت البوابة عملية استرداد: .*افحص حالتها الآن، وانظر في لوحة تحكم البوابة كم تبقّى/);
      // Checking its status tells Paydesk what the gateway did: the payment is partly refunded there.
      expect(await app().value<PaymentView>('checkPaymentStatus', { paymentId: payment.id })).toMatchObject({ state: 'partially_refunded' });
    });
  });
});
