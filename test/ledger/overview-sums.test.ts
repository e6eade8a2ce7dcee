// Home's sums that read no ledger (main/ledger/overview-sums.ts): how a period splits into the whole
// UTC days and hours both ledgers keep sums of and the instants at its ends (every instant counted
// once, whatever the zone's midnight), and the charts' sums per day, currency, kind and card brand.
import { describe, expect, it } from 'vitest';
import { chartFigures, splitByHours, sumParts, type ChartRow } from '../../main/ledger/overview-sums';

const hour = 3_600_000;
const ms = (iso: string) => Date.parse(iso);

/** The spans a period is summed from, in milliseconds, in order: they must tile [from, to). */
function spans(range: { from: string; to: string }): Array<[number, number]> {
  const p = sumParts(range);
  const all: Array<[number, number]> = [
    [ms(p.a1), ms(p.b1)],
    [p.h1 * hour, p.h2 * hour],
    [p.df * 24 * hour, p.dt * 24 * hour],
    [p.h3 * hour, p.h4 * hour],
  ];
  if (p.a2 !== null || p.b2 !== null) all.push([ms(p.a2!), ms(p.b2!)]);
  return all.filter(([a, b]) => b !== a).sort((x, y) => x[0] - y[0]);
}

function expectTiled(from: string, to: string) {
  const tiles = spans({ from, to });
  let at = ms(from);
  for (const [a, b] of tiles) {
    expect(a, `${from}–${to}: a span starts where the last ended`).toBe(at);
    expect(b, `${from}–${to}: no span runs backwards`).toBeGreaterThan(a);
    at = b;
  }
  expect(at, `${from}–${to}: the spans end at the period's end`).toBe(ms(to));
}

describe('a period split for the sums', () => {
  it.each([
    ['within an hour', '2026-12-01T10:15:00.000Z', '2026-12-01T10:45:00.000Z'],
    ['up to a whole hour', '2026-12-01T10:15:00.000Z', '2026-12-01T11:00:00.000Z'],
    ['across one hour\'s start', '2026-12-01T10:15:00.000Z', '2026-12-01T11:20:00.000Z'],
    ['one whole hour', '2026-12-01T10:00:00.000Z', '2026-12-01T11:00:00.000Z'],
    ['across midnight, less than a day', '2026-11-30T22:00:00.000Z', '2026-12-01T02:00:00.000Z'],
    ['one UTC day', '2026-12-01T00:00:00.000Z', '2026-12-02T00:00:00.000Z'],
    ['a Riyadh day (UTC+3)', '2026-11-30T21:00:00.000Z', '2026-12-01T21:00:00.000Z'],
    ['a Riyadh month', '2026-11-30T21:00:00.000Z', '2026-12-31T21:00:00.000Z'],
    ['a Kolkata week (UTC+5:30)', '2026-11-30T18:30:00.000Z', '2026-12-07T18:30:00.000Z'],
    ['a Kathmandu day (UTC+5:45)', '2026-11-30T18:15:00.000Z', '2026-12-01T18:15:00.000Z'],
    ['to the millisecond', '2026-12-01T00:00:00.001Z', '2026-12-03T23:59:59.999Z'],
  ])('counts every instant once: %s', (_, from, to) => expectTiled(from, to));

  it('reads a period of less than one whole hour from the payments alone', () => {
    expect(splitByHours({ from: '2026-12-01T10:15:00.000Z', to: '2026-12-01T10:45:00.000Z' })).toEqual({ hf: 0, ht: 0, a1: '2026-12-01T10:15:00.000Z', b1: '2026-12-01T10:45:00.000Z', a2: '', b2: '' });
    expect(splitByHours({ from: '2026-12-01T10:15:00.000Z', to: '2026-12-01T11:00:00.000Z' })).toEqual({ hf: 0, ht: 0, a1: '2026-12-01T10:15:00.000Z', b1: '2026-12-01T11:00:00.000Z', a2: '', b2: '' });
    expect(sumParts({ from: '2026-12-01T10:15:00.000Z', to: '2026-12-01T10:45:00.000Z' })).toEqual({ df: 0, dt: 0, h1: 0, h2: 0, h3: 0, h4: 0, a1: '2026-12-01T10:15:00.000Z', b1: '2026-12-01T10:45:00.000Z', a2: null, b2: null });
  });

  it('reads the whole hours of a period without a whole day from the hour sums, the edges from the payments', () => {
    const h = (iso: string) => ms(iso) / hour;
    expect(sumParts({ from: '2026-11-30T22:30:00.000Z', to: '2026-12-01T02:10:00.000Z' })).toEqual({
      df: 0, dt: 0, h1: h('2026-11-30T23:00:00.000Z'), h2: h('2026-12-01T02:00:00.000Z'), h3: 0, h4: 0,
      a1: '2026-11-30T22:30:00.000Z', b1: '2026-11-30T23:00:00.000Z', a2: '2026-12-01T02:00:00.000Z', b2: '2026-12-01T02:10:00.000Z',
    });
  });

  it('reads a Riyadh month\'s whole UTC days from the day sums and its three and twenty-one hours at the ends from the hour sums', () => {
    const d = (iso: string) => ms(iso) / (24 * hour);
    const h = (iso: string) => ms(iso) / hour;
    expect(sumParts({ from: '2026-11-30T21:00:00.000Z', to: '2026-12-31T21:00:00.000Z' })).toEqual({
      df: d('2026-12-01T00:00:00.000Z'), dt: d('2026-12-31T00:00:00.000Z'),
      h1: h('2026-11-30T21:00:00.000Z'), h2: h('2026-12-01T00:00:00.000Z'), h3: h('2026-12-31T00:00:00.000Z'), h4: h('2026-12-31T21:00:00.000Z'),
      a1: '2026-11-30T21:00:00.000Z', b1: '2026-11-30T21:00:00.000Z', a2: '2026-12-31T21:00:00.000Z', b2: '2026-12-31T21:00:00.000Z',
    });
  });
});

