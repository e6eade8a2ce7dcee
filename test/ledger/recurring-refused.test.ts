// A repeat charge the gateway refuses ("Charge again" on a saved card): its words say nothing was
// charged and what the person can do (ask for another card, a payment link), in English and
// Arabic, not "Correct it and try again": the dialog has nothing to correct (walk of 2026-11-29).
// The gateway's own words stay, quoted and labelled. The new payment, recorded "not created",
// keeps the same words as its last error. The practice gateway's error envelope, both ledgers.
import { expect, it } from 'vitest';
import { customer, goodCard } from './support';
import { describeLedgerApp } from '../support/ledger-apps';
import type { PaymentView } from '../../contract/methods/payments';
import { localizeError } from '../../renderer/src/i18n';

describeLedgerApp('a repeat charge the gateway refuses', (app) => {
  it('says nothing was charged and to ask for another card or a payment link, the gateway\'s words quoted, in both languages', async () => {
    const { payment: first } = await app().value<{ payment: PaymentView }>('chargeCard', { amount: '12.500', currency: 'KWD', card: goodCard, customer, authOnly: false, recurringInit: true });
    await app().value('checkPaymentStatus', { paymentId: first.id }); // its token, as the practice gateway's answers bring it
    app().practice.gateway.faults.set('recurring', { failure: 'error_envelope', times: 1 });
    const answer = await app().call('chargeRecurring', { paymentId: first.id, amount: '12.500', currency: 'KWD', description: 'December box' });
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    const refusal = { key: 'gateway.recurringRefused', values: { said: 'Practice fault: error envelope' } };
    expect(answer.error).toMatchObject({ code: 'request_rejected', reason: refusal });
    const error = answer.error as Parameters<typeof localizeError>[1];
    expect(localizeError('en', error).message).toBe('The gateway refused this charge of the saved card, so nothing was charged. Ask the customer for another card or another way to pay, such as a payment link. The gateway said: “Practice fault: error envelope”.');
    const arabic = localizeError('ar', error).message;
    expect(arabic).toMatch(/^رفضت البوابة هذا الخصم من البطاقة المحفوظة، فلم يُخصم شيء\. اطلب من العميل بطاقة أخرى أو طريقة دفع أخرى، كرابط دفع\. رد البوابة \(بالإنجليزية\): «.*Practice fault: error envelope.*»\.$/);
    for (const words of [localizeError('en', error).message, arabic]) expect(words).not.toMatch(/Correct it|صحّحه/);
    // The new charge is listed under the first payment as not created, with the same words.
    const { related } = await app().value<{ related: { repeats: Array<{ id: string; state: string }> } }>('getPayment', { paymentId: first.id });
    expect(related.repeats).toMatchObject([{ state: 'not_created' }]);
    const { payment: refused } = await app().value<{ payment: PaymentView }>('getPayment', { paymentId: related.repeats[0]!.id });
    expect(refused).toMatchObject({ lastErrorReason: refusal, lastError: localizeError('en', error).message });
  });
});
