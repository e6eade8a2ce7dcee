// Payments: creating them (links, checkout sessions, card sales, recurring charges), moving
// money on them (capture, void, refund), checking their status, and finding them in the
// ledger. Amounts come in as the decimal text a person typed and are parsed by main against
// the currency's decimals; they go out as integer minor units.
import { z } from 'zod';
import { method, shared } from '../method-spec';
import { currencyCodes } from '../money';
import { ledgerStates, linkFilterStates, operationTypes } from '../payment-states';
import { environmentSchema } from './app';
import { cardBrands } from '../card';
import { productionConfirmationSchema } from './profiles';
import { paymentKinds } from '../payment-kinds';
import { searchableText } from '../text-chars';
import { phoneSearchText } from '../phone';
import { reasonSchema } from '../result';

const currency = shared(() => z.enum(currencyCodes as [string, ...string[]]));
const minor = shared(() => z.number().int().safe());
const text = (max: number) => z.string().max(max);
/** What a person searches for, pasted isolates and invisible marks dropped (text-chars.ts). */
const searchText = shared(() => text(200).transform(searchableText));
/** The payments' search: also a phone as said at home, read as the digits a stored phone holds (phoneSearchText). */
const paymentSearchText = shared(() => text(200).transform((typed) => phoneSearchText(searchableText(typed))));
const id = shared(() => z.string().min(1).max(200));
/** Decimal text as typed ("1,250.50", Arabic-Indic digits allowed); main checks its decimals. */
const amountText = shared(() => z.string().max(40));
const confirm = shared(() => productionConfirmationSchema().optional());
/** Audit action or result codes (`create_sale`, `recorded: paid`): as many as the screen words, and no more. */
const auditCodes = shared(() => z.array(text(60)).max(120));
/** The user's time zone (an IANA name, the one Home counts its days in): the CSVs' local_time and local_day columns use it. */
const timeZone = shared(() => text(64).optional());

export { paymentKinds };
export const operationKinds = ['create', 'capture', 'void', 'refund'] as const;
export { staleSendMinutes } from '../send-timing';

const customer = shared(() => z.object({ name: text(200), email: text(320), phone: text(40) }).strict());
const checkoutCustomer = shared(() => customer().extend({ idType: text(40).optional(), idNumber: text(60).optional(), taxNumber: text(60).optional() }).strict());
const address = shared(() => z.object({ country: text(2).optional(), state: text(100).optional(), city: text(100).optional(), address: text(300).optional(), zip: text(20).optional() }).strict());
const dates = shared(() => ({ issueDate: text(10).optional(), expireDate: text(10).optional() }));
const urls = shared(() => ({ successUrl: text(2048).optional(), failureUrl: text(2048).optional() }));

/**
 * An open operation: `sending`, its answer awaited; `unknown`, its answer lost (it may or may not have gone through).
 * `sentAt`, a `sending` one's: when it was sent, so a row says it is left open once staleSendMinutes pass.
 */
const openOperationSchema = shared(() => z.object({ kind: z.enum(operationKinds), outcome: z.enum(['sending', 'unknown']), amountMinor: minor().nullable(), sentAt: z.string().optional() }));

const repeatStopSchema = shared(() => z.object({ at: z.string(), by: z.string() }));

