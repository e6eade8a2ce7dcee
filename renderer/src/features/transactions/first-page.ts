// The list's first page as the list asks for it when opened (transactions-store.ts): the
// contract's constants, so main can prepare exactly that answer (main/api/prepared-first-page.ts).
import { listDefaultSort, listPageSize } from '../../../../contract/list-first-page';

export const pageSize = listPageSize;
export const defaultSort = listDefaultSort;
