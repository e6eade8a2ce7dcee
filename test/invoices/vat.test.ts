// The VAT rule of docs/invoices.md, checked against worked examples done by hand: SAR (2
// decimals) and KWD (3 decimals), prices without and with VAT, zero-rated and exempt lines,
// the half-up rounding of each line, the totals as sums, and the credit-note split.
import { describe, expect, it } from 'vitest';
import { computeInvoice, computeLine, creditSplit, divRoundHalfUp, formatQuantity, formatRate, parseQuantity, parseRatePercent } from '../../contract/vat';

const std = (quantityMilli: number, unitMinor: number, rateBp = 1500) => ({ quantityMilli, unitMinor, category: 'standard' as const, rateBp });

describe('VAT arithmetic in minor units', () => {
  it('rounds half up, exactly, on integers', () => {
    expect(divRoundHalfUp(5n, 2n)).toBe(3n);
    expect(divRoundHalfUp(149985n, 10_000n)).toBe(15n); // 14.9985 → 15
    expect(divRoundHalfUp(14_9984n, 10_000n)).toBe(15n);
    expect(divRoundHalfUp(14_9949n, 10_000n)).toBe(15n);
    expect(divRoundHalfUp(1_4_4999n, 10_000n)).toBe(14n);
  });

  it('SAR, prices without VAT: each line rounded once, totals are sums', () => {
    // 3 × 33.33 = 99.99; VAT 14.9985 → 15.00.  1.5 × 10.05 = 15.075 → 15.08; VAT 2.262 → 2.26.  2 × 50.00 at 0%.
    const totals = computeInvoice([std(3000, 3333), std(1500, 1005), { quantityMilli: 2000, unitMinor: 5000, category: 'zero', rateBp: 0 }], false);
    expect(totals.lines.map((l) => [l.netMinor, l.vatMinor, l.grossMinor])).toEqual([[9999, 1500, 11499], [1508, 226, 1734], [10000, 0, 10000]]);
    expect([totals.netMinor, totals.vatMinor, totals.totalMinor]).toEqual([21507, 1726, 23233]);
    expect(totals.breakdown).toEqual([
      { category: 'standard', rateBp: 1500, netMinor: 11507, vatMinor: 1726, grossMinor: 13233 },
      { category: 'zero', rateBp: 0, netMinor: 10000, vatMinor: 0, grossMinor: 10000 },
    ]);
  });

  it('SAR, prices with VAT: VAT = gross × 15/115, rounded half up; net = gross − VAT', () => {
    // 100.00 → VAT 13.0434… → 13.04, net 86.96.  3 × 9.99 = 29.97 → VAT 3.9091… → 3.91, net 26.06.
    const totals = computeInvoice([std(1000, 10000), std(3000, 999)], true);
    expect(totals.lines.map((l) => [l.netMinor, l.vatMinor, l.grossMinor])).toEqual([[8696, 1304, 10000], [2606, 391, 2997]]);
    expect([totals.netMinor, totals.vatMinor, totals.totalMinor]).toEqual([11302, 1695, 12997]);
  });

  it('KWD (3 decimals), prices without VAT at 5%', () => {
    // 2 × 1.255 = 2.510; VAT 0.1255 → 0.126.  0.5 × 3.333 = 1.6665 → 1.667; VAT 0.08335 → 0.083.
    const totals = computeInvoice([std(2000, 1255, 500), std(500, 3333, 500)], false);
    expect(totals.lines.map((l) => [l.netMinor, l.vatMinor, l.grossMinor])).toEqual([[2510, 126, 2636], [1667, 83, 1750]]);
    expect([totals.netMinor, totals.vatMinor, totals.totalMinor]).toEqual([4177, 209, 4386]);
  });

  it('KWD (3 decimals), prices with VAT at 15%', () => {
    // 10.000 → VAT 1.30434… → 1.304, net 8.696.  7 × 0.115 = 0.805 → VAT exactly 0.105, net 0.700.
    const totals = computeInvoice([std(1000, 10000), std(7000, 115)], true);
    expect(totals.lines.map((l) => [l.netMinor, l.vatMinor, l.grossMinor])).toEqual([[8696, 1304, 10000], [700, 105, 805]]);
    expect([totals.netMinor, totals.vatMinor, totals.totalMinor]).toEqual([9396, 1409, 10805]);
  });

  it('exempt and zero-rated lines carry no VAT whatever rate is passed', () => {
    expect(computeLine({ quantityMilli: 1000, unitMinor: 2500, category: 'exempt', rateBp: 1500 }, false)).toEqual({ netMinor: 2500, vatMinor: 0, grossMinor: 2500, category: 'exempt', rateBp: 0 });
    expect(computeLine({ quantityMilli: 1000, unitMinor: 2500, category: 'zero', rateBp: 1500 }, true).vatMinor).toBe(0);
  });

  it('refuses totals beyond the largest amount instead of losing precision', () => {
    expect(() => computeInvoice([std(1_000_000_000, 10 ** 12)], false)).toThrow(RangeError);
  });

  it('parses quantities and rates as people type them, Arabic digits included', () => {
    expect(parseQuantity('1.5')).toBe(1500);
    expect(parseQuantity('٢')).toBe(2000);
    expect(parseQuantity('0.125')).toBe(125);
    expect(parseQuantity('0')).toBeUndefined();
    expect(parseQuantity('1.2345')).toBeUndefined();
    expect(parseQuantity('-1')).toBeUndefined();
    expect(parseRatePercent('15')).toBe(1500);
    expect(parseRatePercent('12.5%')).toBe(1250);
    expect(parseRatePercent('100')).toBeUndefined();
    expect(formatQuantity(1500)).toBe('1.5');
    expect(formatQuantity(2000)).toBe('2');
    expect(formatRate(1250)).toBe('12.5');
    expect(formatRate(1500)).toBe('15');
  });
});