export const paymentViewSchema = shared(() => z.object({
  id: z.string(),
  profileId: z.string(),
  environment: environmentSchema(),
  kind: z.enum(paymentKinds),
  orderId: z.string(),
  amountMinor: minor(),
  currency: currency(),
  description: z.string().nullable(),
  customer: z.object({ name: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable() }),
  /** First six and last four digits only. */
  cardMasked: z.string().nullable(),
  /** The gateway's transaction: named by a sale's answer, for a session or link by a later status answer. */
  transactionId: z.string().nullable(),
  /** A checkout session's or payment link's own id: not a transaction id. */
  sessionId: z.string().nullable(),
  url: z.string().nullable(),
  authOnly: z.boolean(),
  /** The card's token for repeat charges is known: "Charge again" is possible. */
  recurringAvailable: z.boolean(),
  /** The card was enrolled for repeat charges; its token may still be on its way. */
  recurringRequested: z.boolean(),
  parentPaymentId: z.string().nullable(),
  state: z.enum(ledgerStates),
  statusWord: z.string().nullable(),
  capturedMinor: minor(),
  refundedMinor: minor(),
  /** An operation whose outcome is not settled yet: no other may start until it is. */
  operationInFlight: z.boolean(),
  /**
   * That operation, so a list's row can say which it is and whether it is only being sent or its
   * answer was lost ("refund unclear"); null when none is open. Both ledgers fill it; absent only
   * in views made by hand (tests), read as not named.
   */
  openOperation: openOperationSchema().nullable().optional(),
  needsAttention: z.boolean(),
  /**
   * Why: 'undecidable', an unclear capture, refund or void that the gateway's answers cannot
   * settle (a person checks the dashboard and settles it); 'unsettled', no settled answer after
   * several checks.
   */
  attentionReason: z.enum(['undecidable', 'unsettled']).nullable(),
  /** The user asked to be told when this payment settles (a link is paid, a refund fails). */
  watched: z.boolean(),
  /** Why the last create, money operation or status check got no clear answer, in English (tools, logs). */
  lastError: z.string().nullable(),
  /** The same as a reason, worded in the reader's language; null for an earlier Paydesk's English text (shown as it is). */
  lastErrorReason: reasonSchema().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastCheckedAt: z.string().nullable(),
  /** A payment link's expiry date (YYYY-MM-DD) as sent to the gateway; null when not known (other kinds, links made before it was kept). */
  expiresOn: z.string().nullable(),
  /**
   * The gateway check-up run that made this payment with test money (docs/check-up.md), or null:
   * the lists mark it, so it is not taken for a customer's payment. Both ledgers fill it; absent
   * only in views made by hand (tests), read as a customer's payment.
   */
  checkupRun: z.string().nullable().optional(),
}));
export type PaymentView = z.infer<ReturnType<typeof paymentViewSchema>>;

export const paymentFilterSchema = shared(() => z
  .object({
    /** Order id, customer name, e-mail or phone, transaction id: matched as a prefix or inside. */
    query: paymentSearchText().optional(),
    states: z.array(z.enum(ledgerStates)).max(20).optional(),
    kinds: z.array(z.enum(paymentKinds)).max(5).optional(),
    currency: currency().optional(),
    /** ISO 8601 instants, inclusive from, exclusive to. */
    from: text(40).optional(),
    to: text(40).optional(),
    minAmount: amountText().optional(),
    maxAmount: amountText().optional(),
    profileId: id().optional(),
    needsAttention: z.boolean().optional(),
    /** Only payments with something captured / refunded (the Home overview's figures). */
    withCaptured: z.boolean().optional(),
    withRefunded: z.boolean().optional(),
    cardBrand: z.enum(cardBrands).optional(),
    /** The card's last four digits (cardLast4Pattern); main refuses anything else in words, next to the field. */
    cardLast4: text(8).optional(),
  })
  .strict());
export type PaymentFilter = z.infer<ReturnType<typeof paymentFilterSchema>>;

export const paymentSortSchema = shared(() => z.object({ by: z.enum(['createdAt', 'amount', 'orderId', 'state', 'customer']), direction: z.enum(['asc', 'desc']) }).strict());

