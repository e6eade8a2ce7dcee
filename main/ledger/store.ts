// LedgerStore: what the payments service needs from the ledger, as one async interface, so the
// same money flows run on the laptop's SQLite file and on the team's PostgreSQL
// (docs/team-ledger-plan.md, step 1). Rows keep the SQLite row modules' shapes (payment-rows.ts).
// The list, overview and audit screens read through their own modules (search.ts, overview*.ts,
// audit-query.ts), not through this interface yet.
import type { PaymentView } from '../../contract/methods/payments';
import type { AuditEntry } from './audit-log';
import type { InvoiceLedger } from './invoice-ledger';
import type { OperationRow, PaymentRow } from './payment-rows';
import type { CheckupRunStore } from './checkup-runs';

export type HistoryRow = { state: PaymentRow['state']; status_word: string | null; source: string; at: string };
export type CheckRow = { at: string; outcome: string; status_word: string | null; state: string | null };
/** `amount`: the notified operation's, as the gateway wrote it (major units), where the ledger kept it (a laptop's, since walk35). */
export type WebhookRow = { received_at: string; status_word: string | null; type: string | null; duplicate: number; amount: string | null };
export type OperationChanges = Pick<OperationRow, 'outcome'> & Partial<OperationRow>;
/**
 * What a status answer proves about an unclear operation (settlement.ts's evidence, or the gateway
 * having no such order), passed with the settlement it leads to: the team ledger lets a role
 * without UPDATE on operations (finance) settle one only through the database, which judges it again.
 */
export type StatusProof =
  | { state: string; transactionId?: string; failedOperation?: 'capture' | 'refund' | 'void'; capturedMinor?: number; refundedMinor?: number }
  | { notFound: true };

/** The reads and writes of the ledger's money records; inside `transaction` they commit together. */
export type LedgerTx = {
  get(paymentId: string): Promise<PaymentRow | undefined>;
  /**
   * The team ledger only: holds the payment for this transaction (until it commits), so what it
   * reads next and writes from it is not written over by another laptop's transaction meanwhile.
   * SQLite needs none: its write transactions run one at a time.
   */
  lockPayment?(paymentId: string): Promise<void>;
  byOrderId(profileId: string, orderId: string): Promise<PaymentRow | undefined>;
  /** A payment of this profile known by its order id or its transaction id. */
  findKnown(profileId: string, ref: { orderId?: string; transactionId?: string }): Promise<PaymentRow | undefined>;
  /** Repeat charges of a card enrolled on this payment, oldest first. */
  repeatsOf(paymentId: string): Promise<PaymentRow[]>;
  /**
   * The "Stop repeat charges" mark on the payment that stored the card, or null. Read in a repeat
   * charge's intent transaction too, so a Stop committed after main's first check is still seen
   * before anything is recorded or sent (new-payments.ts).
   */
  repeatStopOf(paymentId: string): Promise<RepeatStop | null>;
  /**
   * The team ledger only: the card's saved token, to charge it again (the database gives it to
   * support and admin only, refusing anyone else). The laptop's rows carry it as recurring_token.
   */
  recurringTokenOf?(paymentId: string): Promise<string | null>;
  /** What the renderer is shown of a payment (its open operation included). */
  view(row: PaymentRow): Promise<PaymentView>;
  insert(row: PaymentRow): Promise<void>;
  /** Updates columns; a change of state is added to the history with its source. Answers the row after. */
  update(paymentId: string, changes: Partial<PaymentRow>, source: string, at: string): Promise<PaymentRow>;

  operation(operationId: string): Promise<OperationRow | undefined>;
  /** Operations still `sending` or `unknown`, oldest first. */
  openOperations(paymentId: string): Promise<OperationRow[]>;
  operationsOf(paymentId: string): Promise<OperationRow[]>;
  /** Every operation being sent: after a crash their outcome is unknown. */
  sendingOperations(): Promise<OperationRow[]>;
  /** Changes whenever an operation of the payment is recorded or settled (a stale status answer is not applied). */
  operationsMark(paymentId: string): Promise<string>;
  /** Records an intent (outcome `sending`) before its request leaves. */
  insertOperation(row: OperationRow): Promise<void>;
  /** Settles an operation if its outcome is still one of `from`; `proof`: the status answer that settles an unclear one. */
  completeOperation(operationId: string, changes: OperationChanges, from?: OperationRow['outcome'][], proof?: StatusProof): Promise<void>;

  recordCheck(paymentId: string, at: string, outcome: string, statusWord: string | null, state: string | null): Promise<void>;
  /**
   * Payments whose next check is due; on the team ledger each is leased to this laptop for a while, so two never check one at once.
   * `setBeyond`: a next check later than this was set by a clock that has since gone back (no schedule sets one so far
   * ahead), so it is due too; on this laptop's ledger only: on the team ledger two laptops whose clocks differ by
   * more would hand a payment back and forth, each finding the other's check too far ahead (docs/ledger.md).
   */
  dueForCheck(now: string, limit: number, setBeyond?: string): Promise<Array<{ id: string; profile_id: string }>>;
  historyOf(paymentId: string): Promise<HistoryRow[]>;
  checksOf(paymentId: string): Promise<CheckRow[]>;
  webhooksOf(paymentId: string): Promise<WebhookRow[]>;

  appendAudit(entry: AuditEntry, at: string): Promise<void>;

  /** Invoices and credit notes (invoice-ledger.ts): in a transaction, written with the payment's rows. */
  invoices: InvoiceLedger;
};

/** "Repeat charges stopped" on the payment that stored a card (repeat-stops.ts): who set it (OS user, or the team ledger's login) and when. */
export type RepeatStop = { at: string; by: string };

/** A repeat charge of the card recorded and not yet answered ('creating') when a Stop took effect: it may still go through. */
export type RepeatChargeSending = { paymentId: string; orderId: string; amountMinor: number; currency: string; by: string };

export type LedgerStore = LedgerTx & {
  readonly backend: 'sqlite' | 'postgres';
  /**
   * Sets (`stopped`) or lifts the mark, with its audit entry, in one transaction; answers whether
   * it changed (a second press, or a colleague's at once, finds it already so and audits nothing)
   * and, when stopping, the card's repeat charges whose intent committed before the mark and whose
   * answer is not in: read in the same transaction, after the mark, so a charge is either among
   * them or refused (its intent rechecks the mark; on the team ledger the database refuses it).
   * The team ledger lets support and admin only (the database refuses anyone else).
   */
  setRepeatStop(paymentId: string, stopped: boolean, osUser: string, at: string): Promise<{ changed: boolean; sending: RepeatChargeSending[] }>;
  /**
   * Runs `body` in one transaction: all its writes commit together or none. On SQLite store
   * transactions run one at a time (one connection); on PostgreSQL each has a connection of its
   * own and the database orders them. The body must use `tx`, never the store itself (on SQLite
   * that would wait for this very transaction; on PostgreSQL it would be outside it).
   */
  transaction<T>(body: (tx: LedgerTx) => Promise<T>): Promise<T>;
  /**
   * Whether one of these addresses is exactly the page of a payment link or checkout session the
   * ledger holds, as the gateway answered it: the desktop app opens such a page in the browser
   * wherever the gateway hosts it (main/electron/external-links.ts). Asked only at a press of Open.
   */
  holdsPaymentPage(urls: string[]): Promise<boolean>;
  /** Check-up runs kept beyond this run of Paydesk (the team ledger only: main/ledger/checkup-runs.ts); a laptop keeps them in memory. */
  readonly checkupRuns?: CheckupRunStore;
};
