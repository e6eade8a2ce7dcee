// A network that holds the calls to one gateway path until the test lets them go: how the ledger
// tests put "another laptop acts meanwhile" at an exact point of a money call, with no timers.
// `before`: the request waits before it is sent (the gateway has not seen it yet).
// `after`: the gateway answers, and its answer waits on the way back; `answer` then says what
// reaches the laptop instead of it (a broken connection, a refusal), or the answer itself.

export type HeldFetch = {
  fetch: typeof globalThis.fetch;
  /** Settles once a call to the path got to where it is held. */
  reached: Promise<void>;
  /** Lets the held calls go on. */
  letGo(): void;
};

export function heldFetch(path: string, options: { at: 'before' } | { at: 'after'; answer?: (body: string, response: Response) => Response } = { at: 'before' }): HeldFetch {
  let letGo!: () => void;
  const held = new Promise<void>((resolve) => (letGo = resolve));
  let got!: () => void;
  const reached = new Promise<void>((resolve) => (got = resolve));
  const fetch: typeof globalThis.fetch = async (url, init) => {
    if (!String(url).includes(path)) return globalThis.fetch(url, init);
    if (options.at === 'before') {
      got();
      await held;
      return globalThis.fetch(url, init);
    }
    const response = await globalThis.fetch(url, init);
    const body = await response.text();
    got();
    await held;
    return options.answer ? options.answer(body, response) : new Response(body, { status: response.status, headers: response.headers });
  };
  return { fetch, reached, letGo };
}

/** What a broken connection does to a call whose request the gateway already received. */
export const connectionBroken = (): never => {
  throw new TypeError('fetch failed');
};
