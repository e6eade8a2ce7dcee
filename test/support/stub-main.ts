// DOM tests: a stand-in for main behind `window.paydesk` (the preload's API, contract/methods.ts
// PaydeskApi). Each stubbed method answers with the test's function; every other method answers
// "not stubbed", as main would answer a failure. Every call is recorded with its input.
//
// `tell(event)` is how main's events reach the page. Screens subscribe in an effect, and React runs
// the effects of a draw done outside act (during a testing-library wait) in a later task, after
// letting the page paint; the wait returns on a timer that a busy machine fires first, and an event
// sent then reaches no listener. So `tell` first makes React run its pending effects, then delivers
// the event inside act. test/dom/stub-main.test.tsx shows the event lost the old way.
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { act } from '@testing-library/react'; // React's act, telling React it runs in a test while it does
import { createRoot, type Root } from 'react-dom/client';
import type { AppEvent } from '../../contract/events';
import { methodNames, type MethodInput, type MethodName, type MethodOutput, type PaydeskApi } from '../../contract/methods';
import type { Result } from '../../contract/result';
import { answersInFlight } from './answers-in-flight';

export type Answer<M extends MethodName> = (input: MethodInput<M>) => Result<MethodOutput<M>> | Promise<Result<MethodOutput<M>>>;
export type Answers = { [M in MethodName]?: Answer<M> };
export type Call = { [M in MethodName]: { name: M; input: MethodInput<M> } }[MethodName];

export const notStubbed = { ok: false, error: { code: 'internal', message: 'not stubbed' } } as const;
/** A value a test answers with that is not the contract's exact shape (fields the screen never reads left out, plain strings for named kinds). */
export const unchecked = <T>(value: unknown): T => value as T;

// React runs a root's pending effects before any synchronous render, on every root: a render of a
// root of our own (never in the document) runs the page's, whatever React's scheduler is waiting for.
let probe: Root | undefined;
let probeCount = 0;
/** Runs the effects React committed but has not run yet (and what they set off), inside act. */
export function flushEffects() {
  probe ??= createRoot(document.createElement('div'));
  const root = probe;
  act(() => flushSync(() => root.render(createElement('i', { key: probeCount++ }))));
}

/**
 * Installs the stand-in as `window.paydesk` (before the renderer's modules are imported: they bind
 * it at import) and returns it. `otherwise` answers the methods not in `answers`.
 */
export function stubMain(answers: Answers = {}, options: { otherwise?: (name: MethodName, input: unknown) => unknown } = {}) {
  const listeners = new Set<(event: AppEvent) => void>();
  const calls: Call[] = [];
  const inFlight = answersInFlight();
  const call = (name: MethodName, input: unknown) => {
    calls.push({ name, input } as Call);
    return inFlight.track((async () => {
      const answer = answers[name] as ((input: unknown) => unknown) | undefined;
      if (answer) return answer(input);
      return options.otherwise ? options.otherwise(name, input) : notStubbed;
    })());
  };
  const api: Record<string, unknown> = {
    subscribe(listener: (event: AppEvent) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  for (const name of methodNames) api[name] = (input: unknown) => call(name, input);
  const main = {
    api: api as PaydeskApi,
    /** Every call the page made, oldest first (clear it with `calls.length = 0`). */
    calls,
    /** The inputs of the calls to one method. */
    asked: <M extends MethodName>(name: M) => calls.filter((c) => c.name === name).map((c) => c.input as MethodInput<M>),
    /** Who listens to main's events now. */
    listeners: listeners as ReadonlySet<(event: AppEvent) => void>,
    /** main tells the page something: pending effects first (the screen's subscription), then the event. */
    tell(event: AppEvent) {
      flushEffects();
      act(() => [...listeners].forEach((listener) => listener(event)));
    },
    /** Waits until every call the page made is answered and drawn (answers-in-flight.ts). */
    settled: inFlight.settled,
    /**
     * A screen just opened, ready as a person sees it: the effects its draw left pending run (the
     * loads it starts as it is drawn: a form's earlier customers, a list's first page), then their
     * answers are waited for and drawn. A screen's heading can be found before those effects ran
     * (its lazy code arriving during the wait): the test's next synchronous step then set them off,
     * and their answers landed after the test's last step, outside act. Not while an answer is held.
     */
    async loaded() {
      flushEffects();
      await inFlight.settled();
    },
    /** Forgets every listener (pages of modules loaded afresh keep theirs otherwise). */
    forgetListeners: () => listeners.clear(),
    /** main as a page-start stand-in (test/support/page-start.ts's PageMain). */
    call,
    subscribe: (listener: (event: AppEvent) => void) => (api.subscribe as PaydeskApi['subscribe'])(listener),
  };
  window.paydesk = main.api;
  return main;
}
