// main's answers a DOM test's page is still waiting for. A test whose last step sets off loads it
// does not look at (the next page, the profiles list) waits for them with `settled()`, so that they
// are drawn inside act and before the test ends, not during the next test or file.
import { act } from '@testing-library/react';

/** Calls answered by a stand-in for main (stub-main.ts, direct-api.ts) and not yet resolved. */
export function answersInFlight() {
  const unanswered = new Set<Promise<unknown>>();
  const answered = async () => {
    await Promise.allSettled([...unanswered]);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return {
    /** Keeps `answer` until it resolves or fails, and returns it. */
    track<T>(answer: Promise<T>): Promise<T> {
      unanswered.add(answer);
      void answer.finally(() => unanswered.delete(answer)).catch(() => undefined);
      return answer;
    },
    /**
     * Waits until every call made is answered and drawn, the calls those answers set off included.
     * Never while the test holds an answer back: it would wait for it.
     */
    async settled(): Promise<void> {
      do await act(answered);
      while (unanswered.size > 0);
    },
    /** The same outside act, for a page that draws itself as in a browser (page-start.ts). */
    async drained(): Promise<void> {
      while (unanswered.size > 0) await answered();
    },
  };
}
