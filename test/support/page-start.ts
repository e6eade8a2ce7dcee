// DOM tests of a whole start: the page's own entry (renderer/src/main.tsx) run against main's real
// handlers in-process, every call to main recorded with its input. Each start loads the renderer's
// modules afresh and gets a window.paydesk of its own (the renderer binds it at import), so what an
// earlier start's page still does is not counted in the next. React's StrictMode is left out as in
// the built app: only a development build runs each effect twice. A test ends once main has answered
// every call its page made: an answer still on its way would be drawn during the next test, or the
// next file (one of intl-at-start's, held 250 ms, landed in transactions-search's first test).
import { onTestFinished, vi } from 'vitest';
import type { AppEvent } from '../../contract/events';
import { methodNames, type PaydeskApi } from '../../contract/methods';
import type { PaydeskApp } from '../../main/composition';
import { answersInFlight } from './answers-in-flight';

export type Call = { name: string; input: unknown };

/** What answers the page: main's real handlers (a PaydeskApp), or a test's stand-in for one. */
export type PageMain = {
  call(name: string, input: unknown): Promise<unknown>;
  subscribe(listener: (event: AppEvent) => void): () => void;
};

const ctx = { transport: 'direct' as const, osUser: 'tester' };
/** main's real handlers, called in-process. */
export const realMain = (app: PaydeskApp): PageMain => ({
  call: (name, input) => app.handlers[name as keyof PaydeskApp['handlers']](input as never, ctx),
  subscribe: (listener) => app.events.subscribe(listener),
});

/** Starts the page on `main` (`lastScreen`: the screen a returning user last used); resolves once the entry ran. */
export async function startPage(main: PaydeskApp | PageMain, options: { lastScreen?: string } = {}) {
  const answering = 'handlers' in main ? realMain(main) : main;
  const calls: Call[] = [];
  const api: Record<string, unknown> = { subscribe: (listener: (event: AppEvent) => void) => answering.subscribe(listener) };
  const inFlight = answersInFlight();
  for (const name of methodNames) {
    api[name] = (input: unknown) => {
      calls.push({ name, input });
      return inFlight.track(answering.call(name, input));
    };
  }
  // The page draws outside act (below), so what these answers set off is drawn now, unwarned.
  onTestFinished(inFlight.drained);
  window.paydesk = api as PaydeskApi;
  if (options.lastScreen) localStorage.setItem('paydesk.lastScreen', options.lastScreen);
  else localStorage.removeItem('paydesk.lastScreen');
  document.body.innerHTML = '<div id="root"></div>';
  vi.resetModules();
  vi.doMock('react', async (original) => {
    const react = await original<typeof import('react')>();
    return { ...react, StrictMode: react.Fragment };
  });
  // The page draws itself, as in the browser: its entry renders when main has answered, outside any
  // act, and its tests wait for what it draws (findBy, waitFor). React is told it is not in a test
  // that wraps its updates; dom-setup.ts tells it again at the next file's start.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  await import('../../renderer/src/main');
  return {
    calls,
    /** The calls asked more than once with the same input, as `name input`. */
    askedTwice: () => {
      const seen = calls.map((c) => `${c.name} ${JSON.stringify(c.input)}`);
      return seen.filter((key, i) => seen.indexOf(key) !== i);
    },
    count: (name: string) => calls.filter((c) => c.name === name).length,
  };
}