describe('credit notes: the VAT of a refund', () => {
  // Computed inside each test: an error here must fail the tests, not the file's collection.
  const invoiceOf = () => computeInvoice([std(3000, 3333), std(1500, 1005), { quantityMilli: 2000, unitMinor: 5000, category: 'zero', rateBp: 0 }], false);

  it('shares a partial refund between the rates by their gross, VAT in proportion', () => {
    const invoice = invoiceOf();
    // 50.00 of 232.33: 15% part 50 × 132.33 / 232.33 = 28.479… → 28.48 (the leftover unit goes to the larger remainder),
    // 0% part 21.52; VAT 28.48 × 17.26 / 132.33 = 3.7146… → 3.71.
    expect(creditSplit(invoice.breakdown, 5000)).toEqual([
      { category: 'standard', rateBp: 1500, grossMinor: 2848, vatMinor: 371, netMinor: 2477 },
      { category: 'zero', rateBp: 0, grossMinor: 2152, vatMinor: 0, netMinor: 2152 },
    ]);
  });

  it('the refund that completes the invoice takes exactly what is left', () => {
    const invoice = invoiceOf();
    const first = creditSplit(invoice.breakdown, 5000);
    const rest = creditSplit(invoice.breakdown, 23233 - 5000, first);
    const sum = (pick: (g: { vatMinor: number; grossMinor: number }) => number) => [...first, ...rest].reduce((s, g) => s + pick(g), 0);
    expect(sum((g) => g.vatMinor)).toBe(invoice.vatMinor);
    expect(sum((g) => g.grossMinor)).toBe(invoice.totalMinor);
    expect(creditSplit(invoice.breakdown, 23233)).toEqual(invoice.breakdown);
  });
});

