// DOM tests: screens are lazy chunks that vitest compiles on first import, which takes well over
// testing-library's 1 s default on a loaded 2-core machine. Waiting longer changes no assertion.
import { configure } from '@testing-library/dom';
import { cleanup } from '@testing-library/react';
import { format } from 'node:util';
import { afterAll, afterEach, vi } from 'vitest';
import { apiBindingGuard } from './api-binding-guard';
import { currentTestFile, frameAbove, projectRoot } from './test-frames';

configure({ asyncUtilTimeout: 10_000 });
// jsdom lays nothing out and scrolls nothing; its scrollTo only reports "Not implemented" (every
// screen after the first is scrolled to its top: navigation.tsx).
window.scrollTo = () => {};

// ---- A file's timers end with the file (order independence, docs/testing.md) ----
// A timer set by the file's own code (the app's, the test's) and still pending as the file ends
// fired in the next file, after that file's vi.resetModules: what it imported landed in the next
// file's fresh modules before that file's stubMain ran, e.g. afterFirstScreenData's 2 s limit
// calling preloadScreens bound the next file's `api` to the preview's bridge. Registered before the
// hooks below, so it runs after them (hooks after run in reverse): unmounting can set timers too.
// Timers set from node_modules (React's scheduler, jsdom's animation frames, vitest, testing-library)
// are left running: they belong to the worker, not to the file.
const fileTimers = timersOfTheFile();
afterAll(async () => {
  fileTimers.stop();
  await vi.dynamicImportSettled(); // an import one of them started before it was stopped
});

// React is told it runs in tests that wrap its updates in act (testing-library's events and waits
// do): then it says which updates came outside act, each a draw the test did not wait for. Without
// this React said only "The current testing environment is not configured to support act(...)",
// 4,466 times a run, and nothing useful (testing-library sets it only where vitest's globals are on,
// and they are not). A page started whole (page-start.ts) draws as in a browser and sets it false.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// A DOM test that logs to console.error is reported, with what was logged (fails with
// PAYDESK_DOM_STRICT=1: whole runs at load 15-22 still showed act warnings that come and go, in
// files not yet fixed, docs/testing.md "Quiet DOM tests landed"). The renderer logs nothing
// there, so it is React (an update outside act, a missing key, a state update during a render, an
// error a component threw) or jsdom (something it cannot do) saying the test or a screen is wrong.
// An update outside act is often one after the test's last step (a load it did not wait for), which
// can land in the next test or the next file, now that files share a worker (docs/testing.md,
// "Quiet DOM tests"). Texts allowed here, each with why, must be exact; none is needed today.
const allowedErrors: ReadonlySet<string> = new Set([]);
const errorsLogged = consoleErrors();
afterEach(() => {
  // Registered first, so it runs after the file's own afterEach hooks (their cleanup included).
  const logged = errorsLogged.splice(0);
  if (logged.length > 0) consoleErrorsFound(`console.error was called during this test (dom-setup.ts):\n\n${logged.join('\n\n')}`);
});

// The dom project's files share a worker and its jsdom (vitest.config.ts, `isolate: false`): the
// window, React and the rest of node_modules load once per worker, not once per file. Each file
// still starts as it would in a process of its own: on fresh app modules (the renderer's stores
// and main's services are module state), and what it leaves behind is taken away once it ends:
// its page, storage and stand-ins, and the window's and document's listeners of whatever is still
// mounted, which would hear the next file's keys. Its own timers are cleared by the block above.
vi.resetModules();
// The renderer's api module bound before this file's stand-in for main, or another file's: fails
// where it happens (api-binding-guard.ts), not as "The Paydesk preview cannot be reached" later.
const apiGuard = apiBindingGuard();
apiGuard.beginFile();
afterEach(() => {
  const failures = apiGuard.takeFailures();
  if (failures.length > 0) throw new Error(failures.join('\n\n'));
});
const left = leftovers();
afterAll(async () => {
  // A screen's code still on its way (a lazy chunk) would land in the next file's fresh modules.
  await vi.dynamicImportSettled();
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  // page-start.ts runs the page without StrictMode, as the built app does; team-my-password and
  // team-people-saved-login stand in for the team server's client.
  vi.doUnmock('react');
  vi.doUnmock('../../main/ledger/postgres/team-ledger-module');
  for (const [target, type, listener, options] of left.listeners.splice(0)) target.removeEventListener(type, listener, options);
  for (const [owner, kept] of left.patchable) restoreOwnProperties(owner, kept);
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  document.title = '';
  for (const { name } of [...document.documentElement.attributes]) document.documentElement.removeAttribute(name);
  localStorage.clear();
  sessionStorage.clear();
  delete (window as { paydesk?: unknown }).paydesk;
  delete (navigator as { clipboard?: unknown }).clipboard; // a file's own, defined on navigator itself
  const failures = apiGuard.takeFailures();
  if (failures.length > 0) throw new Error(failures.join('\n\n'));
  const logged = errorsLogged.splice(0);
  if (logged.length > 0) consoleErrorsFound(`console.error was called after this file's last test (dom-setup.ts):\n\n${logged.join('\n\n')}`);
});

