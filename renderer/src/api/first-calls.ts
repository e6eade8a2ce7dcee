// The page's first calls, sent by a small script of their own (renderer/src/first-calls-entry.ts,
// named first in index.html) as soon as it has arrived, while the browser still fetches, compiles
// and runs the app's bundle (React, the catalogs, the screens): they used to leave only once all
// of that had run (docs/performance.md, "Cold start, sixth pass"). When the app then makes the same
// call (same method, same input), `api` takes the answer already on its way instead of asking
// again, once; any other call, or a second one, goes to main as before.
import type { PaydeskApi } from '../../../contract/methods';
import type { Result } from '../../../contract/result';
import { lastScreen } from '../app/last-screen';
import { firstPageQuery } from '../features/transactions/first-page';

type Sent = { calls: Map<string, Promise<Result<unknown>>>; appStarted: boolean };
declare global {
  interface Window {
    /** Calls sent before the app's bundle ran, by `callKey` (first-calls-entry.ts). */
    __paydeskFirstCalls?: Sent;
  }
}

const callKey = (name: string, input: unknown) => `${name} ${JSON.stringify(input ?? {})}`;
const sent = (): Sent => (window.__paydeskFirstCalls ??= { calls: new Map(), appStarted: false });

/** What the app asks first: the session, then the first screen's data when it is the list (Home's depends on the clock and the profile). */
export function firstCalls(screen: string): Array<[name: keyof PaydeskApi & string, input: unknown]> {
  const calls: Array<[keyof PaydeskApi & string, unknown]> = [['getAppInfo', {}], ['getActiveProfile', {}]];
  if (screen === 'transactions') calls.push(['searchPayments', firstPageQuery()]);
  return calls;
}

/** Sends the first calls through `transport`, unless the app's bundle already runs (it asks itself then). */
export function sendFirstCalls(transport: PaydeskApi): void {
  const state = sent();
  if (state.appStarted || state.calls.size > 0) return;
  for (const [name, input] of firstCalls(lastScreen())) {
    const method = (transport as unknown as Record<string, (input: unknown) => Promise<Result<unknown>>>)[name]!;
    const answer = method(input);
    answer.catch(() => undefined); // the app's own call reports a failure
    state.calls.set(callKey(name, input), answer);
  }
}

/** The app's bundle runs: from now on it asks main itself (called once, by `api`). */
export function appStarted(): void {
  sent().appStarted = true;
}

/** The answer to this exact call if it was sent first and not taken yet; taken once. */
export function takeFirstCall(name: string, input: unknown): Promise<Result<unknown>> | undefined {
  const calls = window.__paydeskFirstCalls?.calls;
  if (!calls?.size) return undefined;
  const key = callKey(name, input);
  const answer = calls.get(key);
  calls.delete(key);
  return answer;
}
