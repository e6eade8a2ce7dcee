// The practice gateway's rules: one state machine per transaction. A sale is approved or
// declined (or waits for 3-D Secure); an authorisation is captured in parts or whole, then
// refunded in parts or whole; void only before any capture; totals can never exceed what
// was authorised or captured; an orderId is used once.
import { randomBytes, randomUUID } from 'node:crypto';
import type { CurrencyCode } from '../../contract/money';
import type { GatewayOperation } from '../gateway/operations';
import { zoneOrLocal } from '../core/zone-days';
import { addDays, dayOf } from './dates';
import { challengeCode, testCards, type Customer, type Transaction, type TxStatus } from './model';
import { Refusal } from './request-fields';
import type { PracticeStore } from './store';

export type ChangeKind = 'Purchase' | 'Authorization' | 'Capture' | 'Refund' | 'Void' | 'Expiry';
export type ChangeListener = (tx: Transaction, change: { type: ChangeKind; amountMinor: number }) => void;

export type CardInput = { number: string; holder: string; expiryMonth: string; expiryYear: string; cvv: string };
export type CardOutcome = { result: 'approved' | 'challenge' | 'declined'; challengeId?: string };

const refundable: ReadonlySet<TxStatus> = new Set(['APPROVED', 'PAID', 'CAPTURED', 'PARTIALLY_CAPTURED', 'PARTIALLY_REFUNDED']);

