// VAT arithmetic of an invoice, in integer minor units: no binary floats anywhere. Rates are
// basis points (1500 = 15%), quantities thousandths (1500 = 1.5). Kept in contract/ so main
// (which records the invoice) and the renderer (which shows the totals while typing) use the
// very same rule. The rule, with worked examples, is in docs/invoices.md:
//   - each line is rounded once, half up, to the currency's minor unit;
//   - exclusive prices: net = qty × unit, VAT = net × rate; inclusive: gross = qty × unit,
//     VAT = gross × rate / (1 + rate), net = gross − VAT;
//   - the totals (and the breakdown per rate) are the sums of the rounded lines.
import { maxMinorUnits } from './money';

export const vatCategories = ['standard', 'zero', 'exempt'] as const;
export type VatCategory = (typeof vatCategories)[number];
export const standardRateBp = 1500;

export type VatLineInput = { quantityMilli: number; unitMinor: number; category: VatCategory; rateBp: number };
export type VatLine = { netMinor: number; vatMinor: number; grossMinor: number; category: VatCategory; rateBp: number };
export type VatGroup = { category: VatCategory; rateBp: number; netMinor: number; vatMinor: number; grossMinor: number };
export type VatTotals = { lines: VatLine[]; breakdown: VatGroup[]; netMinor: number; vatMinor: number; totalMinor: number };

/** n / d rounded half up (all amounts here are zero or positive). */
export function divRoundHalfUp(n: bigint, d: bigint): bigint {
  return (n * 2n + d) / (d * 2n);
}

const safe = (value: bigint): number => {
  if (value > BigInt(maxMinorUnits)) throw new RangeError('The amount is too large.');
  return Number(value);
};

export function computeLine(line: VatLineInput, pricesIncludeVat: boolean): VatLine {
  const rate = BigInt(line.category === 'standard' ? line.rateBp : 0);
  const amount = divRoundHalfUp(BigInt(line.quantityMilli) * BigInt(line.unitMinor), 1000n);
  if (pricesIncludeVat) {
    const vat = divRoundHalfUp(amount * rate, 10_000n + rate);
    return { grossMinor: safe(amount), vatMinor: safe(vat), netMinor: safe(amount - vat), category: line.category, rateBp: Number(rate) };
  }
  const vat = divRoundHalfUp(amount * rate, 10_000n);
  return { netMinor: safe(amount), vatMinor: safe(vat), grossMinor: safe(amount + vat), category: line.category, rateBp: Number(rate) };
}

export function computeInvoice(lines: VatLineInput[], pricesIncludeVat: boolean): VatTotals {
  const computed = lines.map((line) => computeLine(line, pricesIncludeVat));
  const groups = new Map<string, VatGroup>();
  for (const line of computed) {
    const key = `${line.category}:${line.rateBp}`;
    const group = groups.get(key) ?? { category: line.category, rateBp: line.rateBp, netMinor: 0, vatMinor: 0, grossMinor: 0 };
    group.netMinor += line.netMinor;
    group.vatMinor += line.vatMinor;
    group.grossMinor += line.grossMinor;
    groups.set(key, group);
  }
  const sum = (pick: (l: VatLine) => number) => safe(computed.reduce((total, l) => total + BigInt(pick(l)), 0n));
  return { lines: computed, breakdown: [...groups.values()], netMinor: sum((l) => l.netMinor), vatMinor: sum((l) => l.vatMinor), totalMinor: sum((l) => l.grossMinor) };
}

/**
 * The part of an invoice a refund gives back, per VAT group: the refunded amount is shared
 * between the groups in proportion to their gross (whole minor units, the leftover units to the
 * largest remainders), and each share carries its group's VAT in the same proportion, rounded
 * half up. The refund that completes the invoice takes exactly what earlier credit notes left,
 * so all credit notes of an invoice add up to it.
 */
export function creditSplit(breakdown: VatGroup[], refundMinor: number, credited: VatGroup[] = []): VatGroup[] {
  const total = breakdown.reduce((s, g) => s + BigInt(g.grossMinor), 0n);
  const before = credited.reduce((s, g) => s + BigInt(g.grossMinor), 0n);
  const left = breakdown.map((g) => {
    const done = credited.filter((c) => c.category === g.category && c.rateBp === g.rateBp);
    const minus = (pick: (x: VatGroup) => number) => done.reduce((s, c) => s - pick(c), pick(g));
    return { ...g, netMinor: minus((x) => x.netMinor), vatMinor: minus((x) => x.vatMinor), grossMinor: minus((x) => x.grossMinor) };
  });
  if (before + BigInt(refundMinor) === total && left.every((g) => g.grossMinor >= 0 && g.vatMinor >= 0 && g.netMinor >= 0)) return left.filter((g) => g.grossMinor > 0);
  if (total === 0n) return [];
  const refund = BigInt(refundMinor);
  const shares = breakdown.map((g, index) => ({ index, whole: (refund * BigInt(g.grossMinor)) / total, rest: (refund * BigInt(g.grossMinor)) % total }));
  let leftover = refund - shares.reduce((s, x) => s + x.whole, 0n);
  for (const share of [...shares].sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1))) {
    if (leftover === 0n) break;
    share.whole += 1n;
    leftover -= 1n;
  }
  return breakdown.flatMap((g, index) => {
    const gross = shares[index]!.whole;
    if (gross === 0n) return [];
    // A share above zero is a group with a gross above zero: a group of none has no remainder, so no leftover unit either.
    const vat = divRoundHalfUp(gross * BigInt(g.vatMinor), BigInt(g.grossMinor));
    return [{ category: g.category, rateBp: g.rateBp, grossMinor: Number(gross), vatMinor: Number(vat), netMinor: Number(gross - vat) }];
  });
}

const toAscii = (text: string) => text.trim().replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) & 0xf)).replace(/\u066B/g, '.');

/** "2", "1.5", "0.125" → thousandths; undefined when not a positive quantity with at most 3 decimals. */
export function parseQuantity(text: string): number | undefined {
  const match = /^(\d{1,9})(?:\.(\d{0,3}))?$/.exec(toAscii(text));
  if (!match) return undefined;
  const milli = Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0'));
  return milli > 0 ? milli : undefined;
}

/** "15", "5", "12.5" (percent, at most 2 decimals, below 100) → basis points. */
export function parseRatePercent(text: string): number | undefined {
  const match = /^(\d{1,2})(?:\.(\d{0,2}))?$/.exec(toAscii(text).replace(/%$/, ''));
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Thousandths to text without trailing zeros: 1500 → "1.5". */
export function formatQuantity(milli: number): string {
  const whole = Math.floor(milli / 1000);
  const fraction = String(milli % 1000).padStart(3, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** Basis points to percent text: 1500 → "15", 1250 → "12.5". */
export function formatRate(bp: number): string {
  const fraction = String(bp % 100).padStart(2, '0').replace(/0+$/, '');
  return fraction ? `${Math.floor(bp / 100)}.${fraction}` : String(Math.floor(bp / 100));
}
