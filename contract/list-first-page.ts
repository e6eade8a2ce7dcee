// The transactions list's first page as the list asks for it when opened with no filter:
// searchPayments' input, the same fields in the same order as the renderer's store sends
// (renderer/src/features/transactions/transactions-store.ts); main prepares its answer in idle
// time after the start (main/api/prepared-first-page.ts).
export const listPageSize = 100;
export const listDefaultSort = { by: 'createdAt', direction: 'desc' } as const;

export function listFirstPageQuery(): { filter: Record<string, never>; sort: { by: 'createdAt'; direction: 'desc' }; offset: number; limit: number } {
  return { filter: {}, sort: { ...listDefaultSort }, offset: 0, limit: listPageSize };
}
