// The list's first page as the list asks for it when opened (transactions-store.ts), apart from
// the store (no imports beyond the contract's constants), so the page's first calls
// (api/first-calls.ts) can ask for exactly it and main can prepare it.
import { listDefaultSort, listFirstPageQuery, listPageSize } from '../../../../contract/list-first-page';

export const pageSize = listPageSize;
export const defaultSort = listDefaultSort;
/** searchPayments' input for the first page with no filter: the same fields, in the same order, as the store's. */
export const firstPageQuery = listFirstPageQuery;
