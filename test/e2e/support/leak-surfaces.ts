// What a leak test searches: everything the renderer could reach (the DOM and input values,
// global objects and React's props on DOM nodes, React's tree and its other copy, storage,
// IndexedDB, Cache Storage, cookies), also at a given moment (surfacesAt), the bridge's event
// stream read from outside the page, each bridge call's answer, and the files of the data folder,
// and a PostgreSQL server's log and activity. Used by the key, card and team password leak tests.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { PostgresServer } from '../../support/postgres-server';

export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Reads the bridge's event stream from outside the page, as any other subscriber would. */
export function recordEvents(origin: string, token: string): { text: () => string; stop(): void } {
  let text = '';
  const url = new URL('/api/events', origin);
  const req = request(url, { method: 'POST', headers: { host: url.host, origin, authorization: `Bearer ${token}`, 'content-type': 'application/json' } }, (res) => {
    res.on('data', (d: Buffer) => (text += d.toString()));
  });
  req.on('error', () => undefined);
  req.end('{}');
  return { text: () => text, stop: () => req.destroy() };
}

/** Where a moment is: an element matching `selector`, with text matching the pattern `text`, or a value equal to `value`, when given. */
export type Moment = { selector: string; text?: string; value?: string };
type PageSide = { moment?: Moment; key: string };
const momentKey = 'paydesk.leakMoment';

/** Everything a script in the page can read, as text. */
export function pageSurfaces(page: Page): Promise<Record<string, string>> {
  return page.evaluate(readPage, { key: momentKey });
}

/**
 * What the page holds at a moment (a form just emptied, a call on its way): armed before the
 * action, read after it. The page is read in the turn of its event loop that drew the moment
 * (a MutationObserver's callback), before any later draw could tidy up after it.
 */
export async function surfacesAt(page: Page, moment: Moment): Promise<{ read(): Promise<Record<string, string>> }> {
  await page.evaluate(readPage, { moment, key: momentKey });
  return {
    read: () => page.evaluate(async (key) => {
      // Held under a symbol, which the walk of window does not see, and dropped once read.
      const held = window as unknown as Record<symbol, Promise<Record<string, string>> | undefined>;
      const surfaces = await held[Symbol.for(key)];
      delete held[Symbol.for(key)];
      return surfaces!;
    }, momentKey),
  };
}

