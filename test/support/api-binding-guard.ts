// The renderer's api module (renderer/src/api/index.ts) binds `window.paydesk` once, when it is
// imported, and falls back to the preview's bridge when there is none. In the dom project files
// share a worker (vitest.config.ts, `isolate: false`), so code a file left running that imports the
// renderer's modules after the next file's vi.resetModules binds that file's fresh api module to
// nothing before its stubMain runs: the file then fails far from the cause, with "The Paydesk
// preview cannot be reached". This guard makes that fail where it happens: the api module gets the
// file's stand-in through a check that throws, naming the file, where the module was bound and the
// call, when it was bound with no stand-in for main installed, or in another file than the one
// using it. Each such failure is also kept for dom-setup.ts, which fails the test or the file with
// it: code that swallows the error (a screen's catch) cannot hide it.
import { methodNames, type PaydeskApi } from '../../contract/methods';
import { currentTestFile, frameAbove, projectRoot as project } from './test-frames';

type Guard = { beginFile(): void; takeFailures(): string[] };
type Binding = { file: string; standIn: PaydeskApi | undefined; stack: string };

/** Installs the guard on `window.paydesk`, once per worker; `beginFile` at each file's start. */
export function apiBindingGuard(): Guard {
  const holder = globalThis as { domApiBindingGuard?: Guard };
  if (holder.domApiBindingGuard) return holder.domApiBindingGuard;
  const failures: string[] = [];
  const define = () => {
    let installed = (window as { paydesk?: PaydeskApi }).paydesk;
    Object.defineProperty(window, 'paydesk', {
      configurable: true,
      enumerable: true,
      get: () => (readByTheApiModule() ? checked({ file: currentFile(), standIn: installed, stack: projectStack() }, failures) : installed),
      set: (value: PaydeskApi | undefined) => void (installed = value),
    });
  };
  holder.domApiBindingGuard = {
    // dom-setup.ts deletes window.paydesk once a file ends: defined again for the next.
    beginFile: define,
    takeFailures: () => failures.splice(0),
  };
  return holder.domApiBindingGuard;
}

/** The stand-in the api module binds, each call checked against where and when it was bound. */
function checked(binding: Binding, failures: string[]): PaydeskApi {
  const check = (call: string) => {
    const file = currentFile();
    let why: string | undefined;
    if (!binding.standIn) why = `bound when ${short(binding.file)} had no stand-in for main installed (before its stubMain/installDirectApi/startPage), so it would reach for the preview's bridge`;
    else if (file !== binding.file) why = `bound to ${short(binding.file)}'s stand-in for main, and used in ${short(file)}`;
    if (!why) return binding.standIn!;
    const message = [
      `The renderer's api module (renderer/src/api/index.ts) was ${why}.`,
      `Call: ${call}, in ${short(file)}, at:\n${projectStack()}`,
      `The module was bound at:\n${binding.stack}`,
    ].join('\n');
    failures.push(message);
    throw new Error(message);
  };
  const api: Record<string, unknown> = {
    subscribe: (listener: Parameters<PaydeskApi['subscribe']>[0]) => check('subscribe').subscribe(listener),
  };
  for (const name of methodNames) api[name] = (input: unknown) => (check(name) as unknown as Record<string, (input: unknown) => unknown>)[name]!(input);
  return api as PaydeskApi;
}

function currentFile(): string {
  return currentTestFile() ?? '(no file)';
}

const short = (path: string) => path.replace(project, '');

/** Whether the getter's caller is the api module's binding line. */
function readByTheApiModule(): boolean {
  return frameAbove(2).includes('renderer/src/api/index.ts');
}

/** The stack's frames in the project's own files (async ones included), the guard's own left out. */
function projectStack(): string {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 60;
  const frames = (new Error().stack ?? '').split('\n').slice(1);
  Error.stackTraceLimit = limit;
  const own = frames.filter((line) => line.includes(project) && !line.includes('/node_modules/') && !line.includes('api-binding-guard.ts'));
  return (own.length > 0 ? own : frames).map((line) => `  ${short(line.trim())}`).join('\n');
}
