// The payment methods of the contract: the input is already parsed against the contract;
// each handler hands it to the payments service and answers with what it returns.
import type { Implementations } from './create-handlers';
import type { PaymentsService } from '../payments/payments-service';

type Names =
  | 'createPaymentLink' | 'createCheckoutSession' | 'chargeCard' | 'capturePayment' | 'voidPayment' | 'refundPayment'
  | 'chargeRecurring' | 'checkPaymentStatus' | 'getPayment' | 'lookupPayment' | 'watchPayment' | 'settleOperation' | 'nextOrderId' | 'setRepeatStop';

export function paymentHandlers(deps: { service: PaymentsService }): Pick<Implementations, Names> {
  const { service } = deps;

  return {
    createPaymentLink: (input, ctx) => service.createLink(input, ctx),
    createCheckoutSession: (input, ctx) => service.createCheckout(input, ctx),
    chargeCard: (input, ctx) => service.chargeCard(input, ctx),
    chargeRecurring: (input, ctx) => service.chargeRecurring(input, ctx),
    capturePayment: (input, ctx) => service.moneyOperation(ctx, { ...input, kind: 'capture' }),
    voidPayment: (input, ctx) => service.moneyOperation(ctx, { ...input, kind: 'void' }),
    refundPayment: (input, ctx) => service.moneyOperation(ctx, { ...input, kind: 'refund' }),
    settleOperation: (input, ctx) => service.settleByHand(ctx, input),
    setRepeatStop: (input, ctx) => service.setRepeatStop(ctx, input),
    checkPaymentStatus: (input, ctx) => service.checkStatus(ctx, input.paymentId),
    getPayment: (input) => service.detail(input.paymentId),
    lookupPayment: (input, ctx) => service.lookup(ctx, input),
    watchPayment: (input) => service.watch(input.paymentId, input.watched),
    nextOrderId: (input) => service.nextOrderId(input.paymentId),
  };
}
