// The list opened with no filter asks main for exactly the page main prepares at start
// (contract/list-first-page.ts, main/api/prepared-first-page.ts), so that answer is the one used.
import { describe, expect, it } from 'vitest';
import type { PaydeskApi } from '../../contract/methods';
import { listFirstPageQuery } from '../../contract/list-first-page';

const asked: unknown[] = [];
window.paydesk = new Proxy({} as Record<string, unknown>, {
  get(_target, name: string) {
    if (name === 'subscribe') return () => () => undefined;
    return async (input: unknown) => {
      if (name === 'searchPayments') asked.push(input);
      return { ok: true, value: { total: 0, rows: [] } };
    };
  },
}) as unknown as PaydeskApi;
const { useTransactions } = await import('../../renderer/src/features/transactions/transactions-store');

describe("the list's first page", () => {
  it('is asked for with the input main prepares', async () => {
    await useTransactions.getState().beginVisit();
    expect(asked).toEqual([listFirstPageQuery()]);
    expect(JSON.stringify(asked[0])).toBe(JSON.stringify(listFirstPageQuery()));
  });
});
