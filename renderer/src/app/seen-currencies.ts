// The currencies of the payments the lists have shown in this window so far (Transactions' rows,
// the links list's): where a search typed as an amount looks, since main's amount filter needs a
// currency and "12.500" is a KWD or BHD amount, never a SAR one. Kept in memory only.
const seen = new Set<string>();

export function noteCurrencies(rows: Iterable<{ currency: string }>): void {
  for (const row of rows) seen.add(row.currency);
}

/** In the order first seen. */
export const seenCurrencies = (): string[] => [...seen];
