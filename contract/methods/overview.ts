// The finance overview on Home: what came in, what went back, what is unpaid or needs a person,
// from the ledger's own money state, per currency (never mixed). The renderer passes the periods
// and days as ISO instants computed in the user's time zone, so "today" is the user's today.
import { z } from 'zod';
import { method, shared } from '../method-spec';
import { currencyCodes } from '../money';
import { cardBrands } from '../card';
import { paymentKinds } from './payments';
import { maxSettlementDays } from '../settlement-days';

const currency = shared(() => z.enum(currencyCodes as [string, ...string[]]));
const minor = shared(() => z.number().int().safe());
const instant = shared(() => z.string().min(1).max(40));
const id = shared(() => z.string().min(1).max(200));


const range = shared(() => z.object({ from: instant(), to: instant() }).strict());
/** One calendar day of the user: its date as shown, and its start and end as instants. */
const day = shared(() => z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), from: instant(), to: instant() }).strict());

export const moneyTotalsSchema = shared(() => z.object({
  currency: currency(),
  /** Sum of what was captured on the payments created in the period. */
  grossMinor: minor(),
  refundedMinor: minor(),
  netMinor: minor(),
  /** Payments with something captured, and with something refunded. */
  paidCount: z.number().int(),
  refundCount: z.number().int(),
  /** Payments refunded outside Paydesk whose amount is not known: in neither refundedMinor nor refundCount. */
  refundsNotKnown: z.number().int(),
  /** Authorisations captured outside Paydesk whose amount is not known: in no other figure (a currency with only those reads 0.00). */
  capturesNotKnown: z.number().int(),
}));
export type MoneyTotals = z.infer<ReturnType<typeof moneyTotalsSchema>>;

const refundsMadeTotal = shared(() => z.object({ currency: currency(), count: z.number().int(), amountMinor: minor() }));
/** One refund made: when (UTC instant), its operation id, its payment, the amount in the payment's currency, why, who (the OS user the laptop gave), the profile. */
const refundMade = shared(() => z.object({ at: z.string(), id: z.string(), paymentId: z.string(), orderId: z.string(), amountMinor: minor(), currency: currency(), reason: z.string().nullable(), osUser: z.string(), profileId: z.string() }));

export const unpaidAges = ['day', 'week', 'older'] as const;

export const overviewMethods = {
  getOverview: method({
    summary: 'Figures for Home: money taken, refunded and net per currency for each period, daily figures and shares for the charts, unpaid links by age, payments needing attention, authorised payments not captured.',
    input: () => z
      .object({
        /** One profile, or every profile together when absent (still per currency). */
        profileId: id().optional(),
        /** Empty for a call that wants only the charts (Home asks for figures and charts apart, figures first). */
        periods: z.array(range()).max(6).default([]),
        /** Now, for the ages of unpaid links. */
        now: instant(),
        /** The chart's days, oldest first; the shares cover the same span. Empty: no charts. */
        days: z.array(day()).max(92).default([]),
        /** The chosen dates: the refunds made in them (by when each was made), per currency. Absent: none asked. */
        refundsMadeIn: range().optional(),
      })
      .strict(),
    output: () => z.object({
      periods: z.array(z.object({ from: z.string(), to: z.string(), totals: z.array(moneyTotalsSchema()) })),
      days: z.array(z.object({ date: z.string(), currency: currency(), grossMinor: minor(), refundedMinor: minor() })),
      byBrand: z.array(z.object({ brand: z.enum(cardBrands), currency: currency(), grossMinor: minor(), count: z.number().int() })),
      byKind: z.array(z.object({ kind: z.enum(paymentKinds), currency: currency(), grossMinor: minor(), count: z.number().int() })),
      /**
       * Links still pending: under a day old, up to a week, older; with the range each covers.
       * This and needsAttention come with the figures: absent from a call without periods (Home's
       * charts), which would read them again for nothing (15 ms at 1,000,000 payments).
       */
      unpaidLinks: z.array(z.object({ age: z.enum(unpaidAges), from: z.string().nullable(), to: z.string().nullable(), count: z.number().int(), totals: z.array(z.object({ currency: currency(), amountMinor: minor() })) })).optional(),
      needsAttention: z.number().int().optional(),
      /**
       * Card payments authorised (money held on the card) and not captured, per currency: how many,
       * the amount held, and when the oldest was made. Comes with the figures, in their scope.
       */
      authorised: z.array(z.object({ currency: currency(), count: z.number().int(), amountMinor: minor(), oldestAt: z.string() })).optional(),
      /** The refunds that succeeded in refundsMadeIn, dated by when each was made (not by their payment's creation), per currency. */
      refundsMade: z.array(refundsMadeTotal()).optional(),
    }),
  }),
  listRefundsMade: method({
    summary: 'The refunds that succeeded in a period, dated by when each was made, oldest first, a window at a time (Home\'s "Refunds made in this period").',
    /** after: the last refund of the window before (its time and id); currency: one currency's refunds. */
    input: () => z.object({ from: instant(), to: instant(), profileId: id().optional(), currency: currency().optional(), after: z.object({ at: instant(), id: id() }).strict().optional(), limit: z.number().int().min(1).max(500).default(100) }).strict(),
    output: () => z.object({ rows: z.array(refundMade()), more: z.boolean() }),
  }),
  exportRefundsMade: method({
    summary: 'The refunds made in a period as CSV (UTF-8 with BOM, formulas neutralised), one row per refund: local day and time, order reference, payment id, amount, currency, reason, who, profile.',
    /** timeZone: the local columns' zone (the renderer's); currency: one currency's refunds (the list of one currency exports what it shows). */
    input: () => z.object({ from: instant(), to: instant(), profileId: id().optional(), currency: currency().optional(), timeZone: z.string().min(1).max(100).optional() }).strict(),
    output: () => z.object({ fileName: z.string(), csv: z.string(), rows: z.number().int() }),
  }),
  exportSettlement: method({
    summary: 'Settlement summary as CSV (UTF-8 with BOM, formulas neutralised): per day and currency, gross, refunds, net and counts.',
    input: () => z.object({ profileId: id().optional(), days: z.array(day()).min(1).max(maxSettlementDays) }).strict(),
    output: () => z.object({ fileName: z.string(), csv: z.string(), rows: z.number().int() }),
  }),
};
