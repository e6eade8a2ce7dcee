// The list's totals per currency (finance's "which were paid this week, and for how much"): the
// sums of every payment a filter matches agree with what the payments CSV of the same filter adds
// up, column by column (captured, refunded; an empty refunded cell counted apart), largest count
// first; a call for another filter stops the one under way; a change of the ledger is in the next
// call. On a laptop's SQLite ledger and on the team ledger (test/support/ledger-apps.ts).
import { beforeAll, expect, it } from 'vitest';
import { minorFromDecimalText, type CurrencyCode } from '../../contract/money';
import type { PaymentFilter } from '../../contract/methods/payments';
import { describeLedgerApp, type SeedPayment } from '../support/ledger-apps';
import { parseCsv } from './support';
import { listTotals } from '../../main/ledger/list-totals';

type Totals = { stopped: boolean; currencies: Array<{ profileId: string; currency: string; payments: number; capturedPayments: number; capturedMinor: number; refundedMinor: number; refundsNotKnown: number; capturesNotKnown: number }> };

describeLedgerApp('the list\'s totals per currency', (app, backend) => {
  const totals = (filter: PaymentFilter) => app().value<Totals>('listTotals', { filter });

  /** The CSV of the same filter, its columns summed per currency as a person would in a spreadsheet (exact decimals). */
  async function csvSums(filter: PaymentFilter) {
    const { csv } = await app().value<{ csv: string }>('exportPayments', { filter, limit: 20_000 });
    const sums = new Map<string, { profileId: string; currency: string; payments: number; capturedPayments: number; capturedMinor: number; refundedMinor: number; refundsNotKnown: number; capturesNotKnown: number }>();
    for (const row of parseCsv(csv)) {
      const currency = row.currency as CurrencyCode;
      // Each profile's apart, as the CSV's profile_id column says.
      const key = `${row.profile_id} ${currency}`;
      const kept = sums.get(key) ?? { profileId: row.profile_id!, currency, payments: 0, capturedPayments: 0, capturedMinor: 0, refundedMinor: 0, refundsNotKnown: 0, capturesNotKnown: 0 };
      kept.payments++;
      // An empty captured cell: an authorisation captured outside Paydesk, its amount not known (walk35), counted apart.
      if (row.captured === '') kept.capturesNotKnown++;
      const captured = row.captured === '' ? 0 : minorFromDecimalText(row.captured!, currency)!;
      // A row that took money: its captured cell above 0 (docs/ledger.md, "Payments that captured money").
      if (captured > 0) kept.capturedPayments++;
      kept.capturedMinor += captured;
      if (row.refunded === '') kept.refundsNotKnown++;
      else kept.refundedMinor += minorFromDecimalText(row.refunded!, currency)!;
      sums.set(key, kept);
    }
    return [...sums.values()];
  }

  beforeAll(async () => {
    const day = (d: number, i: number) => new Date(Date.parse('2026-11-20T09:00:00Z') + d * 86_400_000 + i * 1_000).toISOString();
    const rows: SeedPayment[] = [];
    // SAR: 12 payments, KWD (3 decimals): 5, JPY (none): 2, BHD: 1.
    for (let i = 0; i < 12; i++) {
      const state = (['paid', 'pending', 'partially_refunded', 'refunded', 'declined', 'authorised'] as const)[i % 6];
      const amount = 10_050 + i * 1_001;
      const captured = state === 'paid' || state === 'partially_refunded' || state === 'refunded' ? amount : 0;
      // One of each refunded state with its amount told, one refunded outside Paydesk (not known).
      const refunded = state === 'partially_refunded' ? (i === 2 ? 1_450 : 0) : state === 'refunded' ? (i === 3 ? amount : 0) : 0;
      rows.push({ order_id: `T-SAR-${i}`, kind: i % 2 ? 'sale' as const : 'link' as const, currency: 'SAR', amount_minor: amount, state, captured_minor: captured, refunded_minor: refunded, created_at: day(i % 7, i) });
    }
    // walk35: an authorisation captured at the gateway's dashboard, how much not told: partly captured, nothing captured known.
    rows.push({ order_id: 'T-SAR-HOLD', kind: 'sale' as const, currency: 'SAR', amount_minor: 40_000, state: 'partially_captured' as const, captured_minor: 0, refunded_minor: 0, created_at: day(4, 40) });
    for (let i = 0; i < 5; i++) rows.push({ order_id: `T-KWD-${i}`, kind: 'link' as const, currency: 'KWD', amount_minor: 4_250 + i, state: i < 3 ? 'paid' as const : 'pending' as const, captured_minor: i < 3 ? 4_250 + i : 0, refunded_minor: 0, created_at: day(i, 50 + i) });
    rows.push({ order_id: 'T-JPY-0', kind: 'sale' as const, currency: 'JPY', amount_minor: 1_500, state: 'paid' as const, captured_minor: 1_500, created_at: day(1, 60) });
    rows.push({ order_id: 'T-JPY-1', kind: 'sale' as const, currency: 'JPY', amount_minor: 990, state: 'partially_refunded' as const, captured_minor: 990, refunded_minor: 90, created_at: day(2, 61) });
    rows.push({ order_id: 'T-BHD-0', kind: 'link' as const, currency: 'BHD', amount_minor: 7_125, state: 'paid' as const, captured_minor: 7_125, created_at: day(3, 62) });
    await app().seedHistory(rows);
  });

  it('the whole ledger: per currency, largest count first, as the CSV adds up', async () => {
    const answer = await totals({});
    expect(answer.stopped).toBe(false);
    expect(answer.currencies.map((c) => c.currency)).toEqual(['SAR', 'KWD', 'JPY', 'BHD']);
    expect(answer.currencies.map((c) => c.payments)).toEqual([13, 5, 2, 1]);
    expect(answer.currencies.find((c) => c.currency === 'KWD')).toEqual({ profileId: 'practice', currency: 'KWD', payments: 5, capturedPayments: 3, capturedMinor: 4_250 + 4_251 + 4_252, refundedMinor: 0, refundsNotKnown: 0, capturesNotKnown: 0 });
    // SAR: paid i=0,6; partly refunded i=2 (14.50 told), i=8 (not known); refunded i=3 (told), i=9 (not known).
    const sar = answer.currencies.find((c) => c.currency === 'SAR')!;
    expect(sar.capturedMinor).toBe([0, 6, 2, 8, 3, 9].reduce((sum, i) => sum + 10_050 + i * 1_001, 0));
    expect(sar.refundedMinor).toBe(1_450 + 10_050 + 3 * 1_001);
    expect(sar.refundsNotKnown).toBe(2);
    // The hold captured outside Paydesk: counted apart, in no sum (its CSV captured cell is empty).
    expect(sar.capturesNotKnown).toBe(1);
    // Walk13: of SAR's 13 listed, the 6 that took money (paid, partly refunded, refunded, told or not);
    // the declined, the pending and the authorised-not-captured are listed and took none.
    expect(sar.capturedPayments).toBe(6);
    expect(sortByCurrency(answer.currencies)).toEqual(sortByCurrency(await csvSums({})));
  });

  it('agrees with the CSV of the same filter, for each of the list\'s filters', async () => {
    const filters: PaymentFilter[] = [
      { states: ['paid'] },
      { kinds: ['link'], states: ['paid'], from: '2026-11-21T00:00:00.000Z', to: '2026-11-25T00:00:00.000Z' },
      { currency: 'SAR', minAmount: '120', maxAmount: '170.10' },
      { withRefunded: true },
      { query: 'T-SAR-1' },
      { query: 'T-K' },
      { states: ['declined'] },
    ];
    for (const filter of filters) {
      const answer = await totals(filter);
      expect(answer.stopped, JSON.stringify(filter)).toBe(false);
      expect(sortByCurrency(answer.currencies), JSON.stringify(filter)).toEqual(sortByCurrency(await csvSums(filter)));
    }
    // Nothing matches: no currency at all (the list says "0 payments" and shows no totals).
    expect((await totals({ query: 'no such order' })).currencies).toEqual([]);
  });

  it('a call for another filter stops the one under way; the newer one answers', async () => {
    const [first, second] = await Promise.all([totals({ currency: 'KWD' }), totals({ currency: 'JPY' })]);
    expect(first).toEqual({ stopped: true, currencies: [] });
    expect(second.currencies).toEqual([{ profileId: 'practice', currency: 'JPY', payments: 2, capturedPayments: 2, capturedMinor: 2_490, refundedMinor: 90, refundsNotKnown: 0, capturesNotKnown: 0 }]);
  });

  it('a payment recorded since is in the next call', async () => {
    const before = (await totals({ currency: 'BHD' })).currencies[0]!;
    await app().seedPayments([{ order_id: 'T-BHD-1', kind: 'sale', currency: 'BHD', amount_minor: 1_001, state: 'paid', captured_minor: 1_001 }]);
    const after = (await totals({ currency: 'BHD' })).currencies[0]!;
    expect(after).toEqual({ ...before, payments: before.payments + 1, capturedPayments: before.capturedPayments + 1, capturedMinor: before.capturedMinor + 1_001 });
  });

  it.runIf(backend === 'sqlite')('a payment recorded between two slices: the sum starts over and includes it (one version of the ledger)', async () => {
    // A slice a row, so the sum is still under way after its first turn (a filter not summed before:
    // none kept; with no narrow path, so the rowid slices over the table: narrow-totals.test.ts has the other).
    const filter: PaymentFilter = { kinds: ['sale', 'link'], withCaptured: true };
    const summing = listTotals(app().db!, filter, 1);
    await new Promise((resolve) => setImmediate(resolve));
    await app().seedPayments([{ order_id: 'T-BHD-2', kind: 'sale', currency: 'BHD', amount_minor: 2_002, state: 'paid', captured_minor: 2_002 }]);
    const answer = await summing;
    expect(answer.stopped).toBe(false);
    expect(sortByCurrency(answer.currencies)).toEqual(sortByCurrency(await csvSums(filter)));
    expect(answer.currencies.find((c) => c.currency === 'BHD')!.capturedMinor).toBe(7_125 + 1_001 + 2_002);
  });

  // The twelfth walk (docs/screens-walks.md): on a sandbox profile, "Paid, last month" added the
  // practice profile's payments into the sandbox's SAR; with a production profile, test money
  // would have swollen real takings. Each profile's money is summed apart.
  it('sums each profile apart: a sandbox payment never adds into the practice profile\'s SAR', async () => {
    const filter: PaymentFilter = { currency: 'QAR' };
    await app().seedPayments([
      { order_id: 'T-QAR-P', kind: 'sale', currency: 'QAR', amount_minor: 35_000, state: 'paid', captured_minor: 35_000 },
      { order_id: 'T-QAR-S', kind: 'sale', currency: 'QAR', amount_minor: 9_900, state: 'paid', captured_minor: 9_900, profile_id: 'shop-sandbox', environment: 'sandbox' },
    ]);
    const answer = await totals(filter);
    expect(sortByCurrency(answer.currencies)).toEqual([
      { profileId: 'practice', currency: 'QAR', payments: 1, capturedPayments: 1, capturedMinor: 35_000, refundedMinor: 0, refundsNotKnown: 0, capturesNotKnown: 0 },
      { profileId: 'shop-sandbox', currency: 'QAR', payments: 1, capturedPayments: 1, capturedMinor: 9_900, refundedMinor: 0, refundsNotKnown: 0, capturesNotKnown: 0 },
    ]);
    expect(sortByCurrency(answer.currencies)).toEqual(sortByCurrency(await csvSums(filter)));
  });

  // The thirteenth walk (docs/screens-walks.md): "SAR 4 payments" beside the captured figure when one
  // of the four was declined. Each currency counts apart the payments that took money (captured > 0):
  // an authorisation not captured, a declined or voided payment are listed and took none; one
  // refunded in full since took money (as "Any capture" lists it).
  it('counts the payments that took money beside the payments listed', async () => {
    const filter: PaymentFilter = { currency: 'OMR' };
    await app().seedPayments([
      { order_id: 'T-OMR-paid', kind: 'sale', currency: 'OMR', amount_minor: 10_500, state: 'paid', captured_minor: 10_500 },
      { order_id: 'T-OMR-part', kind: 'sale', currency: 'OMR', amount_minor: 20_000, state: 'partially_captured', captured_minor: 5_000 },
      { order_id: 'T-OMR-back', kind: 'sale', currency: 'OMR', amount_minor: 3_000, state: 'refunded', captured_minor: 3_000, refunded_minor: 3_000 },
      { order_id: 'T-OMR-declined', kind: 'sale', currency: 'OMR', amount_minor: 9_999, state: 'declined', captured_minor: 0 },
      { order_id: 'T-OMR-held', kind: 'sale', currency: 'OMR', amount_minor: 7_000, state: 'authorised', captured_minor: 0 },
      { order_id: 'T-OMR-voided', kind: 'sale', currency: 'OMR', amount_minor: 1_000, state: 'voided', captured_minor: 0 },
    ]);
    const answer = await totals(filter);
    expect(answer.currencies).toEqual([{ profileId: 'practice', currency: 'OMR', payments: 6, capturedPayments: 3, capturedMinor: 18_500, refundedMinor: 3_000, refundsNotKnown: 0, capturesNotKnown: 0 }]);
    expect(answer.currencies).toEqual(await csvSums(filter));
    // The same count "Any capture" lists.
    const anyCapture = await totals({ ...filter, withCaptured: true });
    expect(anyCapture.currencies.map((c) => [c.payments, c.capturedPayments])).toEqual([[3, 3]]);
  });

  it('refuses what the list refuses: an amount without its currency', async () => {
    const answer = await app().call('listTotals', { filter: { minAmount: '10' } });
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.error.fields).toHaveProperty('currency');
  });
});

const sortByCurrency = <T extends { currency: string; profileId: string }>(list: T[]) => [...list].sort((a, b) => a.currency.localeCompare(b.currency) || a.profileId.localeCompare(b.profileId));
