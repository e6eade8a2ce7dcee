// Small helpers shared by the benchmarks: arguments, medians and p95, an aligned table.
export function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  const i = args.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const next = args[i + 1];
  return next === undefined || next.startsWith('--') ? '' : next;
}

/** p50 and p95 (nearest rank, rounded up: never flatters) as text with two decimals. */
export function stats(samples: number[]): { p50: string; p95: string } {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  return { p50: rank(50).toFixed(2), p95: rank(95).toFixed(2) };
}

/** p50 and p95 (nearest rank, rounded up) as the measured numbers, unrounded: for ratios. */
export function ranks(samples: number[]): { p50: number; p95: number } {
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

/** A time in ms as text: 3 decimals under 1 ms (so a 0.04 ms window's ratio can be checked), else 2. */
export const msText = (ms: number) => ms.toFixed(ms < 1 ? 3 : 2);

export function table(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

/** 100000 → "100k", 1000000 → "1m": the size in a RESULT name. */
export const sizeLabel = (n: number) => (n >= 1_000_000 ? `${Number((n / 1_000_000).toFixed(1))}m` : `${Number((n / 1_000).toFixed(1))}k`);

/** Nearest-rank percentile, rounded up (never flatters). */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * The one line bench/run-all.ts collects for its summary table: `RESULT <name> <value> <unit>`,
 * name without spaces, value a plain number (bench/README.md lists the names).
 */
export function result(name: string, value: number, unit: string, decimals = 2): void {
  console.log(`RESULT ${name} ${Number(value.toFixed(decimals))} ${unit}`);
}
