// The list's page size and the order it opens in, apart from its store (no imports), so the page's
// first script (api/first-calls.ts) asks for exactly the first page the list asks for.
export const pageSize = 100;
export const defaultSort = { by: 'createdAt', direction: 'desc' } as const;

/** searchPayments' input for page `page` (the store's fields in the store's order: the first script's must be the very same). */
export function pageQuery<F, S>(filter: F, sort: S, page: number) {
  return { filter, sort, offset: page * pageSize, limit: pageSize };
}

/** The list's first page as it opens, with no filter. */
export const firstPageQuery = () => pageQuery({}, defaultSort, 0);
