// The list's first page as the list asks for it when opened (transactions-store.ts), apart from
// the store (no imports), so the page's first calls (api/first-calls.ts) can ask for exactly it.
export const pageSize = 100;
export const defaultSort = { by: 'createdAt', direction: 'desc' } as const;

/** searchPayments' input for the first page with no filter: the same fields, in the same order, as the store's. */
export function firstPageQuery(): { filter: Record<string, never>; sort: typeof defaultSort; offset: number; limit: number } {
  return { filter: {}, sort: { ...defaultSort }, offset: 0, limit: pageSize };
}