const row = (date: string, currency: string, kind: string, brand: string, grossMinor: number, refundedMinor: number, count: number): ChartRow => ({ date, currency, kind, brand, grossMinor, refundedMinor, count });

describe('the charts\' sums', () => {
  const rows = [
    row('2026-12-02', 'SAR', 'sale', 'visa', 10_000, 1_000, 2),
    row('2026-12-01', 'SAR', 'link', 'mastercard', 5_000, 0, 1),
    row('2026-12-01', 'KWD', 'sale', 'visa', 7_500, 500, 3),
    row('2026-12-01', 'SAR', 'sale', 'visa', 2_000, 250, 1),
    row('2026-12-02', 'SAR', 'link', 'visa', 3_000, 0, 1),
    row('2026-12-01', 'SAR', 'checkout', 'amex', 5_000, 0, 4),
  ];

  it('add up each day\'s captured and refunded money per currency, never mixing currencies, in date then currency order', () => {
    expect(chartFigures(rows).days).toEqual([
      { date: '2026-12-01', currency: 'KWD', grossMinor: 7_500, refundedMinor: 500 },
      { date: '2026-12-01', currency: 'SAR', grossMinor: 12_000, refundedMinor: 250 },
      { date: '2026-12-02', currency: 'SAR', grossMinor: 13_000, refundedMinor: 1_000 },
    ]);
  });

  it('add up each card brand\'s share per currency over the days, the largest first, ties by name', () => {
    expect(chartFigures(rows).byBrand).toEqual([
      { key: 'visa', currency: 'KWD', grossMinor: 7_500, count: 3 },
      { key: 'visa', currency: 'SAR', grossMinor: 15_000, count: 4 },
      { key: 'amex', currency: 'SAR', grossMinor: 5_000, count: 4 },
      { key: 'mastercard', currency: 'SAR', grossMinor: 5_000, count: 1 },
    ]);
  });

  it('add up each kind\'s share per currency over the days, the largest first', () => {
    expect(chartFigures(rows).byKind).toEqual([
      { key: 'sale', currency: 'KWD', grossMinor: 7_500, count: 3 },
      { key: 'sale', currency: 'SAR', grossMinor: 12_000, count: 3 },
      { key: 'link', currency: 'SAR', grossMinor: 8_000, count: 2 },
      { key: 'checkout', currency: 'SAR', grossMinor: 5_000, count: 4 },
    ]);
  });

  it('keep date, then currency order whatever order the rows come in', () => {
    // A later day's row read first, whose currency sorts before the earlier day's.
    expect(chartFigures([row('2026-12-01', 'SAR', 'sale', 'visa', 1_000, 0, 1), row('2026-12-02', 'KWD', 'sale', 'visa', 2_000, 0, 1)]).days.map((d) => `${d.date} ${d.currency}`))
      .toEqual(['2026-12-01 SAR', '2026-12-02 KWD']);
    // A currency that sorts later, with more money, read after one that sorts first.
    expect(chartFigures([row('2026-12-01', 'KWD', 'sale', 'visa', 1_000, 0, 1), row('2026-12-01', 'SAR', 'sale', 'visa', 9_000, 0, 1)]).byBrand.map((s) => s.currency))
      .toEqual(['KWD', 'SAR']);
    // Equal money in one currency: by name, whichever comes first.
    expect(chartFigures([row('2026-12-01', 'SAR', 'sale', 'visa', 1_000, 0, 1), row('2026-12-01', 'SAR', 'sale', 'amex', 1_000, 0, 1)]).byBrand.map((s) => s.key))
      .toEqual(['amex', 'visa']);
  });

  it('are empty for no rows', () => {
    expect(chartFigures([])).toEqual({ days: [], byBrand: [], byKind: [] });
  });
});