describe('edges of the rule', () => {
  it('rounds exact halves up and everything else to the nearest unit', () => {
    expect([divRoundHalfUp(0n, 7n), divRoundHalfUp(7n, 2n), divRoundHalfUp(5n, 3n), divRoundHalfUp(4n, 3n), divRoundHalfUp(6n, 3n)]).toEqual([0n, 4n, 2n, 1n, 2n]);
  });

  it('allows the largest amount and refuses one unit more', () => {
    expect(computeLine(std(1000, 10 ** 15, 0), false).grossMinor).toBe(10 ** 15);
    expect(() => computeLine(std(1000, 10 ** 15 + 1, 0), false)).toThrow('The amount is too large.');
    expect(() => computeLine(std(1000, 10 ** 15, 1500), true)).not.toThrow();
  });

  it('adds lines of the same rate into one group, keeps other rates apart', () => {
    const totals = computeInvoice([std(1000, 1000), std(1000, 2000), std(1000, 1000, 500)], false);
    expect(totals.breakdown).toEqual([
      { category: 'standard', rateBp: 1500, netMinor: 3000, vatMinor: 450, grossMinor: 3450 },
      { category: 'standard', rateBp: 500, netMinor: 1000, vatMinor: 50, grossMinor: 1050 },
    ]);
  });

  it('completes an invoice of two standard rates group by group', () => {
    const { breakdown } = computeInvoice([std(1000, 10000), std(1000, 10000, 500)], false); // 115.00 and 105.00
    const first = creditSplit(breakdown, 10001);
    expect(first).toEqual([
      { category: 'standard', rateBp: 1500, grossMinor: 5228, vatMinor: 682, netMinor: 4546 },
      { category: 'standard', rateBp: 500, grossMinor: 4773, vatMinor: 227, netMinor: 4546 },
    ]);
    expect(creditSplit(breakdown, 22000 - 10001, first)).toEqual([
      { category: 'standard', rateBp: 1500, grossMinor: 11500 - 5228, vatMinor: 1500 - 682, netMinor: 10000 - 4546 },
      { category: 'standard', rateBp: 500, grossMinor: 10500 - 4773, vatMinor: 500 - 227, netMinor: 10000 - 4546 },
    ]);
  });

  it('gives a leftover unit to the larger remainder, the first group on a tie', () => {
    const halves = computeInvoice([std(1000, 1000, 0), { quantityMilli: 1000, unitMinor: 1000, category: 'exempt', rateBp: 0 }], false).breakdown;
    expect(creditSplit(halves, 3).map((g) => g.grossMinor)).toEqual([2, 1]);
    const uneven = computeInvoice([std(1000, 1000, 0), { quantityMilli: 1000, unitMinor: 2000, category: 'exempt', rateBp: 0 }], false).breakdown;
    expect(creditSplit(uneven, 2).map((g) => [g.category, g.grossMinor])).toEqual([['standard', 1], ['exempt', 1]]);
    expect(creditSplit(uneven, 1).map((g) => [g.category, g.grossMinor])).toEqual([['exempt', 1]]);
  });

  it('falls back to shares when earlier notes would leave a group below zero, and splits nothing of nothing', () => {
    const { breakdown } = computeInvoice([std(1000, 1000, 0), { quantityMilli: 1000, unitMinor: 1000, category: 'exempt', rateBp: 0 }], false);
    const odd = [{ category: 'standard' as const, rateBp: 0, grossMinor: 1500, vatMinor: 0, netMinor: 1500 }];
    expect(creditSplit(breakdown, 500, odd)).toEqual([
      { category: 'standard', rateBp: 0, grossMinor: 250, vatMinor: 0, netMinor: 250 },
      { category: 'exempt', rateBp: 0, grossMinor: 250, vatMinor: 0, netMinor: 250 },
    ]);
    expect(creditSplit([], 100)).toEqual([]);
    expect(creditSplit([{ category: 'standard', rateBp: 1500, grossMinor: 0, vatMinor: 0, netMinor: 0 }], 100)).toEqual([]);
  });

  // 11.50 at 15% (10.00 + 1.50) and 5.00 exempt: 16.50 in all.
  const mixed = () => computeInvoice([std(1000, 1000), { quantityMilli: 1000, unitMinor: 500, category: 'exempt', rateBp: 0 }], false).breakdown;

  it('leaves a group that earlier notes credited in full out of the note that completes the invoice', () => {
    const whole = [{ category: 'standard' as const, rateBp: 1500, grossMinor: 1150, vatMinor: 150, netMinor: 1000 }];
    expect(creditSplit(mixed(), 500, whole)).toEqual([{ category: 'exempt', rateBp: 0, grossMinor: 500, vatMinor: 0, netMinor: 500 }]);
  });

  it('completes by shares, never by a group left below zero in its VAT or its net alone', () => {
    // Earlier notes (from an older rule, say) took the 15% group's gross exactly but 0.10 too much
    // VAT, or 0.10 too much net: what is left of it would be -0.10 VAT, or -0.10 net.
    const vatOver = [{ category: 'standard' as const, rateBp: 1500, grossMinor: 1150, vatMinor: 160, netMinor: 990 }];
    const netOver = [{ category: 'standard' as const, rateBp: 1500, grossMinor: 1150, vatMinor: 140, netMinor: 1010 }];
    // 5.00 by gross: 5.00 × 11.50 / 16.50 = 3.4848… → 3.48, exempt 1.5151… → 1.52 (the leftover unit to
    // the larger remainder); VAT 3.48 × 1.50 / 11.50 = 0.4539… → 0.45.
    const byShares = [
      { category: 'standard', rateBp: 1500, grossMinor: 348, vatMinor: 45, netMinor: 303 },
      { category: 'exempt', rateBp: 0, grossMinor: 152, vatMinor: 0, netMinor: 152 },
    ];
    expect(creditSplit(mixed(), 500, vatOver)).toEqual(byShares);
    expect(creditSplit(mixed(), 500, netOver)).toEqual(byShares);
    // And 0.50 over in the gross: 4.50 left to give, 3.14 and 1.36 by shares.
    const grossOver = [{ category: 'standard' as const, rateBp: 1500, grossMinor: 1200, vatMinor: 150, netMinor: 1050 }];
    expect(creditSplit(mixed(), 450, grossOver)).toEqual([
      { category: 'standard', rateBp: 1500, grossMinor: 314, vatMinor: 41, netMinor: 273 },
      { category: 'exempt', rateBp: 0, grossMinor: 136, vatMinor: 0, netMinor: 136 },
    ]);
  });

  it('reads and writes quantities and rates exactly', () => {
    expect(parseQuantity('1234567890')).toBeUndefined();
    expect(parseQuantity('.5')).toBeUndefined();
    expect(parseQuantity(' 2.50 ')).toBe(2500);
    expect(parseQuantity('12')).toBe(12000);
    expect(parseQuantity('1٫5')).toBe(1500);
    expect(parseRatePercent('12.25')).toBe(1225);
    expect(parseRatePercent('5.5')).toBe(550);
    expect(parseRatePercent('1.234')).toBeUndefined();
    expect(parseRatePercent('15%')).toBe(1500);
    expect(parseRatePercent('%15')).toBeUndefined();
    expect([formatQuantity(1050), formatQuantity(1000), formatQuantity(125)]).toEqual(['1.05', '1', '0.125']);
    expect([formatRate(1505), formatRate(1510), formatRate(0), formatRate(50)]).toEqual(['15.05', '15.1', '0', '0.5']);
  });
});