/** Runs in the page: its surfaces now, or (with a moment) armed to read them when the moment comes. */
async function readPage({ moment, key }: PageSide): Promise<Record<string, string>> {
  // What can be read at once, in the same turn as the draw being checked.
  const readNow = () => {
    const seen = new WeakSet<object>();
    const strings: string[] = [];
    let budget = 200_000;
    const walk = (value: unknown, depth: number) => {
      if (budget-- <= 0) return;
      if (typeof value === 'string') return void strings.push(value);
      if ((typeof value !== 'object' && typeof value !== 'function') || value === null || depth > 6 || seen.has(value)) return;
      seen.add(value);
      if (value instanceof Node && depth > 0) return; // the DOM is read as HTML below
      let names: string[] = [];
      try {
        names = Object.getOwnPropertyNames(value);
      } catch {
        return;
      }
      for (const name of names) {
        let child: unknown;
        try {
          child = (value as Record<string, unknown>)[name];
        } catch {
          continue;
        }
        walk(child, depth + 1);
      }
    };
    walk(window, 0);
    // React keeps props and state on expando properties of DOM nodes.
    for (const el of document.querySelectorAll('*')) for (const name of Object.keys(el)) walk((el as unknown as Record<string, unknown>)[name], 1);
    // React's tree as a script can reach it from the DOM, whole: each component and field above a
    // DOM node (or just removed from it), on the copy drawn last and on the other one React keeps
    // (`alternate`), with their props, every hook's state and the updates waiting. The walk above
    // stops at a depth and may meet these first from far away; this one does not.
    type Fiber = { alternate: Fiber | null; return: Fiber | null; child: Fiber | null; sibling: Fiber | null; deletions: Fiber[] | null; memoizedProps: unknown; pendingProps: unknown; memoizedState: unknown; updateQueue: unknown };
    const fibers = new Set<Fiber>();
    const withOther = (f: Fiber) => {
      fibers.add(f);
      if (f.alternate) fibers.add(f.alternate);
    };
    const below = (f: Fiber | null) => {
      for (let c = f; c && !fibers.has(c); c = c.sibling) {
        withOther(c);
        below(c.child);
      }
    };
    for (const el of document.querySelectorAll('*')) {
      for (const name of Object.keys(el)) {
        if (!name.startsWith('__reactFiber$')) continue;
        for (let f = (el as unknown as Record<string, Fiber | null>)[name]; f && !fibers.has(f); f = f.return) withOther(f);
      }
    }
    for (const f of [...fibers]) for (const gone of f.deletions ?? []) {
      withOther(gone);
      below(gone.child);
    }
    const reactStrings: string[] = [];
    const taken = new WeakSet<object>();
    const take = (value: unknown, depth: number) => {
      if (typeof value === 'string') return void reactStrings.push(value);
      if (typeof value !== 'object' || value === null || depth > 5 || taken.has(value) || value instanceof Node || fibers.has(value as Fiber)) return;
      taken.add(value);
      for (const child of Object.values(value)) take(child, depth + 1);
    };
    for (const f of fibers) {
      take(f.memoizedProps, 0);
      take(f.pendingProps, 0);
      take(f.updateQueue, 0);
      // A function component's hooks are a chain (`next`), as long as it has hooks.
      for (let hook = f.memoizedState as Record<string, unknown> | null, n = 0; hook && typeof hook === 'object' && n < 500; hook = hook.next as Record<string, unknown> | null, n++) {
        for (const part of ['memoizedState', 'baseState', 'queue', 'baseQueue']) take(hook[part], 1);
        if (!('next' in hook)) take(hook, 0);
      }
    }
    const values = [...document.querySelectorAll('input, textarea, select')].map((el) => (el as HTMLInputElement).value);
    return {
      dom: document.documentElement.outerHTML,
      inputValues: values.join('\n'),
      globals: strings.join('\n'),
      react: reactStrings.join('\n'),
      location: `${location.href}\n${JSON.stringify(history.state)}\n${window.name}`,
      cookies: document.cookie,
    };
  };
  // Storage, IndexedDB and Cache Storage: read after, they are not drawn.
  const readStored = async (now: Record<string, string>) => {
    const storage = (s: Storage) => Object.keys(s).map((k) => `${k}=${s.getItem(k)}`).join('\n');
    const idb: string[] = [];
    for (const info of await indexedDB.databases()) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of db.objectStoreNames) {
        const all = await new Promise<unknown[]>((resolve) => {
          const req = db.transaction(store).objectStore(store).getAll();
          req.onsuccess = () => resolve(req.result);
        });
        idb.push(JSON.stringify(all));
      }
      db.close();
    }
    const cached: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const req of await cache.keys()) cached.push(req.url, (await (await cache.match(req))?.text()) ?? '');
    }
    return {
      ...now,
      localStorage: storage(localStorage),
      sessionStorage: storage(sessionStorage),
      indexedDB: idb.join('\n'),
      cacheStorage: cached.join('\n'),
    };
  };
  if (!moment) return readStored(readNow());
  const reached = () => {
    const el = document.querySelector(moment.selector);
    if (!el) return false;
    if (moment.value !== undefined && (el as HTMLInputElement).value !== moment.value) return false;
    return moment.text === undefined || new RegExp(moment.text).test(el.textContent ?? '');
  };
  const held = window as unknown as Record<symbol, Promise<Record<string, string>>>;
  held[Symbol.for(key)] = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!reached()) return;
      observer.disconnect();
      void readStored(readNow()).then(resolve);
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  return {};
}

/** Each call's answer in the responses: a body alone, or one line each for calls sent together (`{"i":…,"result":…}`). */
export function eachAnswer(bodies: string[]): string[] {
  return bodies.flatMap((body) => body.startsWith('{"i":')
    ? body.split('\n').filter((line) => line.trim()).map((line) => JSON.stringify((JSON.parse(line) as { result: unknown }).result))
    : [body]);
}

/** Every answer the page's bridge calls receive (/api/call/<name> alone, /api/calls for a turn's together). */
export function recordAnswers(page: Page, into: Array<Promise<string>>): void {
  page.on('response', (res) => {
    if (/^\/api\/calls?(\/|$)/.test(new URL(res.url()).pathname)) into.push(res.text().catch(() => ''));
  });
}

/** A file's bytes read the ways a secret could have been written: UTF-8, Latin-1 (any bytes), UTF-16. */
export function fileTexts(path: string): string[] {
  const bytes = readFileSync(path);
  return [bytes.toString('utf8'), bytes.toString('latin1'), bytes.toString('utf16le')];
}

/** What a PostgreSQL server kept of its clients: its log, and every session's current or last statement. */
export async function postgresSurfaces(server: PostgresServer): Promise<Record<string, string>> {
  const activity = await server.sql('postgres', 'SELECT * FROM pg_stat_activity');
  return { 'PostgreSQL log': readFileSync(server.logFile, 'utf8'), pg_stat_activity: JSON.stringify(activity.rows) };
}