const operationViewSchema = shared(() => z.object({
  id: z.string(),
  kind: z.enum(operationKinds),
  amountMinor: minor().nullable(),
  reason: z.string().nullable(),
  osUser: z.string(),
  /** On the team ledger: the person (database login) who recorded it; null on this laptop's ledger. */
  person: z.string().nullable().optional(),
  /** On the team ledger: the laptop that recorded (and sends) it; null on this laptop's ledger. */
  laptop: z.string().nullable().optional(),
  outcome: z.enum(['sending', 'succeeded', 'failed', 'unknown']),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  /** The gateway's answer with key, card numbers and CVV removed, for support. */
  gatewayAnswer: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** Who settled an unclear outcome by hand, and why (what they saw on the gateway's dashboard). */
  settledBy: z.string().nullable(),
  settledReason: z.string().nullable(),
}));

// headSeq (the team ledger only): the chain's head says its last entry is this one, but the log ends
// before it (entries removed from its end; brokenAt is the first missing one).
const chainStatusSchema = shared(() => z.object({ intact: z.boolean(), checkedThrough: z.number().int(), last: z.number().int(), brokenAt: z.number().int().optional(), headSeq: z.number().int().optional() }));

export const paymentMethods = {
  createPaymentLink: method({
    summary: 'Create a payment link (invoice) on the active profile and record it.',
    input: () => z.object({ orderId: text(100).optional(), amount: amountText(), currency: currency(), description: text(500), customer: customer(), ...dates(), ...urls(), confirm: confirm() }).strict(),
    output: () => paymentViewSchema(),
  }),
  createCheckoutSession: method({
    summary: 'Create a hosted checkout session on the active profile and record it.',
    input: () => z
      .object({ orderId: text(100).optional(), amount: amountText(), currency: currency(), customer: checkoutCustomer(), address: address().optional(), authOnly: z.boolean(), recurringInit: z.boolean(), ...dates(), ...urls(), confirm: confirm() })
      .strict(),
    output: () => paymentViewSchema(),
  }),
  chargeCard: method({
    summary: 'Virtual terminal: an S2S card sale. The card is used for this call only and never stored.',
    input: () => z
      .object({
        orderId: text(100).optional(),
        amount: amountText(),
        currency: currency(),
        card: z.object({ number: text(30), holder: text(100), expiryMonth: text(2), expiryYear: text(4), cvv: text(4) }).strict(),
        customer: customer(),
        authOnly: z.boolean(),
        recurringInit: z.boolean().optional(),
        ...urls(),
        confirm: confirm(),
      })
      .strict(),
    output: () => z.object({ payment: paymentViewSchema(), challengeHtml: z.string().nullable() }),
  }),
  capturePayment: method({
    summary: 'Capture part or all of an authorisation.',
    input: () => z.object({ paymentId: id(), amount: amountText(), currency: currency(), confirm: confirm() }).strict(),
    output: () => paymentViewSchema(),
  }),
  voidPayment: method({
    summary: 'Cancel an authorisation before anything is captured.',
    input: () => z.object({ paymentId: id(), reason: text(500).optional(), confirm: confirm() }).strict(),
    output: () => paymentViewSchema(),
  }),
  refundPayment: method({
    summary: 'Refund part or all of what was captured; a reason is required.',
    input: () => z.object({ paymentId: id(), amount: amountText(), currency: currency(), reason: text(500), confirm: confirm() }).strict(),
    output: () => paymentViewSchema(),
  }),
  chargeRecurring: method({
    summary: 'Charge the stored card of a payment made with recurring enabled.',
    input: () => z.object({ paymentId: id(), orderId: text(100).optional(), amount: amountText(), currency: currency(), description: text(500), confirm: confirm() }).strict(),
    output: () => paymentViewSchema(),
  }),
  setRepeatStop: method({
    summary: 'Stop a stored card\'s repeat charges (the customer cancelled: "Charge again" is refused) or allow them again; set from its first payment or any of its repeat charges, audited. Nothing is sent to the gateway.',
    input: () => z.object({ paymentId: id(), stopped: z.boolean() }).strict(),
    output: () => z.object({
      repeatStop: repeatStopSchema().nullable(),
      /** Stopping only: the card's repeat charges already being sent when the mark took effect (they may go through), and what to tell the person about them. */
      sending: z.array(z.object({ paymentId: z.string(), orderId: z.string(), amountMinor: minor(), currency: z.string(), by: z.string() })),
      warning: reasonSchema().nullable(),
    }),
  }),
  settleOperation: method({
    summary: 'Settle by hand an unclear capture, refund or void that status answers cannot decide: a person checked the gateway’s dashboard. Nothing is sent.',
    input: () => z.object({ paymentId: id(), operationId: id(), happened: z.boolean(), reason: text(500) }).strict(),
    output: () => paymentViewSchema(),
  }),
  checkPaymentStatus: method({
    summary: 'Ask the gateway for the current status of a payment and record the answer.',
    input: () => z.object({ paymentId: id() }).strict(),
    output: () => paymentViewSchema(),
  }),
  getPayment: method({
    summary: 'One payment with its operations, state history, status checks and webhooks.',
    input: () => z.object({ paymentId: id() }).strict(),
    output: () => z.object({
      payment: paymentViewSchema(),
      /** A repeat charge's first payment, and a first payment's repeat charges. */
      related: z.object({
        /**
         * `amountMinor`, `recurringAvailable`: what "Charge again" on a repeat charge offers and whether it may (the first
         * payment's card is charged); `orderId`, `cardMasked` (as the payment's own, bin and last four): named in its dialog.
         */
        parent: z.object({
          id: z.string(), orderId: z.string(), amountMinor: minor(), recurringAvailable: z.boolean(), cardMasked: z.string().nullable(),
          /** What the series is for and whose (the list names it: walk 11 could not tell a month's charge from the next). Optional: absent in views made by hand (tests). */
          description: z.string().nullable().optional(), customerName: z.string().nullable().optional(),
        }).nullable(),
        /** `description`: what each charge was for, as typed at the charge. */
        repeats: z.array(z.object({ id: z.string(), orderId: z.string(), amountMinor: minor(), state: z.enum(ledgerStates), kind: z.enum(paymentKinds), createdAt: z.string(), description: z.string().nullable().optional() })),
      }),
      /**
       * The card's repeat charges stopped (the customer cancelled): who (OS user, or the team
       * ledger's login) and when; "Charge again" is refused until allowed again. Null when not
       * stopped or no card is stored; absent in views made by hand (tests).
       */
      repeatStop: repeatStopSchema().nullable().optional(),
      operations: z.array(operationViewSchema()),
      /** A declined payment: the reason its own answer gave, verbatim, card numbers masked (main/payments/decline-reason.ts). */
      declineReason: z.string().nullable().optional(),
      history: z.array(z.object({ state: z.enum(ledgerStates), statusWord: z.string().nullable(), source: z.string(), at: z.string() })),
      checks: z.array(z.object({ at: z.string(), outcome: z.string(), statusWord: z.string().nullable(), state: z.string().nullable() })),
      webhooks: z.array(z.object({ receivedAt: z.string(), statusWord: z.string().nullable(), type: z.string().nullable(), duplicate: z.boolean(), amount: z.string().nullable(), operation: z.enum(operationTypes).nullable(), outcome: z.enum(['approved', 'declined']).nullable() })),
    }),
  }),
  searchPayments: method({
    summary: 'Find payments in the ledger: search, filters, sorting and a window of rows.',
    input: () => z
      .object({ filter: paymentFilterSchema().default({}), sort: paymentSortSchema().default({ by: 'createdAt', direction: 'desc' }), offset: z.number().int().min(0).max(10_000_000).default(0), limit: z.number().int().min(1).max(500).default(100) })
      .strict(),
    /** totalExact false: at least `total` match, still being counted (the list: "more than {total - 1}"); a payments.counted event with `countId` tells how the count gets on. */
    output: () => z.object({ total: z.number().int(), totalExact: z.boolean().optional(), countId: z.string().optional(), rows: z.array(paymentViewSchema()) }),
  }),
  listTotals: method({
    summary: 'The sums per profile and currency of every payment the list\'s filter matches (the payments CSV\'s captured and refunded columns), made after the page in the background; a newer call stops the one under way.',
    input: () => z.object({ filter: paymentFilterSchema().default({}) }).strict(),
    /**
     * `stopped`: a newer call (another filter, or the ledger changed) took its place: nothing to show.
     * Per currency of each profile (two profiles' money is never added up; a profile's environment never changes),
     * largest count first: `refundsNotKnown` payments were refunded outside Paydesk with no amount
     * told (their CSV `refunded` cell is empty), in none of the sums. `capturedPayments`: of
     * `payments`, those that took money (`captured_minor > 0`: the CSV's rows with `captured` > 0,
     * refunded since or not; an authorisation not captured took none), docs/ledger.md.
     * `capturesNotKnown`: authorisations captured outside Paydesk with no amount told (their CSV
     * `captured` cell is empty; walk35), in none of the sums either.
     */
    output: () => z.object({
      stopped: z.boolean(),
      currencies: z.array(z.object({ profileId: z.string(), currency: currency(), payments: z.number().int(), capturedPayments: z.number().int(), capturedMinor: minor(), refundedMinor: minor(), refundsNotKnown: z.number().int(), capturesNotKnown: z.number().int() })),
    }),
  }),
  listUnclearOperations: method({
    summary: 'Payments with a capture, refund, void or create whose answer was lost (outcome unknown), oldest first (or newest first: `direction` desc), with that operation: Needs attention lists them at once.',
    input: () => z.object({ limit: z.number().int().min(1).max(500).default(500), direction: z.enum(['asc', 'desc']).default('asc') }).strict(),
    output: () => z.object({ rows: z.array(z.object({ payment: paymentViewSchema(), operation: z.object({ kind: z.enum(operationKinds), amountMinor: minor().nullable(), sentAt: z.string() }) })) }),
  }),
  listNeedsAttention: method({
    summary: 'Needs attention as one queue: the payments flagged, in state unknown, or with an operation whose answer was lost (that operation with it), each once (never one being created: its create is on its way), by creation (ties in order of arrival), a window at a time: `after` is the `next` of the window before (keyset), so a window continues where the last ended whatever left the queue meanwhile; `total` is the whole queue now.',
    input: () => z.object({ after: z.string().max(100).optional(), limit: z.number().int().min(1).max(500).default(200), direction: z.enum(['asc', 'desc']).default('asc') }).strict(),
    /** next: pass as `after` for the following window; absent after the last one. operation: the lost one (outcome unknown), or one whose send was left open past staleSendMinutes (outcome sending), null when none. */
    output: () => z.object({ total: z.number().int(), next: z.string().optional(), rows: z.array(z.object({ payment: paymentViewSchema(), operation: z.object({
      kind: z.enum(operationKinds), amountMinor: minor().nullable(), sentAt: z.string(),
      /** `sending`: a send left open past staleSendMinutes (its sender stopped mid-send); absent or `unknown`: its answer was lost. */
      outcome: z.enum(['sending', 'unknown']).optional(),
      /** Who sent it: the person (database login) on the team ledger, the OS user on this laptop's; and, on the team ledger, from which laptop. */
      sentBy: z.string().nullable().optional(),
      laptop: z.string().nullable().optional(),
    }).nullable() })) }),
  }),
  countNeedsAttention: method({
    summary: 'How many payments Needs attention lists now: listNeedsAttention\'s `total`, counted alone (the navigation\'s count, asked again on main\'s change events).',
    input: () => z.object({}).strict(),
    output: () => z.object({ total: z.number().int().min(0) }),
  }),
  listPaymentLinks: method({
    summary: 'The payment links, newest first, a window at a time: `after` is the `next` of the window before (keyset); `state` keeps only the links in that state (the list\'s State filter).',
    input: () => z.object({ after: z.string().max(100).optional(), limit: z.number().int().min(1).max(500).default(100), state: z.enum(linkFilterStates).optional() }).strict(),
    /** next: pass as `after` for the following window; absent after the last one. */
    output: () => z.object({ total: z.number().int(), rows: z.array(paymentViewSchema()), next: z.string().optional() }),
  }),
  exportPayments: method({
    summary: 'The filtered payments as CSV (RFC 4180, UTF-8 with BOM), in chunks so large exports can show progress.',
    input: () => z
      .object({ filter: paymentFilterSchema().default({}), sort: paymentSortSchema().default({ by: 'createdAt', direction: 'desc' }), offset: z.number().int().min(0).default(0), limit: z.number().int().min(1).max(20_000).default(20_000), timeZone: timeZone() })
      .strict(),
    /** The first chunk starts with the BOM and the header; join the chunks in order. */
    output: () => z.object({ fileName: z.string(), csv: z.string(), rows: z.number().int(), total: z.number().int(), done: z.boolean() }),
  }),
  exportToFile: method({
    summary: 'Write the filtered payments (or the audit log, or the entries an audit search finds) as CSV to a file in the export folder, off the main thread; progress arrives as export.progress events.',
    /** search: with kind audit, the audit screen's search (listAuditLog's query, actions, results, from, to): the file holds the entries it finds. */
    input: () => z
      .object({ kind: z.enum(['payments', 'audit']), filter: paymentFilterSchema().default({}), sort: paymentSortSchema().default({ by: 'createdAt', direction: 'desc' }), search: z.object({ query: searchText().optional(), actions: auditCodes().optional(), results: auditCodes().optional(), from: text(40).optional(), to: text(40).optional() }).strict().optional(), timeZone: timeZone() })
      .strict(),
    /** path: where the file will be when the export is done. */
    output: () => z.object({ exportId: z.string(), fileName: z.string(), path: z.string() }),
  }),
  cancelExport: method({
    summary: 'Stop a file export; nothing is left behind.',
    input: () => z.object({ exportId: z.string().max(100) }).strict(),
    output: () => z.object({ cancelled: z.boolean() }),
  }),
  lookupPayment: method({
    summary: 'Find a payment made elsewhere by its order or transaction id on the active profile, and add it to the ledger.',
    input: () => z.object({ orderId: text(100).optional(), transactionId: text(200).optional() }).strict(),
    output: () => paymentViewSchema(),
  }),
  nextOrderId: method({
    summary: 'For a declined card sale tried again with another card: the next order reference free in the active profile\'s ledger after the declined one\'s (OMAR-102 → OMAR-102-2); null when none fits. Nothing is recorded or sent.',
    input: () => z.object({ paymentId: id() }).strict(),
    output: () => z.object({ orderId: z.string().nullable() }),
  }),
  watchPayment: method({
    summary: 'Be told (in the app and by the OS) when this payment is paid or a refund on it fails.',
    input: () => z.object({ paymentId: id(), watched: z.boolean() }).strict(),
    output: () => paymentViewSchema(),
  }),
  listAuditLog: method({
    summary: 'The audit log, newest first, a window at a time.',
    /**
     * beforeSeq: the window continues below the last entry shown (keyset), instead of offset.
     * actions, results: with a query, the codes whose label on screen holds it (the renderer owns
     * the words); an entry with one of them matches too.
     * from, to: the screen's period, ISO 8601 instants (from included, to excluded): the entries
     * written in it (main/ledger/audit-period.ts), with or without a query.
     */
    input: () => z.object({ query: searchText().optional(), actions: auditCodes().optional(), results: auditCodes().optional(), from: text(40).optional(), to: text(40).optional(), offset: z.number().int().min(0).default(0), limit: z.number().int().min(1).max(500).default(100), beforeSeq: z.number().int().min(1).optional() }).strict(),
    output: () => z.object({
      /** With a search, the entries found so far; totalExact false while a window comes back full. */
      total: z.number().int(),
      totalExact: z.boolean().optional(),
      chainIntact: z.boolean(),
      /** Entries verified so far (each is verified once); brokenAt: the first entry that does not match. */
      chain: chainStatusSchema().optional(),
      /** person: on the team ledger, the login the database stamped (osUser is what the laptop said); absent on a laptop's own ledger. */
      rows: z.array(z.object({ seq: z.number().int(), at: z.string(), osUser: z.string(), person: z.string().optional(), profileId: z.string().nullable(), environment: z.string().nullable(), action: z.string(), paymentId: z.string().nullable(), orderId: z.string().nullable(), amountMinor: minor().nullable(), currency: z.string().nullable(), reason: z.string().nullable(), result: z.string() })),
    }),
  }),
  listCopiedAudit: method({
    summary: 'On the team ledger, the audit entries each laptop wrote on its own ledger before it was copied in (read-only), one laptop at a time, newest first; on a laptop\'s own ledger, none.',
    /**
     * laptop: whose entries (default: the first laptop by name); beforeSeq: the window continues below the last entry shown (keyset).
     * query, actions, results, from, to: the audit screen's search and period, as listAuditLog takes them (the same matching).
     */
    input: () => z.object({ laptop: text(200).optional(), beforeSeq: z.number().int().min(1).optional(), limit: z.number().int().min(1).max(500).default(100), query: searchText().optional(), actions: auditCodes().optional(), results: auditCodes().optional(), from: text(40).optional(), to: text(40).optional() }).strict(),
    output: () => z.object({
      /** Every laptop copied in, by name (its host name and a short id of its data folder). */
      laptops: z.array(z.string()),
      laptop: z.string().nullable(),
      /** The laptop's entries (its chain's seqs are gapless, so its newest seq). */
      total: z.number().int(),
      /** With a search or period: entries older than this window match too (the Older button). */
      more: z.boolean().optional(),
      /** at: as the laptop wrote it, its original time; osUser: the laptop's OS user then. */
      rows: z.array(z.object({ seq: z.number().int(), at: z.string(), osUser: z.string(), profileId: z.string().nullable(), environment: z.string().nullable(), action: z.string(), paymentId: z.string().nullable(), orderId: z.string().nullable(), amountMinor: minor().nullable(), currency: z.string().nullable(), reason: z.string().nullable(), result: z.string() })),
    }),
  }),
  verifyCopiedAudit: method({
    summary: 'Checks one copied laptop\'s audit entries by its own chain\'s rule, as the copy made them verifiable: intact, or the first entry that does not match.',
    input: () => z.object({ laptop: text(200) }).strict(),
    output: () => z.object({ intact: z.boolean(), entries: z.number().int(), brokenAt: z.number().int().optional() }),
  }),
  listCustomers: method({
    summary: "Earlier customers from the ledger in the active profile's environment (practice, sandbox or production; not the check-up's), most recent first, to pick one in a form.",
    input: () => z.object({ limit: z.number().int().min(1).max(100).default(30) }).strict(),
    output: () => z.object({ customers: z.array(z.object({ name: z.string(), email: z.string(), phone: z.string() })) }),
  }),
  verifyAuditChain: method({
    summary: 'Check the whole audit chain again, off the main thread; progress and the result arrive as audit.verify events.',
    input: () => z.object({}).strict(),
    output: () => z.object({ started: z.boolean(), entries: z.number().int() }),
  }),
  cancelAuditVerify: method({
    summary: 'Stop the running full check of the audit chain (a person\'s Stop); its last audit.verify event says cancelled, with the entries checked by then. Nothing is recorded of a check stopped.',
    input: () => z.object({}).strict(),
    output: () => z.object({ stopped: z.boolean() }),
  }),
  exportAuditLog: method({
    summary: 'The audit log as CSV, with the result of checking its hash chain.',
    input: () => z.object({ timeZone: timeZone() }).strict(),
    output: () => z.object({ fileName: z.string(), csv: z.string(), rows: z.number().int(), chainIntact: z.boolean() }),
  }),
};