/** timeZone: the zone its days are in (dates.ts); the computer's own when not given. */
export function createEngine(store: PracticeStore, options: { now: () => Date; timeZone?: string; onChange: ChangeListener }) {
  const stamp = () => options.now().toISOString();
  // Read at the first date, not at start: Intl's first zone costs ~10 ms.
  let zone: string | undefined;
  const today = () => dayOf(options.now(), (zone ??= zoneOrLocal(options.timeZone)));
  const save = (tx: Transaction, operation: GatewayOperation, amountMinor?: number) => {
    tx.updatedAt = stamp();
    store.record({ operation, orderId: tx.orderId, transactionId: tx.transactionId, amountMinor, currency: tx.currency, at: tx.updatedAt });
    store.save();
  };
  const newOrder = (orderId: string) => {
    if (store.byOrderId(orderId)) throw new Refusal(409, 'DUPLICATE_ORDER_ID', `An order with orderId ${orderId} already exists`);
  };
  const find = (transactionId: string) => {
    const tx = store.byTransactionId(transactionId);
    if (!tx) throw new Refusal(404, 'TRANSACTION_NOT_FOUND', `No transaction ${transactionId}`);
    return tx;
  };
  const wrongState = (tx: Transaction, action: string) =>
    new Refusal(422, 'INVALID_TRANSACTION_STATE', `Cannot ${action} a transaction that is ${tx.status}`);

  /** Sessions and links past their expiry day turn EXPIRED when next looked at. */
  const refreshExpiry = (tx: Transaction) => {
    if ((tx.status === 'PENDING' || tx.status === 'UNPAID') && tx.expireDate && !tx.card && today() > tx.expireDate) {
      tx.status = 'EXPIRED';
      tx.updatedAt = stamp();
      store.save();
      options.onChange(tx, { type: 'Expiry', amountMinor: tx.amountMinor });
    }
    return tx;
  };

  function create(fields: Omit<Transaction, 'transactionId' | 'createdAt' | 'updatedAt' | 'capturedMinor' | 'refundedMinor' | 'rrn'>): Transaction {
    const now = stamp();
    const tx: Transaction = {
      ...fields,
      transactionId: randomUUID(),
      capturedMinor: 0,
      refundedMinor: 0,
      rrn: String(100000000000 + (randomBytes(4).readUInt32BE() % 899999999999)),
      createdAt: now,
      updatedAt: now,
    };
    store.add(tx);
    return tx;
  }

  function approve(tx: Transaction) {
    tx.status = tx.authOnly ? 'AUTHORIZED' : tx.kind === 'link' ? 'PAID' : 'APPROVED';
    tx.capturedMinor = tx.authOnly ? 0 : tx.amountMinor;
    tx.reason = undefined;
    if (tx.recurringInit) tx.recurringToken = `rtk_${randomBytes(16).toString('hex')}`;
    tx.updatedAt = stamp();
    store.save();
    options.onChange(tx, { type: tx.authOnly ? 'Authorization' : 'Purchase', amountMinor: tx.amountMinor });
  }

  function decline(tx: Transaction, reason: string) {
    tx.status = 'DECLINED';
    tx.reason = reason;
    tx.updatedAt = stamp();
    store.save();
    options.onChange(tx, { type: tx.authOnly ? 'Authorization' : 'Purchase', amountMinor: tx.amountMinor });
  }

  return {
    refreshExpiry,

    openSession(input: { orderId: string; currency: CurrencyCode; amountMinor: number; authOnly: boolean; recurringInit: boolean; customer: Customer; successUrl: string; failureUrl: string; issueDate?: string; expireDate?: string; kind: 'checkout' | 'link'; description?: string }) {
      newOrder(input.orderId);
      const issueDate = input.issueDate ?? today();
      const expireDate = input.expireDate ?? addDays(issueDate, 7);
      if (expireDate < issueDate) throw new Refusal(400, 'VALIDATION_ERROR', 'expireDate is before issueDate');
      const tx = create({
        ...input,
        issueDate,
        expireDate,
        status: input.kind === 'link' ? 'UNPAID' : 'PENDING',
        sessionId: input.kind === 'checkout' ? randomUUID() : undefined,
        linkId: input.kind === 'link' ? `lnk_${randomBytes(9).toString('base64url')}` : undefined,
      });
      save(tx, input.kind === 'link' ? 'createPaymentLink' : 'initiateCheckout', tx.amountMinor);
      return tx;
    },

    startSale(input: { orderId: string; currency: CurrencyCode; amountMinor: number; authOnly: boolean; recurringInit: boolean; customer: Customer; successUrl: string; failureUrl: string }, card: CardInput) {
      newOrder(input.orderId);
      const tx = create({ ...input, kind: 'sale', status: 'PENDING' });
      save(tx, 'sale', tx.amountMinor);
      return { tx, outcome: this.payWithCard(tx, card) };
    },

    /** A card entered on a hosted page or sent S2S: approve, ask for 3-D Secure, or decline. */
    payWithCard(tx: Transaction, card: CardInput): CardOutcome {
      refreshExpiry(tx);
      if (tx.status === 'EXPIRED') throw new Refusal(422, 'SESSION_EXPIRED', 'This payment page has expired');
      if ((tx.status !== 'PENDING' && tx.status !== 'UNPAID') || tx.card) throw wrongState(tx, 'pay');
      const number = card.number.replace(/[\s-]/g, '');
      const test = testCards[number];
      tx.card = { bin: number.slice(0, 6), last4: number.slice(-4), scheme: test?.scheme ?? 'UNKNOWN' };
      if (!test) {
        decline(tx, 'Not a practice test card: use one of the published test cards');
        return { result: 'declined' };
      }
      const expiry = `${card.expiryMonth.padStart(2, '0')}/${card.expiryYear.slice(-2)}`;
      if (expiry !== test.expiry || card.cvv !== test.cvv) {
        decline(tx, 'Wrong expiry date or security code for this test card');
        return { result: 'declined' };
      }
      if (test.outcome === 'decline') {
        decline(tx, 'Declined by the issuer (test card)');
        return { result: 'declined' };
      }
      if (test.outcome === 'challenge') {
        const challengeId = randomUUID();
        store.addChallenge({ challengeId, transactionId: tx.transactionId, used: false });
        tx.status = 'PENDING';
        store.save();
        return { result: 'challenge', challengeId };
      }
      approve(tx);
      return { result: 'approved' };
    },

    /** The one-time code typed on the 3-D Secure page. */
    completeChallenge(challengeId: string, code: string): Transaction {
      const challenge = store.challenge(challengeId);
      if (!challenge || challenge.used) throw new Refusal(404, 'CHALLENGE_NOT_FOUND', 'This authentication has already finished or does not exist');
      challenge.used = true;
      const tx = find(challenge.transactionId);
      if (code.trim() === challengeCode) approve(tx);
      else decline(tx, '3-D Secure authentication failed');
      return tx;
    },

    capture(transactionId: string, amountMinor: number) {
      const tx = find(transactionId);
      if (tx.status !== 'AUTHORIZED' && tx.status !== 'PARTIALLY_CAPTURED') throw wrongState(tx, 'capture');
      const left = tx.amountMinor - tx.capturedMinor;
      if (amountMinor > left) throw new Refusal(422, 'AMOUNT_EXCEEDS_AUTHORIZED', `Capture exceeds the amount left to capture (${left} minor units)`);
      tx.capturedMinor += amountMinor;
      tx.status = tx.capturedMinor === tx.amountMinor ? 'CAPTURED' : 'PARTIALLY_CAPTURED';
      save(tx, 'capture', amountMinor);
      options.onChange(tx, { type: 'Capture', amountMinor });
      return tx;
    },

    void(transactionId: string) {
      const tx = find(transactionId);
      if (tx.status !== 'AUTHORIZED') throw wrongState(tx, 'void');
      tx.status = 'VOIDED';
      save(tx, 'void');
      options.onChange(tx, { type: 'Void', amountMinor: tx.amountMinor });
      return tx;
    },

    refund(transactionId: string, amountMinor: number, reason?: string) {
      const tx = find(transactionId);
      if (!refundable.has(tx.status)) throw wrongState(tx, 'refund');
      const left = tx.capturedMinor - tx.refundedMinor;
      if (amountMinor > left) throw new Refusal(422, 'AMOUNT_EXCEEDS_CAPTURED', `Refund exceeds the amount left to refund (${left} minor units)`);
      tx.refundedMinor += amountMinor;
      tx.status = tx.refundedMinor === tx.capturedMinor && tx.capturedMinor === tx.amountMinor ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
      tx.reason = reason;
      save(tx, 'refund', amountMinor);
      options.onChange(tx, { type: 'Refund', amountMinor });
      return tx;
    },

    recurring(input: { transactionId: string; recurringToken: string; orderId: string; currency: CurrencyCode; amountMinor: number; description: string }) {
      const parent = find(input.transactionId);
      if (!parent.recurringToken || parent.recurringToken !== input.recurringToken) {
        throw new Refusal(422, 'INVALID_RECURRING_TOKEN', 'The recurring token does not belong to this transaction');
      }
      newOrder(input.orderId);
      const tx = create({
        orderId: input.orderId,
        kind: 'recurring',
        currency: input.currency,
        amountMinor: input.amountMinor,
        authOnly: false,
        recurringInit: false,
        status: 'PENDING',
        customer: parent.customer,
        description: input.description,
        successUrl: parent.successUrl,
        failureUrl: parent.failureUrl,
        parentTransactionId: parent.transactionId,
        card: parent.card,
      });
      save(tx, 'recurring', tx.amountMinor);
      approve(tx);
      return tx;
    },

    find,
    findOrder(orderId: string) {
      const tx = store.byOrderId(orderId);
      if (!tx) throw new Refusal(404, 'TRANSACTION_NOT_FOUND', `No transaction for orderId ${orderId}`);
      return refreshExpiry(tx);
    },
  };
}

export type PracticeEngine = ReturnType<typeof createEngine>;
