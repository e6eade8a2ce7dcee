// The page's first calls leave from index.html's first script, before the app's bundle runs
// (renderer/src/api/first-calls.ts): the app then takes those answers instead of asking main
// again, only for the very same call, once. main is a recording stub here (Electron's transport).
import { describe, expect, it } from 'vitest';
import type { PaydeskApi } from '../../contract/methods';

const received: Array<{ name: string; input: unknown }> = [];
let answerNo = 0;
window.paydesk = new Proxy({} as Record<string, unknown>, {
  get(_target, name: string) {
    if (name === 'subscribe') return () => () => undefined;
    return async (input: unknown) => {
      received.push({ name, input });
      answerNo++;
      if (name === 'searchPayments') return { ok: true, value: { total: answerNo, rows: [] } };
      if (name === 'getAppInfo') return { ok: true, value: { answerNo } };
      return { ok: false, error: { code: 'internal', message: 'not stubbed', reason: { key: 'internal.unexpected' } } };
    };
  },
}) as unknown as PaydeskApi;

// A returning user whose last screen was the list, as index.html's first script finds the window.
localStorage.setItem('paydesk.lastScreen', 'transactions');
const { sendFirstCalls, firstCalls } = await import('../../renderer/src/api/first-calls');
sendFirstCalls(window.paydesk!);
const sentFirst = received.map((call) => call.name);
// Then the app's bundle runs.
const { api } = await import('../../renderer/src/api');
const { useTransactions } = await import('../../renderer/src/features/transactions/transactions-store');

describe("the page's first calls", () => {
  it('asks for the session and, for a returning user on the list, its first page', () => {
    expect(sentFirst).toEqual(['getAppInfo', 'getActiveProfile', 'searchPayments']);
    expect(firstCalls('home').map(([name]) => name)).toEqual(['getAppInfo', 'getActiveProfile']);
  });

  it("the list's first page is the one the list asks for: main is not asked again, and the answer is the first one", async () => {
    const before = received.length;
    await useTransactions.getState().beginVisit();
    expect(received.length).toBe(before);
    expect(useTransactions.getState().total).toBe(3); // the third answer: sent by the first script
  });

  it('an answer is taken once: the same call again goes to main', async () => {
    const first = await api.getAppInfo({});
    expect(first).toEqual({ ok: true, value: { answerNo: 1 } });
    const before = received.length;
    const again = await api.getAppInfo({});
    expect(received.length).toBe(before + 1);
    expect(again).toEqual({ ok: true, value: { answerNo: before + 1 } });
  });

  it('a failure sent first is worded like any other (the app words it as it takes it)', async () => {
    const answer = await api.getActiveProfile({});
    expect(answer.ok).toBe(false);
    expect(received.filter((call) => call.name === 'getActiveProfile')).toHaveLength(1);
  });

  it('once the app runs, the first script sends nothing (the app asks itself)', () => {
    const before = received.length;
    window.__paydeskFirstCalls!.calls.clear();
    sendFirstCalls(window.paydesk!);
    expect(received.length).toBe(before);
  });
});