type Listener = [EventTarget, string, EventListenerOrEventListenerObject, boolean | AddEventListenerOptions | undefined];
type Leftovers = { listeners: Listener[]; patchable: Array<[object, Map<PropertyKey, PropertyDescriptor>]> };
// What files patch for a test and do not always put back (an anchor's click(), scrollIntoView, URL.createObjectURL).
// The document too: user-event marks it prepared (a symbol of its own) when it adds its focus and
// blur listeners, which end with the file above; left marked, the next file's userEvent.setup()
// added none, and keys typed there never reached React's onChange (the field kept them as typed:
// terminal-cvv-length.test.tsx after overview-chosen-next-tab.test.tsx in one worker).
function patchable(): object[] {
  return [Element.prototype, HTMLElement.prototype, HTMLAnchorElement.prototype, HTMLInputElement.prototype, Node.prototype, Storage.prototype, URL, document];
}

/** Records the listeners added to the window and the document, set up once per worker. */
function leftovers(): Leftovers {
  const holder = globalThis as { domSetupLeftovers?: Leftovers };
  if (holder.domSetupLeftovers) return holder.domSetupLeftovers;
  const found: Leftovers = { listeners: [], patchable: patchable().map((owner) => [owner, ownProperties(owner)]) };
  for (const target of [window, document] as EventTarget[]) {
    const add = target.addEventListener;
    target.addEventListener = function (this: EventTarget, type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions) {
      if (listener) found.listeners.push([this, type, listener, options]);
      return add.call(this, type, listener, options);
    };
  }
  holder.domSetupLeftovers = found;
  return found;
}

function ownProperties(owner: object): Map<PropertyKey, PropertyDescriptor> {
  return new Map(Reflect.ownKeys(owner).map((key) => [key, Object.getOwnPropertyDescriptor(owner, key)!]));
}

/** Puts back the properties `owner` had when the worker started: changed ones as they were, added ones removed. */
function restoreOwnProperties(owner: object, kept: Map<PropertyKey, PropertyDescriptor>) {
  for (const key of Reflect.ownKeys(owner)) {
    const was = kept.get(key);
    const now = Object.getOwnPropertyDescriptor(owner, key)!;
    if (!was) Reflect.deleteProperty(owner, key);
    else if (now.value !== was.value || now.get !== was.get || now.set !== was.set) Object.defineProperty(owner, key, was);
  }
}

type FileTimers = { stop(): void };
/** Wraps the worker's setTimeout, setInterval and requestAnimationFrame once, to know the file's own pending ones. */
function timersOfTheFile(): FileTimers {
  const holder = globalThis as { domSetupTimers?: FileTimers };
  if (holder.domSetupTimers) return holder.domSetupTimers;
  const pending: Array<() => void> = [];
  const timers = globalThis as unknown as Record<string, (...args: unknown[]) => unknown>;
  const track = (set: string, clear: string) => {
    const original = timers[set];
    if (typeof original !== 'function') return;
    const tracked = function (this: unknown, ...args: unknown[]) {
      const handle = original.apply(this, args);
      if (setByTheFile()) pending.push(() => timers[clear]!(handle));
      return handle;
    };
    Object.defineProperties(tracked, Object.getOwnPropertyDescriptors(original)); // util.promisify's own
    timers[set] = tracked;
  };
  track('setTimeout', 'clearTimeout');
  track('setInterval', 'clearInterval');
  track('requestAnimationFrame', 'cancelAnimationFrame');
  holder.domSetupTimers = { stop: () => pending.splice(0).forEach((clear) => clear()) };
  return holder.domSetupTimers;
}

/** Whether the code that called the timer function (two frames up) is the project's, not a package's. */
function setByTheFile(): boolean {
  const caller = frameAbove(2);
  return caller.includes(projectRoot) && !caller.includes('/node_modules/');
}

/** Fails the test (or file) with `report` under PAYDESK_DOM_STRICT=1; otherwise says it once more, with the file, on stderr. */
function consoleErrorsFound(report: string): void {
  if (process.env.PAYDESK_DOM_STRICT === '1') throw new Error(report);
  const file = currentTestFile() ?? '';
  process.stderr.write(`[dom-setup] ${file}: ${report.split('\n')[0]} ${report.split('\n').find((line) => line.startsWith('An update to')) ?? ''}\n`);
}

/** What is logged to console.error, still printed; console.error is wrapped once per worker. */
function consoleErrors(): string[] {
  const holder = globalThis as { domSetupErrors?: string[] };
  if (holder.domSetupErrors) return holder.domSetupErrors;
  const logged: string[] = [];
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    original(...args);
    const text = format(...args);
    if (!allowedErrors.has(text)) logged.push(text);
  };
  holder.domSetupErrors = logged;
  return logged;
}