describe('credit notes that add up to the invoice', () => {
  it('the last note takes what earlier notes left, rate by rate, even where shares would drift', () => {
    const { breakdown } = computeInvoice([std(1000, 10000), std(1000, 10000, 500)], false); // 115.00 at 15%, 105.00 at 5%
    const notes: ReturnType<typeof creditSplit> = [];
    for (const refund of [50, 50, 50]) {
      const note = creditSplit(breakdown, refund, notes);
      expect(note).toEqual([
        { category: 'standard', rateBp: 1500, grossMinor: 26, vatMinor: 3, netMinor: 23 },
        { category: 'standard', rateBp: 500, grossMinor: 24, vatMinor: 1, netMinor: 23 },
      ]);
      notes.push(...note);
    }
    // Shares alone would give 15% VAT 11,422 × 15 / 115 = 1,489.8 → 1,490; the remainder is 1,500 − 3 × 3 = 1,491.
    expect(creditSplit(breakdown, 22000 - 150, notes)).toEqual([
      { category: 'standard', rateBp: 1500, netMinor: 9931, vatMinor: 1491, grossMinor: 11422 },
      { category: 'standard', rateBp: 500, netMinor: 9931, vatMinor: 497, grossMinor: 10428 },
    ]);
  });

  it('tells groups apart by category as well as rate', () => {
    const { breakdown } = computeInvoice([{ quantityMilli: 1000, unitMinor: 1000, category: 'zero', rateBp: 0 }, { quantityMilli: 1000, unitMinor: 1000, category: 'exempt', rateBp: 0 }], false);
    const first = creditSplit(breakdown, 1);
    expect(first).toEqual([{ category: 'zero', rateBp: 0, grossMinor: 1, vatMinor: 0, netMinor: 1 }]);
    expect(creditSplit(breakdown, 1999, first).map((g) => [g.category, g.grossMinor])).toEqual([['zero', 999], ['exempt', 1000]]);
  });

  it('gives a leftover unit to the first of equal remainders', () => {
    const three = computeInvoice([std(1000, 1000, 0), { quantityMilli: 1000, unitMinor: 1000, category: 'zero', rateBp: 0 }, { quantityMilli: 1000, unitMinor: 1000, category: 'exempt', rateBp: 0 }], false).breakdown;
    expect(creditSplit(three, 4).map((g) => g.grossMinor)).toEqual([2, 1, 1]);
    expect(creditSplit(three, 5).map((g) => g.grossMinor)).toEqual([2, 2, 1]);
  });
});
